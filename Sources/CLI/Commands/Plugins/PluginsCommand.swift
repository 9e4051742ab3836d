import NinepipeCore
import NinepipeHost

/// `ninepipe plugins [NAME | --markdown]`: the steps, one step's parameters, or the Markdown
/// table; `plugins new NAME` (``PluginsNewCommand``) writes a plugin package.
enum PluginsCommand: Command {
    static let subcommands: [any Command.Type] = [PluginsNewCommand.self]

    static let spec = CommandSpec(
        name: "plugins", summary: "list the steps, show one step's parameters, print the Markdown table, or start a plugin",
        usage: ["plugins [NAME | --markdown]"],
        options: [OptionSpec(key: .markdown, summary: "print the step table as Markdown (Plugins.md)")],
        subcommands: subcommands.map { $0.spec }, operands: .steps, runsWithoutSubcommand: true)

    static func run(_ invocation: Invocation) throws -> ExitCode {
        let parsed = invocation.arguments
        let registry = invocation.registry
        let console = invocation.console
        let arguments = parsed.operands
        if parsed.has(.markdown) {
            guard arguments.isEmpty else { throw UsageError("plugins --markdown takes no step name") }
            console.out(StepTable.markdown(registry))
            return .success
        }
        guard let name = arguments.first else {
            let width = registry.names.map(\.count).max() ?? 0
            var lines = ["Steps (ninepipe plugins NAME for parameters):"]
            for descriptor in registry.descriptors {
                lines.append("  " + descriptor.name.padding(width) + "  " + descriptor.summary)
            }
            console.out(lines.joined(separator: "\n"))
            return .success
        }
        guard arguments.count == 1 else { throw UsageError("plugins takes at most one step name") }
        guard let descriptor = registry[name] else {
            throw UsageError("unknown step '\(name)'\(Suggestions.hint(for: name, in: registry.names))")
        }
        var lines = ["\(descriptor.name) \(descriptor.version) (\(descriptor.role.rawValue))", "  \(descriptor.summary)", ""]
        if descriptor.parameters.isEmpty {
            lines.append("  no parameters")
        } else {
            lines.append("Parameters:")
            let width = descriptor.parameters.map(\.name.count).max() ?? 0
            for spec in descriptor.parameters {
                var detail = spec.type.summary
                if let value = spec.defaultValue { detail += ", default \(value)" } else if spec.isRequired { detail += ", required" }
                if spec.isPositional { detail += ", may be written without '\(spec.name)='" }
                lines.append("  \(spec.name.padding(width))  \(spec.summary) (\(detail))")
            }
        }
        console.out(lines.joined(separator: "\n"))
        return .success
    }
}

extension String {
    fileprivate func padding(_ width: Int) -> String { self + String(repeating: " ", count: max(0, width - count)) }
}
