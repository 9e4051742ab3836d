/// The items of a HEIF file's `meta` box: each one's type (`iinf`) and where its bytes are
/// (`iloc`, in the file or in `idat`), read as libheif 1.15 reads them, to look at coded data
/// before libheif hands it to a decoder.
struct HEIFItemLocations {
    /// One item: its type and the pieces of its data, in order.
    struct Item {
        /// The four-character type (`av01`, `hvc1`, `grid`, `Exif`, …); 0 when `iinf` gives none.
        var type: UInt32 = 0
        /// Its extents as ranges of the file (or of `idat`), already cut to the bytes there are.
        var extents: [Range<Int>] = []
        /// Whether the extents are offsets into `idat` rather than the file.
        var inIdat = false
    }

    /// The items by ID.
    private(set) var items: [UInt32: Item] = [:]
    /// The payload of the `idat` box, if any.
    private(set) var idat: ArraySlice<UInt8> = []
    /// The payloads of the `av1C` boxes among the item properties (`iprp`/`ipco`), after their
    /// four fixed bytes: the configuration OBUs libheif puts in front of every AV1 item it decodes.
    private(set) var av1Configurations: [ArraySlice<UInt8>] = []
    /// The payloads of the `hvcC` boxes among the item properties: the parameter sets libheif
    /// puts in front of every HEVC item it decodes.
    private(set) var hevcConfigurations: [ArraySlice<UInt8>] = []

    /// Reads `bytes`; a file without `meta` has no items.
    init(_ bytes: [UInt8]) {
        guard let meta = HEIFBoxes.first("meta", in: bytes[...], fullBox: true) else { return }
        HEIFBoxes.forEach(in: meta) { type, payload in
            switch type {
            case HEIFBoxes.fourCC("iloc"): readLocations(payload, fileSize: bytes.count)
            case HEIFBoxes.fourCC("iinf"): readTypes(payload)
            case HEIFBoxes.fourCC("idat"): idat = payload
            case HEIFBoxes.fourCC("iprp"):
                guard let ipco = HEIFBoxes.first("ipco", in: payload, fullBox: false) else { return }
                HEIFBoxes.forEach(in: ipco) { property, body in
                    if property == HEIFBoxes.fourCC("av1C"), body.count > 4 { av1Configurations.append(body.dropFirst(4)) }
                    if property == HEIFBoxes.fourCC("hvcC") { hevcConfigurations.append(body) }
                }
            default: break
            }
        }
        // Extents in idat are relative to its payload: cut them to it.
        for (id, item) in items where item.inIdat {
            items[id]?.extents = item.extents.map { $0.clamped(to: 0..<idat.count) }.filter { !$0.isEmpty }
        }
    }

    /// The data of `item`, its extents joined, or `nil` when they add up to more than `limit`
    /// bytes (a well-formed file's items never overlap, so no item is larger than the file).
    func data(of item: Item, in bytes: [UInt8], limit: Int) -> [UInt8]? {
        var total = 0
        for extent in item.extents {
            total += extent.count
            if total > limit { return nil }
        }
        var data: [UInt8] = []
        data.reserveCapacity(total)
        for extent in item.extents {
            if item.inIdat {
                data += idat[(idat.startIndex + extent.lowerBound)..<(idat.startIndex + extent.upperBound)]
            } else {
                data += bytes[extent]
            }
        }
        return data
    }

    /// `iinf`: a count, then `infe` boxes; versions 2 and 3 give the item's type.
    private mutating func readTypes(_ payload: ArraySlice<UInt8>) {
        guard let version = payload.first else { return }
        HEIFBoxes.forEach(in: payload.dropFirst(version == 0 ? 6 : 8)) { type, infe in
            guard type == HEIFBoxes.fourCC("infe"), let version = infe.first, version >= 2 else { return }
            var reader = ByteReader(infe.dropFirst(4))
            guard reader.remaining >= (version == 2 ? 8 : 10) else { return }
            let id = version == 2 ? UInt32(reader.uint16BE()) : reader.uint32BE()
            _ = reader.uint16BE()  // item_protection_index
            items[id, default: Item()].type = reader.uint32BE()
        }
    }

    /// `iloc` (ISO/IEC 14496-12 8.11.3), versions 0 to 2, field widths of 0 to 8 bytes.
    private mutating func readLocations(_ payload: ArraySlice<UInt8>, fileSize: Int) {
        guard let version = payload.first, version <= 2, payload.count >= 6 else { return }
        var reader = ByteReader(payload.dropFirst(4))
        let sizes = reader.uint16BE()
        let offsetSize = Int(sizes >> 12)
        let lengthSize = Int(sizes >> 8 & 0xF)
        let baseSize = Int(sizes >> 4 & 0xF)
        let indexSize = version == 0 ? 0 : Int(sizes & 0xF)
        guard [offsetSize, lengthSize, baseSize, indexSize].allSatisfy({ $0 <= 8 }) else { return }
        func number(_ bytes: Int) -> Int {
            var value: UInt64 = 0
            for _ in 0..<bytes { value = value << 8 | UInt64(reader.uint8()) }
            return Int(clamping: value)
        }
        let count = version < 2 ? Int(reader.uint16BE()) : Int(reader.uint32BE())
        for _ in 0..<count {
            guard reader.remaining >= (version < 2 ? 2 : 4) else { return }
            let id = version < 2 ? UInt32(reader.uint16BE()) : reader.uint32BE()
            let method = version == 0 ? 0 : Int(reader.uint16BE() & 0xF)
            _ = reader.uint16BE()  // data_reference_index
            let base = number(baseSize)
            let extentCount = Int(reader.uint16BE())
            var item = items[id] ?? Item()
            item.inIdat = method == 1
            for _ in 0..<extentCount {
                guard reader.remaining > 0 else { break }
                _ = number(indexSize)
                let (offset, overflow) = base.addingReportingOverflow(number(offsetSize))
                let length = number(lengthSize)
                // A length of 0 is the rest of the data; what lies past the end is not there.
                let end = length == 0 || overflow ? Int.max : offset.addingReportingOverflow(length).overflow ? Int.max : offset + length
                let limit = method == 1 ? Int.max : fileSize
                guard method <= 1, !overflow, offset < limit else { continue }
                item.extents.append(offset..<min(end, limit))
            }
            items[id] = item
        }
    }
}
