import NinepipeCore
import Testing

@testable import NinepipeHost

/// `param` declarations, `--set` overrides and `$name` inside strings.
@Suite("Script parameters")
struct ScriptParameterTests {
    func compile(_ text: String, _ variables: [String: String] = [:]) -> PipelineCompiler.Compilation {
        PipelineCompiler(variables: variables).compile(text)
    }

    func messages(_ result: PipelineCompiler.Compilation) -> [String] { result.diagnostics.map(\.description) }

    @Test("defaults apply, --set overrides them, and param lines are not steps")
    func defaultsAndOverrides() throws {
        let script = "#!/usr/bin/env -S ninepipe run\nparam size=64 quality=80\nload \"a.jpg\"\nthumbnail size=$size\nsave \"b.jpg\" quality=$quality\n"
        #expect(compile(script).pipeline?.description == #"load "a.jpg" | thumbnail 64 | save "b.jpg" quality=80"#)
        #expect(compile(script, ["size": "128"]).pipeline?.description == #"load "a.jpg" | thumbnail 128 | save "b.jpg" quality=80"#)
        #expect(
            compile("param radius=12,0,12,0\nload \"a.png\" | round radius=$radius | save \"b.png\"").pipeline?.description
                == #"load "a.png" | round 12,0,12,0 | save "b.png""#)
    }

    @Test("a required param, an undeclared variable, a duplicate and a variable default are check-time errors at their place")
    func errors() {
        let result = compile("param out\nparam q=1 q\nparam r=$q\nload \"a.png\" | resize width=$w | save \"b.png\"")
        #expect(result.pipeline == nil)
        #expect(
            messages(result) == [
                "1:7: error: param 'out' has no default; set it from outside: variables[\"out\"] = \"VALUE\"",
                "2:11: error: param 'q' is already declared at 2:7",
                "3:9: error: the default of param 'r' cannot use another variable ('$q'); write a value",
                "4:29: error: variable '$w' is not set (did you mean '$q'?); declare it with param w=VALUE or set it from outside: variables[\"w\"] = \"VALUE\"",
            ])
        #expect(compile("param out\nload \"a.png\" | save $out", ["out": "x.png"]).pipeline?.description == #"load "a.png" | save "x.png""#)
    }

    @Test("a --set name nothing uses is a warning that points at the likely declaration")
    func unusedOverride() {
        let result = compile("load \"a.png\"\nparam size=10\nresize width=$size | save \"b.png\"", ["szie": "20"])
        #expect(result.pipeline?.description == #"load "a.png" | resize width=10 | save "b.png""#)
        #expect(messages(result) == ["2:7: warning: variables[\"szie\"] = \"…\" is not used by the pipeline; did you mean 'size'?"])
    }

    @Test("$name and ${name} inside strings interpolate; \\$ is a dollar sign and prints escaped")
    func interpolation() throws {
        let pipeline = try PipelineCompiler(variables: ["n": "3"]).pipeline(#"param out=icon | load "in.png" | save "${out}@${n}x.png" | save "$out-\$1.png""#)
        #expect(pipeline.description == #"load "in.png" | save "icon@3x.png" | save "icon-\$1.png""#)
        #expect(try PipelineCompiler().pipeline(pipeline.description) == pipeline)
        #expect(
            messages(compile(#"load "${a" | save "b.png""#)) == [
                "1:6: error: variable '$a' is not set; declare it with param a=VALUE or set it from outside: variables[\"a\"] = \"VALUE\"",
                "1:8: error: missing '}' after '${a' in a string",
            ])
    }

    @Test("the host chooses how messages say to set a variable and where batch results go")
    func wording() {
        let terms = PipelineCompiler.Wording(setting: { name, value in "SET \(name) TO \(value ?? "?")" }, batchOutput: "the bucket")
        let required = PipelineCompiler(wording: terms).compile("param out\nload \"a.png\" | save $out")
        #expect(messages(required) == ["1:7: error: param 'out' has no default; set it from outside: SET out TO ?"])
        let pathless = PipelineCompiler(wording: terms).compile("load \"a.png\" | save")
        #expect(
            messages(pathless) == [
                "1:16: error: 'save' needs 'path': the file to write, e.g. save \"out.png\" (only a batch run's last step may leave it out: each result then goes to the bucket)"
            ])
        let unused = PipelineCompiler(variables: ["szie": "1"], wording: terms).compile("load \"a.png\" | save \"b.png\"")
        #expect(messages(unused) == ["1:1: warning: SET szie TO … is not used by the pipeline"])
    }

    @Test("no plugin may take the name 'param'")
    func reservedName() {
        let descriptor = StepDescriptor(name: "param", version: "1", summary: "", parameters: [], role: .transform) { _ in
            throw TransformError("unused")
        }
        #expect(throws: RegistryError.reservedName("param")) { try PluginRegistry(descriptors: [descriptor]) }
    }
}
