import NinepipeCore

/// The options shared by `run`, `check` and `info`, parsed from the command line.
struct Options {
    var expression: String?
    var positionals: [String] = []
    var variables: [String: String] = [:]
    var limits = ImageLimits()
    var timings = false
    // Batch runs (`run FILE INPUT... --output TARGET`).
    var output: String?
    var recursive = false
    var jobs: Int?
    var quiet = false
    var failFast = false
    var dryRun = false
    var shard: ShardSpec?

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
            case "--output", "-o":
                if output != nil { throw UsageError("--output may be given once") }
                output = try value(argument)
            case "--recursive", "-r":
                recursive = true
            case "--jobs", "-j":
                jobs = try number(argument)
            case "--quiet", "-q":
                quiet = true
            case "--fail-fast":
                failFast = true
            case "--dry-run", "-n":
                dryRun = true
            case "--shard":
                shard = try ShardSpec(try value(argument))
            default:
                if argument == "--plugin" {
                    throw UsageError("--plugin goes before the command: ninepipe --plugin libX.so run …")
                }
                if argument.hasPrefix("-") && argument != "-" {
                    let known = ["-e", "--set", "--max-pixels", "--max-dimension", "--timings", "--output", "--recursive",
                                 "--jobs", "--quiet", "--fail-fast", "--dry-run", "--shard"]
                    throw UsageError("unknown option '\(argument)'\(Suggestions.hint(for: argument, in: known))")
                }
                positionals.append(argument)
            }
            index += 1
        }
    }

    /// The pipeline text, the name diagnostics use for it, and the batch inputs after it.
    func pipelineText() throws -> (text: String, fileName: String, inputs: [String]) {
        if let expression {
            return (expression, "<expression>", positionals)
        }
        guard let file = positionals.first else { throw UsageError("give a pipeline file or -e 'TEXT'") }
        let bytes = try FileIO.read(file)
        return (String(decoding: bytes, as: UTF8.self), file, Array(positionals.dropFirst()))
    }

    /// Whether any batch-only option was given.
    var hasBatchOptions: Bool { output != nil || recursive || jobs != nil || failFast || dryRun || shard != nil }
}
