import Foundation
import PackagePlugin

/// `swift package --allow-writing-to-package-directory ninepipe-assets ARGUMENTS…`: runs the
/// `ninepipe` built from this package with the arguments, in the package's folder, for one-off
/// jobs (`assets ios res/ --output Sources/App/Assets.xcassets`, `ninepatch compile …`, `run …`).
@main
struct NinepipeAssetsCommand: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let tool = try context.tool(named: "ninepipe").url
        let process = Process()
        process.executableURL = tool
        process.arguments = arguments.isEmpty ? ["--help"] : arguments
        process.currentDirectoryURL = context.package.directoryURL
        try process.run()
        process.waitUntilExit()
        guard process.terminationReason == .exit && process.terminationStatus == 0 else {
            Diagnostics.error("ninepipe \(arguments.joined(separator: " ")) exited with status \(process.terminationStatus)")
            return
        }
    }
}
