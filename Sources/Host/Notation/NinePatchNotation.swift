import NinepipeCore

/// Cap insets, padding and stretch regions written in each platform's notation, keys and
/// arguments in the order that platform's API takes them. The one place that knows them all:
/// `ninepatch inspect` and `assets web` (and anything else that prints insets) use it.
///
/// Ninepipe's own order, for its inset lists and JSON keys, is UIEdgeInsets': top, left,
/// bottom, right.
public enum NinePatchNotation {
    /// `UIEdgeInsets(top: 8, left: 4, bottom: 8, right: 4)`.
    public static func uiEdgeInsets(_ i: NinePatchInsets) -> String {
        "UIEdgeInsets(top: \(i.top), left: \(i.left), bottom: \(i.bottom), right: \(i.right))"
    }

    /// Android's `Rect(left, top, right, bottom)`, as `NinePatchDrawable.getPadding()` fills it.
    public static func androidRect(_ i: NinePatchInsets) -> String { "Rect(\(i.left), \(i.top), \(i.right), \(i.bottom))" }

    /// Android's `Insets.of(left, top, right, bottom)`.
    public static func androidInsets(_ i: NinePatchInsets) -> String { "Insets.of(\(i.left), \(i.top), \(i.right), \(i.bottom))" }

    /// Flutter's `centerSlice: Rect.fromLTRB(…)` for cap insets `caps` of a `width` × `height` image.
    public static func flutterCenterSlice(_ caps: NinePatchInsets, width: Int, height: Int) -> String {
        "centerSlice: Rect.fromLTRB(\(caps.left), \(caps.top), \(Int32(clamping: width) - caps.right), \(Int32(clamping: height) - caps.bottom))"
    }

    /// CSS's four values, top, right, bottom, left, each written by `value`: `8 4 8 4`.
    public static func css(_ i: NinePatchInsets, _ value: (Int32) -> String = { "\($0)" }) -> String {
        [i.top, i.right, i.bottom, i.left].map(value).joined(separator: " ")
    }

    /// Ninepipe's order as a list: `8, 4, 8, 4` (top, left, bottom, right).
    public static func list(_ i: NinePatchInsets) -> String { [i.top, i.left, i.bottom, i.right].map(String.init).joined(separator: ", ") }

    /// A JSON object in Ninepipe's order: `{"top":8,"left":4,"bottom":8,"right":4}`.
    public static func json(_ i: NinePatchInsets) -> String {
        "{\"top\":\(i.top),\"left\":\(i.left),\"bottom\":\(i.bottom),\"right\":\(i.right)}"
    }

    /// Stretch regions as half-open ranges: `["4..<5", "12..<14"]`.
    public static func regions(_ divs: [Int32]) -> [String] {
        stride(from: 0, to: divs.count - 1, by: 2).map { "\(divs[$0])..<\(divs[$0 + 1])" }
    }
}
