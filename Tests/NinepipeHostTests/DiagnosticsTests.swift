import NinepipeCore
import Testing

@testable import NinepipeHost

@Suite("DSL diagnostics point at the offending token")
struct DiagnosticsTests {
    func diagnose(_ marked: MarkedText) -> [Diagnostic] {
        PipelineCompiler().compile(marked.text).diagnostics.filter { $0.severity == .error }
    }

    @Test("an unknown step suggests the closest name")
    func unknownStep() {
        let marked = MarkedText(#"↓laod "in.png" | save "out.png""#)
        let errors = diagnose(marked)
        #expect(errors.count == 1)
        #expect(errors.first?.range.start == marked.markers[0])
        #expect(errors.first?.message == "unknown step 'laod'; did you mean 'load'?")
    }

    @Test("an unknown parameter suggests the closest parameter")
    func unknownParameter() {
        let marked = MarkedText(#"load "a.png" | save "b.jpg" ↓qualty=80"#)
        let errors = diagnose(marked)
        #expect(errors.map(\.range.start) == [marked.markers[0]])
        #expect(errors.first?.message == "unknown parameter 'qualty' for 'save'; did you mean 'quality'?")
    }

    @Test("a value of the wrong type names the parameter, the value and an example")
    func wrongValue() {
        let marked = MarkedText(#"load "a.png" | save "b.jpg" quality=↓500"#)
        let errors = diagnose(marked)
        #expect(errors.map(\.range.start) == [marked.markers[0]])
        #expect(errors.first?.message == "invalid value 500 for 'quality': expected an integer in 1…100, e.g. quality=90")
    }

    @Test("every error of a script is reported in one pass, in order")
    func collectsAll() {
        let marked = MarkedText(
            """
            ↓lod "a.png"
            orient rotate=↓45
            save "b.png" ↓level=3 quality=↓x
            ↓blur
            """)
        let errors = diagnose(marked)
        #expect(errors.map(\.range.start) == marked.markers)
    }

    @Test("lexical errors: unterminated strings and stray characters")
    func lexical() {
        let marked = MarkedText("load ↓\"a.png\n↓{ save \"b.png\"")
        let errors = diagnose(marked)
        #expect(errors.map(\.range.start) == marked.markers)
        #expect(errors.first?.message.contains("unterminated string") == true)
    }

    @Test("a missing required argument is reported at the step")
    func missingRequired() {
        let marked = MarkedText("↓load | save \"b.png\"")
        let errors = diagnose(marked)
        #expect(errors.map(\.range.start) == [marked.markers[0]])
        #expect(errors.first?.message.hasPrefix("'load' needs 'path'") == true)
    }

    @Test("# starts a comment, but #hex inside a step is a colour")
    func commentsAndColours() throws {
        let text = """
            # a comment line
            load "a.png"   # trailing comment
            save "b.jpg" background=#ff000080 # done
            """
        let pipeline = try PipelineCompiler().pipeline(text)
        #expect(pipeline.steps.count == 2)
        #expect(pipeline.steps[1].arguments["background"] == .color(Color(red: 255, green: 0, blue: 0, alpha: 128)))
    }

    @Test("an unset variable is a check-time error naming it; --set values are typed")
    func variables() throws {
        let marked = MarkedText(#"load "a.png" | save "b.jpg" quality=↓$q"#)
        let errors = diagnose(marked)
        #expect(errors.map(\.range.start) == [marked.markers[0]])
        #expect(errors.first?.message.contains("'$q' is not set") == true)
        let pipeline = try PipelineCompiler(variables: ["q": "70"]).pipeline(marked.text)
        #expect(pipeline.steps[1].arguments["quality"] == .integer(70))
    }

    @Test("a transform before any load is an error when the pipeline must read its own input")
    func needsSource() {
        let marked = MarkedText(#"↓orient | save "b.png""#)
        #expect(diagnose(marked).map(\.range.start) == [marked.markers[0]])
        #expect(PipelineCompiler(requiresSource: false).compile(marked.text).pipeline != nil)
    }

    @Test("rendering: file:line:col, the line, a caret under the token")
    func rendering() throws {
        let text = "load \"a.png\"\nsave \"b.jpg\" qualty=80"
        let error = try #require(throws: CompilationError.self) { try PipelineCompiler().pipeline(text, fileName: "x.pipe") }
        #expect(
            error.description == """
                x.pipe:2:14: error: unknown parameter 'qualty' for 'save'; did you mean 'quality'?
                save "b.jpg" qualty=80
                             ^~~~~~
                """)
    }

    /// From the fuzzing pass: strings whose text moves the terminal differently from the
    /// scalar count. The column in the header counts scalars; the caret counts cells.
    @Test(
        "caret under the token whatever the line holds: combining marks, a raw CR, CRLF endings, wide characters",
        arguments: [
            ("load \"a.png\"\nsave \"\\\"\u{301}.png\" quality=500", "2:24", "save \"\\\"\u{301}.png\" quality=500", 22),
            ("load \"a.png\"\nsave \"a\r.png\" quality=500", "2:23", "save \"a\u{240D}.png\" quality=500", 22),
            ("load \"a.png\"\r\nsave \"e\u{301}\u{301}x.png\" quality=500\r\n", "2:25", "save \"e\u{301}\u{301}x.png\" quality=500", 22),
            ("load \"a.png\"\nsave \"日本.png\" quality=500", "2:23", "save \"日本.png\" quality=500", 24),
            ("load \"a.png\"\nsave \"a\tb.png\" quality=500", "2:24", "save \"a b.png\" quality=500", 23),
        ])
    func caretCells(text: String, location: String, shown: String, spaces: Int) throws {
        let error = try #require(throws: CompilationError.self) { try PipelineCompiler().pipeline(text, fileName: "x.pipe") }
        #expect(
            error.description == """
                x.pipe:\(location): error: invalid value 500 for 'quality': expected an integer in 1…100, e.g. quality=90
                \(shown)
                \(String(repeating: " ", count: spaces))^~~
                """)
    }

    @Test("edit distance counts a swap of neighbours as one edit")
    func editDistance() {
        #expect(Suggestions.editDistance("laod", "load") == 1)
        #expect(Suggestions.closest(to: "sav", in: ["save", "load"]) == "save")
        #expect(Suggestions.closest(to: "zzzzzz", in: ["save", "load"]) == nil)
    }
}

/// A step whose initialiser refuses a combination its spec cannot express.
private struct Band: TransformPlugin {
    static let name = "band"
    static let version = "1.0.0"
    static let summary = "keeps rows from low to high"
    static let parameters: [ParameterSpec] = [
        ParameterSpec("low", .integer(0...100), default: .integer(0), summary: "first row"),
        ParameterSpec("high", .integer(0...100), default: .integer(100), summary: "last row"),
        ParameterSpec("gain", .number(0...4), default: .number(1), summary: "brightness"),
    ]

    init(arguments: Arguments) throws {
        guard try arguments.integer("low") <= arguments.integer("high") else {
            throw ParameterError(name: "high", value: arguments["high"]?.description ?? "", expected: "at least low")
        }
    }

    func apply(to image: Image, context: TransformContext) throws -> Image { image }
}

extension DiagnosticsTests {
    /// A check a plugin's init throws was reported only once every spec error was fixed.
    @Test("a refused value and a combination the step's initialiser refuses are reported in one pass")
    func initChecksInOnePass() throws {
        let compiler = PipelineCompiler(registry: try PluginRegistry.standard.adding([Band.self]), requiresSource: false)
        let both = compiler.compile("band low=50 high=10 gain=9").diagnostics.map(\.message)
        #expect(
            both.sorted() == [
                "band: invalid value 10 for 'high': expected at least low", "invalid value 9 for 'gain': expected a number in 0…4, e.g. gain=1",
            ], "\(both)")
        // A refused value the check is about is not blamed twice.
        let one = compiler.compile("band low=50 high=500").diagnostics.map(\.message)
        #expect(one == ["invalid value 500 for 'high': expected an integer in 0…100, e.g. high=100"], "\(one)")
    }
}
