import Foundation
import NinepipeCore
import NinepipeTestSupport
import Testing

/// Colour management from pipelines: `colorspace srgb`, `load icc=srgb`, and
/// thumbnails converted to sRGB unless `icc=keep`.
@Suite("colour management in pipelines", .enabled(if: Requirement.met(ColorManagement.isAvailable), "this build has no LittleCMS"))
struct ColorCommandTests {
    static let fixtures = Repository.root.appendingPathComponent("Tests")
        .appendingPathComponent("NinepipeCoreTests/Fixtures/color")

    func decoded(_ path: String) throws -> Image { try ImageCodecRegistry.builtIn.decode(Array(try Data(contentsOf: URL(fileURLWithPath: path)))) }

    /// Every sample as RGBA 8-bit integers.
    func samples(_ image: Image) -> [Int] {
        guard case .eight(let values) = image.converted(to: .rgba).converted(to: .eight).storage else { return [] }
        return values.map(Int.init)
    }

    @Test("colorspace srgb and load icc=srgb give Pillow's sRGB pixels and no profile; thumbnail converts unless icc=keep")
    func pipelines() throws {
        let folder = try TemporaryFolder.make("color-cli")
        try FileManager.default.copyItem(atPath: Self.fixtures.appendingPathComponent("p3.png").path, toPath: folder + "/p3.png")
        let reference = try decoded(Self.fixtures.appendingPathComponent("p3-srgb-pillow.png").path)
        let run = { (script: String) in TestConsole.run(["run", "-e", script], in: folder) }
        for script in [#"load "p3.png" | colorspace srgb | save "a.png""#, #"load "p3.png" icc=srgb | save "a.png""#] {
            #expect(run(script).status == 0)
            let image = try decoded(folder + "/a.png")
            #expect(image.metadata.iccProfile == nil && zip(samples(image), samples(reference)).allSatisfy { abs($0 - $1) <= 1 }, "\(script)")
        }
        #expect(run(#"load "p3.png" | thumbnail 4 | save "t.png""#).status == 0)
        #expect(try decoded(folder + "/t.png").metadata.iccProfile == nil)
        #expect(run(#"load "p3.png" | thumbnail 4 icc=keep | save "k.png""#).status == 0)
        #expect(try decoded(folder + "/k.png").metadata.iccProfile != nil)
        #expect(TestConsole.run(["--version"]).out.contains("colour management: LittleCMS "))
    }
}
