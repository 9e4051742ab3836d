import NinepipeHost

/// `ninepipe assets web INPUT... --output web/`: the inputs as `name.png`, `name@2x.png`, CSS and `assets.json`.
enum AssetsWebCommand: Command {
    static let spec = CommandSpec(
        name: "web", summary: "images and nine-patches → name.png, name@2x.png, name.css, assets.json",
        usage: ["assets web INPUT... --output DIR/ [--center stretch|tile] [--strict]"],
        options: SharedOptions.assetOptions + SharedOptions.iconOptions + [SharedOptions.centerOption], notes: SharedOptions.assetInputs)

    /// Converts the inputs for web.
    static func run(_ invocation: Invocation) throws -> ExitCode {
        try AssetsCommand.convert(for: .web, exampleOutput: "web/", invocation)
    }
}
