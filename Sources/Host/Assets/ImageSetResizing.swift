import NinepipeCore

/// The slicing of one image in an `.imageset` (Xcode's `resizing` key), in that image's pixels.
///
/// Xcode writes `cap-insets` (older versions `capInsets`) and center modes `stretch` or
/// `tile` (older `fill`, read as stretch).
public struct ImageSetResizing: Sendable, Hashable {
    /// Which axes stretch.
    public enum Mode: String, Sendable, Hashable, CaseIterable {
        /// Both axes: nine parts.
        case ninePart = "9-part"
        /// Only the horizontal axis: left cap, center, right cap.
        case threePartHorizontal = "3-part-horizontal"
        /// Only the vertical axis: top cap, center, bottom cap.
        case threePartVertical = "3-part-vertical"

        /// Whether the horizontal axis stretches.
        public var stretchesHorizontally: Bool { self != .threePartVertical }
        /// Whether the vertical axis stretches.
        public var stretchesVertically: Bool { self != .threePartHorizontal }
    }

    /// How the center fills the space.
    public enum CenterMode: String, Sendable, Hashable, CaseIterable {
        /// Scaled to fit (UIKit `.stretch`); Android and CSS `stretch` do the same.
        case stretch
        /// Repeated from its top-left (UIKit `.tile`); CSS `repeat`; Android cannot tile.
        case tile
    }

    /// Which axes stretch.
    public var mode: Mode
    /// How the center fills.
    public var centerMode: CenterMode
    /// The fixed caps (top, left, bottom, right); only the stretching axes' caps count.
    public var capInsets: NinePatchInsets

    /// Creates the slicing.
    public init(mode: Mode, centerMode: CenterMode, capInsets: NinePatchInsets) {
        self.mode = mode
        self.centerMode = centerMode
        self.capInsets = capInsets
    }

    /// The nine-patch that stretches the same center of a `width`×`height` image: one stretch
    /// region per stretching axis, padding = the center area (Android's default), and
    /// `alignment` as optical layout bounds.
    ///
    /// - Throws: a message when the caps leave no center pixel on a stretching axis.
    public func ninePatch(width: Int, height: Int, alignment: NinePatchInsets?) throws(AssetError) -> NinePatchInfo {
        let c = capInsets
        func divs(_ stretches: Bool, _ start: Int32, _ end: Int32, length: Int, axis: String) throws(AssetError) -> [Int32] {
            guard stretches else { return [] }
            guard start >= 0, end >= 0, Int(start) + Int(end) < length else {
                throw .noCenter(axis: axis, start: start, end: end, length: length, size: nil)
            }
            return [start, Int32(length) - end]
        }
        let xDivs = try divs(mode.stretchesHorizontally, c.left, c.right, length: width, axis: "left/right")
        let yDivs = try divs(mode.stretchesVertically, c.top, c.bottom, length: height, axis: "top/bottom")
        let padding = NinePatchInsets(
            top: yDivs.isEmpty ? 0 : c.top, left: xDivs.isEmpty ? 0 : c.left,
            bottom: yDivs.isEmpty ? 0 : c.bottom, right: xDivs.isEmpty ? 0 : c.right)
        let cells = NinePatchInfo.cellCount(xDivs, length: width) * NinePatchInfo.cellCount(yDivs, length: height)
        let chunk = NinePatchChunk(
            xDivs: xDivs, yDivs: yDivs, padding: padding,
            colors: Array(repeating: NinePatchChunk.noColor, count: cells))
        let bounds = alignment.flatMap { $0.isZero ? nil : NinePatchLayoutBounds(insets: $0) }
        return NinePatchInfo(chunk: chunk, layoutBounds: bounds)
    }
}
