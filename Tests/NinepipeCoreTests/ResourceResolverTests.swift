import Testing

@testable import NinepipeCore

/// One set of rules for every reference an Android drawable's values hold: the same answer for a
/// vector's paint, a shape's colour and a theme's item, whichever way the chain runs.
@Suite("Resource resolver")
struct ResourceResolverTests {
    static let android = ##"xmlns:android="http://schemas.android.com/apk/res/android""##

    /// A tree whose theme's accent is a colour state list at half alpha, reached through a
    /// chain of 20 colour references and two theme attributes.
    static var tree: VectorDrawable.Resources {
        var colors = ["accent_list": "@color/step0"]
        for step in 0..<20 { colors["step\(step)"] = step == 19 ? "#FF0000FF" : "@color/step\(step + 1)" }
        var resources = VectorDrawable.Resources(colors: colors)
        resources.colorAlphas = ["accent_list": 0.5]
        resources.themeValues = ["colorAccent": "?attr/colorSecondary", "colorSecondary": "@color/accent_list", "cornerSize": "@dimen/corner"]
        resources.dimensions = ["corner": "@dimen/base", "base": "6dp", "hair": "1px"]
        resources.strings = ["half": "@string/shape", "shape": "M0,0h4v2h-4z"]
        return resources
    }

    @Test("colours: a state list's alpha is applied on every path, theme chains are followed, 32 references in all")
    func colors() throws {
        let resolver = ResourceResolver(resources: Self.tree)
        let halfBlue = AndroidColor(red: 0, green: 0, blue: 255, alpha: 128)
        #expect(try resolver.color("@color/accent_list") == .color(halfBlue, isFramework: false))
        #expect(try resolver.color("?attr/colorAccent") == .color(halfBlue, isFramework: false))
        #expect(try resolver.color("?android:attr/colorAccent") == .color(halfBlue, isFramework: false))
        #expect(try resolver.color("?attr/colorAccent", resolvingThemes: false) == .themeAttribute("colorAccent"))
        #expect(try resolver.color("?attr/colorSurface") == .themeAttribute("colorSurface"))
        // A theme item that is not a colour: the theme does not give the attribute as one.
        #expect(try resolver.color("?attr/cornerSize") == .themeAttribute("cornerSize"))
        #expect(try resolver.color("@android:color/white") == .color(AndroidColor(red: 255, green: 255, blue: 255), isFramework: true))
        #expect(throws: ResourceResolver.Failure.missingColor("gone")) { try resolver.color("@color/gone") }
        #expect(throws: ResourceResolver.Failure.notFrameworkColor("system_accent1_500")) { try resolver.color("@android:color/system_accent1_500") }
        #expect(throws: ResourceResolver.Failure.notOfKind("12dp")) { try resolver.color("12dp") }
        var looped = Self.tree
        looped.colors["a"] = "@color/b"
        looped.colors["b"] = "?attr/loop"
        looped.themeValues["loop"] = "@color/a"
        #expect(throws: ResourceResolver.Failure.tooManyReferences) { try ResourceResolver(resources: looped).color("@color/a") }
        // A colour given by name wins anywhere in the chain: for a theme attribute, a colour
        // resource, or a framework colour.
        var given = Self.tree
        given.themeColors["colorSecondary"] = AndroidColor(red: 1, green: 2, blue: 3)
        #expect(try ResourceResolver(resources: given).color("?attr/colorAccent") == .color(AndroidColor(red: 1, green: 2, blue: 3), isFramework: false))
        given.colors["step19"] = "#00FF00"
        #expect(
            try ResourceResolver(resources: given).color("@color/accent_list")
                == .color(AndroidColor(red: 0, green: 255, blue: 0, alpha: 128), isFramework: false))
        given.colors["android:white"] = "#010101"
        #expect(try ResourceResolver(resources: given).color("@android:color/white") == .color(AndroidColor(red: 1, green: 1, blue: 1), isFramework: true))
    }

    @Test("lengths and strings follow @dimen, @string and theme chains")
    func lengthsAndStrings() throws {
        let resolver = ResourceResolver(resources: Self.tree)
        #expect(try resolver.length("?attr/cornerSize") == .dp(6))
        #expect(try resolver.length("@dimen/hair") == .px(1))
        #expect(try resolver.length(" 1in ") == .dp(160))
        #expect(throws: ResourceResolver.Failure.missingDimension("gone")) { try resolver.length("@dimen/gone") }
        #expect(throws: ResourceResolver.Failure.missingThemeAttribute("gone")) { try resolver.length("?attr/gone") }
        #expect(throws: ResourceResolver.Failure.notOfKind("wide")) { try resolver.length("wide") }
        #expect(try resolver.string("@string/half") == "M0,0h4v2h-4z")
        #expect(try resolver.string("M0,0") == "M0,0")
        #expect(throws: ResourceResolver.Failure.missingString("gone")) { try resolver.string("@string/gone") }
    }

    @Test("a vector and a shape read the same theme colour the same way, its state list's alpha included")
    func vectorAndShapeAgree() throws {
        let vector = try VectorDrawable(
            ResourceXML.parse(
                Array(
                    ##"<vector \##(Self.android) android:width="@dimen/corner" android:height="?attr/cornerSize" android:viewportWidth="4" android:viewportHeight="2"><path android:fillColor="?attr/colorAccent" android:pathData="@string/half"/><path android:fillColor="#000" android:pathData="M0,0h1v1h-1z"/></vector>"##
                        .utf8), limits: .default),
            resources: Self.tree)
        #expect(vector.width == 6 && vector.height == 6)
        guard case .path(let path) = vector.nodes.first else {
            Issue.record("no path: \(vector.nodes)")
            return
        }
        let halfBlue = AndroidColor(red: 0, green: 0, blue: 255, alpha: 128)
        #expect(path.fill == .color(halfBlue))
        let shape = try ShapeDrawable(
            ResourceXML.parse(Array(##"<shape \##(Self.android)><solid android:color="?attr/colorAccent"/></shape>"##.utf8), limits: .default),
            resources: Self.tree)
        #expect(shape.solid == halfBlue)
    }
}
