import NinepipeCore

/// Pixel-by-pixel loops over interleaved samples, split across cores: the one place the colour
/// and sharpening steps touch sample pointers. Each call of `body` owns one pixel's samples.
enum PixelLoop {
    /// A new array of `outputChannels` samples per pixel, each pixel written by `body` from the
    /// same pixel of `samples` (`channels` per pixel).
    @inline(__always)
    static func map<S: FixedWidthInteger & UnsignedInteger & Sendable, T: BitwiseCopyable & Sendable>(
        _ samples: [S], channels: Int, to outputChannels: Int, as _: T.Type, context: TransformContext,
        _ body: @escaping @Sendable (_ pixel: UnsafePointer<S>, _ output: UnsafeMutablePointer<T>) -> Void
    ) throws -> [T] {
        let pixels = samples.count / channels
        return try [T](unsafeUninitializedCapacity: pixels * outputChannels) { buffer, initialized in
            UnsafeMutableRawBufferPointer(buffer).initializeMemory(as: UInt8.self, repeating: 0)
            initialized = pixels * outputChannels
            guard let base = buffer.baseAddress else { return }
            let out = SendablePointer(base)
            try samples.withUnsafeBufferPointer { input in
                guard let inputBase = input.baseAddress else { return }
                let source = SendablePointer(UnsafeMutablePointer(mutating: inputBase))
                try context.concurrentBands(count: pixels, work: pixels * channels * 8) { range, isCancelled in
                    for pixel in range {
                        if pixel & 0xFFFF == 0 && isCancelled() { return }
                        body(source.base + pixel * channels, out.base + pixel * outputChannels)
                    }
                }
            }
        }
    }

    /// `samples` with each pixel (`channels` samples) changed in place by `body`, which also gets
    /// the pixel's index.
    @inline(__always)
    static func update<S: FixedWidthInteger & UnsignedInteger & Sendable>(
        _ samples: inout [S], channels: Int, context: TransformContext,
        _ body: @escaping @Sendable (_ pixel: UnsafeMutablePointer<S>, _ index: Int) -> Void
    ) throws {
        let pixels = samples.count / channels
        try samples.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            let out = SendablePointer(base)
            try context.concurrentBands(count: pixels, work: pixels * channels * 8) { range, isCancelled in
                for pixel in range {
                    if pixel & 0xFFFF == 0 && isCancelled() { return }
                    body(out.base + pixel * channels, pixel)
                }
            }
        }
    }
}
