/// One image of a GIF as stored: its place, palette and the graphic control block before it.
struct GIFFrameRecord: Sendable {
    /// The frame's rectangle on the logical screen (it may reach past it).
    var left = 0, top = 0, width = 0, height = 0
    /// Whether its rows are stored interlaced.
    var isInterlaced = false
    /// Its own colour table (3 bytes an entry), if it has one.
    var localPalette: [UInt8]?
    /// The transparent index its graphic control block names, if any.
    var transparentIndex: Int?
    /// The disposal bits of its graphic control block (0: none given).
    var disposal = 0
    /// Its delay in milliseconds (0 without a graphic control block).
    var delay = 0

    /// Where the frame's rectangle ends.
    var right: Int { left + width }
    /// Where the frame's rectangle ends.
    var bottom: Int { top + height }
}

/// What a GIF's logical screen descriptor says.
struct GIFScreen: Sendable {
    /// The logical screen's size.
    var width: Int, height: Int
    /// The global colour table (3 bytes an entry), if the file has one.
    var globalPalette: [UInt8]?
    /// The background index, present when there is a global colour table.
    var background: Int?
}
