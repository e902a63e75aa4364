package dev.fluxlab.runner.registry;

import dev.fluxlab.model.suite.Suite;
import dev.fluxlab.model.suite.SuiteException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A suite's command targets checked on this machine (program, working folder, profiles) and seen as targets. */
class CommandTargetsTest {

    private static Suite suite(Path dir, String target) throws Exception {
        Path file = Files.writeString(dir.resolve("s.yaml"), "scenarios: {hello: {path: /hello}}\ntargets:\n  my-app:\n"
                + target);
        return Suite.load(file);
    }

    private static String refused(Path dir, String target) throws Exception {
        Suite s = suite(dir, target);
        return assertThrows(SuiteException.class,
                () -> new SuiteValidator(TargetRegistry.builtIn(), SuiteValidatorTest.NO_URING).validate(s)).getMessage();
    }

    @Test
    void aProgramNotOnThePathOrNotThereIsRefusedWithWhereItWasLookedFor(@TempDir Path tmp) throws Exception {
        assertTrue(refused(tmp, "    command: [no-such-server-xyz, \"--port=${port}\"]\n")
                .contains("'no-such-server-xyz', is not on the PATH; install it, or give its path"));
        String missing = refused(tmp, "    command: [build/run.sh, \"--port=${port}\"]\n");
        assertTrue(missing.contains("does not exist (" + tmp.toRealPath().resolve("build/run.sh")) ||
                missing.contains("does not exist (" + tmp.resolve("build/run.sh")), missing);
        Path script = Files.writeString(tmp.resolve("run.sh"), "#!/bin/sh\n");
        assertTrue(refused(tmp, "    command: [./run.sh, \"--port=${port}\"]\n").contains("is not an executable file"));
        Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwxr-xr-x"));
        new SuiteValidator(TargetRegistry.builtIn(), SuiteValidatorTest.NO_URING)
                .validate(suite(tmp, "    command: [./run.sh, \"--port=${port}\"]\n"));
    }

    @Test
    void aCommandOnASuiteHostIsNotLookedForHereButARelativeFolderIsRefused(@TempDir Path tmp) throws Exception {
        Path file = Files.writeString(tmp.resolve("h.yaml"), "hosts: {far: {ssh: perf@10.1.0.12}}\n"
                + "scenarios: {hello: {path: /hello}}\ntargets:\n  my-app:\n"
                + "    command: [/opt/no-such-app/bin/server, \"--port=${port}\"]\n    cwd: /opt/no-such-app\n"
                + "    host: far\n");
        Suite s = Suite.load(file);
        new SuiteValidator(TargetRegistry.builtIn(), SuiteValidatorTest.NO_URING).validate(s); // the host's to have
        assertFalse(CommandTargets.onHost(suite(tmp, "    command: [java, S.java, \"--port=${port}\"]\n"),
                dev.fluxlab.model.suite.CommandTarget.of(s.spec()).get("my-app")), "a local one is not on a host");
        Path rel = Files.writeString(tmp.resolve("r.yaml"), "hosts: {far: {ssh: perf@10.1.0.12}}\n"
                + "scenarios: {hello: {path: /hello}}\ntargets:\n  my-app:\n"
                + "    command: [bin/server, \"--port=${port}\"]\n    cwd: app\n    host: far\n");
        String m = assertThrows(SuiteException.class, () -> Suite.load(rel)).getMessage();
        assertTrue(m.contains("cannot be relative to the suite file's folder"), m);
    }

    @Test
    void eachProgramAKnobChoosesMustBeThereRefusedAtThatValuesLine(@TempDir Path tmp) throws Exception {
        Path bin = Files.createDirectories(tmp.resolve("bin"));
        Path fast = Files.writeString(bin.resolve("server-fast"), "#!/bin/sh\n");
        Files.setPosixFilePermissions(fast, PosixFilePermissions.fromString("rwxr-xr-x"));
        String m = refused(tmp, "    command: [\"bin/server-${flavour}\", \"--port=${port}\"]\n"
                + "    knobs: {flavour: [fast, slow]}\n");
        assertTrue(m.startsWith(tmp.resolve("s.yaml") + ":5:29: "), "at the value slow: " + m);
        assertTrue(m.contains("the program of target 'my-app', 'bin/server-slow' (from knob flavour = 'slow' in "
                + "'bin/server-${flavour}'), does not exist ("), m);
        assertTrue(m.endsWith("correct it, or build the program first; or change that knob value"), m);
        assertFalse(m.contains("\n"), "one line: " + m);
        new SuiteValidator(TargetRegistry.builtIn(), SuiteValidatorTest.NO_URING).validate(suite(tmp,
                "    command: [\"bin/server-${flavour}\", \"--port=${port}\"]\n    knobs: {flavour: [fast]}\n"));
    }

    @Test
    void aWorkingFolderThatDoesNotExistIsRefusedRelativeToTheSuiteFile(@TempDir Path tmp) throws Exception {
        String m = refused(tmp, "    command: [sh, \"${port}\"]\n    cwd: ../nowhere/app\n");
        assertTrue(m.contains("/nowhere/app, does not exist; 'cwd' is relative to the suite file's folder"), m);
    }

    @Test
    void profilesApplyToCommandTargets(@TempDir Path tmp) throws Exception {
        Path file = Files.writeString(tmp.resolve("p.yaml"), """
                scenarios: {hello: {path: /hello}}
                targets:
                  my-app: {command: [sh, "${port}"]}
                profile: cpu
                """);
        // async-profiler attaches to the JVM of the command's tree when the window opens (ProfileSession)
        new SuiteValidator(TargetRegistry.builtIn(), SuiteValidatorTest.NO_URING).validate(Suite.load(file));
    }

    @Test
    void theRegistryAnswersForACommandTargetAsForItsOwn(@TempDir Path tmp) throws Exception {
        Suite s = suite(tmp, "    command: [sh, \"${port}\", \"${mode}\"]\n    knobs: {mode: [a, b]}\n");
        TargetRegistry base = TargetRegistry.builtIn();
        TargetRegistry r = base.withCommands(s);
        assertTrue(base.target("my-app").isEmpty());
        LaunchDef def = r.target("my-app").orElseThrow();
        assertFalse(def.isSelfLoading());
        assertTrue(def.knobsOrEmpty().containsKey("mode"));
        assertTrue(r.command("my-app").isPresent());
        assertEquals(r, r.withCommands(s), "the same commands: the same registry");
        new SuiteValidator(base, SuiteValidatorTest.NO_URING).validate(s); // the validator adds them itself
    }

    @Test
    void aProgramIsFoundAsExecvpWouldFindIt(@TempDir Path tmp) throws Exception {
        Path bin = Files.createDirectories(tmp.resolve("bin"));
        Path tool = Files.writeString(bin.resolve("tool"), "#!/bin/sh\n");
        Files.setPosixFilePermissions(tool, PosixFilePermissions.fromString("rwx------"));
        assertEquals(tool, CommandTargets.executable("tool", tmp, "/nonexistent:" + bin).orElseThrow());
        assertEquals(tool, CommandTargets.executable("bin/tool", tmp, "").orElseThrow());
        assertTrue(CommandTargets.executable("tool", tmp, "/nonexistent").isEmpty());
    }
}
