import CJPEGShim

/// A JPEG's quantised DCT coefficients, read without decoding pixels: what a lossless transform
/// moves, so two files can be compared exactly (tests compare Ninepipe's output with `jpegtran`'s).
struct JPEGCoefficients: Sendable, Hashable {
    /// One component's blocks.
    struct Component: Sendable, Hashable {
        /// Its size in 8×8 blocks.
        var widthInBlocks: Int, heightInBlocks: Int
        /// 64 coefficients a block, blocks row by row.
        var coefficients: [Int16]
    }

    /// The components in file order.
    var components: [Component]

    /// Reads the coefficients of `bytes`, within `limits`' pixel memory.
    init(_ bytes: [UInt8], limits: ImageLimits = .default) throws(JPEGError) {
        final class Collected {
            var components: [Component] = []
        }
        let collected = Collected()
        var message = [CChar](repeating: 0, count: 256)
        let status = withExtendedLifetime(collected) {
            bytes.withUnsafeBufferPointer { buffer in
                njs_read_coefficients(
                    buffer.baseAddress, buffer.count, limits.maxPixelCount * 8, Unmanaged.passUnretained(collected).toOpaque(),
                    { context, _, width, height, blocks in
                        guard let context, let blocks else { return }
                        let collected = Unmanaged<Collected>.fromOpaque(context).takeUnretainedValue()
                        let count = Int(width) * Int(height) * 64
                        collected.components.append(
                            Component(
                                widthInBlocks: Int(width), heightInBlocks: Int(height), coefficients: Array(UnsafeBufferPointer(start: blocks, count: count))))
                    }, &message)
            }
        }
        guard status == 0 else { throw .corrupt(String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)) }
        components = collected.components
    }
}
