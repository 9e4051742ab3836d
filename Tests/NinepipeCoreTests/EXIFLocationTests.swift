import Foundation
import NinepipeTestSupport
import Testing

@testable import NinepipeCore

/// `strip=gps` edits EXIF blocks from any file, so it must survive damaged ones.
extension EXIFTests {
    @Test("removing the location from any truncation or corruption of a real EXIF block never traps and leaves no GPS pointer")
    func removingLocationFromDamagedBlocks() throws {
        let url = Repository.root.appendingPathComponent("Tests")
            .appendingPathComponent("NinepipeHostTests/Fixtures/metadata/gps.jpg")
        let block = try #require(try ImageCodecRegistry.builtIn.info(Array(try Data(contentsOf: url))).metadata.exif.map(EXIF.stripPrefix))
        let clean = try #require(EXIF.removingLocation(from: block))
        #expect(clean.count == block.count && !EXIF.hasLocation(in: clean) && EXIF.orientation(in: clean) == .right)
        for length in 0...block.count {
            if let result = EXIF.removingLocation(from: Array(block.prefix(length))) { #expect(!EXIF.hasLocation(in: result)) }
        }
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2000 {
            var damaged = block
            for _ in 0..<4 { damaged[Int(generator.next() % UInt64(damaged.count))] = UInt8(truncatingIfNeeded: generator.next()) }
            if let result = EXIF.removingLocation(from: damaged) { #expect(!EXIF.hasLocation(in: result)) }
        }
    }
}
