import Foundation
import NinepipeCore

/// The sources the asset tests of both targets convert: a nine-patch `button` in five densities
/// and a three-part `pill` imageset, built from patterned pixels so any resampling shows.
public enum AssetFixtures {
    /// `Tests/NinepipeHostTests/Fixtures/assets`: the imageset `Contents.json` files and what
    /// the conversions are expected to write.
    public static let folder = Repository.root.appendingPathComponent("Tests/NinepipeHostTests/Fixtures/assets")

    /// The densities of the `button` source and their scales × 2; at mdpi it is 16×12 with
    /// stretch regions x 4..<12, y 4..<8, padding 2 and layout bounds 2 on every side.
    public static let densities: [(String, Int)] = [("mdpi", 2), ("hdpi", 3), ("xhdpi", 4), ("xxhdpi", 6), ("xxxhdpi", 8)]

    /// A patterned RGBA image (no two neighbouring pixels alike).
    public static func picture(width: Int, height: Int) -> Image {
        var samples: [UInt8] = []
        for y in 0..<height { for x in 0..<width { samples += [UInt8((x * 37) % 256), UInt8((y * 53) % 256), UInt8((x * y) % 256), 255] } }
        return Image(width: width, height: height, layout: .rgba, samples: samples)
    }

    /// `root/res/drawable-<density>/button.9.png` in the five ``densities``; returns the `res` folder.
    public static func androidResources(in root: String) throws -> String {
        let res = root + "/res"
        for (density, twice) in densities {
            func s(_ value: Int) -> Int32 { Int32(value * twice / 2) }
            var image = picture(width: 16 * twice / 2, height: 12 * twice / 2)
            let chunk = NinePatchChunk(
                xDivs: [s(4), s(12)], yDivs: [s(4), s(8)], padding: NinePatchInsets(top: s(2), left: s(2), bottom: s(2), right: s(2)), colors: [])
            image.metadata.ninePatch = NinePatchInfo(
                chunk: chunk, layoutBounds: NinePatchLayoutBounds(insets: NinePatchInsets(top: s(2), left: s(2), bottom: s(2), right: s(2))))
            guard let framed = NinePatchFrame.framed(image) else { throw CocoaError(.fileWriteUnknown) }
            try FileManager.default.createDirectory(atPath: "\(res)/drawable-\(density)", withIntermediateDirectories: true)
            try Data(try PNGEncoder().encode(framed)).write(to: URL(fileURLWithPath: "\(res)/drawable-\(density)/button.9.png"))
        }
        return res
    }

    /// `root/Pills.xcassets/pill.imageset` at @1x/@2x/@3x with the `Contents.json` of `contents`
    /// (a file of ``folder``); returns the catalog.
    public static func imageSet(in root: String, contents: String) throws -> String {
        let folder = root + "/Pills.xcassets/pill.imageset"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for scale in 1...3 {
            let name = scale == 1 ? "pill.png" : "pill@\(scale)x.png"
            try Data(try PNGEncoder().encode(picture(width: 20 * scale, height: 10 * scale))).write(to: URL(fileURLWithPath: folder + "/" + name))
        }
        try FileManager.default.copyItem(atPath: Self.folder.appendingPathComponent(contents).path, toPath: folder + "/Contents.json")
        return root + "/Pills.xcassets"
    }

    /// The JSON object in the file at `path`.
    public static func json(_ path: String) throws -> NSDictionary {
        guard let object = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? NSDictionary else {
            throw CocoaError(.fileReadCorruptFile)
        }
        return object
    }
}
