import NinepipeCore
import NinepipeHost

/// `ninepipe run FILE|-e TEXT [INPUT... --output TARGET]`: runs a pipeline once, or over many inputs.
enum RunCommand: Command {
    static let spec = CommandSpec(
        name: "run", summary: "run a pipeline file or text, once or over many input images",
        usage: [
            "run FILE [--set NAME=VALUE]...", "run -e 'TEXT' [--set NAME=VALUE]...",
            "run FILE|-e TEXT INPUT... --output DIR/|TEMPLATE [BATCH OPTIONS]",
        ],
        options: SharedOptions.pipelineOptions,
        notes: """
            A batch pipeline starts after load (each input is loaded for it), or with a load that
            has options and no path: -e 'load orient=keep | thumbnail 128'. It may end with a save
            that has options and no path; each result then goes to --output written that way:
              -e 'thumbnail size=256 | save quality=85' photos/ --output thumbs/
              -e 'thumbnail size=256 | save format=webp strip=all' photos/ --output 'w/{name}.{ext}'
            (format= changes the extension a folder target or {ext} gives; quality, metadata
            (strip=) and nine-patch options are set the same way).
            ninepipe FILE [ARGS]... is ninepipe run FILE (for #!/usr/bin/env ninepipe scripts).
            """)

    static func run(_ invocation: Invocation) throws -> ExitCode {
        let options = try PipelineOptions(invocation.arguments, limits: invocation.limits)
        return try PipelineInvocation(options: options, registry: invocation.registry, console: invocation.console).run(execute: true)
    }
}
