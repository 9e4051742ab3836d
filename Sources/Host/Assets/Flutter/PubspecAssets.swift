import NinepipeCore

/// The asset folders in a Flutter project's `pubspec.yaml`: written between two marker comments
/// inside `flutter: assets:`, every other line left as it was (comments, anchors, order), and
/// replaced there on the next run, so a rerun changes nothing. Without a pubspec in the output,
/// the same lines go to a snippet file to copy from.
enum PubspecAssets {
    /// The snippet file written when the output holds no `pubspec.yaml`.
    static let snippetName = "pubspec_assets.yaml"
    /// The first marker line (its text after the indentation).
    static let begin = "# ninepipe: begin (written by `ninepipe assets flutter`; run it again to change what is here)"
    /// How a first marker line starts, whatever text follows.
    static let beginPrefix = "# ninepipe: begin"
    /// The last marker line.
    static let end = "# ninepipe: end"
    /// The most bytes of a pubspec read (real ones are a few KB).
    static let maxBytes = 1 << 20

    /// Which asset folders are listed.
    struct Listing: Hashable {
        /// `assets/images/`, with its density variant folders.
        var images: Bool
        /// `assets/vectors/`, given the `vector_graphics_compiler` transformer.
        var vectors: Bool
    }

    /// The pubspec in `output` and its text, `nil` when there is none.
    static func read(in output: String) throws(AssetError) -> (path: String, text: String)? {
        let path = output + "/pubspec.yaml"
        guard FileIO.exists(path) else { return nil }
        let bytes: [UInt8]
        do { bytes = try FileIO.read(path, maxBytes: maxBytes, requiringRegularFile: true) } catch {
            throw .projectFile(path: path, line: 0, reason: "cannot read it (\(error)); a pubspec is a text file under \(maxBytes >> 20) MiB")
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw .projectFile(path: path, line: 0, reason: "it is not UTF-8 text, as YAML and pub require")
        }
        return (path, text)
    }

    /// The list lines of `listing`, each indented by `indent` spaces.
    static func lines(_ listing: Listing, indent: Int) -> [String] {
        let pad = String(repeating: " ", count: indent)
        var lines: [String] = []
        if listing.images { lines.append(pad + "- " + FlutterLayout.imageFolder + "/") }
        if listing.vectors {
            lines += [
                pad + "- path: " + FlutterLayout.vectorFolder + "/", pad + "  transformers:", pad + "    - package: vector_graphics_compiler",
            ]
        }
        return [pad + begin] + lines + [pad + end]
    }

    /// `text` (the pubspec at `path`) with `listing` between the markers in `flutter: assets:`:
    /// replacing what the markers held, else inserted at the top of an `assets:` list, else in a
    /// new `assets:` at the end of the `flutter:` section.
    ///
    /// - Throws: ``AssetError/projectFile(path:line:reason:)`` for a tab in indentation, a
    ///   missing or inline `flutter:` section, an inline `assets:` value, or an unclosed marker.
    static func edited(_ text: String, path: String, listing: Listing) throws(AssetError) -> String {
        let crlf = text.contains("\r\n")
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            line.hasSuffix("\r") ? String(line.dropLast()) : String(line)
        }
        for (index, line) in lines.enumerated() where line.prefix(while: { $0 == " " || $0 == "\t" }).contains("\t") && !isBlank(line) {
            throw .projectFile(path: path, line: index + 1, reason: "a tab in the indentation, which YAML does not allow; indent with spaces")
        }
        if let first = lines.firstIndex(where: { content($0).hasPrefix(beginPrefix) }) {
            guard let last = lines[(first + 1)...].firstIndex(where: { content($0) == end }) else {
                throw .projectFile(path: path, line: first + 1, reason: "the ninepipe: begin marker has no ninepipe: end after it; remove the marker")
            }
            lines.replaceSubrange(first...last, with: Self.lines(listing, indent: indentation(lines[first])))
            return joined(lines, crlf: crlf)
        }
        guard let flutter = lines.firstIndex(where: { $0.hasPrefix("flutter:") }) else {
            throw .projectFile(
                path: path, line: 0,
                reason: "it has no flutter: section; add one (flutter: with uses-material-design: true below it, as flutter create writes) and run again")
        }
        guard isKeyOnly(lines[flutter], key: "flutter") else {
            throw .projectFile(
                path: path, line: flutter + 1, reason: "flutter: holds a value on its own line; write it as a block, one setting a line below it")
        }
        // The section: the lines after it up to the next one at column 0 (comments aside).
        var sectionEnd = flutter + 1
        while sectionEnd < lines.count {
            let line = lines[sectionEnd]
            if !isBlank(line) && indentation(line) == 0 && !line.hasPrefix("#") { break }
            sectionEnd += 1
        }
        let section = (flutter + 1)..<sectionEnd
        let settings = section.filter { !isBlank(lines[$0]) && !content(lines[$0]).hasPrefix("#") }
        let childIndent = settings.first.map { indentation(lines[$0]) } ?? 2
        if let assets = settings.first(where: { indentation(lines[$0]) == childIndent && content(lines[$0]).hasPrefix("assets:") }) {
            guard isKeyOnly(lines[assets], key: "assets") else {
                throw .projectFile(
                    path: path, line: assets + 1,
                    reason: "assets: holds a value on its own line; write it as a list, one '- FOLDER/' line a folder, and run again")
            }
            let next = settings.first { $0 > assets }
            let itemIndent = next.flatMap { index in
                let line = lines[index]
                return content(line).hasPrefix("-") && indentation(line) >= childIndent ? indentation(line) : nil
            }
            lines.insert(contentsOf: Self.lines(listing, indent: itemIndent ?? childIndent + 2), at: assets + 1)
        } else {
            let after = (section.last { !isBlank(lines[$0]) } ?? flutter) + 1
            lines.insert(contentsOf: [String(repeating: " ", count: childIndent) + "assets:"] + Self.lines(listing, indent: childIndent + 2), at: after)
        }
        return joined(lines, crlf: crlf)
    }

    /// The snippet file: the lines to copy under `flutter:`, as YAML of their own.
    static func snippet(_ listing: Listing) -> String {
        var text = """
            # Written by `ninepipe assets flutter`: the output holds no pubspec.yaml. Copy the assets
            # entries below into the app's pubspec.yaml, under flutter:.

            """
        if listing.vectors {
            text += """
                # The SVGs in \(FlutterLayout.vectorFolder)/ are compiled at build time: the app needs
                # vector_graphics in dependencies and vector_graphics_compiler in dev_dependencies.

                """
        }
        return text + (["flutter:", "  assets:"] + lines(listing, indent: 4)).joined(separator: "\n") + "\n"
    }

    private static func isBlank(_ line: String) -> Bool { line.allSatisfy { $0 == " " || $0 == "\t" } }
    private static func indentation(_ line: String) -> Int { line.prefix { $0 == " " }.count }
    private static func content(_ line: String) -> Substring { line.drop { $0 == " " } }

    /// Whether `line` is `key:` alone (an anchor and a comment allowed after it).
    private static func isKeyOnly(_ line: String, key: String) -> Bool {
        var rest = content(line).dropFirst(key.count + 1).drop { $0 == " " }
        if rest.hasPrefix("&") { rest = rest.drop { $0 != " " }.drop { $0 == " " } }
        return rest.isEmpty || rest.hasPrefix("#")
    }

    private static func joined(_ lines: [String], crlf: Bool) -> String { lines.joined(separator: crlf ? "\r\n" : "\n") }
}
