import Foundation
import NinepipeTestSupport
import Synchronization
import Testing

@testable import NinepipeCore
@testable import NinepipeHost

/// A tree's values are read once per run however many workers convert its drawables (a review
/// measured 37 MB of values taking 2.15 GB at `--jobs 16`, each worker reading them at once),
/// and their total is capped.
@Suite("Android values reading", .enabled(if: Requirement.met(ImageCodecRegistry.builtIn.reads(.svg)), "no SVG here: XML is read by the SVG helpers"))
struct ResourceValuesReadingTests {
    @Test("16 workers asking at once: one reads the tree's values, the others wait and share them")
    func oneReader() throws {
        let folder = try TemporaryFolder.make("values-once")
        try TemporaryFolder.write(#"<resources><color name="brand">#FF2196F3</color></resources>"#, to: folder + "/res/values/colors.xml")
        let drawable = folder + "/res/drawable/dot.xml"
        let colors = Mutex<[String?]>([])
        DispatchQueue.concurrentPerform(iterations: 16) { _ in
            let values = AndroidResourceValues(forDrawableAt: drawable, limits: .default)
            colors.withLock { $0.append(values.colors["brand"]) }
        }
        #expect(colors.withLock { $0 } == Array(repeating: "#FF2196F3", count: 16))
        #expect(AndroidResourceValues.folderReads.withLock { $0[folder + "/res"] } == 1)
        // A changed file is read again, once.
        try TemporaryFolder.write(#"<resources><color name="brand">#FF000000</color><!-- longer --></resources>"#, to: folder + "/res/values/colors.xml")
        #expect(AndroidResourceValues(forDrawableAt: drawable, limits: .default).colors["brand"] == "#FF000000")
        #expect(AndroidResourceValues.folderReads.withLock { $0[folder + "/res"] } == 2)
    }

    @Test("values over 64 MiB in all are not read: the tree's drawables say so instead of being drawn")
    func totalCap() throws {
        let folder = try TemporaryFolder.make("values-cap")
        try TemporaryFolder.write(#"<resources><color name="brand">#FF2196F3</color></resources>"#, to: folder + "/res/values/colors.xml")
        // 65 MiB that take no disk: a sparse file.
        let big = folder + "/res/values/strings.xml"
        #expect(FileManager.default.createFile(atPath: big, contents: nil))
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: big))
        try handle.truncate(atOffset: 65 << 20)
        try handle.close()
        let values = AndroidResourceValues(forDrawableAt: folder + "/res/drawable/dot.xml", limits: .default)
        #expect(values.colors.isEmpty)
        let error = try #require(values.unreadable)
        #expect("\(error)" == "\(folder)/res: its values files (2 read for drawables) hold 65 MiB, more than the 64 MiB Ninepipe reads")
        #expect(throws: AssetError.self) {
            try AssetConverter.resources(forDrawableAt: folder + "/res/drawable/dot.xml", options: AssetOptions(target: .web))
        }
    }
}
