import Foundation
import NinepipeTestSupport
import Testing

/// The manual's commands had drifted from what the tool does. Every fenced block right
/// after a `<!-- runnable -->` line in README.md and Docs/*.md runs here, with the built
/// `ninepipe` first on PATH, in a folder holding a copy of Examples/ and the files the manual's
/// commands name (in.png, photo.jpg, button.9.png…, all made from Examples/).
///
/// - A block of `$ COMMAND` lines: each command runs, and the lines after it, up to the next
///   `$`, are what it must print (standard output and error together).
/// - Any other block: each line that starts with `ninepipe` runs and must succeed, unless its
///   comment says `exit N`.
/// - `<!-- runnable exit=N -->` expects N of every command in the block.
@Suite("documentation commands")
struct DocCommandTests {
    static let root = Repository.root

    /// A command, where it is, what it must print (when the block shows it) and its exit status.
    struct Command: CustomStringConvertible {
        var file: String, line: Int
        var text: String
        var output: [String]?
        var status: Int32
        var description: String { "\(file):\(line): \(text)" }
    }

    /// Every runnable command of the documents, in order.
    static func commands() throws -> [Command] {
        let docs = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("Docs").path)
            .filter { $0.hasSuffix(".md") }.sorted().map { "Docs/" + $0 }
        var commands: [Command] = []
        for document in ["README.md"] + docs {
            let lines = try String(contentsOf: root.appendingPathComponent(document), encoding: .utf8).components(separatedBy: "\n")
            var index = 0
            while index < lines.count {
                defer { index += 1 }
                let marker = lines[index].trimmingCharacters(in: .whitespaces)
                guard marker.hasPrefix("<!-- runnable"), index + 1 < lines.count, lines[index + 1].hasPrefix("```") else { continue }
                let blockStatus = marker.firstMatch(of: /exit=(\d+)/).flatMap { Int32($0.1) }
                var body: [(Int, String)] = []
                index += 2
                while index < lines.count, !lines[index].hasPrefix("```") {
                    body.append((index + 1, lines[index]))
                    index += 1
                }
                commands += parse(body, file: document, status: blockStatus)
            }
        }
        return commands
    }

    /// The commands of one block's lines.
    static func parse(_ body: [(line: Int, text: String)], file: String, status: Int32?) -> [Command] {
        var commands: [Command] = []
        let transcript = body.contains { $0.text.hasPrefix("$ ") }
        var position = 0
        while position < body.count {
            let (line, text) = body[position]
            position += 1
            guard transcript ? text.hasPrefix("$ ") : text.hasPrefix("ninepipe ") else { continue }
            var command = transcript ? String(text.dropFirst(2)) : text
            // A command goes on while a quote is open or the line ends in a backslash.
            while !isComplete(command), position < body.count {
                command += "\n" + body[position].text
                position += 1
            }
            var output: [String]?
            if transcript {
                var printed: [String] = []
                while position < body.count, !body[position].text.hasPrefix("$ ") {
                    printed.append(body[position].text)
                    position += 1
                }
                while printed.last?.trimmingCharacters(in: .whitespaces).isEmpty == true { printed.removeLast() }
                output = printed
            }
            let commented = command.firstMatch(of: /#[^"']*\bexit (\d+)/).flatMap { Int32($0.1) }
            commands.append(Command(file: file, line: line, text: command, output: output, status: status ?? commented ?? 0))
        }
        return commands
    }

    /// Whether `text` closes every quote it opens (as the shell reads it) and does not end in `\`.
    static func isComplete(_ text: String) -> Bool {
        var quote: Character?
        var escaped = false
        for character in text {
            if escaped {
                escaped = false
            } else if character == "\\" && quote != "'" {
                escaped = true
            } else if let open = quote {
                if character == open { quote = nil }
            } else if character == "'" || character == "\"" {
                quote = character
            } else if character == "#" {
                break  // a comment
            }
        }
        return quote == nil && !text.hasSuffix("\\")
    }

    /// A folder with Examples/ and the inputs the manual names.
    static func workspace() throws -> String {
        let directory = try TemporaryFolder.make("doc-commands")
        let examples = root.appendingPathComponent("Examples").path
        let manager = FileManager.default
        for item in ["card.png", "card.pipe", "photo.jpg", "button.9.png", "vector"] {
            try manager.createDirectory(atPath: directory + "/Examples", withIntermediateDirectories: true)
            try manager.copyItem(atPath: examples + "/" + item, toPath: directory + "/Examples/" + item)
        }
        let copies = [
            "card.png": "card.png", "in.png": "card.png", "icon.png": "card.png", "logo.png": "card.png", "mark.png": "card.png",
            "in.jpg": "photo.jpg", "photo.jpg": "photo.jpg", "IMG_0042.jpg": "photo.jpg", "button.9.png": "button.9.png",
            "button.9.svg": "vector/button.9.svg",
        ]
        for (name, source) in copies { try manager.copyItem(atPath: examples + "/" + source, toPath: directory + "/" + name) }
        try "param width=100\nload \"in.png\" | resize width=$width | save \"p.png\"\n".write(
            toFile: directory + "/pipeline.pipe", atomically: true, encoding: .utf8)
        // Batch.md's inputs: thumbs.pipe as the page shows it, folders of photos and screenshots.
        try "#!/usr/bin/env -S ninepipe run\nparam size=128\nthumbnail $size\n".write(
            toFile: directory + "/thumbs.pipe", atomically: true, encoding: .utf8)
        for folder in ["photos/trip", "shots"] { try manager.createDirectory(atPath: directory + "/" + folder, withIntermediateDirectories: true) }
        for (name, source) in [
            "photos/beach.jpg": "photo.jpg", "photos/card.png": "card.png", "photos/trip/hill.jpg": "photo.jpg", "shots/home.png": "card.png",
            "a.jpg": "photo.jpg", "b.jpg": "photo.jpg",
        ] {
            try manager.copyItem(atPath: examples + "/" + source, toPath: directory + "/" + name)
        }
        return directory
    }

    @Test("every runnable block of README.md and Docs/*.md does what the page says")
    func blocksRun() throws {
        let commands = try Self.commands()
        #expect(commands.count >= 40, "only \(commands.count) runnable commands found")
        let directory = try Self.workspace()
        let bin = Repository.builtExecutable.deletingLastPathComponent().path
        // The compiled nine-patch the manual's commands name, made as the manual says.
        for setup in ["ninepipe ninepatch compile button.9.png compiled.png", "ninepipe ninepatch compile button.9.png button.png"] {
            #expect(try Self.shell(setup, in: directory, bin: bin).status == 0)
        }
        for command in commands {
            let (status, output) = try Self.shell(command.text, in: directory, bin: bin)
            #expect(status == command.status, "\(command) exited \(status), the page says \(command.status): \(output)")
            if let expected = command.output {
                let printed = output.components(separatedBy: "\n").map { $0.replacingOccurrences(of: #"\s+$"#, with: "", options: .regularExpression) }
                let lines = printed.last == "" ? Array(printed.dropLast()) : printed
                let wanted = expected.map { $0.replacingOccurrences(of: #"\s+$"#, with: "", options: .regularExpression) }
                #expect(lines == wanted, "\(command) printed:\n\(output)")
            }
        }
    }

    @Test("commands are read as the shell reads them")
    func parsing() {
        let block: [(line: Int, text: String)] = [
            (1, "$ ninepipe check -e \"load path='a.png' orient=auto"), (2, "save \\\"b.jpg\\\" quality=90\""), (3, "<expression>: ok"),
            (4, "$ ninepipe info x.png   # exit 1 if missing"), (5, "error"),
        ]
        let commands = Self.parse(block, file: "x.md", status: nil)
        #expect(commands.map(\.line) == [1, 4] && commands[0].output == ["<expression>: ok"] && commands[1].status == 1)
        #expect(commands[0].text.contains("\n"))
        let plain = Self.parse([(1, "ninepipe run -e 'x' # comment"), (2, "man -l page"), (3, "ninepipe check -e 'laod' # exit 2")], file: "x", status: nil)
        #expect(plain.map(\.status) == [0, 2])
    }

    /// Runs `command` with bash in `directory`, the built executable first on PATH.
    static func shell(_ command: String, in directory: String, bin: String) throws -> (status: Int32, output: String) {
        var environment = ProcessInfo.processInfo.environment
        environment["PATH"] = bin + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
        // Errors into the output, in the order they were written.
        let result = try ChildProcess.run("/bin/bash", ["-c", "exec 2>&1\n" + command], in: directory, environment: environment)
        return (result.status, String(decoding: result.out, as: UTF8.self))
    }
}
