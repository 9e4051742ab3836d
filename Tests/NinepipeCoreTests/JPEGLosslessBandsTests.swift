import NinepipeTestSupport
import Testing

@testable import NinepipeCore

/// A lossless turn of a large JPEG with the standard Huffman tables is written as two bands by
/// two threads and joined at a restart marker: the same coefficients as one pass (and as
/// jpegtran's), and a file every decoder reads.
@Suite("lossless JPEG written in two bands")
struct JPEGLosslessBandsTests {
    /// A picture with detail everywhere (so the entropy-coded data holds stuffed 0xFF bytes).
    static func picture(width: Int, height: Int, layout: PixelLayout) -> Image {
        var state: UInt32 = 0x9E37_79B9
        var samples = [UInt8](repeating: 0, count: width * height * layout.channelCount)
        for index in samples.indices {
            state = state &* 1_664_525 &+ 1_013_904_223
            let pixel = index / layout.channelCount
            samples[index] = UInt8(truncatingIfNeeded: (pixel % width) / 7 + (pixel / width) / 5 + Int(state >> 28))
        }
        return Image(width: width, height: height, layout: layout, samples: samples)
    }

    /// The restart markers in the entropy-coded data, in order (0…7).
    static func restartMarkers(_ bytes: [UInt8]) -> [Int] {
        guard let scan = (0..<bytes.count - 1).first(where: { bytes[$0] == 0xFF && bytes[$0 + 1] == 0xDA }) else { return [] }
        var markers: [Int] = []
        var index = scan + 2
        while index + 1 < bytes.count {
            if bytes[index] == 0xFF, (0xD0...0xD7).contains(bytes[index + 1]) { markers.append(Int(bytes[index + 1]) - 0xD0) }
            index += bytes[index] == 0xFF ? 2 : 1
        }
        return markers
    }

    @Test(
        "two bands give one pass's coefficients and pixels, at every turn and with a crop",
        arguments: [Orientation.right, .down, .left, .rightMirrored])
    func sameCoefficients(orientation: Orientation) throws {
        let bytes = try JPEGEncoder(quality: 85, subsampling: .s420).encode(Self.picture(width: 1600, height: 1200, layout: .rgb))
        for crop in [nil, PixelRect(x: 16, y: 32, width: 1100, height: 1100)] {
            let limits = ImageLimits.default
            let split = try JPEGCodec.transform(bytes, orientation: orientation, crop: crop, progressive: false, limits: limits, threads: 2)
            let single = try JPEGCodec.transform(bytes, orientation: orientation, crop: crop, progressive: false, limits: limits, threads: 1)
            #expect(split != single, "\(orientation): the picture was not split")
            #expect(Self.restartMarkers(split) == [0] && Self.restartMarkers(single).isEmpty, "\(orientation)")
            #expect(try JPEGCoefficients(split) == JPEGCoefficients(single), "\(orientation) \(String(describing: crop))")
            #expect(try JPEGDecoder().decode(split).storage == JPEGDecoder().decode(single).storage, "\(orientation)")
        }
        // jpegtran's own output (no restart markers) holds the same coefficients.
        if try Requirement.found(JPEGLosslessTests.jpegtran, "jpegtran (Debian: libjpeg-turbo-progs)") != nil {
            let split = try JPEGCodec.transform(bytes, orientation: orientation, crop: nil, progressive: false, limits: .default, threads: 2)
            let theirs = try JPEGLosslessTests.jpegtran(["-copy", "all", "-trim"] + (JPEGLosslessTests.turnFlags[orientation] ?? []), bytes)
            #expect(try JPEGCoefficients(split) == JPEGCoefficients(theirs), "\(orientation)")
        }
    }

    @Test("a band wider than 65535 MCUs per restart interval allows: several intervals, markers numbered on across the join")
    func severalIntervals() throws {
        // Gray, so an MCU is one block: turned to 8192×1600, a row holds 1024 MCUs, an interval
        // at most 63 rows; the upper band is 126 rows (two intervals), the lower 74 (63 + 11).
        let bytes = try JPEGEncoder(quality: 80).encode(Self.picture(width: 1600, height: 8192, layout: .gray))
        let split = try JPEGCodec.transform(bytes, orientation: .right, crop: nil, progressive: false, limits: .default, threads: 2)
        let single = try JPEGCodec.transform(bytes, orientation: .right, crop: nil, progressive: false, limits: .default, threads: 1)
        #expect(Self.restartMarkers(split) == [0, 1, 2])
        #expect(try JPEGCoefficients(split) == JPEGCoefficients(single))
        #expect(try JPEGDecoder().decode(split).storage == JPEGDecoder().decode(single).storage)
    }

    @Test("a large file cut short or damaged while the second thread turns its rows: refused, every thread ended")
    func damaged() throws {
        let bytes = try JPEGEncoder(quality: 80).encode(Self.picture(width: 1600, height: 8192, layout: .gray))
        #expect(bytes.count > 1 << 20, "read a window at a time only past 1 MiB")
        for cut in [bytes.count / 3, bytes.count * 2 / 3, bytes.count - 3] {
            let started = ContinuousClock.now
            #expect(throws: LosslessEditError.self) {
                _ = try JPEGCodec.transform(Array(bytes[..<cut]), orientation: .right, crop: nil, progressive: false, limits: .default, threads: 2)
            }
            #expect(!HangGuard.hung(since: started))
        }
        var damaged = bytes
        for index in stride(from: bytes.count / 2, to: bytes.count / 2 + 64, by: 1) { damaged[index] = 0xFF }
        #expect(throws: LosslessEditError.self) {
            _ = try JPEGCodec.transform(damaged, orientation: .right, crop: nil, progressive: false, limits: .default, threads: 2)
        }
    }

    @Test("tables made for the data, a progressive output and a small picture stay one pass")
    func onePass() throws {
        let large = try JPEGEncoder(quality: 85).encode(Self.picture(width: 1280, height: 960, layout: .rgb))
        let progressive = try JPEGCodec.transform(large, orientation: .right, crop: nil, progressive: true, limits: .default, threads: 2)
        #expect(Self.restartMarkers(progressive).isEmpty)
        let small = try JPEGEncoder(quality: 85).encode(Self.picture(width: 640, height: 480, layout: .rgb))
        #expect(Self.restartMarkers(try JPEGCodec.transform(small, orientation: .right, crop: nil, progressive: false, limits: .default, threads: 2)).isEmpty)
        let optimized = try JPEGCodec.transform(large, orientation: .up, crop: nil, progressive: true, limits: .default, threads: 1)
        let baselineOfOptimized = try JPEGCodec.transform(optimized, orientation: .right, crop: nil, progressive: false, limits: .default, threads: 2)
        #expect(Self.restartMarkers(baselineOfOptimized).isEmpty, "a progressive source gets tables made for it: one pass")
    }
}
