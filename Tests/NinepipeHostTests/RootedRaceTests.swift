import Foundation
import NinepipeCore
import NinepipeTestSupport
import Synchronization
import Testing

@testable import NinepipeHost

/// The rooted policy checked a real path and opened by name later, so a link swapped
/// in between led the read or write outside the root.
@Suite("rooted file policy under a racing link")
struct RootedRaceTests {
    /// A root holding `real/` (a folder with `in.png`) and `link` (a link to a folder outside
    /// holding its own `in.png`), and that outside folder.
    func layout() throws -> (root: String, outside: String) {
        let base = try TemporaryFolder.make("race")
        let root = base + "/root"
        let outside = base + "/outside"
        for folder in [root + "/real", outside] {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        }
        _ = FileManager.default.createFile(atPath: root + "/real/in.png", contents: Data("inside".utf8))
        _ = FileManager.default.createFile(atPath: outside + "/in.png", contents: Data("outside".utf8))
        try FileManager.default.createSymbolicLink(atPath: root + "/link", withDestinationPath: outside)
        return (root, outside)
    }

    @Test("a link swapped in and out of a rooted path while files are read and written never leads outside")
    func swappedLink() throws {
        let (root, outside) = try layout()
        let policy = FilePolicy.rooted(at: root)
        let stop = Atomic<Bool>(false)
        // `root/dir` becomes the real folder, then nothing, then the link, then nothing, over and over.
        let swapper = Thread {
            while !stop.load(ordering: .relaxed) {
                rename(root + "/real", root + "/dir")
                rename(root + "/dir", root + "/real")
                rename(root + "/link", root + "/dir")
                rename(root + "/dir", root + "/link")
            }
        }
        swapper.start()
        defer { stop.store(true, ordering: .relaxed) }
        var (inside, refused, escaped) = (0, 0, 0)
        for index in 0..<4000 {
            if let bytes = try? policy.read("dir/in.png") {
                if bytes == Array("outside".utf8) { escaped += 1 } else { inside += 1 }
            } else {
                refused += 1
            }
            if let file = try? policy.createFile("dir/out\(index % 8).png") {
                try? file.write(UnsafeRawBufferPointer(start: nil, count: 0))
                try? file.commit()
            }
        }
        stop.store(true, ordering: .relaxed)
        #expect(escaped == 0, "\(escaped) reads returned the file outside the root")
        let written = try FileManager.default.contentsOfDirectory(atPath: outside).filter { $0 != "in.png" }
        #expect(written.isEmpty, "written outside the root: \(written)")
        #expect(inside > 0 && refused > 0, "the swap never raced the reads (inside \(inside), refused \(refused))")
    }

    @Test("links inside the root are followed, links out are refused, and missing folders are created inside only")
    func walkRules() throws {
        let (root, outside) = try layout()
        let policy = FilePolicy.rooted(at: root)
        try FileManager.default.createSymbolicLink(atPath: root + "/alias", withDestinationPath: "real/../real")
        try FileManager.default.createSymbolicLink(atPath: root + "/absolute", withDestinationPath: root + "/real/in.png")
        try FileManager.default.createSymbolicLink(atPath: root + "/up", withDestinationPath: "../outside/in.png")
        try FileManager.default.createSymbolicLink(atPath: root + "/loop", withDestinationPath: "loop")
        #expect(try policy.read("alias/in.png") == Array("inside".utf8))
        #expect(try policy.read("absolute") == Array("inside".utf8))
        for path in ["up", "link/in.png", "alias/../../outside/in.png"] {
            #expect(throws: PolicyError.self, "\(path)") { try policy.read(path) }
        }
        #expect(throws: FileError.self) { try policy.read("loop") }
        #expect(throws: FileError.self) { try policy.read("real") }
        try policy.createParentDirectories(of: "alias/new/deeper/x.png")
        #expect(FileIO.isDirectory(root + "/real/new/deeper"))
        #expect(throws: PolicyError.self) { try policy.createParentDirectories(of: "link/made/x.png") }
        #expect(!FileManager.default.fileExists(atPath: outside + "/made"))
    }
}
