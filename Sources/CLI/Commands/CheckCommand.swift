import NinepipeCore
import NinepipeHost

/// `ninepipe check FILE|-e TEXT [INPUT... --output TARGET]`: validates a pipeline (and lists a
/// batch's outputs) without reading or writing images.
enum CheckCommand: Command {
    static let spec = CommandSpec(
        name: "check", summary: "parse and validate a pipeline without reading or writing images",
        usage: ["check FILE | -e 'TEXT' [--set NAME=VALUE]...", "check FILE|-e TEXT INPUT... --output TARGET   (lists INPUT → OUTPUT)"],
        options: SharedOptions.pipelineOptions)

    static func run(_ invocation: Invocation) throws -> ExitCode {
        let options = try PipelineOptions(invocation.arguments, limits: invocation.limits)
        return try PipelineInvocation(options: options, registry: invocation.registry, console: invocation.console).run(execute: false)
    }
}
