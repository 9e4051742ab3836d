import NinepipeHost

/// `ninepipe assets android INPUT... --output res/`: the inputs as `drawable-<density>/` folders.
enum AssetsAndroidCommand: Command {
    static let spec = CommandSpec(
        name: "android", summary: "images, .9.png files and imagesets → drawable-<density>/ folders",
        usage: ["assets android INPUT... --output res/ [--densities mdpi,hdpi,…] [--compiled]"],
        options: SharedOptions.assetOptions + [
            OptionSpec(
                key: .densities, value: .text("LIST"),
                summary: "comma list of ldpi, mdpi, tvdpi, hdpi, xhdpi, xxhdpi, xxxhdpi (default mdpi…xxxhdpi: ldpi and tvdpi only when listed)"),
            OptionSpec(
                key: .compiled,
                summary: "write what aapt puts in an APK: chunks, no frame, .9.png names kept"),
        ] + SharedOptions.iconOptions, notes: SharedOptions.assetInputs)

    /// Converts the inputs for Android.
    static func run(_ invocation: Invocation) throws -> ExitCode {
        try AssetsCommand.convert(for: .android, exampleOutput: "res/", invocation)
    }
}
