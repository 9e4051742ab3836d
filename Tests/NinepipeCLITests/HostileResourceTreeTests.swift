import Foundation
import NinepipeTestSupport
import Testing

@testable import NinepipeCLI
@testable import NinepipeCore

/// A review's hostile `res/` trees, end to end: XML that reads a local file through an entity
/// (a drawable's error message, a values file deciding a colour, the manifest naming the icon,
/// an SVG source) and references whose names climb out of the tree. Each run exits 1 naming
/// the file and line; no output or message carries the planted secret; the oracle file is never
/// opened; nothing is written from a refused drawable.
@Suite("Hostile resource trees", .enabled(if: Requirement.met(ImageCodecRegistry.builtIn.reads(.svg)), "no SVG here: XML is read by the SVG helpers"))
struct HostileResourceTreeTests {
    static let android = #"xmlns:android="http://schemas.android.com/apk/res/android""#
    static let secret = "NINEPIPE-SECRET-51e8"

    /// A folder holding `token.txt` (the secret) and `oracle.txt`, and a `res/` tree under `app/`.
    struct Tree {
        let folder: String
        var res: String { folder + "/app/res" }
        var token: String { folder + "/token.txt" }
        var oracle: String { folder + "/oracle.txt" }

        init() throws {
            folder = try TemporaryFolder.make("hostile-tree")
            try TemporaryFolder.write(HostileResourceTreeTests.secret, to: folder + "/token.txt")
            try TemporaryFolder.write("#ff0000", to: folder + "/oracle.txt")
        }

        func write(_ text: String, _ relative: String) throws { try TemporaryFolder.write(text, to: folder + "/" + relative) }

        /// Every file under `folder/out` and what it holds, and whether any holds the secret.
        func outputsHoldSecret() -> Bool {
            let enumerator = FileManager.default.enumerator(atPath: folder + "/out")
            while let name = enumerator?.nextObject() as? String {
                if let data = FileManager.default.contents(atPath: folder + "/out/" + name), String(decoding: data, as: UTF8.self).contains(secret) {
                    return true
                }
            }
            return false
        }
    }

    func run(_ arguments: [String]) -> (status: Int32, out: String, err: String) { TestConsole.run(arguments) }

    func vector(path: String = "M0,0 L24,24 L0,24 Z", fill: String = "#ff000000") -> String {
        ##"<vector \##(Self.android) android:width="24dp" android:height="24dp" android:viewportWidth="24" android:viewportHeight="24"><path android:fillColor="\##(fill)" android:pathData="\##(path)"/></vector>"##
    }

    @Test("a drawable whose error would quote a local file: exit 1 naming its line, the secret nowhere", arguments: ["web", "ios", "android"])
    func drawableQuotingAFile(platform: String) throws {
        let tree = try Tree()
        try tree.write(
            "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<!DOCTYPE vector [ <!ENTITY t SYSTEM \"file://\(tree.token)\"> ]>\n" + vector(path: "&t;"),
            "app/res/drawable/leak.xml")
        try tree.write(vector(), "app/res/drawable/fine.xml")
        let result = run(["assets", platform, tree.res, "--output", tree.folder + "/out" + (platform == "ios" ? "/A.xcassets" : "")])
        #expect(result.status == 1, "\(result.err)")
        #expect(result.err.contains("leak.xml: line 2: the document declares an entity (<!ENTITY)"), "\(result.err)")
        #expect(!result.err.contains(Self.secret) && !result.out.contains(Self.secret))
        #expect(!tree.outputsHoldSecret())
    }

    @Test("a drawable written in UTF-7 to hide its DOCTYPE: exit 1 before anything is written")
    func utf7() throws {
        let tree = try Tree()
        let hidden = "+ADw-+ACE-DOCTYPE vector +AFs- +ADw-+ACE-ENTITY t SYSTEM +ACI-file://\(tree.token)+ACI-+AD4- +AF0-+AD4-\n"
        try tree.write("<?xml version=\"1.0\" encoding=\"UTF-7\"?>\n" + hidden + vector(path: "+ACY-t+ADs-"), "app/res/drawable/leak.xml")
        try tree.write(vector(), "app/res/drawable/fine.xml")
        let result = run(["assets", "web", tree.res, "--output", tree.folder + "/out"])
        #expect(result.status == 1, "\(result.err)")
        #expect(result.err.contains("leak.xml: line 1: the XML declaration says encoding=\"UTF-7\"; Ninepipe reads XML as UTF-8 only"), "\(result.err)")
        #expect(!FileManager.default.fileExists(atPath: tree.folder + "/out"))
        #expect(!result.err.contains(Self.secret))
    }

    @Test("a values file whose colour is an entity for a local file (a yes/no oracle): refused, the oracle never opened")
    func oracle() throws {
        let tree = try Tree()
        let watch = try FileOpenWatch(tree.oracle)
        try tree.write(
            "<?xml version=\"1.0\"?>\n<!DOCTYPE resources [ <!ENTITY c SYSTEM \"file://\(tree.oracle)\"> ]>\n<resources><color name=\"accent\">&c;</color></resources>",
            "app/res/values/colors.xml")
        try tree.write(vector(fill: "@color/accent"), "app/res/drawable/dot.xml")
        let result = run(["assets", "web", tree.res, "--output", tree.folder + "/out"])
        #expect(result.status == 1, "\(result.err)")
        #expect(result.err.contains("values/colors.xml: line 2: the document declares an entity"), "\(result.err)")
        #expect(!FileManager.default.fileExists(atPath: tree.folder + "/out/dot.svg") && !FileManager.default.fileExists(atPath: tree.folder + "/out/dot.png"))
        #expect(!watch.wasTouched, "the oracle file was opened")
    }

    @Test("a manifest naming the icon through an entity, or by a name that climbs out of res/: exit 1 naming the manifest")
    func manifest() throws {
        let tree = try Tree()
        try tree.write(vector(), "app/res/mipmap-anydpi-v26/ic_launcher.xml")
        try tree.write(
            "<?xml version=\"1.0\"?>\n<!DOCTYPE manifest [ <!ENTITY t SYSTEM \"file://\(tree.token)\"> ]>\n<manifest \(Self.android) package=\"a.b\"><application android:icon=\"&t;\"/></manifest>",
            "app/AndroidManifest.xml")
        let leaked = run(["assets", "ios", tree.res, "--icons", "--output", tree.folder + "/out/A.xcassets"])
        #expect(leaked.status == 1, "\(leaked.err)")
        #expect(leaked.err.contains("AndroidManifest.xml") && leaked.err.contains("line 2: the document declares an entity"), "\(leaked.err)")
        #expect(!leaked.err.contains(Self.secret) && !tree.outputsHoldSecret())
        // A name with "..": never joined onto a folder.
        try tree.write(vector(fill: "#ff00ff00"), "escape.xml")
        try tree.write(
            "<manifest \(Self.android) package=\"a.b\">\n<application\n    android:icon=\"@mipmap/../../../escape\"/></manifest>", "app/AndroidManifest.xml")
        let climbing = run(["assets", "ios", tree.res, "--icons", "--output", tree.folder + "/out/B.xcassets"])
        #expect(climbing.status == 1, "\(climbing.err)")
        #expect(
            climbing.err.contains("AndroidManifest.xml: line 3: \"@mipmap/../../../escape\" is not a resource reference: a resource name is letters, digits"),
            "\(climbing.err)")
    }

    @Test("layer lists, insets and selectors naming @drawable/../…: refused with file and line, nothing composited from outside the tree")
    func traversingReferences() throws {
        let tree = try Tree()
        // A green square outside res/ that the references try to reach.
        try tree.write(vector(fill: "#ff00ff00"), "app/outside.xml")
        try tree.write(
            "<layer-list \(Self.android)>\n<item android:drawable=\"@drawable/../../outside\"/>\n<item android:drawable=\"@drawable/dot\"/></layer-list>",
            "app/res/drawable/layers.xml")
        try tree.write(vector(), "app/res/drawable/dot.xml")
        let layers = run(["assets", "web", tree.res, "--output", tree.folder + "/out"])
        #expect(layers.status == 1, "\(layers.err)")
        #expect(
            layers.err.contains(
                "layers.xml:2: \"@drawable/../../outside\" is not a resource reference: a resource name is letters, digits, '_' and '.', nothing else"),
            "\(layers.err)")
        #expect(!FileManager.default.fileExists(atPath: tree.folder + "/out/layers.png"))
        try FileManager.default.removeItem(atPath: tree.folder + "/app/res/drawable/layers.xml")
        try tree.write(
            "<inset \(Self.android)\n    android:drawable=\"@mipmap/..%2F..%2Foutside\" android:inset=\"2dp\"/>", "app/res/drawable/inset.xml")
        let inset = run(["assets", "web", tree.res, "--output", tree.folder + "/out2"])
        #expect(inset.status == 1 && inset.err.contains("inset.xml:2: \"@mipmap/..%2F..%2Foutside\" is not a resource reference"), "\(inset.err)")
        try FileManager.default.removeItem(atPath: tree.folder + "/app/res/drawable/inset.xml")
        try tree.write(
            "<selector \(Self.android)>\n<item android:state_pressed=\"true\" android:drawable=\"@drawable/dot\"/>\n<item android:drawable=\"@drawable/../outside\"/></selector>",
            "app/res/drawable/states.xml")
        let states = run(["assets", "web", tree.res, "--output", tree.folder + "/out3"])
        #expect(states.status == 1, "\(states.err)")
        #expect(states.err.contains("states.xml: line 3: android:drawable: \"@drawable/../outside\" is not a resource reference"), "\(states.err)")
        #expect(!FileManager.default.fileExists(atPath: tree.folder + "/out3"))
    }

    @Test("an SVG source reading a local file through an entity, given to assets android: refused, the secret nowhere")
    func svgSource() throws {
        let tree = try Tree()
        try tree.write(
            "<?xml version=\"1.0\"?>\n<!DOCTYPE svg [ <!ENTITY t SYSTEM \"file://\(tree.token)\"> ]>\n<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"24\" height=\"24\"><path d=\"&t;\"/></svg>",
            "icons/leak.svg")
        let result = run(["assets", "android", tree.folder + "/icons", "--output", tree.folder + "/out"])
        #expect(result.status == 1, "\(result.err)")
        #expect(result.err.contains("leak.svg") && result.err.contains("entity"), "\(result.err)")
        #expect(!result.err.contains(Self.secret) && !tree.outputsHoldSecret())
    }
}
