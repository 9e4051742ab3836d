import Foundation
import NinepipeTestSupport
import Testing

@testable import NinepipeCore
@testable import NinepipeHost

/// A 38-byte lossless WebP declaring 16383×16383 held 1 GiB after `load`,
/// and the next step died with "failed to allocate", SIGABRT, exit 134, under a 2 GB
/// address-space limit. Decoders and steps now ask for the room first; run under `ulimit -v`.
@Suite("Allocations that cannot succeed are errors")
struct MemoryRefusalTests {
    /// The review's file, base64.
    static let reviewWebP = "UklGRh4AAABXRUJQVlA4TBEAAAAv/r//HwdQiirUo8iBiOh/AAA="

    /// The review's file with its VP8L header declaring `width`×`height` instead (its image data
    /// paints any size with one colour, at 0 bits a pixel).
    static func losslessWebP(width: Int, height: Int) throws -> [UInt8] {
        var bytes = try #require(Data(base64Encoded: reviewWebP).map { [UInt8]($0) })
        let header = 12 + 8 + 1  // RIFF, its size and WEBP; the VP8L chunk header; the signature byte
        var bits = UInt32(bytes[header]) | UInt32(bytes[header + 1]) << 8 | UInt32(bytes[header + 2]) << 16 | UInt32(bytes[header + 3]) << 24
        bits = bits & ~UInt32(0x0FFF_FFFF) | UInt32(width - 1) | UInt32(height - 1) << 14
        for index in 0..<4 { bytes[header + index] = UInt8(truncatingIfNeeded: bits >> (8 * index)) }
        return bytes
    }

    /// Runs the built `ninepipe` with `arguments` under an address-space limit of `megabytes`.
    func run(_ arguments: [String], limitMB megabytes: Int, in dir: String) throws -> (status: Int32, err: String) {
        let result = try ChildProcess.run(
            "/bin/sh", ["-c", "ulimit -v \(megabytes * 1024) && exec \"$0\" \"$@\"", Repository.builtExecutable.path] + arguments, in: dir)
        return (result.status, result.err)
    }

    @Test("the review's 38-byte WebP under a 2 GB address-space limit: an error naming the need, exit 1, in well under a second")
    func reviewFile() throws {
        _ = try Requirement.executable()
        let dir = try TemporaryFolder.make("memory")
        let webp = try #require(Data(base64Encoded: Self.reviewWebP))
        #expect(webp.count == 38)
        _ = FileManager.default.createFile(atPath: dir + "/big.webp", contents: webp)
        for step in ["invert", "orient rotate=90", "blur sigma=3"] {
            let started = ContinuousClock.now
            let result = try run(["run", "-e", step, "big.webp", "--output", "out.png"], limitMB: 2000, in: dir)
            #expect(result.status == 1, "\(step): \(result.err)")
            #expect(result.err.contains("decoding the 16383×16383 lossless WebP needs 2047 MiB"), "\(result.err)")
            #expect(result.err.contains("cannot allocate now under its address-space limit"), "\(result.err)")
            #expect(!HangGuard.hung(since: started))
            #expect(!FileManager.default.fileExists(atPath: dir + "/out.png"))
        }
        // A 37-byte GIF: a 16384×16384 screen holding one pixel (the review's was 200 KB).
        let gif = try #require(Data(base64Encoded: "R0lGODdhAEAAQIAAAAAAAAAAACwAAAAAAQABAAAIBAABBAQAOw=="))
        _ = FileManager.default.createFile(atPath: dir + "/screen.gif", contents: gif)
        let result = try run(["run", "-e", "invert", "screen.gif", "--output", "out.png"], limitMB: 2000, in: dir)
        #expect(result.status == 1 && result.err.contains("decoding the 16384×16384 GIF needs 1792 MiB"), "\(result.err)")
    }

    @Test("a step needing more than the room left is refused by name, never a trap; with room it runs")
    func stepsAsk() throws {
        _ = try Requirement.executable()
        let dir = try TemporaryFolder.make("memory-steps")
        _ = FileManager.default.createFile(atPath: dir + "/square.webp", contents: Data(try Self.losslessWebP(width: 3000, height: 3000)))
        // 36 MB of RGBA decoded; sharpen holds four times that at once, and 6000×6000 tiles 144 MB.
        // Under 420 MB the decode fits and these do not (measured: from 350 MB to 470 MB, the process
        // itself taking the rest); under 1.5 GB everything does.
        for step in ["sharpen", "tile width=6000 height=6000"] {
            let tight = try run(["run", "-e", step, "square.webp", "--output", "out.png"], limitMB: 420, in: dir)
            #expect(tight.status == 1, "\(step): \(tight.err)")
            #expect(tight.err.contains("step 1 '\(step.prefix { $0 != " " })'") && tight.err.contains("which this process cannot allocate now"), "\(tight.err)")
        }
        let roomy = try run(["run", "-e", "sharpen", "square.webp", "--output", "out.jpg"], limitMB: 1500, in: dir)
        #expect(roomy.status == 0, "\(roomy.err)")
    }

    @Test("decoders check their working memory and the room for the image before allocating")
    func decoderChecks() throws {
        // Without a limit, a size far over the machine's memory and swap cannot be allocated.
        #expect(throws: LimitError.self) { try MemoryAvailability.check("a test block", size: 1 << 50) }
        try MemoryAvailability.check("a small block", size: 1 << 20)
        let error = LimitError.memoryUnavailable(kind: "decoding x", size: 3 << 30, addressSpaceLimit: 2 << 30)
        #expect(error.description.hasPrefix("decoding x needs 3072 MiB, which this process cannot allocate now under its address-space limit of 2048 MiB"))
        // The WebP decoder's own buffers count against the decoder memory limit.
        let small = ImageLimits(maxPixelCount: 100_000_000)
        #expect(throws: LimitError.self) { try WebPDecoder(limits: ImageLimits(maxPixelCount: 1_000)).decode(Self.losslessWebP(width: 4000, height: 4000)) }
        let decoded = try WebPDecoder(limits: small).decode(Self.losslessWebP(width: 300, height: 200))
        #expect(decoded.width == 300 && decoded.height == 200)
    }
}
