package dev.fluxlab.history;

import dev.fluxlab.model.run.Environment;
import dev.fluxlab.model.run.MachineSpeed;
import dev.fluxlab.model.run.NoiseFloor;
import dev.fluxlab.model.run.RunResult;
import dev.fluxlab.model.run.Stat;
import dev.fluxlab.report.CellView;
import dev.fluxlab.report.Figure;
import dev.fluxlab.report.Fingerprint;
import dev.fluxlab.report.ReportInputException;
import dev.fluxlab.report.ReportModel;
import dev.fluxlab.report.ResultsFiles;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Types;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * The run history's index: one SQLite file ({@value #FILE_NAME} in the results base, the folder that holds the run
 * folders) with every run's fingerprint and noise floor and, per cell, the median and spread of each indexed figure:
 * throughput and every latency percentile the cell has, named as the report's {@link Figure} names them.
 *
 * <p>It is an index, never the record: {@code results.json} stays the source of truth, {@link #record(Path)} adds (or
 * replaces) one run, and {@link #rebuild(Path)} recreates the whole file from the results folders. A file that is not
 * an index of this version (corrupt, foreign, another schema) is refused with that advice.
 */
public final class HistoryIndex implements AutoCloseable {

    /** The index's file name inside the results base. */
    public static final String FILE_NAME = ".history.sqlite";

    /** Written into the {@code meta} table; a file without it is not ours. */
    public static final String SCHEMA = "fluxlab.history/2";

    /**
     * The schema before the runs' placement and injector AOT cache were indexed: such a file is brought up to
     * {@link #SCHEMA} in place (two columns added, empty for its runs, which {@link Fingerprint} reads as "not
     * recorded"), so no run it holds is lost, also one whose folder is gone.
     */
    static final String SCHEMA_1 = "fluxlab.history/1";

    /** The columns {@link #SCHEMA} adds to {@link #SCHEMA_1}'s {@code runs}, at its end. */
    private static final String[] SCHEMA_2_COLUMNS = {"placement TEXT", "injector_aot TEXT"};

    private static final String[] DDL = {
            "CREATE TABLE IF NOT EXISTS meta(key TEXT PRIMARY KEY, value TEXT NOT NULL)",
            "CREATE TABLE IF NOT EXISTS runs(run_id TEXT PRIMARY KEY, dir TEXT, suite TEXT, started_at TEXT,"
                    + " finished_at TEXT, status TEXT,"
                    + " cpu_model TEXT, cpus INTEGER, kernel TEXT, jdk TEXT, jdk_vendor TEXT, governor TEXT, fluxlab_commit TEXT,"
                    + " tree_dirty INTEGER, speed_ops REAL, speed_spread REAL,"
                    + " noise_median_pct REAL, noise_worst_pct REAL, noise_pairs INTEGER, noise_basis TEXT, "
                    + String.join(", ", SCHEMA_2_COLUMNS) + ")",
            "CREATE TABLE IF NOT EXISTS figures(run_id TEXT NOT NULL, cell_id TEXT NOT NULL, cell_label TEXT,"
                    + " valid INTEGER NOT NULL,"
                    + " figure TEXT NOT NULL, median REAL, min REAL, max REAL, mean REAL, stdev REAL, n INTEGER,"
                    + " PRIMARY KEY(run_id, cell_id, figure))",
            "CREATE INDEX IF NOT EXISTS figures_by_figure ON figures(figure, cell_id)"};

    private final Path file;
    private final Connection db;

    private HistoryIndex(Path file, Connection db) {
        this.file = file;
        this.db = db;
    }

    /** The index file of a results base. */
    public static Path file(Path resultsBase) {
        return resultsBase.resolve(FILE_NAME);
    }

    /** Opens an existing index for reading; refuses a missing, corrupt or foreign file with the fix. */
    public static HistoryIndex open(Path file) throws HistoryException {
        refuseNoFile(file);
        if (!Files.isRegularFile(file)) {
            throw new HistoryException("no history index at " + file + "; 'fluxlab run' indexes every run it finishes, and "
                    + "'fluxlab history --rebuild " + parentOf(file) + "' indexes the results folders already there");
        }
        return connect(file, false);
    }

    /** Opens the index, creating an empty one when the file does not exist yet. */
    static HistoryIndex openOrCreate(Path file) throws HistoryException {
        refuseNoFile(file);
        return connect(file, !Files.exists(file));
    }

    /**
     * Refuses a folder (or a device, a pipe) where the index file goes: reading said there was no index and advised a
     * rebuild, and the rebuild read every run, then failed to move its file over the folder with 'check that the
     * results base is writable', which it was.
     */
    private static void refuseNoFile(Path file) throws HistoryException {
        if (Files.exists(file) && !Files.isRegularFile(file)) {
            throw new HistoryException(file + " is " + (Files.isDirectory(file) ? "a folder" : "not a regular file")
                    + ", where the history index goes; move it away, then 'fluxlab history --rebuild "
                    + parentOf(file) + "' recreates the index from the results folders");
        }
    }

    /**
     * Adds the run in {@code runDir} (replacing an earlier entry of the same run, e.g. after {@code --resume}) to the
     * index of its results base, {@code runDir}'s parent folder. This is what {@code fluxlab run} calls when a run ends.
     */
    public static void record(Path runDir) throws HistoryException {
        Path dir = runDir.toAbsolutePath().normalize();
        RunResult run = load(dir);
        try (HistoryIndex index = openOrCreate(file(parentOf(dir)))) {
            index.add(run, dir);
        }
    }

    /**
     * What a rebuild did.
     *
     * @param file    the index written
     * @param runs    how many runs it holds
     * @param skipped folders with a results.json that could not be read, each with the reason
     */
    public record Rebuilt(Path file, int runs, List<String> skipped) {
    }

    /**
     * Recreates the index of {@code resultsBase} from every {@code <run>/results.json} in it: written beside the old
     * file and moved over it only when complete, so a failed rebuild leaves the old index as it was.
     */
    public static Rebuilt rebuild(Path resultsBase) throws HistoryException {
        Path base = resultsBase.toAbsolutePath().normalize();
        if (!Files.isDirectory(base)) {
            throw new HistoryException(resultsBase + " is not a folder; give the folder that holds the run folders (results/)");
        }
        List<Path> dirs;
        try (Stream<Path> s = Files.list(base)) {
            dirs = s.filter(d -> Files.isRegularFile(d.resolve(ResultsFiles.RESULTS_JSON))).sorted().toList();
        } catch (IOException e) {
            throw new HistoryException("cannot list " + base + ": " + e.getMessage(), e);
        }
        Path target = file(base);
        refuseNoFile(target);
        List<String> skipped = new ArrayList<>();
        int runs = 0;
        Path tmp = null;
        try {
            // a name of its own: two rebuilds at once each write their own file and each move a complete index over
            // the old one (with one shared name, the second deleted the first's file under it: an empty index).
            // SQLite creates it, with the permissions of any new file here (createTempFile's owner-only file had
            // made the index unreadable to the other users of a shared results folder)
            removeAbandonedRebuilds(base);
            tmp = base.resolve(REBUILD_PREFIX + ProcessHandle.current().pid() + "-" + System.nanoTime());
            try (HistoryIndex index = connect(tmp, true)) {
                java.util.Map<String, Path> seen = new java.util.HashMap<>();
                for (Path d : dirs) {
                    try {
                        RunResult run = load(d);
                        Path first = run.runId() == null ? null : seen.putIfAbsent(run.runId(), d);
                        if (first != null) {
                            // a copied folder: one run, indexed once (it counted twice and kept one row)
                            skipped.add(d + ": the same run as " + first + " (run id " + run.runId() + "), indexed once");
                            continue;
                        }
                        index.add(run, d);
                        runs++;
                    } catch (HistoryException e) {
                        skipped.add(e.getMessage());
                    }
                }
            }
            Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new HistoryException("cannot write " + target + ": " + e.getMessage() + "; check that " + base + " is writable", e);
        } finally {
            try {
                if (tmp != null) {
                    Files.deleteIfExists(tmp);
                }
            } catch (IOException ignored) {
                // the move failed first; its message is the one that matters
            }
        }
        return new Rebuilt(target, runs, skipped);
    }

    /** The start of a rebuild's file name; the rest is the rebuilding process's pid and a number. */
    static final String REBUILD_PREFIX = FILE_NAME + ".rebuild-";

    /** Files of rebuilds whose process is gone (killed mid-way): nothing else removes them. */
    private static void removeAbandonedRebuilds(Path base) {
        try (Stream<Path> s = Files.list(base)) {
            for (Path p : s.filter(f -> f.getFileName().toString().startsWith(REBUILD_PREFIX)).toList()) {
                String rest = p.getFileName().toString().substring(REBUILD_PREFIX.length());
                int dash = rest.indexOf('-');
                long pid;
                try {
                    pid = Long.parseLong(dash < 0 ? rest : rest.substring(0, dash));
                } catch (NumberFormatException e) {
                    continue; // not one of ours
                }
                if (ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false)) {
                    continue; // a rebuild still at work
                }
                Files.deleteIfExists(p);
                Files.deleteIfExists(p.resolveSibling(p.getFileName() + "-journal"));
            }
        } catch (IOException e) {
            // what cannot be listed or removed stays; the rebuild itself says if the folder cannot be written
        }
    }

    /** Adds or replaces {@code run} (whose folder is {@code dir}). */
    void add(RunResult run, Path dir) throws HistoryException {
        String id = run.runId() != null ? run.runId() : dir.getFileName().toString();
        try {
            db.setAutoCommit(false);
            try (PreparedStatement del1 = db.prepareStatement("DELETE FROM figures WHERE run_id = ?");
                 PreparedStatement del2 = db.prepareStatement("DELETE FROM runs WHERE run_id = ?")) {
                del1.setString(1, id);
                del1.executeUpdate();
                del2.setString(1, id);
                del2.executeUpdate();
            }
            insertRun(id, run, dir);
            insertFigures(id, run);
            db.commit();
        } catch (SQLException e) {
            rollback();
            throw failure("cannot add " + id + " to", e);
        }
    }

    private void insertRun(String id, RunResult run, Path dir) throws SQLException {
        Environment env = run.environment();
        MachineSpeed speed = run.typicalMachineSpeed(); // what compare compares too; the index's environment holds it
        NoiseFloor noise = run.noise();
        try (PreparedStatement ps = db.prepareStatement("INSERT INTO runs VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)")) {
            Object[] values = {id, dir.toString(), run.suite(), run.startedAt(), run.finishedAt(), run.status(),
                    env == null ? null : env.cpuModel(), env == null || env.cpus() <= 0 ? null : env.cpus(),
                    env == null ? null : env.kernel(), env == null ? null : env.jdk(), env == null ? null : env.jdkVendor(),
                    env == null ? null : env.governor(), env == null ? null : env.fluxlabCommit(),
                    env == null || env.treeDirty() == null ? null : env.treeDirty() ? 1 : 0,
                    speed == null ? null : speed.opsPerSecond(), speed == null ? null : speed.relativeSpread(),
                    noise == null ? null : noise.medianPct(), noise == null ? null : noise.worstPct(),
                    noise == null ? null : noise.pairs(), noise == null ? null : noise.basis(),
                    env == null ? null : env.placement(), env == null ? null : Fingerprint.injectorAotCache(env)};
            for (int i = 0; i < values.length; i++) {
                ps.setObject(i + 1, values[i]);
            }
            ps.executeUpdate();
        }
    }

    private void insertFigures(String id, RunResult run) throws SQLException {
        try (PreparedStatement ps = db.prepareStatement("INSERT OR REPLACE INTO figures VALUES (?,?,?,?,?,?,?,?,?,?,?)")) {
            for (CellView c : ReportModel.of(run).cells()) {
                for (Figure f : indexedFigures(c)) {
                    Stat s = f.value().apply(c);
                    if (s == null || s.n() == 0 || Double.isNaN(s.median())) {
                        continue;
                    }
                    ps.setString(1, id);
                    ps.setString(2, c.id());
                    ps.setString(3, c.label());
                    ps.setInt(4, c.valid() ? 1 : 0);
                    ps.setString(5, f.key());
                    double[] v = {s.median(), s.min(), s.max(), s.mean(), s.stdev()};
                    for (int i = 0; i < v.length; i++) {
                        if (Double.isNaN(v[i]) || Double.isInfinite(v[i])) {
                            ps.setNull(6 + i, Types.REAL);
                        } else {
                            ps.setDouble(6 + i, v[i]);
                        }
                    }
                    ps.setInt(11, s.n());
                    ps.addBatch();
                }
            }
            ps.executeBatch();
        }
    }

    /**
     * Throughput, every latency percentile the cell has, and the target's threads and GC pauses and the measured
     * phase's length (results.json records them; a cell without one has no row for it), as the report's {@link Figure}
     * names them.
     */
    static List<Figure> indexedFigures(CellView c) {
        List<Figure> out = new ArrayList<>();
        out.add(Figure.THROUGHPUT);
        for (String percentile : c.latencyMs().keySet()) {
            Figure f = Figure.parse("latency_" + percentile + "_ms");
            if (f != null) {
                out.add(f);
            }
        }
        for (String name : List.of("threads_max", "gc_pauses", "gc_pause_ms", "measure_s")) {
            out.add(Figure.parse(name));
        }
        return out;
    }

    /** Suite names, most recent run first. */
    public List<String> suites() throws HistoryException {
        List<String> out = new ArrayList<>();
        query("SELECT suite FROM runs GROUP BY suite ORDER BY MAX(started_at) DESC", ps -> { }, rs -> out.add(rs.getString(1)));
        return out;
    }

    /** The runs of {@code suite}, oldest first. */
    public List<IndexedRun> runs(String suite) throws HistoryException {
        List<IndexedRun> out = new ArrayList<>();
        query("SELECT * FROM runs WHERE suite = ? ORDER BY started_at, run_id", ps -> ps.setString(1, suite), rs -> out.add(run(rs)));
        return out;
    }

    /** The figure names indexed for {@code suite}. */
    public List<String> figures(String suite) throws HistoryException {
        List<String> out = new ArrayList<>();
        query("SELECT DISTINCT f.figure FROM figures f JOIN runs r ON r.run_id = f.run_id WHERE r.suite = ? ORDER BY f.figure",
                ps -> ps.setString(1, suite), rs -> out.add(rs.getString(1)));
        return out;
    }

    /** Every value of {@code figure} in the runs of {@code suite}, by run in time order, cells in id order. */
    public List<IndexedFigure> values(String suite, String figure) throws HistoryException {
        List<IndexedFigure> out = new ArrayList<>();
        query("SELECT f.* FROM figures f JOIN runs r ON r.run_id = f.run_id WHERE r.suite = ? AND f.figure = ?"
                        + " ORDER BY r.started_at, r.run_id, f.cell_id",
                ps -> {
                    ps.setString(1, suite);
                    ps.setString(2, figure);
                },
                rs -> out.add(new IndexedFigure(rs.getString("run_id"), rs.getString("cell_id"), rs.getString("cell_label"),
                        rs.getInt("valid") == 1, new Stat(real(rs, "median"), real(rs, "min"), real(rs, "max"), real(rs, "mean"),
                        real(rs, "stdev"), rs.getInt("n")))));
        return out;
    }

    public Path file() {
        return file;
    }

    @Override
    public void close() throws HistoryException {
        try {
            db.close();
        } catch (SQLException e) {
            throw failure("cannot close", e);
        }
    }

    // ---- plumbing ----

    private interface Binder {
        void bind(PreparedStatement ps) throws SQLException;
    }

    private interface RowReader {
        void read(ResultSet rs) throws SQLException;
    }

    private void query(String sql, Binder binder, RowReader reader) throws HistoryException {
        try (PreparedStatement ps = db.prepareStatement(sql)) {
            binder.bind(ps);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    reader.read(rs);
                }
            }
        } catch (SQLException e) {
            throw failure("cannot read", e);
        }
    }

    private static IndexedRun run(ResultSet rs) throws SQLException {
        Object cpus = rs.getObject("cpus");
        Object dirty = rs.getObject("tree_dirty");
        Object speed = rs.getObject("speed_ops");
        // versions hold only what compare reads from them: whether the injectors had the AOT cache (null: not indexed)
        String aot = rs.getString("injector_aot");
        Map<String, String> versions = aot == null ? null
                : Fingerprint.ON.equals(aot) ? Map.of(Environment.INJECTOR_AOT_CACHE, aot) : Map.of();
        Environment env = new Environment(null, null, rs.getString("kernel"), null, cpus == null ? 0 : ((Number) cpus).intValue(),
                0, rs.getString("jdk"), rs.getString("jdk_vendor"), null, null, versions, rs.getString("cpu_model"),
                rs.getString("governor"), rs.getString("fluxlab_commit"), dirty == null ? null : ((Number) dirty).intValue() == 1,
                null, speed == null ? null : new MachineSpeed(((Number) speed).doubleValue(), real(rs, "speed_spread"), 0, null),
                rs.getString("placement"));
        Object worst = rs.getObject("noise_worst_pct");
        NoiseFloor noise = worst == null ? null : new NoiseFloor(real(rs, "noise_median_pct"), ((Number) worst).doubleValue(),
                rs.getInt("noise_pairs"), rs.getString("noise_basis"));
        return new IndexedRun(rs.getString("run_id"), rs.getString("dir"), rs.getString("suite"), rs.getString("started_at"),
                rs.getString("finished_at"), rs.getString("status"), env, noise);
    }

    private static String schema(Statement st) throws SQLException {
        try (ResultSet rs = st.executeQuery("SELECT value FROM meta WHERE key = 'schema'")) {
            return rs.next() ? rs.getString(1) : null;
        }
    }

    /**
     * Brings a {@link #SCHEMA_1} file to {@link #SCHEMA} in one transaction; returns the schema it then holds (another
     * process may have migrated it first: the busy timeout waits for that one's transaction).
     */
    private static String migrateFrom1(Connection db, Statement st) throws SQLException {
        db.setAutoCommit(false);
        try {
            String schema = schema(st);
            if (SCHEMA_1.equals(schema)) {
                for (String column : SCHEMA_2_COLUMNS) {
                    st.execute("ALTER TABLE runs ADD COLUMN " + column);
                }
                st.execute("UPDATE meta SET value = '" + SCHEMA + "' WHERE key = 'schema'");
                schema = SCHEMA;
            }
            db.commit();
            return schema;
        } catch (SQLException e) {
            db.rollback();
            throw e;
        } finally {
            db.setAutoCommit(true);
        }
    }

    private static double real(ResultSet rs, String column) throws SQLException {
        double v = rs.getDouble(column);
        return rs.wasNull() ? Double.NaN : v;
    }

    static HistoryIndex connect(Path file, boolean create) throws HistoryException {
        try {
            if (file.getParent() != null) {
                Files.createDirectories(file.toAbsolutePath().getParent());
            }
        } catch (IOException e) {
            throw new HistoryException("cannot create the folder of " + file + ": " + e.getMessage(), e);
        }
        Connection db = null;
        try {
            db = DriverManager.getConnection("jdbc:sqlite:" + file.toAbsolutePath());
            try (Statement st = db.createStatement()) {
                st.execute("PRAGMA busy_timeout = 10000");
                if (create) {
                    // two runs ending together both saw no file: one transaction each, and the second finds the
                    // tables there (it failed with "table meta already exists" and advised a rebuild)
                    db.setAutoCommit(false);
                    for (String ddl : DDL) {
                        st.execute(ddl);
                    }
                    st.execute("INSERT OR IGNORE INTO meta VALUES ('schema', '" + SCHEMA + "')");
                    db.commit();
                    db.setAutoCommit(true);
                }
                String schema = schema(st);
                if (SCHEMA_1.equals(schema)) {
                    schema = migrateFrom1(db, st);
                }
                if (!SCHEMA.equals(schema)) {
                    throw new HistoryException(file + " is not a fluxlab history index of this version (schema "
                            + (schema == null ? "missing" : "'" + schema + "'") + ", expected '" + SCHEMA + "'); "
                            + rebuildAdvice(file));
                }
            }
            return new HistoryIndex(file, db);
        } catch (SQLException e) {
            closeQuietly(db);
            int primary = e.getErrorCode() & 0xff;   // an extended code (BUSY_RECOVERY...) carries the primary one
            if (primary == SQLITE_BUSY || primary == SQLITE_LOCKED) {
                throw new HistoryException(file + " is in use: another process has held it locked for the 10 s this one "
                        + "waited (a run recording itself, another 'fluxlab history'); try again when it is done. It is "
                        + "not damaged: do not rebuild it while it is in use", e);
            }
            throw new HistoryException(file + " is not a readable fluxlab history index (" + firstLine(e.getMessage()) + "); "
                    + rebuildAdvice(file), e);
        } catch (HistoryException e) {
            closeQuietly(db);
            throw e;
        }
    }

    /** SQLite's primary result codes for a database another connection holds (sqlite-jdbc's error code). */
    private static final int SQLITE_BUSY = 5;
    private static final int SQLITE_LOCKED = 6;

    private static String rebuildAdvice(Path file) {
        return "it is only an index: recreate it from the results folders with 'fluxlab history --rebuild " + parentOf(file) + "'";
    }

    private HistoryException failure(String what, SQLException e) {
        return new HistoryException(what + " the history index " + file + " (" + firstLine(e.getMessage()) + "); "
                + rebuildAdvice(file), e);
    }

    private void rollback() {
        try {
            db.rollback();
        } catch (SQLException ignored) {
            // the failure that led here is reported
        }
    }

    private static void closeQuietly(Connection db) {
        if (db != null) {
            try {
                db.close();
            } catch (SQLException ignored) {
                // already failing with a clearer message
            }
        }
    }

    private static RunResult load(Path dir) throws HistoryException {
        try {
            return ResultsFiles.load(dir);
        } catch (ReportInputException e) {
            throw new HistoryException(e.getMessage(), e);
        }
    }

    private static Path parentOf(Path file) {
        Path p = file.toAbsolutePath().normalize().getParent();
        return p == null ? file.toAbsolutePath() : p;
    }

    private static String firstLine(String s) {
        if (s == null) {
            return "unknown error";
        }
        int nl = s.indexOf('\n');
        return nl < 0 ? s : s.substring(0, nl);
    }
}
