/// The properties of one HEIF item: the boxes of `iprp`/`ipco` its first `ipma` entry
/// associates with it, in the order the entry lists them (the order transforms apply in).
struct HEIFItemProperties {
    /// Each property's four-character type and payload.
    private(set) var list: [(type: UInt32, payload: ArraySlice<UInt8>)] = []

    /// Reads the properties of item `id` in `bytes`; a file or item without them has none.
    init(_ bytes: [UInt8], item id: UInt32) {
        guard let meta = HEIFBoxes.first("meta", in: bytes[...], fullBox: true),
            let iprp = HEIFBoxes.first("iprp", in: meta, fullBox: false),
            let ipco = HEIFBoxes.first("ipco", in: iprp, fullBox: false)
        else { return }
        var boxes: [(type: UInt32, payload: ArraySlice<UInt8>)] = []
        HEIFBoxes.forEach(in: ipco) { boxes.append(($0, $1)) }
        for index in Self.associations(of: id, in: iprp) where index > 0 && index <= boxes.count {
            list.append(boxes[index - 1])
        }
    }

    /// The payload of the first property of `type`.
    func first(_ type: String) -> ArraySlice<UInt8>? {
        let wanted = HEIFBoxes.fourCC(type)
        return list.first { $0.type == wanted }?.payload
    }

    /// The 1-based `ipco` indices the first `ipma` entry for item `id` lists, in order (ISO/IEC
    /// 23008-12 9.3.2: 16- or 32-bit item IDs by version, 7- or 15-bit indices by flag).
    private static func associations(of id: UInt32, in iprp: ArraySlice<UInt8>) -> [Int] {
        guard let ipma = HEIFBoxes.first("ipma", in: iprp, fullBox: false), ipma.count >= 8 else { return [] }
        let version = ipma[ipma.startIndex]
        let wideIndex = ipma[ipma.startIndex + 3] & 1 != 0
        var reader = ByteReader(ipma.dropFirst(4))
        let entries = reader.uint32BE()
        // Each entry takes at least 3 bytes: the loop ends with the payload, whatever the count.
        for _ in 0..<entries {
            guard reader.remaining >= (version < 1 ? 3 : 5) else { return [] }
            let item = version < 1 ? UInt32(reader.uint16BE()) : reader.uint32BE()
            let count = Int(reader.uint8())
            guard reader.remaining >= count * (wideIndex ? 2 : 1) else { return [] }
            var indices: [Int] = []
            for _ in 0..<count {
                indices.append(wideIndex ? Int(reader.uint16BE() & 0x7FFF) : Int(reader.uint8() & 0x7F))
            }
            if item == id { return indices }
        }
        return []
    }
}
