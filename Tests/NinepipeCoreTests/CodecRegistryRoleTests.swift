import NinepipeCore
import Testing

/// The built-in registry lists its codecs by role without casting (start-up time): the lists
/// must be what the casts would give, in lookup order.
@Suite("codec registry roles")
struct CodecRegistryRoleTests {
    private struct Formats: Equatable {
        var decoders: [ImageFormat], encoders: [ImageFormat], lossless: [ImageFormat]

        init(_ registry: ImageCodecRegistry) {
            decoders = registry.decoders.map(\.format)
            encoders = registry.encoders.map(\.format)
            lossless = registry.formats.filter { registry.losslessEditor(for: $0) != nil }
        }
    }

    @Test("the built-in lists equal the ones casting each codec gives")
    func builtInRoles() {
        let cast = ImageCodecRegistry(codecs: ImageCodecRegistry.builtIn.codecs)
        #expect(Formats(ImageCodecRegistry.builtIn) == Formats(cast))
        #expect(ImageCodecRegistry.builtIn.decoders.map(\.format) == ImageCodecRegistry.builtIn.codecs.reversed().map(\.format))
        #expect(ImageCodecRegistry.builtIn.saveParameters.map(\.name) == cast.saveParameters.map(\.name))
        #expect(Formats(ImageCodecRegistry.builtIn).lossless == [.jpeg])
    }

    @Test("a codec added is found first, in each of its roles only")
    func added() {
        let extended = ImageCodecRegistry.builtIn.adding(SVGCodec())
        #expect(extended.decoders.first?.format == .svg && extended.decoders.count == ImageCodecRegistry.builtIn.decoders.count + 1)
        #expect(extended.encoders.count == ImageCodecRegistry.builtIn.encoders.count, "SVG is read only")
        #expect(Formats(extended) == Formats(ImageCodecRegistry(codecs: extended.codecs)))
    }
}
