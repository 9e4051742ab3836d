import NinepipeCore
import NinepipeTestSupport
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The small helpers that replaced Foundation in the host and command line (so a run does not
/// load it): decimal text, base64, trimming, folder listing and removal.
@Suite("text and folder helpers")
struct TextAndFolderHelperTests {
    @Test("decimal text: at most N places without trailing zeros, or exactly N places")
    func decimals() {
        #expect(DecimalText.text(0.5, decimals: 2) == "0.5")
        #expect(DecimalText.text(12, decimals: 3) == "12")
        #expect(DecimalText.text(-3.256, decimals: 2) == "-3.26")
        #expect(DecimalText.text(-0.0001, decimals: 2) == "0")
        #expect(DecimalText.text(2.675, decimals: 2) == "2.68" || DecimalText.text(2.675, decimals: 2) == "2.67")
        #expect(DecimalText.text(.nan, decimals: 2) == "0")
        #expect(DecimalText.fixed(0.1234, places: 3) == "0.123")
        #expect(DecimalText.fixed(3, places: 1) == "3.0")
        #expect(DecimalText.fixed(-0.04, places: 1) == "0.0")
        #expect(DecimalText.fixed(-1.25, places: 1) == "-1.3")
        #expect(DecimalText.fixed(99.96, places: 1) == "100.0")
        #expect(DecimalText.fixed(7.5, places: 0) == "8")
        // As printf writes them, away from halfway cases (where printf rounds the exact binary
        // value and this the value scaled, which may land on either side).
        var compared = 0
        for step in -2000...2000 {
            let value = Double(step) * 0.01377
            for places in 0...4 {
                var scale = 1.0
                for _ in 0..<places { scale *= 10 }
                let fraction = abs(value * scale) - abs(value * scale).rounded(.down)
                guard abs(fraction - 0.5) > 1e-6 else { continue }
                #expect(DecimalText.fixed(value, places: places) == Self.printf(value, places: places), "\(value) \(places)")
                compared += 1
            }
        }
        #expect(compared > 19_000)
    }

    @Test("base64 matches RFC 4648's test vectors")
    func base64() {
        let vectors = ["": "", "f": "Zg==", "fo": "Zm8=", "foo": "Zm9v", "foob": "Zm9vYg==", "fooba": "Zm9vYmE=", "foobar": "Zm9vYmFy"]
        for (text, encoded) in vectors { #expect(Base64.encoded(Array(text.utf8)) == encoded, "\(text)") }
        #expect(Base64.encoded([0xFF, 0xFE, 0xFD, 0x00]) == "//79AA==")
    }

    @Test("trimming white space, line breaks included, from either end")
    func trimming() {
        #expect(" \t a b \n".trimmingWhitespace == "a b")
        #expect("   ".trimmingWhitespace.isEmpty)
        #expect("x".trimmingWhitespace == "x")
        #expect(Substring(" y ").trimmingWhitespace == "y")
    }

    @Test("a folder's names (hidden ones left out when asked), and a tree removed without following links")
    func folders() throws {
        let root = try TemporaryFolder.make("folder-helpers")
        let outside = try TemporaryFolder.make("folder-helpers-outside")
        for name in ["b.png", "a.png", ".hidden"] { try FileIO.writeAtomically([1], to: root + "/" + name) }
        #expect(mkdir(root + "/sub", 0o755) == 0)
        try FileIO.writeAtomically([2], to: root + "/sub/c.png")
        try FileIO.writeAtomically([3], to: outside + "/kept.png")
        #expect(symlink(outside, root + "/sub/link") == 0)
        #expect(FileIO.names(in: root)?.sorted() == [".hidden", "a.png", "b.png", "sub"])
        #expect(FileIO.names(in: root, visibleOnly: true, sorted: true) == ["a.png", "b.png", "sub"])
        #expect(FileIO.names(in: root + "/a.png") == nil)
        #expect(FileIO.names(in: root + "/missing") == nil)
        #expect(FileIO.removeTree(root))
        #expect(!FileIO.exists(root))
        #expect(FileIO.exists(outside + "/kept.png"), "the link's target is not removed")
        #expect(FileIO.removeTree(root), "an absent path is gone already")
    }

    private static func printf(_ value: Double, places: Int) -> String {
        var buffer = [CChar](repeating: 0, count: 64)
        _ = withVaList([value]) { vsnprintf(&buffer, 64, "%.\(places)f", $0) }
        let text = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return text.hasPrefix("-") && Double(text) == 0 ? String(text.dropFirst()) : text
    }
}
