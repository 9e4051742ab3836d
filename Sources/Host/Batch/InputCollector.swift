import NinepipeCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Turns batch arguments (files, directories, glob patterns) into the sorted list of images to process.
public enum InputCollector {
    /// Collects the images named by `arguments`.
    ///
    /// - Files are taken as given (any extension: the decoder decides).
    /// - Directories contribute the files with an image extension (`.png`, `.jpg`, …) directly inside
    ///   them, or at any depth when `recursive`; hidden files and folders are skipped, links to
    ///   folders are not followed (no cycles), and a file that is a link is taken only when it
    ///   leads inside the directory given (or with `followsLinks`), as `assets` walks. Only
    ///   regular files are taken from directories: a FIFO there would block the batch.
    /// - Arguments with `*`, `?` or `[` that name no file are expanded as glob patterns.
    ///
    /// The result is sorted by path and free of duplicates, so every machine of a sharded batch sees
    /// the same list. Throws a ``BatchError`` for an argument that matches nothing. An image
    /// extension is one of a format `codecs` know.
    public static func collect(
        _ arguments: [String], recursive: Bool, followsLinks: Bool = false, codecs: ImageCodecRegistry = .builtIn
    ) throws(BatchError) -> [BatchInput] {
        var found: [String: String] = [:]  // path → directory below its argument
        for argument in arguments {
            let matches: [String]
            if !FileIO.exists(argument) && argument.contains(where: { "*?[".contains($0) }) {
                matches = glob(argument)
                if matches.isEmpty { throw .noMatch(pattern: argument) }
            } else {
                guard FileIO.exists(argument) else { throw .missingInput(path: argument) }
                matches = [argument]
            }
            for match in matches {
                if FileIO.isDirectory(match) {
                    let root = match.hasSuffix("/") ? String(match.dropLast()) : match
                    let inside = followsLinks ? nil : FileIO.realPath(root)
                    for (path, directory) in images(in: root, below: "", recursive: recursive, inside: inside, codecs: codecs) where found[path] == nil {
                        found[path] = directory
                    }
                } else if found[match] == nil {
                    found[match] = ""
                }
            }
        }
        return found.keys.sorted().enumerated().map { BatchInput(path: $1, directory: found[$1] ?? "", index: $0) }
    }

    /// Image files in `root/relative`, as (path, folder below root).
    private static func images(in root: String, below relative: String, recursive: Bool, inside: String?, codecs: ImageCodecRegistry) -> [(String, String)] {
        let folder = relative.isEmpty ? root : root + "/" + relative
        guard let entries = FileIO.names(in: folder) else { return [] }
        var result: [(String, String)] = []
        for entry in entries.sorted() where !entry.hasPrefix(".") {
            let path = folder + "/" + entry
            var info = stat()
            guard lstat(path, &info) == 0 else { continue }
            if (info.st_mode & S_IFMT) == S_IFDIR {
                if recursive {
                    result += images(in: root, below: relative.isEmpty ? entry : relative + "/" + entry, recursive: true, inside: inside, codecs: codecs)
                }
            } else if codecs.format(forPath: entry) != nil, FileIO.isRegularFile(path) {
                // (A FIFO, socket or device found in a folder is never opened: a FIFO would block.)
                // A link leading out of the directory given is left out (unless links are followed).
                if let inside, (info.st_mode & S_IFMT) == S_IFLNK, !FileIO.leads(path, inside: inside) { continue }
                result.append((path, relative))
            }
        }
        return result
    }

    private static func glob(_ pattern: String) -> [String] {
        var matches = glob_t()
        defer { globfree(&matches) }
        #if canImport(Glibc)
        guard Glibc.glob(pattern, 0, nil, &matches) == 0 else { return [] }
        #else
        guard Darwin.glob(pattern, 0, nil, &matches) == 0 else { return [] }
        #endif
        return (0..<Int(matches.gl_pathc)).compactMap { matches.gl_pathv[$0].map { String(cString: $0) } }
    }
}
