import NinepipeCore

/// The options shared by `run`, `check` and `info`, parsed from the command line.
struct Options {
    var expression: String?
    var positionals: [String] = []
    var variables: [String: String] = [:]
    var limits = ImageLimits()
    var timings = false

    init(_ arguments: [String]) throws(UsageError) {
        var index = 0
        func value(_ name: String) throws(UsageError) -> String {
            index += 1
            guard index < arguments.count else { throw UsageError("\(name) needs a value") }
            return arguments[index]
        }
        func number(_ name: String) throws(UsageError) -> Int {
            let text = try value(name)
            guard let number = Int(text), number > 0 else { throw UsageError("\(name) needs a positive whole number, got '\(text)'") }
            return number
        }
        while index < arguments.count {
            let argument = arguments[index]
            switch argument {
            case "-e", "--expression":
                if expression != nil { throw UsageError("-e may be given once") }
                expression = try value(argument)
            case "--set":
                let pair = try value(argument)
                guard let equals = pair.firstIndex(of: "="), equals != pair.startIndex else {
                    throw UsageError("--set needs NAME=VALUE, got '\(pair)'")
                }
                variables[String(pair[..<equals])] = String(pair[pair.index(after: equals)...])
            case "--max-pixels":
                limits.maxPixelCount = try number(argument)
            case "--max-dimension":
                limits.maxDimension = try number(argument)
            case "--timings":
                timings = true
            default:
                if argument.hasPrefix("-") && argument != "-" {
                    let known = ["-e", "--set", "--max-pixels", "--max-dimension", "--timings"]
                    throw UsageError("unknown option '\(argument)'\(Suggestions.hint(for: argument, in: known))")
                }
                positionals.append(argument)
            }
            index += 1
        }
    }

    /// The pipeline text and the name diagnostics use for it.
    func pipelineText() throws -> (text: String, fileName: String) {
        if let expression {
            guard positionals.isEmpty else {
                throw UsageError("unexpected argument '\(positionals[0])' after -e (batch inputs are not supported yet)")
            }
            return (expression, "<expression>")
        }
        guard let file = positionals.first else { throw UsageError("give a pipeline file or -e 'TEXT'") }
        guard positionals.count == 1 else {
            throw UsageError("unexpected argument '\(positionals[1])' (batch inputs are not supported yet)")
        }
        let bytes = try FileIO.read(file)
        return (String(decoding: bytes, as: UTF8.self), file)
    }
}
