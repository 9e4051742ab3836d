import Foundation

/// Where the tests find the repository's files and what `swift build` made.
public enum Repository {
    /// The repository's root folder.
    public static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// `relative` (`Tests/NinepipeHostTests/Fixtures`, `Examples/card.9.png`) below the root.
    public static func path(_ relative: String) -> String { root.appendingPathComponent(relative).path }

    /// The folder the tests were built into (`.build/<triple>/debug`, or `release`): the one
    /// holding the running test bundle, else `.build/debug`.
    public static let buildFolder: URL = {
        let running = Bundle.main.bundleURL
        if FileManager.default.fileExists(atPath: running.appendingPathComponent("Modules").path) { return running }
        let parent = running.deletingLastPathComponent()
        if FileManager.default.fileExists(atPath: parent.appendingPathComponent("Modules").path) { return parent }
        return root.appendingPathComponent(".build/debug")
    }()

    /// The `ninepipe` executable built with the tests.
    public static var builtExecutable: URL { buildFolder.appendingPathComponent("ninepipe") }

    /// The release build's `ninepipe` (`swift build -c release`), or `nil` when there is none:
    /// what guards against the optimizer (a check it could delete) is tested on it. `.ci/run`
    /// builds it before `swift test`.
    public static var releaseExecutable: URL? {
        let url = root.appendingPathComponent(".build/release/ninepipe")
        return FileManager.default.isExecutableFile(atPath: url.path) ? url : nil
    }
}
