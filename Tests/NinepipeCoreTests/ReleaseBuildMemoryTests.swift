import Foundation
import NinepipeTestSupport
import Testing

@testable import NinepipeCore

/// The memory probe before large decodes (``MemoryAvailability``) in a release build: it once
/// took a block with `malloc` and freed it unused, the optimizer deleted the pair, and under an
/// address-space limit the release `ninepipe` aborted ("failed to allocate", exit 134) on a
/// 38-byte WebP and a 35-byte GIF where a debug build gave the documented refusal. These run
/// the release executable under `ulimit -v` (1 GB) on those files and on the AV1 and HEVC
/// headers that declare enormous pictures.
@Suite(
    "Memory refusals in the release build",
    .enabled(if: Requirement.met(Repository.releaseExecutable != nil), "no release build (swift build -c release); .ci/run builds one before the tests"))
struct ReleaseBuildMemoryTests {
    /// Runs the release `ninepipe` with `arguments` in `folder` under a 1 GB address-space limit.
    func runLimited(_ arguments: [String], in folder: String) throws -> (status: Int32, err: String) {
        let executable = try #require(Repository.releaseExecutable).path
        let result = try ChildProcess.run("/bin/sh", ["-c", "ulimit -v 1000000 && exec \"$0\" \"$@\"", executable] + arguments, in: folder)
        return (result.status, result.err)
    }

    @Test("a 38-byte WebP declaring 16383×16383 and a 35-byte GIF with a 16384×16384 screen: exit 1 naming the need, nothing written")
    func tinyFilesHugeImages() throws {
        let folder = try TemporaryFolder.make("release-memory")
        let files: [(name: String, base64: String, message: String)] = [
            ("big.webp", "UklGRh4AAABXRUJQVlA4TBEAAAAv/r//HwdQiirUo8iBiOh/AAA=", "decoding the 16383×16383 lossless WebP needs 2047 MiB"),
            ("screen.gif", "R0lGODdhAEAAQIAAAAAAAAAAACwAAAAAAQABAAAIBAABBAQAOw==", "decoding the 16384×16384 GIF needs 1792 MiB"),
        ]
        for file in files {
            try #require(Data(base64Encoded: file.base64)).write(to: URL(fileURLWithPath: folder + "/" + file.name))
            for step in ["invert", "orient rotate=90"] {
                let result = try runLimited(["run", "-e", step, file.name, "--output", "out.png"], in: folder)
                #expect(result.status == 1, "\(file.name), \(step): exit \(result.status): \(result.err)")
                #expect(result.err.contains(file.message) && result.err.contains("cannot allocate now under its address-space limit"), "\(result.err)")
                #expect(!FileManager.default.fileExists(atPath: folder + "/out.png"))
            }
        }
    }

    @Test("an AVIF whose AV1 header declares 30000×30000 frames: exit 1 naming the need", .enabled(if: Requirement.met(HEIFCodec.isAvailable)))
    func av1Header() throws {
        let folder = try TemporaryFolder.make("release-memory-av1")
        var huge = AV1DecoderMemoryTests.Header()
        (huge.width, huge.height) = (30000, 30000)
        try Data(AV1DecoderMemoryTests().avif(huge)).write(to: URL(fileURLWithPath: folder + "/huge.avif"))
        let result = try runLimited(["run", "-e", "invert", "huge.avif", "--output", "out.png"], in: folder)
        #expect(result.status == 1, "exit \(result.status): \(result.err)")
        #expect(result.err.contains("whose sequence header allows frames up to 30000×30000"), "\(result.err)")
        #expect(!FileManager.default.fileExists(atPath: folder + "/out.png"))
    }

    @Test("a HEIC whose HEVC parameter set declares 30000×30000 pictures: exit 1 naming the need", .enabled(if: Requirement.met(HEIFCodec.isAvailable)))
    func hevcParameterSet() throws {
        let folder = try TemporaryFolder.make("release-memory-hevc")
        // orient6-irot.heic with its 42-byte sequence parameter set (at byte 337, in hvcC) replaced
        // by one declaring 30000×30000 8-bit 4:2:0 pictures, padded with zeros to the same length.
        var file = try HEIFTests().bytes("orient6-irot.heic")
        #expect(file[335] == 0 && file[336] == 42 && file[337] >> 1 & 0x3F == 33)
        var bits = "0000" + "000" + "1" + String(repeating: "0", count: 96)
        bits += HEIFTests.expGolomb(0) + HEIFTests.expGolomb(1) + HEIFTests.expGolomb(30000) + HEIFTests.expGolomb(30000)
        bits += "0" + HEIFTests.expGolomb(0) + HEIFTests.expGolomb(0) + HEIFTests.expGolomb(0) + "1"
        while bits.count % 8 != 0 { bits += "0" }
        var nal: [UInt8] = [0x42, 0x01]
        var index = bits.startIndex
        while index < bits.endIndex {
            let next = bits.index(index, offsetBy: 8)
            nal.append(UInt8(bits[index..<next], radix: 2) ?? 0)
            index = next
        }
        try #require(nal.count <= 42)
        file.replaceSubrange(337..<(337 + 42), with: nal + [UInt8](repeating: 0, count: 42 - nal.count))
        try Data(file).write(to: URL(fileURLWithPath: folder + "/huge.heic"))
        let result = try runLimited(["run", "-e", "invert", "huge.heic", "--output", "out.png"], in: folder)
        #expect(result.status == 1, "exit \(result.status): \(result.err)")
        #expect(result.err.contains("declares 30000×30000 pictures"), "\(result.err)")
        #expect(!FileManager.default.fileExists(atPath: folder + "/out.png"))
    }
}
