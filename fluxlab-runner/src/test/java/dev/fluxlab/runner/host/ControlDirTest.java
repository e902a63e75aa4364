package dev.fluxlab.runner.host;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The ssh control directory ({@code /tmp/fluxlab-ssh-USER}) is reused only when it is this user's own private
 * directory: a symbolic link or a directory open to others is refused (issue 38, finding 10).
 */
class ControlDirTest {

    @Test
    void aFreshDirectoryIsPrivate(@TempDir Path tmp) throws Exception {
        Path dir = SshHost.controlDir(tmp.resolve("fluxlab-ssh-me"));
        assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(dir)));
        assertEquals(dir, SshHost.controlDir(dir), "its own directory is reused");
    }

    @Test
    void aSymbolicLinkIsRefused(@TempDir Path tmp) throws Exception {
        Path elsewhere = Files.createDirectory(tmp.resolve("elsewhere"),
                PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
        Path link = Files.createSymbolicLink(tmp.resolve("fluxlab-ssh-me"), elsewhere);
        String m = assertThrows(HostException.class, () -> SshHost.controlDir(link)).getMessage();
        assertTrue(m.contains(link + " is a symbolic link"), m);
    }

    @Test
    void aDirectoryOpenToOthersIsRefused(@TempDir Path tmp) throws Exception {
        Path open = Files.createDirectory(tmp.resolve("fluxlab-ssh-me"));
        Files.setPosixFilePermissions(open, PosixFilePermissions.fromString("rwxrwxrwx"));
        String m = assertThrows(HostException.class, () -> SshHost.controlDir(open)).getMessage();
        assertTrue(m.contains("has mode rwxrwxrwx, open to others"), m);
    }
}
