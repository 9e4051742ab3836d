import NinepipeCore

/// Where a batch writes each result: a directory, or a path with placeholders.
///
/// | placeholder | value |
/// |---|---|
/// | `{name}` | the input's file name without its extension (`IMG_01` for `photos/IMG_01.jpg`) |
/// | `{ext}` | the input's extension (`jpg`); `png` for a format Ninepipe reads but does not write (`logo.svg`, `anim.gif`) |
/// | `{dir}` | the input's folder below the directory argument it was found in (`2024/june`; empty for files named directly) |
/// | `{width}`, `{height}` | the size of the image being written |
/// | `{index}` | the input's position in the sorted input list, from 0 |
///
/// A directory target (`out/` or an existing directory) means `out/{dir}/{name}.{ext}`.
public struct OutputTemplate: Sendable, Hashable, CustomStringConvertible {
    /// The pattern, with placeholders.
    public let pattern: String

    /// The placeholders a pattern may use.
    public static let placeholders = ["name", "ext", "dir", "width", "height", "index"]

    /// Parses `target`; a directory (ending in `/`, or existing) becomes `DIR/{dir}/{name}.{ext}`.
    /// A file name must end in an extension one of `codecs` writes, or in `{ext}`.
    public init(_ target: String, codecs: ImageCodecRegistry = .builtIn) throws(BatchError) {
        let isDirectory = target.hasSuffix("/") || (FileIO.isDirectory(target) && !target.contains("{"))
        pattern = isDirectory ? (target.hasSuffix("/") ? target : target + "/") + "{dir}/{name}.{ext}" : target
        var rest = Substring(pattern)
        while let open = rest.firstIndex(of: "{") {
            guard let close = rest[open...].firstIndex(of: "}") else {
                throw .unclosedPlaceholder(template: target)
            }
            let name = String(rest[rest.index(after: open)..<close])
            guard Self.placeholders.contains(name) else {
                throw .unknownPlaceholder(template: target, name: name)
            }
            rest = rest[rest.index(after: close)...]
        }
        if !isDirectory && !pattern.hasSuffix("{ext}") && codecs.format(forPath: pattern) == nil {
            let looksLikeFolder = !FileIO.exists(target) && !FileIO.baseName(of: target).contains(".") && !target.contains("{")
            throw .outputNeedsExtension(template: target, looksLikeFolder: looksLikeFolder, extensions: codecs.writableExtensionList)
        }
    }

    /// Whether the size of the image is part of the name (so it is only known after running).
    public var dependsOnSize: Bool { pattern.contains("{width}") || pattern.contains("{height}") }

    /// The path for `input`; `{width}`/`{height}` stay as written when `size` is `nil`. `{ext}`
    /// is the input's unless `codecs` read but do not write its format.
    public func path(for input: BatchInput, size: (width: Int, height: Int)? = nil, codecs: ImageCodecRegistry = .builtIn) -> String {
        Self.expand(pattern, input: input, size: size, codecs: codecs)
    }

    /// `ext`, or `png` when it names a format `codecs` read but do not write (SVG).
    static func writableExtension(_ ext: String, codecs: ImageCodecRegistry) -> String {
        guard let format = codecs.extensions[ext.lowercased()], !codecs.writes(format) else { return ext }
        return ImageFormat.png.fileExtension
    }

    /// `text` with every placeholder for `input` filled in; doubled slashes from an empty `{dir}` removed.
    static func expand(_ text: String, input: BatchInput, size: (width: Int, height: Int)?, codecs: ImageCodecRegistry) -> String {
        var values = ["name": input.name, "ext": writableExtension(input.fileExtension, codecs: codecs), "dir": input.directory, "index": String(input.index)]
        if let size {
            values["width"] = String(size.width)
            values["height"] = String(size.height)
        }
        var result = ""
        var rest = Substring(text)
        // A placeholder not known yet ({width} before running) stays as written; the rest go on.
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            let name = String(rest[rest.index(after: open)..<close])
            result += rest[..<open] + (values[name] ?? "{\(name)}")
            rest = rest[rest.index(after: close)...]
        }
        result += rest
        let collapsed = result.split(separator: "/", omittingEmptySubsequences: true).joined(separator: "/")
        return result.hasPrefix("/") ? "/" + collapsed : collapsed
    }

    /// Throws ``BatchError/outputLeavesFolder(input:output:folder:)`` when `expanded`, the path
    /// `pattern` gave for `input`, is not inside the folder the pattern's text before its first
    /// placeholder names (`out/` for `out/{name}/{width}.png`): what an input's name fills in
    /// (`{name}` of `...png` is `..`) never leads a write elsewhere. The expanded path is what is
    /// checked, not the pieces. A pattern without placeholders is the user's own path.
    static func checkStaysInside(_ expanded: String, pattern: String, input: String) throws(BatchError) {
        guard let open = pattern.firstIndex(of: "{") else { return }
        let fixed = pattern[..<open]
        let folder = fixed.lastIndex(of: "/").map { String(fixed[...$0]) } ?? ""
        let inside = Self.components(folder)
        let path = Self.components(expanded)
        guard expanded.hasPrefix("/") == folder.hasPrefix("/"), path.count > inside.count, Array(path.prefix(inside.count)) == inside,
            !path.contains("..") || inside.contains("..") && path.lastIndex(of: "..") == inside.lastIndex(of: "..")
        else {
            throw .outputLeavesFolder(input: input, output: expanded, folder: folder)
        }
    }

    /// The components of `path` with `.` left out and each `..` taking away the one before it
    /// (a leading `..` stays).
    static func components(_ path: String) -> [String] {
        var stack: [String] = []
        for part in path.split(separator: "/") where part != "." {
            if part == "..", let last = stack.last, last != ".." {
                stack.removeLast()
            } else {
                stack.append(String(part))
            }
        }
        return stack
    }

    /// The pattern.
    public var description: String { pattern }
}
