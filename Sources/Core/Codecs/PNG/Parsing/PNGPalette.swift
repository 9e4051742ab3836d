/// The `PLTE` chunk, with alpha from `tRNS` merged in: RGBA per entry.
struct PNGPalette: Sendable, Hashable {
    /// Entries as R, G, B, A.
    var entries: [(UInt8, UInt8, UInt8, UInt8)]

    init(entries: [(UInt8, UInt8, UInt8, UInt8)]) { self.entries = entries }

    /// Parses a `PLTE` body (1–256 RGB triples).
    init(parsing bytes: ArraySlice<UInt8>) throws(ChunkFormatError) {
        guard bytes.count % 3 == 0, bytes.count >= 3, bytes.count <= 768 else {
            throw ChunkFormatError("PLTE is \(bytes.count) bytes; it must hold 1–256 RGB triples (a multiple of 3, at most 768)")
        }
        var entries: [(UInt8, UInt8, UInt8, UInt8)] = []
        var index = bytes.startIndex
        while index < bytes.endIndex {
            entries.append((bytes[index], bytes[index + 1], bytes[index + 2], 255))
            index += 3
        }
        self.entries = entries
    }

    /// Applies `tRNS` alpha values to the first entries.
    mutating func applyTransparency(_ alphas: ArraySlice<UInt8>) throws(ChunkFormatError) {
        guard alphas.count <= entries.count else {
            throw ChunkFormatError("tRNS has \(alphas.count) alpha values but PLTE only \(entries.count) entries")
        }
        for (offset, alpha) in alphas.enumerated() { entries[offset].3 = alpha }
    }

    /// Whether any entry is not fully opaque.
    var hasAlpha: Bool { entries.contains { $0.3 != 255 } }

    static func == (lhs: PNGPalette, rhs: PNGPalette) -> Bool {
        lhs.entries.elementsEqual(rhs.entries) { $0 == $1 }
    }

    func hash(into hasher: inout Hasher) {
        for entry in entries {
            hasher.combine(entry.0)
            hasher.combine(entry.1)
            hasher.combine(entry.2)
            hasher.combine(entry.3)
        }
    }
}
