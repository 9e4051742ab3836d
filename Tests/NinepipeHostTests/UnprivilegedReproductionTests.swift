import Foundation
import NinepipeTestSupport
import Testing

@testable import NinepipeCore

#if canImport(Glibc)
import Glibc
#endif

/// The reproductions where ownership matters, run as they happen: `ninepipe` as an
/// ordinary user (nobody, 65534) writing into a shared folder where another user (root, this
/// test) planted a link and a look-alike temporary. Needs root to switch users (setpriv);
/// skipped, saying so, otherwise.
@Suite("Hostile reproductions as an unprivileged user")
struct UnprivilegedReproductionTests {
    static let nobody = "65534"

    /// Runs the built `ninepipe` as nobody in `dir`.
    func runAsNobody(_ arguments: [String], in dir: String) throws -> (status: Int32, err: String) {
        let result = try ChildProcess.run(
            "/usr/bin/setpriv",
            ["--reuid=\(Self.nobody)", "--regid=\(Self.nobody)", "--clear-groups", "--", Repository.builtExecutable.path] + arguments, in: dir)
        return (result.status, result.err)
    }

    /// Whether this machine can run the test: root, setpriv, a built executable nobody can run.
    static var canSwitchUsers: Bool {
        geteuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv")
            && FileManager.default.isExecutableFile(atPath: Repository.builtExecutable.path)
    }

    @Test("a planted link is replaced, not written through; another user's look-alike temporary is kept, ours removed")
    func sharedOutputFolder() throws {
        guard try Requirement.found(Self.canSwitchUsers ? true : nil, "root, setpriv and the built ninepipe") != nil else {
            try Test.cancel("not root, or no setpriv, or ninepipe not built: the unprivileged reproductions did not run")
        }
        let dir = try TemporaryFolder.make("unprivileged")
        let nobody = uid_t(65534)
        for folder in ["in", "out", "victim"] { try FileManager.default.createDirectory(atPath: dir + "/" + folder, withIntermediateDirectories: true) }
        let png = try PNGEncoder().encode(Image(width: 4, height: 4, layout: .rgb, depth: .eight, fill: [200, 10, 10]))
        for name in ["photo.png", "b.png"] { _ = FileManager.default.createFile(atPath: dir + "/in/" + name, contents: Data(png)) }
        // The runner's own file, and a shared output folder (writable by all, no sticky bit).
        _ = FileManager.default.createFile(atPath: dir + "/victim/config.txt", contents: Data("data\n".utf8))
        #expect(chown(dir + "/victim", nobody, nobody) == 0 && chown(dir + "/victim/config.txt", nobody, nobody) == 0)
        for path in [dir, dir + "/in", dir + "/out"] { #expect(chmod(path, 0o777) == 0) }
        var parent = FileIO.parentDirectory(of: dir)
        while parent.count > 1 {
            var info = stat()
            if stat(parent, &info) == 0, info.st_mode & 0o005 != 0o005 { #expect(chmod(parent, info.st_mode & 0o7777 | 0o005) == 0) }
            parent = FileIO.parentDirectory(of: parent)
        }
        // Planted by another user (root): a link to the runner's file, and temporaries named as
        // a dead writer's, one root's, one the runner's own.
        #expect(symlink("../victim/config.txt", dir + "/out/photo.png") == 0)
        _ = FileManager.default.createFile(atPath: dir + "/out/.b.png.ninepipe-4194301-abcdef", contents: Data("root's".utf8))
        _ = FileManager.default.createFile(atPath: dir + "/out/.b.png.ninepipe-4194302-abcdeg", contents: Data("nobody's".utf8))
        #expect(chown(dir + "/out/.b.png.ninepipe-4194302-abcdeg", nobody, nobody) == 0)

        let written = try runAsNobody(["run", "-e", "invert", "in/photo.png", "--output", "out/photo.png"], in: dir)
        #expect(written.status == 0, "\(written.err)")
        #expect(try String(contentsOfFile: dir + "/victim/config.txt", encoding: .utf8) == "data\n")
        var info = stat()
        #expect(lstat(dir + "/out/photo.png", &info) == 0 && info.st_mode & S_IFMT == S_IFREG && info.st_uid == nobody)
        // Resuming the folder: photo.png is up to date, b.png is written after the leftovers go.
        let result = try runAsNobody(["run", "-e", "invert", "in/", "--output", "out/", "--skip-existing"], in: dir)
        #expect(result.status == 0, "\(result.err)")
        #expect(FileManager.default.fileExists(atPath: dir + "/out/.b.png.ninepipe-4194301-abcdef"))
        #expect(!FileManager.default.fileExists(atPath: dir + "/out/.b.png.ninepipe-4194302-abcdeg"))
        #expect(lstat(dir + "/out/b.png", &info) == 0 && info.st_uid == nobody)

        // The review's 38-byte WebP, as nobody, under a 2 GB address-space limit: refused, exit 1.
        _ = FileManager.default.createFile(atPath: dir + "/in/big.webp", contents: Data(base64Encoded: MemoryRefusalTests.reviewWebP))
        let refused = try ChildProcess.run(
            "/bin/sh",
            [
                "-c",
                "ulimit -v 2000000 && exec /usr/bin/setpriv --reuid=65534 --regid=65534 --clear-groups -- \"$0\" run -e invert in/big.webp --output big.png",
                Repository.builtExecutable.path,
            ], in: dir)
        #expect(refused.status == 1)
    }
}
