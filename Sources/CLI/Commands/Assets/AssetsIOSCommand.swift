import NinepipeHost

/// `ninepipe assets ios INPUT... --output Assets.xcassets`: the inputs as an Xcode asset catalog.
enum AssetsIOSCommand: Command {
    static let spec = CommandSpec(
        name: "ios", summary: "Android res/, .9.png files and imagesets → an Xcode asset catalog",
        usage: ["assets ios INPUT... --output Assets.xcassets [--center stretch|tile] [--strict]"],
        options: SharedOptions.assetOptions + SharedOptions.iconOptions + [SharedOptions.centerOption], notes: SharedOptions.assetInputs)

    /// Converts the inputs for iOS.
    static func run(_ invocation: Invocation) throws -> ExitCode {
        try AssetsCommand.convert(for: .ios, exampleOutput: "Assets.xcassets", invocation)
    }
}
