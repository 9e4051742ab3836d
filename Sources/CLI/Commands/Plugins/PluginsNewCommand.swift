import Foundation
import NinepipeCore
import NinepipeHost

/// `ninepipe plugins new NAME`: writes a package for a run-time plugin with the step NAME (see
/// ``PluginTemplate``), as `swift package init` writes one: the manifest, the step with a
/// parameter and a streamed path, its two entry points, a TransformVerifier test and a README.
enum PluginsNewCommand: Command {
    static let spec = CommandSpec(
        name: "new", summary: "write a package for a plugin with one step, ready to build, test and load",
        usage: ["plugins new NAME [--output DIR] [--ninepipe PATH|URL]"],
        options: [
            OptionSpec(key: .output, short: "o", value: .path("DIR"), summary: "the package folder to create (default: NAME in this folder)"),
            OptionSpec(
                key: .ninepipe, value: .text("PATH|URL"),
                summary: "Ninepipe's sources: a checkout (default: the one this ninepipe was built in) or its git URL, at this version"),
        ],
        operands: .none)

    static func run(_ invocation: Invocation) throws -> ExitCode {
        let arguments = invocation.arguments
        guard arguments.operands.count == 1, let name = arguments.operands.first else {
            throw UsageError("plugins new takes the new step's name, e.g. ninepipe plugins new vignette\n" + invocation.usage)
        }
        guard PluginTemplate.isValid(name) else {
            throw UsageError("'\(name)' cannot name a step: use lower-case letters, digits, - and _, starting with a letter (at most 40), e.g. soft-glow")
        }
        if invocation.registry[name] != nil {
            throw UsageError("'\(name)' is already a step (ninepipe plugins \(name)); a plugin cannot take its name: choose another")
        }
        let template = PluginTemplate(stepName: name, dependency: try dependency(arguments.value(.ninepipe)))
        let folder = arguments.value(.output) ?? name
        try write(template, to: folder)
        let built = "\(folder)/.build/release/lib\(template.moduleName).so"
        invocation.console.out(
            """
            wrote \(TerminalText.escaped(folder))/: Package.swift, Sources/\(template.moduleName)/\(template.typeName).swift, PluginEntry.swift, a test and README.md
            next: cd \(TerminalText.escaped(folder)) && swift build -c release && swift test
            then: ninepipe --plugin \(TerminalText.escaped(built)) plugins \(name)
            """)
        return .success
    }

    /// Where the package finds Ninepipe: `given` (a URL, or a checkout's folder), else the checkout
    /// this executable was built in.
    static func dependency(_ given: String?) throws -> PluginTemplate.Dependency {
        if let given {
            if given.contains("://") || given.hasPrefix("git@") { return .url(given) }
            guard isCheckout(given) else {
                throw UsageError(
                    "--ninepipe \(given): not a Ninepipe checkout (no Package.swift naming Ninepipe there); give the folder of Ninepipe's sources, or its git URL"
                )
            }
            return .path(FileIO.realPath(given) ?? given)
        }
        // A development build runs from CHECKOUT/.build/<triple>/<configuration>/ninepipe.
        var folder = (FileIO.realPath("/proc/self/exe") ?? CommandLine.arguments[0])
        for _ in 0..<6 {
            folder = FileIO.parentDirectory(of: folder)
            if isCheckout(folder) { return .path(folder) }
            if folder == "/" || folder == "." { break }
        }
        throw UsageError(
            "this ninepipe was not built in a Ninepipe checkout, so the new package cannot point at its sources: give --ninepipe PATH (a checkout of Ninepipe \(PluginExport.coreVersion)) or --ninepipe URL (its git repository)"
        )
    }

    /// Whether `folder` holds Ninepipe's package.
    static func isCheckout(_ folder: String) -> Bool {
        guard let manifest = try? FileIO.read(folder + "/Package.swift", maxBytes: 1 << 20) else { return false }
        return String(decoding: manifest, as: UTF8.self).contains("name: \"Ninepipe\"")
    }

    /// Writes the package into a new folder beside `folder`, then moves it into place: a folder
    /// that exists is never written into, and a failure leaves nothing half written.
    static func write(_ template: PluginTemplate, to folder: String) throws {
        let manager = FileManager.default
        if manager.fileExists(atPath: folder) {
            throw UsageError("\(folder) exists; plugins new writes a new folder: give another --output, or remove it")
        }
        let trimmed = folder.hasSuffix("/") && folder.count > 1 ? String(folder.dropLast()) : folder
        let staging = FileIO.parentDirectory(of: trimmed) + "/.\(FileIO.baseName(of: trimmed)).ninepipe-\(getpid())"
        do {
            for (path, text) in template.files {
                let file = staging + "/" + path
                try manager.createDirectory(atPath: FileIO.parentDirectory(of: file), withIntermediateDirectories: true)
                try Data(text.utf8).write(to: URL(fileURLWithPath: file))
            }
            try manager.moveItem(atPath: staging, toPath: folder)
        } catch {
            try? manager.removeItem(atPath: staging)
            throw InputError("\(folder): cannot write the package: \(error.localizedDescription)")
        }
    }
}
