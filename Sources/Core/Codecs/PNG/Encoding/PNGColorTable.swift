/// A small open-addressing set of RGBA colours that gives up past 256 entries:
/// decides whether an image fits a palette and maps colours to palette indices.
struct PNGColorTable {
    private var keys: [UInt32]
    private var indices: [UInt8]
    private var used: [Bool]
    private(set) var colors: [UInt32] = []
    private let mask: Int

    init() {
        let capacity = 1024
        keys = [UInt32](repeating: 0, count: capacity)
        indices = [UInt8](repeating: 0, count: capacity)
        used = [Bool](repeating: false, count: capacity)
        mask = capacity - 1
    }

    /// Adds `color`; returns `false` once more than 256 distinct colours were seen.
    @inline(__always)
    mutating func insert(_ color: UInt32) -> Bool {
        var slot = Int(truncatingIfNeeded: (color &* 0x9E37_79B1) >> 22) & mask
        while used[slot] {
            if keys[slot] == color { return true }
            slot = (slot + 1) & mask
        }
        guard colors.count < 256 else { return false }
        used[slot] = true
        keys[slot] = color
        indices[slot] = UInt8(colors.count)
        colors.append(color)
        return true
    }

    /// The palette index of a colour that was inserted.
    @inline(__always)
    func index(of color: UInt32) -> UInt8 {
        var slot = Int(truncatingIfNeeded: (color &* 0x9E37_79B1) >> 22) & mask
        while used[slot] {
            if keys[slot] == color { return indices[slot] }
            slot = (slot + 1) & mask
        }
        return 0
    }

    /// Reorders the palette so that translucent entries come first (a shorter `tRNS`).
    mutating func sortTranslucentFirst() {
        let sorted = colors.filter { $0 & 0xFF != 0xFF } + colors.filter { $0 & 0xFF == 0xFF }
        self = PNGColorTable()
        for color in sorted { _ = insert(color) }
    }
}
