import Foundation
import FuzzSupport
import NinepipeCLI
import NinepipeCore
import NinepipeHost

#if canImport(Glibc)
import Glibc
#endif

@_cdecl("FuzzCLI_main")
public func main(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    _ = workspace  // made before libFuzzer starts timing inputs
    return runFuzzer(argc, argv) { data, size in fuzz(data, size) }
}

/// The repository's test fixtures, from this file's place in it.
let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Tests").path

/// A folder of small real images the command lines run in, as the files it holds at the start
/// (path relative to the folder → bytes). Every input's changes are undone before the next.
let workspace: (root: String, files: [String: [UInt8]], folders: Set<String>) = {
    let root = NSTemporaryDirectory() + "ninepipe-fuzz-cli-\(getpid())"
    let copies = [
        "in.png": "NinepipeCoreTests/Fixtures/aapt-button.png",
        "button.9.png": "NinepipeCoreTests/Fixtures/aapt-button.9.png",
        "compiled.9.png": "NinepipeCoreTests/Fixtures/framework-res/btn_default_normal.9.png",
        "photo.jpg": "NinepipeCoreTests/Fixtures/orient6.jpg",
        "gray.jpg": "NinepipeCoreTests/Fixtures/gray.jpg",
        "anim.gif": "NinepipeCoreTests/Fixtures/gif/animated.gif",
        "exif.webp": "NinepipeCoreTests/Fixtures/webp/lossy-exif.webp",
        "deep.heic": "NinepipeCoreTests/Fixtures/heif/deep12.heic",
        "in/a.png": "NinepipeCoreTests/Fixtures/aapt-button.png",
        "in/b.jpg": "NinepipeCoreTests/Fixtures/orient6.jpg",
        "in/c.svg": "NinepipeCoreTests/Fixtures/svg/tango-go-next.svg",
        "icon.svg": "NinepipeCoreTests/Fixtures/svg/basic-shapes.svg",
        "res/drawable-mdpi/button.9.png": "NinepipeCoreTests/Fixtures/aapt-button.9.png",
        "res/drawable-xhdpi/button.9.png": "NinepipeCoreTests/Fixtures/aapt-button.9.png",
    ]
    var files: [String: [UInt8]] = [:]
    for (name, source) in copies {
        guard let bytes = FileManager.default.contents(atPath: fixtures + "/" + source) else { fatalError("missing fixture \(source)") }
        files[name] = [UInt8](bytes)
    }
    files["card.pipe"] = Array("load \"button.9.png\"\nninepatch width=40 height=30\nround radius=4\nsave \"card-out.png\"\n".utf8)
    files["batch.pipe"] = Array("param size=16\nthumbnail size=$size\n".utf8)
    let folders: Set<String> = ["", "in", "res", "res/drawable-mdpi", "res/drawable-xhdpi"]
    for folder in folders { try? FileManager.default.createDirectory(atPath: root + "/" + folder, withIntermediateDirectories: true) }
    for (name, bytes) in files { _ = FileManager.default.createFile(atPath: root + "/" + name, contents: Data(bytes)) }
    guard chdir(root) == 0 else { fatalError("cannot enter \(root)") }
    return (root, files, folders)
}()

/// The folder names a relative path may start with (so no argument can reach outside the workspace).
let folderNames = Set(workspace.folders.flatMap { $0.split(separator: "/").map(String.init) })

/// Whether `argument` could name a file outside the workspace: an absolute path (also inside
/// pipeline text, `save "/x"`, or after an option letter, `-o/x`), `..`, `~`, or a `/` after
/// anything but one of the workspace's folder names. Such inputs are skipped, not run.
func leavesWorkspace(_ argument: String) -> Bool {
    if argument.contains("..") || argument.contains("~") || argument.contains("\\") { return true }
    var segment = ""
    for character in argument {
        if character == "/" {
            if !folderNames.contains(segment) && !segment.hasSuffix(".imageset") && !segment.hasSuffix(".xcassets") && segment != "out" { return true }
            segment = ""
        } else if character.isLetter || character.isNumber || "-_.".contains(character) {
            segment.append(character)
        } else {
            segment = ""
        }
    }
    return false
}

/// Whether the arguments raise a size limit far enough that a valid request may allocate more
/// than the fuzzer's 256 MiB per allocation (that is the user's explicit choice, not a bug).
func raisesLimits(_ arguments: [String]) -> Bool {
    for (index, argument) in arguments.enumerated() where argument.hasPrefix("--max-") {
        let value =
            argument.contains("=")
            ? String(argument.split(separator: "=", maxSplits: 1).last ?? "")
            : (index + 1 < arguments.count ? arguments[index + 1] : "")
        if let number = Int(value), number > 1 << 20 { return true }
    }
    return false
}

/// Removes what a run added to the workspace and restores what it changed.
func restoreWorkspace() {
    let root = workspace.root
    let found = (FileManager.default.enumerator(atPath: root)?.allObjects as? [String]) ?? []
    for path in found.sorted(by: >) where workspace.files[path] == nil && !workspace.folders.contains(path) {
        try? FileManager.default.removeItem(atPath: root + "/" + path)
    }
    for (name, bytes) in workspace.files where FileManager.default.contents(atPath: root + "/" + name).map({ [UInt8]($0) }) != bytes {
        try? FileManager.default.removeItem(atPath: root + "/" + name)
        _ = FileManager.default.createFile(atPath: root + "/" + name, contents: Data(bytes))
    }
}

/// The bytes as a command line: arguments separated by NUL bytes (an empty one included); a
/// first argument `JOB_COMPLETION_INDEX=…` is the environment `--shard auto/N` reads instead.
/// Every command, subcommand and flag is reachable. A run must end with exit status 0, 1 or 2
/// (or 130/143 for a signal, which nothing sends here), never a trap, a hang or a huge allocation.
func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data, size > 0 else { return 0 }
    var arguments = UnsafeBufferPointer(start: data, count: size).split(separator: 0, omittingEmptySubsequences: false)
        .map { String(decoding: $0, as: UTF8.self) }
    var environment: [String: String] = [:]
    if let first = arguments.first, first.hasPrefix("JOB_COMPLETION_INDEX=") {
        environment["JOB_COMPLETION_INDEX"] = String(first.dropFirst("JOB_COMPLETION_INDEX=".count))
        arguments.removeFirst()
    }
    guard arguments.count <= 64, !arguments.contains(where: leavesWorkspace), !raisesLimits(arguments) else { return 0 }
    let console = Console(out: { _ in }, err: { _ in }, environment: environment)
    // Limits a little above the workspace's images, so that a valid request for a huge output
    // (resize width=8299 is within the default 268 million pixels) is refused fast instead of
    // spending the 10 s an input may take under AddressSanitizer; flags may lower them or raise
    // them to 2^20 (raisesLimits).
    let tool = CommandLineTool(limits: ImageLimits(maxPixelCount: 1 << 20, maxDimension: 4096, maxMetadataBytes: 1 << 20))
    let status = tool.run(arguments, console: console)
    restoreWorkspace()
    guard [0, 1, 2].contains(status) else {
        fatalError("exit status \(status) for \(arguments)")
    }
    return 0
}
