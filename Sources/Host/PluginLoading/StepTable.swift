import NinepipeCore

/// The Markdown table of a registry's steps and parameters, as Plugins.md embeds it.
public enum StepTable {
    /// The marker lines around the generated table in Plugins.md.
    public static let begin = "<!-- BEGIN GENERATED STEP TABLE: edit the plugins, then run Scripts/update-plugins-table.sh -->"
    /// The closing marker.
    public static let end = "<!-- END GENERATED STEP TABLE -->"

    /// One row per parameter, grouped by step.
    public static func markdown(_ registry: PluginRegistry = .standard) -> String {
        var lines = ["| step | parameter | accepts | default | what it does |", "|---|---|---|---|---|"]
        for descriptor in registry.descriptors {
            lines.append("| `\(descriptor.name)` | | | | \(descriptor.summary) |")
            for spec in descriptor.parameters {
                let value = spec.defaultValue.map { "`\($0)`" } ?? (spec.isRequired ? "required" : "")
                let name = spec.isPositional ? "`\(spec.name)` (positional)" : "`\(spec.name)`"
                lines.append("| | \(name) | \(spec.type.summary.replacingPipes) | \(value) | \(spec.summary) |")
            }
        }
        return lines.joined(separator: "\n")
    }
}

extension String {
    fileprivate var replacingPipes: String { split(separator: "|", omittingEmptySubsequences: false).joined(separator: " \\| ") }
}
