import Foundation
import PackagePlugin

/// Generates images for a target from its `ninepipe.json` during `swift build`, with the
/// `ninepipe` executable built from this package (so it works wherever the package builds).
///
/// ```json
/// {
///   "assets": { "platform": "web", "inputs": ["button.9.png"] },
///   "renders": [
///     { "input": "card.9.png", "steps": "ninepatch width=320 height=200 | round radius=12", "output": "card-320x200.png" }
///   ]
/// }
/// ```
///
/// - `assets`: `ninepipe assets web` over the listed nine-patches (or plain images), enlarging for
///   2x where no denser file exists: `NAME.png`, `NAME@2x.png`, `NAME.css` and `assets.json`.
/// - `renders`: each `load INPUT | STEPS | save OUTPUT`.
///
/// Paths in the file are relative to the target's folder; outputs land in the plugin's work
/// folder and become the target's resources (`Bundle.module`). A file that is not listed is not
/// touched, and a change to any listed input or to `ninepipe.json` reruns the command.
@main
struct NinepipeAssets: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        let folder = target.directoryURL
        let configuration = folder.appendingPathComponent("ninepipe.json")
        guard FileManager.default.fileExists(atPath: configuration.path) else { return [] }
        let plan = try AssetPlan(decoding: Data(contentsOf: configuration), path: configuration.path)
        let tool = try context.tool(named: "ninepipe").url
        let output = context.pluginWorkDirectoryURL.appendingPathComponent("NinepipeAssets")
        var commands: [Command] = []
        if let assets = plan.assets {
            let inputs = assets.inputs.map { folder.appendingPathComponent($0) }
            let names = assets.inputs.map(AssetPlan.assetName)
            let files = names.flatMap { [$0 + ".png", $0 + "@2x.png", $0 + ".css"] } + ["assets.json"]
            commands.append(
                .buildCommand(
                    displayName: "ninepipe assets \(assets.platform) \(assets.inputs.joined(separator: " "))",
                    executable: tool,
                    arguments: ["assets", assets.platform] + inputs.map(\.path) + ["--output", output.path + "/", "--upscale", "--quiet"],
                    inputFiles: inputs + [configuration],
                    outputFiles: files.map { output.appendingPathComponent($0) }))
        }
        for render in plan.renders ?? [] {
            let input = folder.appendingPathComponent(render.input)
            let result = output.appendingPathComponent(render.output)
            commands.append(
                .buildCommand(
                    displayName: "ninepipe \(render.input) → \(render.output)",
                    executable: tool,
                    arguments: ["run", "-e", "load \(AssetPlan.quoted(input.path)) | \(render.steps) | save \(AssetPlan.quoted(result.path))"],
                    inputFiles: [input, configuration],
                    outputFiles: [result]))
        }
        return commands
    }
}

/// What `ninepipe.json` asks for.
struct AssetPlan: Decodable {
    struct Assets: Decodable {
        var platform: String
        var inputs: [String]
    }
    struct Render: Decodable {
        var input: String
        var steps: String
        var output: String
    }
    var assets: Assets?
    var renders: [Render]?

    init(decoding data: Data, path: String) throws {
        do {
            self = try JSONDecoder().decode(AssetPlan.self, from: data)
        } catch {
            throw PluginError(
                "\(path): \(error); expected {\"assets\": {\"platform\": \"web\", \"inputs\": [\"button.9.png\"]}, \"renders\": [{\"input\": …, \"steps\": …, \"output\": …}]}"
            )
        }
        if let assets, assets.platform != "web" {
            throw PluginError(
                "\(path): assets.platform \"\(assets.platform)\": the build plugin writes the web bundle (\"web\"); run `swift package ninepipe-assets assets ios|android …` for the others"
            )
        }
        for render in renders ?? [] where render.output.contains("/") || render.output.hasPrefix(".") {
            throw PluginError("\(path): render output \"\(render.output)\": give a file name, without folders")
        }
    }

    /// `button` for `button.9.png`, `img/button@2x.png` or `button.jpg`, as `ninepipe assets` names it.
    static func assetName(_ path: String) -> String {
        var name = URL(fileURLWithPath: path).lastPathComponent
        for suffix in [".png", ".jpg", ".jpeg", ".9"] where name.lowercased().hasSuffix(suffix) { name = String(name.dropLast(suffix.count)) }
        if let at = name.range(of: "@", options: .backwards), name[at.upperBound...].hasSuffix("x") { name = String(name[..<at.lowerBound]) }
        return name
    }

    /// `text` as a pipeline string literal.
    static func quoted(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }
}

/// A problem with the target's `ninepipe.json`, shown by SwiftPM as the build error.
struct PluginError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
