extension ImageCodecRegistry {
    /// Every format a codec here reads or writes, each once, available in this build or not: the
    /// built-in formats in their order, then those added.
    public var formats: [ImageFormat] {
        var seen: [ImageFormat] = []
        for codec in codecs where !seen.contains(codec.format) { seen.append(codec.format) }
        return seen
    }

    /// The format whose `format=` name is `name` (`png`, `jpeg`), or `nil`.
    public func format(named name: String) -> ImageFormat? { formats.first { $0.rawValue == name } }

    /// The file-name extensions that select each format, lower case, without the dot.
    public var extensions: [String: ImageFormat] {
        var table: [String: ImageFormat] = [:]
        for format in formats {
            for name in format.fileExtensions where table[name] == nil { table[name] = format }
        }
        return table
    }

    /// The format named by `path`'s extension (case-insensitive), or `nil`.
    public func format(forPath path: String) -> ImageFormat? {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        guard let dot = name.lastIndex(of: ".") else { return nil }
        return extensions[name[name.index(after: dot)...].lowercased()]
    }

    /// The format `bytes` (a file's first bytes) start with, by signature, or `nil`.
    public func format(sniffing bytes: [UInt8]) -> ImageFormat? { decoder(sniffing: bytes)?.format }

    /// The system library `format`'s codec runs on, if any.
    public func library(of format: ImageFormat) -> CodecLibrary? {
        let codec: (any ImageCodec)? = decoder(for: format) ?? encoder(for: format)
        return codec?.library
    }

    /// Whether this build can read `format` (a decoder for it is here and its library was found).
    public func reads(_ format: ImageFormat) -> Bool {
        decoder(for: format)?.isAvailable ?? encoder(for: format)?.isAvailable ?? false
    }

    /// Whether this build can write `format` (SVG and vector drawables are read only, and a format
    /// whose library was not found is neither read nor written).
    public func writes(_ format: ImageFormat) -> Bool { encoder(for: format)?.isAvailable ?? false }

    /// The formats this build reads, in listing order.
    public var readableFormats: [ImageFormat] { formats.filter(reads) }

    /// The formats this build writes, in listing order.
    public var writableFormats: [ImageFormat] { formats.filter(writes) }

    /// The extensions of the formats this build writes, for messages: `.png, .jpg, .jpeg, .jpe, .jfif, .webp`.
    public var writableExtensionList: String { writableFormats.flatMap(\.fileExtensions).map { "." + $0 }.joined(separator: ", ") }

    /// The `format=` names of the formats this build writes: `png|jpeg|webp`.
    public var writableFormatList: String { writableFormats.map(\.rawValue).joined(separator: "|") }

    /// The display names of every format here that is read (`decoders`) or written, as a
    /// sentence list: `PNG, JPEG or GIF` with `conjunction` "or".
    public func formatNames(readable: Bool = true, joinedBy conjunction: String) -> String {
        let names = formats.filter { format in readable ? decoder(for: format) != nil : encoder(for: format) != nil }.map(\.description)
        guard let last = names.last else { return "" }
        return names.count == 1 ? last : names.dropLast().joined(separator: ", ") + " \(conjunction) " + last
    }

    /// The error for `format` when this build cannot use its codec, naming what to install.
    public func unavailable(_ format: ImageFormat) -> FormatUnavailableError {
        FormatUnavailableError(format: format, library: library(of: format))
    }
}
