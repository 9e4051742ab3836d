import Foundation
import NinepipeTestSupport
import Testing

@testable import NinepipeCLI
@testable import NinepipeCore
@testable import NinepipeHost

/// `g/l1 -> ..` inside an `.xcassets` kept `assets web` walking until a
/// timeout, and `res/drawable-hdpi -> /elsewhere` was converted silently.
@Suite("walks and links")
struct WalkLinkTests {
    func png() throws -> Data {
        Data(try PNGEncoder().encode(Image(width: 8, height: 8, layout: .rgb, depth: .eight, fill: [10, 20, 30])))
    }

    @Test("a link loop in a catalog is walked once; links out of the tree are left out with a warning unless --follow-links")
    func loopsAndLinksOut() throws {
        let dir = try TemporaryFolder.make("walk-links")
        let manager = FileManager.default
        // A catalog with one image set and a group holding links back up (a loop).
        let set = dir + "/A.xcassets/g/icon.imageset"
        try manager.createDirectory(atPath: set, withIntermediateDirectories: true)
        _ = manager.createFile(atPath: set + "/icon.png", contents: try png())
        try #"{"images":[{"idiom":"universal","filename":"icon.png","scale":"1x"}],"info":{"version":1,"author":"xcode"}}"#.write(
            toFile: set + "/Contents.json", atomically: true, encoding: .utf8)
        try manager.createSymbolicLink(atPath: dir + "/A.xcassets/g/l1", withDestinationPath: "..")
        try manager.createSymbolicLink(atPath: dir + "/A.xcassets/g/l2", withDestinationPath: "../g")
        let started = ContinuousClock.now
        let web = TestConsole.run(["assets", "web", dir + "/A.xcassets", "--output", dir + "/web/"])
        #expect(web.status == 0, "\(web.err)")
        #expect(!HangGuard.hung(since: started))
        #expect(web.err.contains("1 asset: 1 ok"), "\(web.err)")
        // res/ with a density folder that is a link out of the tree.
        let elsewhere = try TemporaryFolder.make("elsewhere")
        _ = manager.createFile(atPath: elsewhere + "/secret.png", contents: try png())
        try manager.createDirectory(atPath: dir + "/res/drawable-mdpi", withIntermediateDirectories: true)
        _ = manager.createFile(atPath: dir + "/res/drawable-mdpi/ok.png", contents: try png())
        try manager.createSymbolicLink(atPath: dir + "/res/drawable-hdpi", withDestinationPath: elsewhere)
        try manager.createSymbolicLink(atPath: dir + "/res/drawable-mdpi/outside.png", withDestinationPath: elsewhere + "/secret.png")
        let ios = TestConsole.run(["assets", "ios", dir + "/res", "--output", dir + "/X.xcassets"])
        #expect(ios.status == 0, "\(ios.err)")
        #expect(ios.err.contains("left out 2 symbolic links leading out of the folder given"), "\(ios.err)")
        #expect(!manager.fileExists(atPath: dir + "/X.xcassets/secret.imageset") && !manager.fileExists(atPath: dir + "/X.xcassets/outside.imageset"))
        #expect(manager.fileExists(atPath: dir + "/X.xcassets/ok.imageset"))
        let followed = TestConsole.run(["assets", "ios", dir + "/res", "--output", dir + "/Y.xcassets", "--follow-links"])
        #expect(followed.status == 0, "\(followed.err)")
        #expect(manager.fileExists(atPath: dir + "/Y.xcassets/secret.imageset") && manager.fileExists(atPath: dir + "/Y.xcassets/outside.imageset"))
        // A batch's inputs follow the same rule for files that are links.
        let batch = TestConsole.run(["run", "-e", "invert", dir + "/res/drawable-mdpi", "--output", dir + "/out/"])
        #expect(batch.status == 0 && batch.err.contains("1 file: 1 ok"), "\(batch.err)")
        let all = TestConsole.run(["run", "-e", "invert", dir + "/res/drawable-mdpi", "--output", dir + "/out2/", "--follow-links"])
        #expect(all.status == 0 && all.err.contains("2 files: 2 ok"), "\(all.err)")
    }
}
