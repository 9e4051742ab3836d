/// The boxes of an ISO base media file (HEIF's container), read as leniently as libheif 1.15
/// reads them, so that whatever it would find is found here too: a box longer than the box
/// holding it is cut at its end, a size of 0 runs to the end, and reading stops at a header
/// that cannot be read.
enum HEIFBoxes {
    /// Calls `body` with the four-character type of each box among `bytes` and its payload (after
    /// the size and type), in order.
    static func forEach(in bytes: ArraySlice<UInt8>, _ body: (_ type: UInt32, _ payload: ArraySlice<UInt8>) throws -> Void) rethrows {
        var reader = ByteReader(bytes)
        while reader.remaining >= 8 {
            let start = reader.position
            var size = Int(reader.uint32BE())
            let kind = reader.uint32BE()
            var header = 8
            if size == 1 {
                guard reader.remaining >= 8 else { return }
                let large = UInt64(reader.uint32BE()) << 32 | UInt64(reader.uint32BE())
                size = Int(Swift.min(large, UInt64(bytes.endIndex - start)))
                header = 16
            } else if size == 0 {
                size = bytes.endIndex - start
            }
            guard size >= header else { return }
            try body(kind, bytes[(start + header)..<Swift.min(start + size, bytes.endIndex)])
            reader.skip(size - header)
        }
    }

    /// The payload of the first box of `type` among `bytes` (after the 4 bytes of version and
    /// flags when `fullBox`), or `nil` when there is none or it is empty.
    static func first(_ type: String, in bytes: ArraySlice<UInt8>, fullBox: Bool) -> ArraySlice<UInt8>? {
        let wanted = fourCC(type)
        var found: ArraySlice<UInt8>?
        forEach(in: bytes) { kind, payload in
            guard found == nil, kind == wanted, payload.count > (fullBox ? 4 : 0) else { return }
            found = payload.dropFirst(fullBox ? 4 : 0)
        }
        return found
    }

    /// The number whose big-endian bytes spell `code`.
    static func fourCC(_ code: String) -> UInt32 { code.utf8.reduce(UInt32(0)) { $0 << 8 | UInt32($1) } }
}
