import Foundation
import NinepipeTestSupport
import Testing

@testable import NinepipeCore

#if canImport(CSVGShim)
import CSVGShim
#endif

/// Android XML and SVG documents that try to read local files through entities, written in
/// UTF-8, UTF-7 and UTF-16 (a review found UTF-7 hiding `<!ENTITY`, `%` and `&` from a byte
/// search, and libxml2's entity substitution reading `file:` entities). Every one is refused,
/// no message or result carries the planted secret, and the oracle file is never opened.
@Suite("Hostile XML", .enabled(if: Requirement.met(ImageCodecRegistry.builtIn.reads(.svg)), "no SVG here: XML is read by the SVG helpers"))
struct HostileXMLTests {
    /// The encodings a hostile document is written in.
    enum Encoding: String, CaseIterable, CustomTestStringConvertible {
        case utf8 = "UTF-8"
        case utf7 = "UTF-7"
        case utf16LE = "UTF-16LE"
        case utf16BE = "UTF-16BE"
        var testDescription: String { rawValue }

        /// `text` (whose XML declaration names no encoding) in this encoding, its declaration
        /// naming it, with a byte-order mark for UTF-16.
        func encode(_ text: String) -> [UInt8] {
            let label = self == .utf8 ? "UTF-8" : self == .utf7 ? "UTF-7" : "UTF-16"
            let declared = text.replacingOccurrences(of: "<?xml version=\"1.0\"?>", with: "<?xml version=\"1.0\" encoding=\"\(label)\"?>")
            switch self {
            case .utf8: return Array(declared.utf8)
            case .utf7:
                // The declaration stays ASCII (as a UTF-7 parser first reads it); after it, every
                // character that means something to XML is written in UTF-7's base64 form.
                let end = declared.range(of: "?>")!.upperBound
                var out = String(declared[..<end])
                for character in declared[end...] {
                    if "<>&%!;[]\"'=#/".contains(character) {
                        let units = Array(String(character).utf16)
                        let bytes = units.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
                        out += "+" + Data(bytes).base64EncodedString().replacingOccurrences(of: "=", with: "") + "-"
                    } else {
                        out.append(character)
                    }
                }
                return Array(out.utf8)
            case .utf16LE: return [0xFF, 0xFE] + declared.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
            case .utf16BE: return [0xFE, 0xFF] + declared.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
            }
        }
    }

    /// A folder with a secret token file and an oracle file.
    struct Plant {
        let folder: String
        let secret = "NINEPIPE-SECRET-7f3a9c"
        var token: String { folder + "/token.txt" }
        var oracle: String { folder + "/oracle.txt" }

        init() throws {
            folder = try TemporaryFolder.make("hostile-xml")
            try TemporaryFolder.write(secret + "\n", to: folder + "/token.txt")
            try TemporaryFolder.write("#ff0000", to: folder + "/oracle.txt")
        }

        /// The review's documents, each pointing at the token or the oracle.
        var documents: [(name: String, text: String)] {
            let vector = """
                <vector xmlns:android="http://schemas.android.com/apk/res/android" android:width="24dp" android:height="24dp"
                    android:viewportWidth="24" android:viewportHeight="24">
                """
            return [
                (
                    "external entity quoted by an error",
                    """
                    <?xml version="1.0"?>
                    <!DOCTYPE vector [ <!ENTITY t SYSTEM "file://\(token)"> ]>
                    \(vector)
                    <path android:fillColor="#000" android:pathData="&t;"/></vector>
                    """
                ),
                (
                    "internal entity built from a parameter entity",
                    """
                    <?xml version="1.0"?>
                    <!DOCTYPE vector [ <!ENTITY % p SYSTEM "file://\(token)"> <!ENTITY % d "<!ENTITY x '%p;'>"> %d; ]>
                    \(vector)
                    <path android:fillColor="#000" android:pathData="&x;"/></vector>
                    """
                ),
                (
                    "a colour decided by a file (oracle)",
                    """
                    <?xml version="1.0"?>
                    <!DOCTYPE resources [ <!ENTITY c SYSTEM "file://\(oracle)"> ]>
                    <resources><color name="accent">&c;</color></resources>
                    """
                ),
                (
                    "a manifest naming its icon through a file",
                    """
                    <?xml version="1.0"?>
                    <!DOCTYPE manifest [ <!ENTITY t SYSTEM "file://\(token)"> ]>
                    <manifest xmlns:android="http://schemas.android.com/apk/res/android" package="a.b">
                    <application android:icon="&t;"/></manifest>
                    """
                ),
            ]
        }

        /// An SVG whose path data is the token file.
        var svg: String {
            """
            <?xml version="1.0"?>
            <!DOCTYPE svg [ <!ENTITY t SYSTEM "file://\(token)"> ]>
            <svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24"><path d="&t;"/></svg>
            """
        }
    }

    @Test(
        "Android XML declaring entities is refused in every encoding, naming the line; no secret in the message, the oracle never opened",
        arguments: Encoding.allCases)
    func androidDocuments(encoding: Encoding) throws {
        let plant = try Plant()
        let watch = try FileOpenWatch(plant.oracle)
        for (name, text) in plant.documents {
            let error = #expect(throws: ResourceXMLError.self, "\(name)") { try ResourceXML.parse(encoding.encode(text), limits: .default) }
            let message = error.map { "\($0)" } ?? ""
            #expect(!message.contains(plant.secret), "\(name): \(message)")
            #expect(!message.contains("SECRET"), "\(name): \(message)")
            if encoding == .utf7 {
                #expect(
                    message
                        == "line 1: the XML declaration says encoding=\"UTF-7\"; Ninepipe reads XML as UTF-8 only (or UTF-16 with a byte-order mark): save it as UTF-8"
                )
            } else {
                #expect(message.hasPrefix("line 2: the document declares an entity (<!ENTITY)"), "\(name): \(message)")
            }
        }
        #expect(!watch.wasTouched, "the oracle file was opened")
        // The watch sees an open (so the check above can fail).
        _ = FileManager.default.contents(atPath: plant.oracle)
        #expect(watch.wasTouched)
    }

    @Test("an SVG source with an external entity is refused by the importer and the renderer in every encoding", arguments: Encoding.allCases)
    func svgDocuments(encoding: Encoding) throws {
        let plant = try Plant()
        let watch = try FileOpenWatch(plant.token)
        let bytes = encoding.encode(plant.svg)
        let imported = #expect(throws: (any Error).self) { try VectorDrawable(svg: bytes, limits: .default) }
        let drawn = #expect(throws: (any Error).self) { try SVGCodec().decode(bytes, options: DecodeOptions(), warn: { _ in }) }
        for error in [imported, drawn] {
            let message = error.map { "\($0)" } ?? ""
            #expect(!message.contains("SECRET"), "\(message)")
            #expect(message.contains(encoding == .utf7 ? "encoding=\"UTF-7\"" : "entity"), "\(message)")
        }
        #expect(!watch.wasTouched, "the token file was opened")
    }

    @Test("the helper's own wall: a DTD or entity reference that reaches libxml2 is refused, and no file is loaded")
    func helperWall() throws {
        #if canImport(CSVGShim)
        let plant = try Plant()
        let watch = try FileOpenWatch(plant.token)
        // Past ResourceXML's checks (the records parser is called directly with a DTD in).
        let document = Array("<!DOCTYPE r [ <!ENTITY t SYSTEM \"file://\(plant.token)\"> ]>\n<r>&t;</r>".utf8)
        var records: UnsafeMutablePointer<UInt8>?
        var length = 0
        var message = [CChar](repeating: 0, count: 512)
        let status = document.withUnsafeBufferPointer {
            njs_xml_parse($0.baseAddress, $0.count, 10, 256 << 20, &records, &length, &message, message.count)
        }
        free(records)
        let text = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        #expect(status == Int32(NJS_SVG_INVALID))
        // (The DTD node has no line of its own: libxml2's parser is on line 2 when the reader meets it.)
        #expect(text == "line 2: the document has a DTD or an entity reference, which Ninepipe does not read", "\(text)")
        #expect(!text.contains("SECRET"))
        #expect(!watch.wasTouched, "libxml2 loaded the external entity")
        #endif
    }

    @Test("UTF-16 with a byte-order mark and UTF-8 with one read as UTF-8 does; other encodings and broken text are refused")
    func encodings() throws {
        let text = """
            <?xml version="1.0"?>
            <vector xmlns:android="http://schemas.android.com/apk/res/android" android:width="24dp" android:height="24dp"
                android:viewportWidth="24" android:viewportHeight="24">
                <path android:fillColor="#ff0000" android:pathData="M0,0 L24,24 L0,24 Z"/>
            </vector>
            """
        let reference = try ResourceXML.parse(Encoding.utf8.encode(text), limits: .default)
        #expect(try ResourceXML.parse(Encoding.utf16LE.encode(text), limits: .default) == reference)
        #expect(try ResourceXML.parse(Encoding.utf16BE.encode(text), limits: .default) == reference)
        #expect(try ResourceXML.parse([0xEF, 0xBB, 0xBF] + Array(text.utf8), limits: .default) == reference)
        #expect(reference.children.first?.line == 4)

        func refusal(_ bytes: [UInt8]) -> String {
            do {
                _ = try ResourceXML.parse(bytes, limits: .default)
                return "accepted"
            } catch {
                return "\(error)"
            }
        }
        let latin1 = Array(text.replacingOccurrences(of: "<?xml version=\"1.0\"?>", with: "<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>").utf8)
        #expect(refusal(latin1).hasPrefix("line 1: the XML declaration says encoding=\"ISO-8859-1\""))
        let unmarked = Array(Encoding.utf16LE.encode(text).dropFirst(2))
        #expect(refusal(unmarked).hasPrefix("the document is UTF-16 without a byte-order mark"))
        #expect(refusal([0xFF, 0xFE, 0, 0, 0x3C, 0, 0, 0]).hasPrefix("the document is UTF-32"))
        var broken = Array(text.utf8)
        broken.insert(0xC0, at: broken.count - 12)  // an overlong lead byte, at the end of line 4
        #expect(
            refusal(broken)
                == "line 4: byte \(broken.count - 13) is not UTF-8 text; Ninepipe reads XML as UTF-8 only (or UTF-16 with a byte-order mark): save it as UTF-8")
        // A long encoding name is cut.
        let long = String(repeating: "X", count: 500)
        let named = Array("<?xml version=\"1.0\" encoding=\"\(long)\"?><a/>".utf8)
        #expect(refusal(named).count < 200)
    }

    @Test("Android resources may have a bare DOCTYPE but no DTD; an SVG's plain entities are expanded, its external DTD ignored")
    func doctypes() throws {
        let bare = Array("<?xml version=\"1.0\"?>\n<!DOCTYPE resources>\n<resources><color name=\"a\">#fff</color></resources>".utf8)
        #expect(try ResourceXML.parse(bare, limits: .default).children.first?.text == "#fff")
        let external = Array("<!DOCTYPE resources SYSTEM \"http://example.com/x.dtd\">\n<resources/>".utf8)
        #expect(
            throws: ResourceXMLError(
                line: 1, reason: "the document's <!DOCTYPE> declares a DTD; Android resources never need one, and Ninepipe reads none: remove the DOCTYPE")
        ) {
            try ResourceXML.parse(external, limits: .default)
        }
        // Illustrator's SVGs: an external DTD nobody loads and namespace names as entities.
        let illustrator = """
            <?xml version="1.0" encoding="utf-8"?>
            <!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd" [
                <!ENTITY ns_svg "http://www.w3.org/2000/svg">
                <!ENTITY fill "#00FF00">
            ]>
            <svg xmlns="&ns_svg;" width="24" height="24" viewBox="0 0 24 24">
              <path fill="&fill;" d="M0 0h24v24H0z"/>
            </svg>
            """
        let root = try ResourceXML.parse(Array(illustrator.utf8), limits: .default, dialect: .svg)
        #expect(root.namespace == "http://www.w3.org/2000/svg")
        #expect(root.line == 6)
        #expect(root.children.first?.attribute("fill", namespace: "") == "#00FF00")
        #expect(root.children.first?.line == 7)
        let drawable = try VectorDrawable(svg: Array(illustrator.utf8), limits: .default)
        #expect(drawable.width == 24)
        // An entity whose value holds markup or a quote is not expanded.
        let quoting = Array("<!DOCTYPE svg [ <!ENTITY q '\" onload=\"x'> ]>\n<svg xmlns=\"http://www.w3.org/2000/svg\" id=\"&q;\"/>".utf8)
        #expect(throws: ResourceXMLError.self) { try ResourceXML.parse(quoting, limits: .default, dialect: .svg) }
    }

    @Test("lines point at the start tag and at the attribute, not at where libxml2 finished the tag")
    func lines() throws {
        let text = """
            <?xml version="1.0" encoding="utf-8"?>
            <vector xmlns:android="http://schemas.android.com/apk/res/android"
                android:width="24dp"
                android:height="24dp"
                android:viewportWidth="24"
                android:viewportHeight="24">
                <!-- a comment <path> with a tag in it -->
                <path
                    android:fillColor="#ff0000"
                    android:pathData="M0,0 L10,10 Q"/>
                <path android:fillColor="nonsense" android:pathData="M0,0 L1,1"/>
            </vector>
            """
        let root = try ResourceXML.parse(Array(text.utf8), limits: .default)
        #expect(root.line == 2)
        #expect(root.line(of: "viewportHeight") == 6)
        #expect(root.children.map(\.line) == [8, 11])
        #expect(root.children[0].line(of: "fillColor") == 9)
        #expect(root.children[0].line(of: "pathData") == 10)
        #expect(throws: VectorDrawableError.self) { try VectorDrawableCodec.drawable(Array(text.utf8), limits: .default) }
        do {
            _ = try VectorDrawableCodec.drawable(Array(text.utf8), limits: .default)
        } catch {
            #expect("\(error)".hasPrefix("line 10: android:pathData:"), "\(error)")
        }
        let second = text.replacingOccurrences(of: " Q\"", with: "\"")
        do {
            _ = try VectorDrawableCodec.drawable(Array(second.utf8), limits: .default)
            Issue.record("a colour 'nonsense' was accepted")
        } catch {
            #expect("\(error)".hasPrefix("line 11: \"nonsense\" is not a colour"), "\(error)")
        }
    }

    @Test("numbers are decimal: hexadecimal floats, inf and nan are not dimensions")
    func decimals() throws {
        #expect(Double(decimal: "12") == 12 && Double(decimal: "-0.5") == -0.5 && Double(decimal: ".25") == 0.25 && Double(decimal: "3.") == 3)
        #expect(Double(decimal: "1e3") == 1000 && Double(decimal: "+2E-1") == 0.2)
        for text in ["0x1p4", "0x10", "inf", "nan", "", "-", ".", "1e", "1e+", " 1", "1 ", "1.2.3", "e5", "--1"] {
            #expect(Double(decimal: text) == nil, "\(text)")
        }
        let hex = """
            <vector xmlns:android="http://schemas.android.com/apk/res/android" android:width="0x1p4dp" android:height="24dp"
                android:viewportWidth="24" android:viewportHeight="24"><path android:pathData="M0,0 L1,1"/></vector>
            """
        #expect(throws: VectorDrawableError(line: 1, reason: "android:width=\"0x1p4dp\" is not a dimension such as 24dp")) {
            try VectorDrawableCodec.drawable(Array(hex.utf8), limits: .default)
        }
    }

    @Test("a value quoted in a message is cut short and its control characters shown")
    func quoting() {
        #expect(XMLText.quoted("#ff0000") == "\"#ff0000\"")
        let long = String(repeating: "root:x:0:0:root:/root:/bin/bash\n", count: 40)
        let quoted = XMLText.quoted(long)
        #expect(quoted.count < 2 * XMLText.quotedLength)
        #expect(quoted.hasSuffix("…\"") && quoted.contains("\\u{a}") && !quoted.contains("\n"))
    }

    @Test("sweep gradients cannot make the translated SVG grow without bound: past 250,000 wedges it is refused before anything is drawn")
    func sweepAmplification() throws {
        let sweep =
            ##"<path android:pathData="M24,4a20,20 0 1,0 0.01,0z"><aapt:attr name="android:fillColor"><gradient android:type="sweep" android:centerX="24" android:centerY="24"><item android:offset="0" android:color="#FFFF0000"/><item android:offset="1" android:color="#FF0000FF"/></gradient></aapt:attr></path>"##
        func drawable(paths: Int) -> [UInt8] {
            Array(
                (##"<vector xmlns:android="http://schemas.android.com/apk/res/android" xmlns:aapt="http://schemas.android.com/aapt" android:width="48dp" android:height="48dp" android:viewportWidth="48" android:viewportHeight="48">"##
                    + String(repeating: sweep, count: paths) + "</vector>").utf8)
        }
        // 694 gradients: 249,840 wedges, drawn; 695: refused, in a document of 250 KB.
        let within = try VectorDrawableCodec.drawable(drawable(paths: 694), limits: .default)
        #expect(try within.svg().utf8.count < VectorDrawable.maxTranslatedBytes)
        let bomb = drawable(paths: 695)
        #expect(bomb.count < 300_000)
        let parsed = try VectorDrawableCodec.drawable(bomb, limits: .default)
        #expect(throws: VectorDrawableError.self) { try parsed.svg() }
        do {
            _ = try ImageCodecRegistry.builtIn.decode(bomb)
            Issue.record("the sweep bomb was drawn")
        } catch {
            #expect("\(error)".contains("its sweep gradients would be drawn as more than 250000 wedges"), "\(error)")
        }
    }

    @Test("the SVG screening reads decoded text: XInclude and element counts are caught in UTF-16, and UTF-7 is refused", arguments: Encoding.allCases)
    func screeningInEveryEncoding(encoding: Encoding) throws {
        // The review's 324-byte SVG: XInclude of a data: document.
        let included = Data(#"<svg xmlns="http://www.w3.org/2000/svg"><rect width="9" height="9" fill="red"/></svg>"#.utf8).base64EncodedString()
        let xinclude = """
            <?xml version="1.0"?>
            <svg xmlns="http://www.w3.org/2000/svg" xmlns:xi="http://www.w3.org/2001/XInclude" width="9" height="9"><xi:include parse="xml" href="data:application/xml;base64,\(included)"/></svg>
            """
        let drawn = #expect(throws: (any Error).self) { try SVGCodec().decode(encoding.encode(xinclude), options: DecodeOptions(), warn: { _ in }) }
        #expect("\(drawn.map { "\($0)" } ?? "")".contains(encoding == .utf7 ? "encoding=\"UTF-7\"" : "uses XInclude"), "\(String(describing: drawn))")
        // A vector drawable of 320,001 groups.
        let groups = """
            <?xml version="1.0"?>
            <vector xmlns:android="http://schemas.android.com/apk/res/android" android:width="9dp" android:height="9dp" android:viewportWidth="9" android:viewportHeight="9">
            """ + String(repeating: "<group/>", count: 320_001) + "</vector>"
        let counted = #expect(throws: ResourceXMLError.self) { try ResourceXML.parse(encoding.encode(groups), limits: .default) }
        #expect(counted?.reason == (encoding == .utf7 ? XMLEncodingError.declared("UTF-7").reason : "it has more than 250000 elements"))
    }
}
