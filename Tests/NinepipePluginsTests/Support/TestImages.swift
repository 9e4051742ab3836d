import NinepipeCore
import NinepipeTestSupport

/// Small deterministic images and pixel accessors for plugin tests.
enum TestImages {
    /// An image of random samples.
    static func random(_ width: Int, _ height: Int, layout: PixelLayout, depth: SampleDepth = .eight, seed: UInt64 = 1) -> Image {
        var generator = SeededGenerator(state: seed)
        let count = width * height * layout.channelCount
        switch depth {
        case .eight:
            return Image(width: width, height: height, layout: layout, samples: (0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) })
        case .sixteen:
            return Image(width: width, height: height, layout: layout, samples: (0..<count).map { _ in UInt16.random(in: 0...65535, using: &generator) })
        }
    }

    /// An image whose every pixel is produced by `pixel(x, y)` (one value per channel).
    static func make(
        _ width: Int, _ height: Int, layout: PixelLayout, depth: SampleDepth = .eight,
        _ pixel: (Int, Int) -> [Int]
    ) -> Image {
        var values: [Int] = []
        for y in 0..<height { for x in 0..<width { values += pixel(x, y) } }
        switch depth {
        case .eight: return Image(width: width, height: height, layout: layout, samples: values.map { UInt8($0) })
        case .sixteen: return Image(width: width, height: height, layout: layout, samples: values.map { UInt16($0) })
        }
    }

    /// The samples of pixel (x, y).
    static func pixel(_ image: Image, _ x: Int, _ y: Int) -> [Int] {
        (0..<image.layout.channelCount).map { image.sample(x: x, y: y, channel: $0) }
    }

    /// All samples as integers, row by row.
    static func samples(_ image: Image) -> [Int] {
        switch image.storage {
        case .eight(let samples): samples.map(Int.init)
        case .sixteen(let samples): samples.map(Int.init)
        }
    }

    /// Channel `channel` of every pixel, as rows.
    static func plane(_ image: Image, channel: Int = 0) -> [[Int]] {
        (0..<image.height).map { y in (0..<image.width).map { image.sample(x: $0, y: y, channel: channel) } }
    }
}
