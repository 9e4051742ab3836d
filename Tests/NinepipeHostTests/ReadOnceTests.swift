import Foundation
import NinepipeCore
import NinepipeTestSupport
import Testing

@testable import NinepipeHost

/// Each XML drawable is read and parsed once a run, however many configurations, scales and
/// layer lists use it (it was parsed up to four times for a vector with a night variant).
@Suite(
    "assets: each resource file parsed once a run",
    .enabled(if: Requirement.met(ImageCodecRegistry.builtIn.reads(.svg)), "no SVG here: Android XML is read by the SVG helpers"))
struct ReadOnceTests {
    static let android = #"xmlns:android="http://schemas.android.com/apk/res/android""#

    func tree() throws -> String {
        let folder = try TemporaryFolder.make("read-once")
        try TemporaryFolder.write(
            ##"<vector \##(Self.android) android:width="8dp" android:height="8dp" android:viewportWidth="8" android:viewportHeight="8"><path android:fillColor="@color/ink" android:pathData="M0,0h8v8h-8z"/><path android:fillColor="#FF000000" android:pathData="M0,0h1v1h-1z"/></vector>"##,
            to: folder + "/res/drawable/icon.xml")
        try TemporaryFolder.write(
            ##"<shape \##(Self.android)><size android:width="6dp" android:height="6dp"/><solid android:color="@color/ink"/></shape>"##,
            to: folder + "/res/drawable/chip.xml")
        for name in ["stack_a", "stack_b"] {
            try TemporaryFolder.write(
                ##"<layer-list \##(Self.android)><item android:drawable="@drawable/chip"/><item android:drawable="@drawable/icon" android:left="1dp"/></layer-list>"##,
                to: folder + "/res/drawable/\(name).xml")
        }
        try TemporaryFolder.write(#"<resources><color name="ink">#FF2040A0</color></resources>"#, to: folder + "/res/values/colors.xml")
        try TemporaryFolder.write(#"<resources><color name="ink">#FFA0C0F0</color></resources>"#, to: folder + "/res/values-night/colors.xml")
        return folder
    }

    @Test(
        "a vector and a shape with night colours, named by two layer lists, converted for iOS (as vectors and as PNGs) and the web: one parse per file",
        arguments: [("ios", false), ("ios", true), ("web", false), ("web", true)])
    func parsedOnce(target: String, asPNG: Bool) throws {
        let folder = try tree()
        let chosen = try #require(AssetTargetRegistry.builtIn.target(named: target))
        var options = AssetOptions(target: chosen)
        options.vectorsAsBitmaps = asPNG
        let converter = AssetConverter(options: options)
        let inventory = try AssetCollector().collect([folder + "/res"])
        #expect(inventory.assets.map(\.name) == ["chip", "icon", "stack_a", "stack_b"])
        let output = folder + "/out-\(target)-\(asPNG)" + (target == "ios" ? "/A.xcassets" : "")
        let summary = AssetRun(converter: converter, output: output, jobs: 2).runBlocking(inventory) { _ in }
        #expect(summary.failures.isEmpty && summary.converted == 4, "\(summary.failures)")
        let parses = converter.documents.parses.withLock { $0 }
        #expect(parses.keys.map { FileIO.baseName(of: $0) }.sorted() == ["chip.xml", "icon.xml", "stack_a.xml", "stack_b.xml"], "\(parses)")
        #expect(parses.values.allSatisfy { $0 == 1 }, "\(parses)")
        // Each asset has its dark configuration: the night colours were read.
        let written = try FileManager.default.subpathsOfDirectory(atPath: output)
        #expect(
            written.contains { $0.contains("icon") && $0.contains("-dark") } && written.contains { $0.contains("stack_a") && $0.contains("-dark") },
            "\(written)")
    }

    @Test("a tree's resources are made once however many workers ask at the same time")
    func resourcesMadeOnce() async throws {
        let resolved = ResolvedResources()
        await withTaskGroup(of: Void.self) { group in
            for index in 0..<8 {
                group.addTask {
                    _ = try? resolved.resources(forDrawableAt: "/tree/res/drawable/d\(index).xml", configuration: .standard) {
                        // Slow enough that the other workers ask while this one works.
                        Thread.sleep(forTimeInterval: 0.05)
                        return VectorDrawable.Resources(colors: ["a": "#FFF"])
                    }
                }
            }
        }
        #expect(resolved.made == 1)
        let night = try resolved.resources(forDrawableAt: "/tree/res/drawable-night/d.xml", configuration: AssetConfiguration(isDark: true)) { .none }
        #expect(night == .none && resolved.made == 2)
    }

}
