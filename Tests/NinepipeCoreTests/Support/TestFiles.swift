import Foundation
import NinepipeCore
import NinepipeTestSupport

/// Locations of test inputs outside the repository, and small helpers.
enum TestFiles {
    /// `../shared/pngsuite` beside the checkout, or `$NINEPIPE_PNGSUITE`; `nil` when absent.
    static let pngSuite: URL? = {
        if let override = ProcessInfo.processInfo.environment["NINEPIPE_PNGSUITE"] {
            return URL(fileURLWithPath: override)
        }
        let suite = Repository.root.deletingLastPathComponent().appendingPathComponent("shared/pngsuite")
        return FileManager.default.fileExists(atPath: suite.appendingPathComponent("png").path) ? suite : nil
    }()

    /// Why PngSuite tests are skipped when it is absent: it is not a package `.ci/run` can
    /// install, and never copied into the repository.
    static let pngSuiteMissing = "PngSuite not found at ../shared/pngsuite (set NINEPIPE_PNGSUITE)"

    /// The PngSuite file names (without extension), or none when the suite is absent (the tests
    /// using them are disabled then, ``pngSuiteMissing``).
    static func pngSuiteNames() -> [String] {
        guard let suite = pngSuite else { return [] }
        let files = (try? FileManager.default.contentsOfDirectory(atPath: suite.appendingPathComponent("png").path)) ?? []
        return files.filter { $0.hasSuffix(".png") }.map { String($0.dropLast(4)) }.sorted()
    }

    static func bytes(_ url: URL) throws -> [UInt8] { [UInt8](try Data(contentsOf: url)) }

    /// A new temporary directory, removed when the tests end.
    static func temporaryDirectory() throws -> String { try TemporaryFolder.make("tests") }
}

extension Image {
    /// Every pixel as R, G, B, A at the image's depth, for comparison with reference decodings.
    var rgbaSamples: [Int] {
        let rgba = converted(to: .rgba)
        switch rgba.storage {
        case .eight(let samples): return samples.map(Int.init)
        case .sixteen(let samples): return samples.map(Int.init)
        }
    }
}
