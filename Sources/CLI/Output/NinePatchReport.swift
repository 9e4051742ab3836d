import NinepipeCore
import NinepipeHost

/// What `ninepipe ninepatch inspect` prints: the nine-patch description as JSON, iOS cap insets,
/// CSS `border-image`, or Android padding.
struct NinePatchReport {
    let width: Int, height: Int
    let chunk: NinePatchChunk
    let layoutBounds: NinePatchInsets?
    let source: String
    let fileName: String

    init(image: Image, source: String, fileName: String) {
        width = image.width
        height = image.height
        chunk =
            image.metadata.ninePatch?.chunk ?? NinePatchChunk(xDivs: [], yDivs: [], padding: NinePatchInsets(top: 0, left: 0, bottom: 0, right: 0), colors: [])
        layoutBounds = image.metadata.ninePatch?.layoutBounds?.insets
        self.source = source
        self.fileName = fileName
    }

    func text(format: String) -> String {
        switch format {
        case "ios": ios
        case "css": css
        case "android": android
        default: json
        }
    }

    /// One line of JSON, keys in a fixed order.
    var json: String {
        func list(_ values: [Int32]) -> String { "[" + values.map(String.init).joined(separator: ",") + "]" }
        let bounds = layoutBounds.map(NinePatchNotation.json) ?? "null"
        return "{\"width\":\(width),\"height\":\(height),\"xDivs\":\(list(chunk.xDivs)),\"yDivs\":\(list(chunk.yDivs)),"
            + "\"padding\":\(NinePatchNotation.json(chunk.padding)),\"layoutBounds\":\(bounds),"
            + "\"colors\":[" + chunk.colors.map(String.init).joined(separator: ",") + "],\"source\":\"\(source)\"}"
    }

    /// Cap insets: from the edges to the first and last stretch regions.
    var capInsets: NinePatchInsets { chunk.capInsets(width: width, height: height) }

    private func regions(_ divs: [Int32]) -> [String] { NinePatchNotation.regions(divs) }

    var ios: String {
        let c = capInsets
        var lines = [NinePatchNotation.uiEdgeInsets(c)]
        let onePixel =
            zip(chunk.xDivs, chunk.xDivs.dropFirst()).enumerated().allSatisfy { $0.offset % 2 == 1 || $0.element.1 - $0.element.0 == 1 }
            && zip(chunk.yDivs, chunk.yDivs.dropFirst()).enumerated().allSatisfy { $0.offset % 2 == 1 || $0.element.1 - $0.element.0 == 1 }
        lines.append(
            "// image.resizableImage(withCapInsets: \(NinePatchNotation.uiEdgeInsets(c)), resizingMode: .stretch)"
        )
        if onePixel {
            lines.append("// resizingMode: the stretch regions are 1 pixel, so .stretch and .tile give the same pixels; .stretch is cheapest.")
        } else {
            lines.append("// resizingMode: .stretch matches Android; use .tile to repeat a patterned middle instead of smearing it.")
        }
        for (axis, divs) in [("x", chunk.xDivs), ("y", chunk.yDivs)] where divs.count > 2 {
            lines.append(
                "// note: \(divs.count / 2) stretch regions along \(axis) (\(regions(divs).joined(separator: ", "))); iOS has one per axis and stretches everything between the caps, fixed parts in between included."
            )
        }
        lines.append(
            "// content padding (Android): top \(chunk.padding.top), left \(chunk.padding.left), bottom \(chunk.padding.bottom), right \(chunk.padding.right)")
        return lines.joined(separator: "\n")
    }

    var css: String {
        let c = capInsets
        let p = chunk.padding
        var lines = [
            "box-sizing: border-box;",
            "border-image-source: url(\"\(fileName)\");",
            "border-image-slice: \(NinePatchNotation.css(c)) fill;",
            "border-image-width: \(NinePatchNotation.css(c) { "\($0)px" });",
            "border-image-repeat: stretch;",
            "padding: \(NinePatchNotation.css(p) { "\($0)px" });",
        ]
        for (axis, divs) in [("x", chunk.xDivs), ("y", chunk.yDivs)] where divs.count > 2 {
            lines.append("/* \(divs.count / 2) stretch regions along \(axis) (\(regions(divs).joined(separator: ", "))): CSS slices one middle per axis. */")
        }
        return lines.joined(separator: "\n")
    }

    var android: String {
        let p = chunk.padding
        var lines = [
            "padding: \(NinePatchNotation.androidRect(p))  // NinePatchDrawable.getPadding(): left, top, right, bottom in pixels",
            "android:paddingLeft=\"\(p.left)px\" android:paddingTop=\"\(p.top)px\" android:paddingRight=\"\(p.right)px\" android:paddingBottom=\"\(p.bottom)px\"",
        ]
        if let b = layoutBounds {
            lines.append("opticalInsets: \(NinePatchNotation.androidInsets(b))  // getOpticalInsets(), from the layout bounds")
        }
        lines.append("stretch regions: x \(regions(chunk.xDivs).joined(separator: ", ")); y \(regions(chunk.yDivs).joined(separator: ", "))")
        return lines.joined(separator: "\n")
    }
}
