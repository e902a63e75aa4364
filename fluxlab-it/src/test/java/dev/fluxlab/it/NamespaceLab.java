package dev.fluxlab.it;

import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Test hosts on this machine for the end-to-end tests that place roles on other hosts: a few Linux network namespaces
 * on a private bridge, each with its own sshd, made by {@code scripts/lab-hosts.sh} (docs/hosts.md) for one test
 * class, with the few things those tests ask of them (a suite naming the hosts, the processes in a namespace,
 * which namespace a process's log says it ran in). A test class registers it as a JUnit extension on a static field,
 * {@code @RegisterExtension static final NamespaceLab lab = NamespaceLab.of("fxc", 1);}: the hosts are up before its
 * first test and down after its last.
 *
 * <p>Why one class: four hosts tests each carried a copy of this plumbing, and the copies had drifted apart (each
 * skipped for reasons of its own). What it promises:
 * <ul>
 *   <li>names unique per test run: the namespaces, ssh aliases and links are named after the caller's prefix and a
 *       random suffix, and the lab's state lives in a temporary folder of its own, so two clones testing at once on
 *       one machine never share a bridge or a namespace;</li>
 *   <li>always torn down: after the class's last test, passed or failed, {@code lab-hosts.sh down} runs and the
 *       folder is deleted; a start that fails halfway removes what it made before it throws; a JVM ended before that
 *       (a killed test run) still removes the lab from a shutdown hook;</li>
 *   <li>one clear reason to skip: the test class is skipped (a JUnit assumption, before anything is made) when the
 *       tests do not run as root, when {@code ip netns} cannot create a namespace here (no iproute2, or a container
 *       without the right), when Debian's sshd is not installed (the tests install nothing; {@code scripts/test.sh}
 *       does), or when a need of the class's own is not met ({@link #assuming}), each time saying which and what to
 *       do.</li>
 *   <li>hosts as a previous run left them: fluxlab's classpath, shipped file by file over ssh (much of a hosts test's
 *       time), is shipped once per test JVM and copied into the later labs' work folders, so their runs find it up
 *       to date; a class that checks the first shipment asks for an empty first host
 *       ({@link #withFreshFirstHost}).</li>
 * </ul>
 */
final class NamespaceLab implements BeforeAllCallback, AfterAllCallback {

    private static final Path SSHD = Path.of("/usr/sbin/sshd");

    /**
     * One host of the lab.
     *
     * @param alias     its name in the lab's ssh config
     * @param namespace its network namespace ({@code ip netns} name)
     * @param address   its address on the lab's bridge
     * @param netnsId   the namespace's identity as {@code /proc/self/ns/net} reads inside it ({@code net:[...]}), which
     *                  fluxlab's remote wrapper writes on the first line of every process log
     */
    record Host(String alias, String namespace, String address, String netnsId) {
    }

    /** A process in a host's namespace: PID, command name, start time (jiffies since boot) and command line. */
    record Proc(String pid, String comm, String startTime, String cmdline) {
    }

    /** A need of the test class beyond the lab's own, and what to say when it is not met. */
    private record Need(BooleanSupplier met, String unmet) {
    }

    /**
     * fluxlab's classpath as a finished shipment left it in a host's work folder (its jars and manifest), kept for this
     * test JVM once a lab has shipped it; null until then. Deleted when the JVM ends.
     */
    private static Path shipped;

    private final String prefix;
    private final int count;
    private final List<Need> needs;
    private final boolean freshFirstHost;
    private final Path root = Path.of("").toAbsolutePath().getParent();
    private final List<Host> hosts = new ArrayList<>();
    private final Thread onExit = new Thread(this::downQuietly, "namespace-lab-down");
    private String name;
    private Path tmp;
    private Path labDir;
    private boolean up;

    private NamespaceLab(String prefix, int count, List<Need> needs, boolean freshFirstHost) {
        this.prefix = prefix;
        this.count = count;
        this.needs = needs;
        this.freshFirstHost = freshFirstHost;
    }

    /**
     * A lab of {@code count} hosts named {@code PREFIX...-h1..N}, brought up before the registering class's tests.
     *
     * @param prefix 1 to 5 of a-z and 0-9, starting with a letter: it names the lab, links and temporary folder
     */
    static NamespaceLab of(String prefix, int count) {
        if (!prefix.matches("[a-z][a-z0-9]{0,4}") || count < 1) {
            throw new IllegalArgumentException("a lab is 1 or more hosts and a prefix of 1-5 of a-z 0-9 (link names "
                    + "are short), not " + count + " and '" + prefix + "'");
        }
        return new NamespaceLab(prefix, count, List.of(), false);
    }

    /** This lab, also skipping the class with {@code unmet} when {@code met} is false (before anything starts). */
    NamespaceLab assuming(BooleanSupplier met, String unmet) {
        List<Need> more = new ArrayList<>(needs);
        more.add(new Need(met, unmet));
        return new NamespaceLab(prefix, count, List.copyOf(more), freshFirstHost);
    }

    /**
     * This lab with an empty work folder on its first host, for a class that checks fluxlab's first shipment to a host
     * (h1's). By default a host starts with fluxlab's classpath as an earlier lab of this test JVM shipped it (when one
     * has), as a host an earlier run prepared: shipping it, file by file over ssh, was much of a hosts test's time. The
     * other hosts are seeded all the same: the check needs one shipment, and four hosts each taking 94 files (57 MB)
     * over ssh at once loaded a 2-core machine with four.
     */
    NamespaceLab withFreshFirstHost() {
        return new NamespaceLab(prefix, count, needs, true);
    }

    @Override
    public void beforeAll(ExtensionContext context) throws Exception {
        String candidate = prefix + Long.toString(ThreadLocalRandom.current().nextLong(36L * 36 * 36), 36);
        skipUnless(context, "0".equals(sh("id -u").strip()), "the namespace hosts (scripts/lab-hosts.sh) need root; "
                + "run the tests as root, as CI does");
        String probe = sh("ip netns add " + candidate + "-probe && ip netns delete " + candidate + "-probe"
                + " && echo usable");
        skipUnless(context, probe.strip().endsWith("usable"), "'ip netns' cannot create a network namespace here "
                + "(install iproute2; in a container, give it CAP_SYS_ADMIN): " + probe.strip());
        skipUnless(context, Files.isExecutable(SSHD), "the namespace hosts need Debian's openssh-server (" + SSHD
                + "); scripts/test.sh installs it, or apt-get install openssh-server");
        for (Need n : needs) {
            skipUnless(context, n.met().getAsBoolean(), n.unmet());
        }
        name = candidate;
        tmp = Files.createTempDirectory(name);
        labDir = tmp.resolve("lab");
        up = true;
        Runtime.getRuntime().addShutdownHook(onExit);
        try {
            seedWorkDirs();
            String out = script("up", Integer.toString(count));
            assertTrue(out.contains(count + " host(s) up"), out);
            for (String line : Files.readAllLines(labDir.resolve("hosts.tsv"))) {
                if (!line.startsWith("#")) {
                    String[] f = line.split("\t");
                    hosts.add(new Host(f[0], f[1], f[2],
                            sh("ip netns exec " + f[1] + " readlink /proc/self/ns/net").strip()));
                }
            }
            assertTrue(hosts.size() == count, "hosts.tsv lists " + hosts);
        } catch (Throwable t) {
            downQuietly();
            throw t;
        }
    }

    /**
     * Skips the class unless {@code met}, saying why also on standard error: Surefire's report of a class skipped
     * before its first test counts no test and shows no reason.
     */
    private static void skipUnless(ExtensionContext context, boolean met, String why) {
        if (!met) {
            System.err.println(context.getDisplayName() + " skipped: " + why);
        }
        assumeTrue(met, "skipped: " + why);
    }

    @Override
    public void afterAll(ExtensionContext context) throws Exception {
        down(true);
    }

    /** The project's root folder (the tests run in fluxlab-it). */
    Path root() {
        return root;
    }

    /** The lab's own temporary folder, for the test's suites, results and the hosts' work folders. */
    Path tmp() {
        return tmp;
    }

    List<Host> hosts() {
        return List.copyOf(hosts);
    }

    /** Host {@code i}, 1-based, as the suite's {@code h1..hN} name them. */
    Host host(int i) {
        return hosts.get(i - 1);
    }

    /** Host {@code i}'s {@code work_dir}: where fluxlab ships its classpath and keeps its runs' files there. */
    Path workDir(int i) {
        return tmp.resolve("work-h" + i);
    }

    /**
     * Writes suite {@code name} into the lab's folder: its name, a {@code hosts:} block naming those of the lab's hosts
     * {@code h1..hN} that {@code body} names (each with this JDK and its work folder; a suite refuses a host no role
     * runs on), then {@code body} (targets, load and the rest).
     */
    Path suite(String name, String body) throws IOException {
        return Files.writeString(tmp.resolve(name + ".yaml"), "name: " + name + "\n" + suiteHosts(body) + body);
    }

    private String suiteHosts(String body) {
        StringBuilder block = new StringBuilder("hosts:\n");
        for (int i = 1; i <= hosts.size(); i++) {
            if (!java.util.regex.Pattern.compile("\\bhost: *[^\\n]*\\bh" + i + "\\b").matcher(body).find()) {
                continue;
            }
            block.append("  h").append(i).append(": {ssh: ").append(host(i).alias()).append(", ssh_config: ")
                    .append(labDir.resolve("ssh_config")).append(", address: ").append(host(i).address())
                    .append(", jdk: ").append(System.getProperty("java.home")).append(", work_dir: ")
                    .append(workDir(i)).append("}\n");
        }
        return block.toString();
    }

    /** Every process in {@code host}'s namespace but its sshd servers and sessions (they belong to the lab). */
    List<Proc> processes(Host host) throws Exception {
        List<Proc> found = new ArrayList<>();
        for (String pid : sh("ip netns pids " + host.namespace()).strip().split("\\s+")) {
            if (pid.isBlank()) {
                continue;
            }
            String comm = proc(pid, "comm");
            if (comm.isEmpty() || comm.equals("sshd") || comm.startsWith("sshd-")) {
                continue;
            }
            found.add(new Proc(pid, comm, startTime(pid), proc(pid, "cmdline")));
        }
        return found;
    }

    /** {@code /proc/PID/FILE} read here (no process per read: the tests poll), NULs as spaces; "" once it is gone. */
    private static String proc(String pid, String file) {
        try {
            return new String(Files.readAllBytes(Path.of("/proc", pid, file))).replace('\0', ' ').strip();
        } catch (IOException e) {
            return "";
        }
    }

    /** Field 22 of {@code /proc/PID/stat} (after the command's parentheses), or "" when the process is gone. */
    static String startTime(String pid) {
        String s;
        try {
            s = Files.readString(Path.of("/proc", pid, "stat"));
        } catch (IOException e) {
            return "";
        }
        return s.substring(s.lastIndexOf(')') + 2).split(" ")[19];
    }

    /** Asserts that {@code log}'s first line, the remote wrapper's own report, names host {@code i}'s namespace. */
    void assertRanIn(Path log, int i) throws IOException {
        // the wrapper's line, wherever it is: the remote login shell may print first (a .bashrc's pyenv rehash wrote
        // "rm: cannot remove ..." there on a busy machine), and the runner itself looks for the line, not line 1
        List<String> lines = Files.readAllLines(log);
        String ran = lines.stream().filter(l -> l.startsWith("fluxlab-remote pid=")).findFirst().orElse(null);
        String ns = host(i).netnsId();
        assertTrue(ran != null && ran.endsWith(" netns=" + ns),
                log.getFileName() + " should say it ran in " + ns + ": " + (ran == null ? lines : ran));
    }

    /**
     * Takes the lab down (its sshd servers, whatever still runs in its namespaces, the namespaces and links) and
     * deletes its folder; asserts that no namespace of it is left. Once: the shutdown hook finds it done. After the
     * class's tests it first keeps fluxlab's shipped classpath for the later labs ({@link #withFreshFirstHost}).
     */
    private synchronized void down(boolean keepShipment) throws Exception {
        if (!up) {
            return;
        }
        up = false;
        try {
            Runtime.getRuntime().removeShutdownHook(onExit);
        } catch (IllegalStateException shuttingDown) {
            // the hook runs anyway
        }
        try {
            if (keepShipment) {
                keepShipment();
            }
            script("down");
            assertFalse(sh("ip netns list").contains(name + "-h"), "namespaces left after down");
        } finally {
            // also when down failed: no lab folder stays in the temporary folder
            sh("rm -rf '" + tmp + "'");
        }
    }

    private void downQuietly() {
        try {
            down(false);
        } catch (Throwable ignored) {
            // the first failure is the one the caller sees
        }
    }

    /**
     * Gives every host's work folder the classpath an earlier lab shipped (a local copy), but the first host's when it
     * is to be fresh.
     */
    private void seedWorkDirs() throws Exception {
        Path from = shipped();
        for (int i = freshFirstHost ? 2 : 1; i <= count && from != null; i++) {
            String copied = sh("mkdir -p '" + workDir(i) + "' && cp -a '" + from + "'/. '" + workDir(i) + "'"
                    + " && echo ok");
            assertTrue(copied.strip().endsWith("ok"), "copy " + from + " to " + workDir(i) + ": " + copied);
        }
    }

    /** The first lab whose host 1 holds a finished shipment (its manifest) keeps a copy for the later labs. */
    private void keepShipment() throws Exception {
        Path manifest = workDir(1).resolve(".fluxlab-manifest.sha256");
        synchronized (NamespaceLab.class) {
            if (shipped != null || !Files.isRegularFile(manifest)) {
                return;
            }
            Path keep = Files.createTempDirectory("fxshipped");
            String copied = sh("cp '" + workDir(1) + "'/*.jar '" + manifest + "' '" + keep + "' && echo ok");
            if (copied.strip().endsWith("ok")) {
                shipped = keep;
                Runtime.getRuntime().addShutdownHook(new Thread(() -> {
                    try {
                        sh("rm -rf '" + keep + "'");
                    } catch (Exception ignored) {
                        // the JVM is ending: a temporary folder may stay
                    }
                }, "namespace-lab-shipped"));
            } else {
                sh("rm -rf '" + keep + "'");
            }
        }
    }

    private static synchronized Path shipped() {
        return shipped;
    }

    private String script(String... args) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(root.resolve("scripts/lab-hosts.sh").toString()));
        cmd.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true);
        pb.environment().putAll(Map.of("FLUXLAB_LAB_DIR", labDir.toString(), "FLUXLAB_LAB_NAME", name,
                "FLUXLAB_LAB_TAG", name));
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes());
        assertTrue(p.waitFor(120, TimeUnit.SECONDS) && p.exitValue() == 0, "lab-hosts.sh " + args[0] + ": " + out);
        return out;
    }

    /** Runs {@code command} with {@code sh -c}, waits at most 60 s, and returns what it printed (both streams). */
    static String sh(String command) throws Exception {
        Process p = new ProcessBuilder("sh", "-c", command).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes());
        p.waitFor(60, TimeUnit.SECONDS);
        return out;
    }
}
