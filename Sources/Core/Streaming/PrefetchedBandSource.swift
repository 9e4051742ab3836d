import Dispatch

/// A stream that computes the next band on another thread while its reader works on the band
/// it was just given: a single-threaded encoder (JPEG's) then overlaps with decoding and the
/// steps before it instead of waiting for them.
///
/// After each `read(rows)` it starts reading, from where the input stands, a band as tall as
/// that request. A later request takes what it needs from the rows read ahead (leftovers are
/// kept for the next one) and the rest from the input, so the input is still read forward only
/// and the pixels are those of reading it directly, whatever the band heights. The input is
/// never used by two threads at once: a read ahead is waited for before anything else touches
/// it. An error met while reading ahead is thrown by the request that reaches those rows.
public final class PrefetchedBandSource: BandSource {
    /// The input's header.
    public let header: ImageHeader
    private let input: Input
    private let queue = DispatchQueue(label: "ninepipe.prefetch")
    private var pending: Pending?
    /// Rows read ahead and not yet asked for (contiguous, ending at ``inputEnd``).
    private var buffered: PixelBand?
    /// Where reading ahead failed, and why: thrown when a request reaches that row.
    private var failure: (row: Int, error: any Error)?
    /// The end of the rows the input has been asked for.
    private var inputEnd = 0

    /// Wraps `input`.
    public init(_ input: any BandSource) {
        self.input = Input(source: input)
        header = input.header
    }

    deinit {
        pending?.done.wait()
    }

    /// Rows `rows` (forward, as every stream), then starts reading the next band ahead; after a
    /// failed read ahead nothing more is read ahead.
    public func read(_ rows: Range<Int>) throws -> PixelBand {
        let band = try take(rows)
        let next = inputEnd..<Swift.min(header.height, inputEnd + rows.count)
        if !next.isEmpty && failure == nil {
            let job = Pending(rows: next)
            let input = self.input
            job.done.enter()
            queue.async {
                job.result = Result { try input.source.read(next) }
                job.done.leave()
            }
            pending = job
            inputEnd = next.upperBound
        }
        return band
    }

    /// Rows `rows`: from rows read ahead where they have them, then from the input.
    private func take(_ rows: Range<Int>) throws -> PixelBand {
        if let job = pending {
            pending = nil
            job.done.wait()
            switch job.result {
            case .success(let band)?: buffered = buffered.map { PixelBand(top: $0.top, rows: $0.rows.stacked(above: band.rows)) } ?? band
            case .failure(let error)?: failure = (job.rows.lowerBound, error)
            case nil: break
            }
        }
        var parts: [Image] = []
        if let buffer = buffered, rows.lowerBound < buffer.range.upperBound {
            let low = Swift.max(rows.lowerBound, buffer.top)
            let high = Swift.min(rows.upperBound, buffer.range.upperBound)
            if low < high { parts.append(Self.rows(low..<high, of: buffer)) }
            buffered = high < buffer.range.upperBound ? PixelBand(top: high, rows: Self.rows(high..<buffer.range.upperBound, of: buffer)) : nil
        } else {
            buffered = nil
        }
        let covered = parts.first.map { rows.lowerBound + $0.height } ?? rows.lowerBound
        if covered < rows.upperBound {
            if let (row, error) = failure, row < rows.upperBound { throw error }
            let start = Swift.max(covered, inputEnd)
            let rest = try input.source.read(start..<rows.upperBound)
            inputEnd = rows.upperBound
            parts.append(rest.rows)
        }
        let image = parts.dropFirst().reduce(parts[0]) { $0.stacked(above: $1) }
        return PixelBand(top: rows.lowerBound, rows: image)
    }

    /// Rows `range` of `band`, in whole-image coordinates.
    private static func rows(_ range: Range<Int>, of band: PixelBand) -> Image {
        if range == band.range { return band.rows }
        return band.rows.cropped(to: PixelRect(x: 0, y: range.lowerBound - band.top, width: band.rows.width, height: range.count))
    }

    /// The input, handed to the prefetching thread; only one thread uses it at a time.
    private final class Input: @unchecked Sendable {
        let source: any BandSource
        init(source: any BandSource) { self.source = source }
    }

    /// A band being read ahead; `result` is written before `done` is left and read after it
    /// is waited for.
    private final class Pending: @unchecked Sendable {
        let rows: Range<Int>
        let done = DispatchGroup()
        var result: Result<PixelBand, any Error>?
        init(rows: Range<Int>) { self.rows = rows }
    }
}
