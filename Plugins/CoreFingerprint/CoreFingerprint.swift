import Foundation
import PackagePlugin

/// Writes the interface fingerprint of what run-time plugins build on into NinepipeCore at build
/// time: a SHA-256 of the Swift sources of NinepipeCore and of NinepipePlugins (the building
/// blocks, shared with plugins as NinepipePluginsShared) and of the C headers the core imports,
/// comment and blank lines left out (`Scripts/core-fingerprint.sh`).
///
/// A run-time plugin compiles this value into itself (`PluginExport.header()`), and the host
/// refuses a plugin whose value differs from its own. Sources, not a `.swiftinterface`: Ninepipe
/// is built without library evolution, so a client depends on every stored property's layout,
/// private ones included, and on the bodies of inlinable code, none of which an interface file
/// shows in full. Any change to that code therefore asks plugins to be rebuilt.
@main
struct CoreFingerprint: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        let package = context.package.directoryURL
        let script = package.appendingPathComponent("Scripts/core-fingerprint.sh")
        let headers = ["CNinepipePlugin", "CJPEGShim", "CSVGShim"].flatMap { module -> [URL] in
            let folder = package.appendingPathComponent("Sources/\(module)/include")
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
            return names.filter { $0.hasSuffix(".h") }.map { folder.appendingPathComponent($0) }
        }
        let blocks = context.package.targets.compactMap { $0 as? SourceModuleTarget }.filter { $0.name == "NinepipePlugins" }
        let sources = ([target] + blocks).flatMap { $0.sourceFiles(withSuffix: "swift").map(\.url) } + headers
        let relative = sources.map { String($0.path.dropFirst(package.path.count)) }
        let ordered = zip(relative, sources).sorted { $0.0 < $1.0 }.map(\.1)
        let output = context.pluginWorkDirectoryURL.appendingPathComponent("CoreFingerprint.swift")
        return [
            .buildCommand(
                displayName: "NinepipeCore and NinepipePlugins interface fingerprint",
                executable: URL(fileURLWithPath: "/bin/sh"),
                arguments: [script.path, output.path] + ordered.map(\.path),
                inputFiles: [script] + ordered,
                outputFiles: [output])
        ]
    }
}
