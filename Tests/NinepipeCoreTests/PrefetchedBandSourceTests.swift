import NinepipeCore
import Synchronization
import Testing

/// The read-ahead stream the JPEG encoder reads through: same pixels whatever the band pattern,
/// the input never used by two threads at once, errors where their rows are asked for.
@Suite("prefetched bands")
struct PrefetchedBandSourceTests {
    /// A 7×40 gray image whose rows are read through `Recording`.
    static let image = Image(width: 7, height: 40, layout: .gray, samples: (0..<280).map { UInt8($0 % 251) })

    /// A stream over ``image`` that records each read, notes any overlap of two reads, and can
    /// fail at one row.
    final class Recording: BandSource, @unchecked Sendable {
        let header = ImageHeader(of: PrefetchedBandSourceTests.image)
        let reads = Mutex<[Range<Int>]>([])
        let busy = Atomic<Bool>(false)
        let overlapped = Atomic<Bool>(false)
        let failingRow: Int?
        init(failingRow: Int? = nil) { self.failingRow = failingRow }

        func read(_ rows: Range<Int>) throws -> PixelBand {
            if busy.exchange(true, ordering: .acquiringAndReleasing) { overlapped.store(true, ordering: .relaxed) }
            defer { busy.store(false, ordering: .releasing) }
            reads.withLock { $0.append(rows) }
            if let failingRow, rows.contains(failingRow) { throw StreamError.bandMismatch(expected: rows, got: rows) }
            return PixelBand(
                top: rows.lowerBound,
                rows: PrefetchedBandSourceTests.image.cropped(
                    to: PixelRect(x: 0, y: rows.lowerBound, width: 7, height: rows.count)))
        }
    }

    @Test(
        "any forward band pattern gives the image's rows; the input is read forward, one thread at a time",
        arguments: [[8, 8, 8, 8, 8], [5, 5, 5, 5, 5, 5, 5, 5], [8, 3, 8, 1, 20], [4, 12, 12, 12], [40], [1, 39]])
    func patterns(heights: [Int]) throws {
        let input = Recording()
        let stream = PrefetchedBandSource(input)
        var top = 0
        for height in heights {
            let band = try stream.read(top..<(top + height))
            #expect(band.top == top && band.rows == Self.image.cropped(to: PixelRect(x: 0, y: top, width: 7, height: height)))
            top += height
        }
        let reads = input.reads.withLock { $0 }
        #expect(zip(reads, reads.dropFirst()).allSatisfy { $0.upperBound <= $1.lowerBound }, "\(reads)")
        let overlapped = input.overlapped.load(ordering: .relaxed)
        #expect(!overlapped)
    }

    @Test("a gap in the requests skips the prefetched rows")
    func gap() throws {
        let stream = PrefetchedBandSource(Recording())
        _ = try stream.read(0..<5)
        let later = try stream.read(20..<30)
        #expect(later.rows == Self.image.cropped(to: PixelRect(x: 0, y: 20, width: 7, height: 10)))
    }

    @Test("an error met while reading ahead is thrown by the read asking for those rows, not before")
    func errors() throws {
        let stream = PrefetchedBandSource(Recording(failingRow: 12))
        _ = try stream.read(0..<10)  // prefetches 10..<20, which fails
        #expect(throws: StreamError.self) { try stream.read(10..<20) }
    }
}
