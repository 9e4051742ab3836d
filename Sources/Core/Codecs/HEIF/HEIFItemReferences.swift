/// The item references of a HEIF file (its `meta` box's `iref`), read from the container to
/// refuse what libheif would follow for ever.
///
/// libheif 1.15 decodes a derived image (a `grid`, an `iovl`) by decoding the items it refers
/// to (`dimg`), and an image's alpha through the item that refers back to it (`auxl`), without
/// noticing a loop: a 40×20 grid whose tile is the grid itself makes it start threads until
/// the process has none left (or, decoding on one thread, overflow the stack). A file whose
/// references loop, or nest deeper than ``maximumDepth``, is refused before libheif sees it.
/// (Found twice by the heif fuzz target: first a plain self-referencing grid, then the same
/// loop written with a reference box of size 0 inside an `iref` running past its `meta`, which
/// a strict reading here had skipped.)
struct HEIFItemReferences {
    /// Derived images nest at most this deep (the spec allows a grid of coded tiles; a few
    /// levels leave room for overlays of grids and their alpha).
    static let maximumDepth = 8

    /// For each item, the items decoding it also decodes (`dimg` targets; items whose `auxl` points at it).
    private(set) var decodes: [UInt32: [UInt32]] = [:]
    /// Where the `iref` box starts in the file, for messages.
    private(set) var offset: Int?

    /// Reads the references of `bytes`; a file without `meta` or `iref` has none.
    ///
    /// Read as leniently as libheif 1.15 reads them, so that every reference it would follow is
    /// seen here: a box longer than the box holding it is cut at its end, and the reference
    /// boxes inside `iref` are read one after another without trusting their sizes (libheif
    /// reads a header, the item, the count and that many items, whatever the size says; a size
    /// of 0 is common in its fuzzers' files). Reading stops where the bytes end.
    init(_ bytes: [UInt8]) {
        guard let meta = HEIFBoxes.first("meta", in: bytes[...], fullBox: true),
            let iref = HEIFBoxes.first("iref", in: meta, fullBox: true)
        else { return }
        offset = iref.startIndex - 12
        let width = bytes[iref.startIndex - 4] == 0 ? 2 : 4
        var reader = ByteReader(iref)
        func itemID() -> UInt32 { width == 2 ? UInt32(reader.uint16BE()) : reader.uint32BE() }
        while reader.remaining >= 8 {
            let size = reader.uint32BE()
            let type = reader.uint32BE()
            if size == 1 { reader.skip(8) }
            guard reader.remaining >= width + 2 else { return }
            let from = itemID()
            let count = Int(reader.uint16BE())
            for _ in 0..<count {
                guard reader.remaining >= width else { return }
                let to = itemID()
                switch type {
                case Self.dimg: decodes[from, default: []].append(to)
                case Self.auxl: decodes[to, default: []].append(from)
                default: break
                }
            }
        }
    }

    /// Throws when some item's decoding would come back to it, or nests too deep.
    func checkAcyclic() throws(HEIFError) {
        let at = offset.map { " (the iref box at byte \($0))" } ?? ""
        // Depth-first from every item, with an explicit stack: 0 unseen, 1 on the path, 2 done.
        var state: [UInt32: UInt8] = [:]
        for root in decodes.keys.sorted() where state[root] == nil {
            var path: [(item: UInt32, next: Int)] = [(root, 0)]
            state[root] = 1
            while let top = path.last {
                let targets = decodes[top.item] ?? []
                guard top.next < targets.count else {
                    state[top.item] = 2
                    path.removeLast()
                    continue
                }
                path[path.count - 1].next += 1
                let target = targets[top.next]
                switch state[target] {
                case 1?:
                    throw .corrupt(
                        "image item \(target) is made from itself through its references\(at): refusing a loop libheif would follow until it runs out of threads or stack"
                    )
                case 2?:
                    continue
                default:
                    guard path.count < Self.maximumDepth else {
                        throw .corrupt("derived images nest more than \(Self.maximumDepth) levels deep\(at)")
                    }
                    state[target] = 1
                    path.append((target, 0))
                }
            }
        }
    }

    private static let dimg = HEIFBoxes.fourCC("dimg")
    private static let auxl = HEIFBoxes.fourCC("auxl")
}
