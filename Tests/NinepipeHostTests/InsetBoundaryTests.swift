import NinepipeCore
import NinepipePlugins
import Testing

@testable import NinepipeHost

/// The two text orders at their boundaries. The DSL's `insets=` is top, left, bottom,
/// right (as the code's initialiser); CSS prints top, right, bottom, left, in the CSS printer only.
@Suite("inset orders at the text boundaries")
struct InsetBoundaryTests {
    let insets = NinePatchInsets(top: 1, left: 2, bottom: 3, right: 4)

    @Test("ninepatch insets=1,2,3,4 is top 1, left 2, bottom 3, right 4")
    func dslOrder() throws {
        let pipeline = try PipelineCompiler(requiresSource: false).pipeline("ninepatch width=40 height=40 insets=1,2,3,4")
        let step = try #require(pipeline.steps.first?.transform as? Transforms.NinePatch)
        #expect(step.insets == insets)
    }

    @Test("CSS lists them top, right, bottom, left (border-image-slice, padding), halves at 2x; messages and JSON use Ninepipe's order")
    func cssOrder() {
        #expect(AssetConverter.cssList(insets, scale: 1) == "1px 4px 3px 2px")
        #expect(AssetConverter.cssList(insets, scale: 2) == "0.5px 2px 1.5px 1px")
        #expect(AssetConverter.pixelList(insets) == "1, 2, 3, 4")
        #expect(NinePatchNotation.json(insets) == #"{"top":1,"left":2,"bottom":3,"right":4}"#)
        #expect(NinePatchNotation.uiEdgeInsets(insets) == "UIEdgeInsets(top: 1, left: 2, bottom: 3, right: 4)")
        #expect(NinePatchNotation.androidRect(insets) == "Rect(2, 1, 4, 3)")
        #expect(NinePatchNotation.flutterCenterSlice(insets, width: 20, height: 10) == "centerSlice: Rect.fromLTRB(2, 1, 16, 7)")
    }
}
