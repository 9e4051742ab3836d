import NinepipeCore
import NinepipeHost

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

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
            if given.contains("://") || given.hasPrefix("git@") {
                guard PluginTemplate.isValidURL(given) else {
                    throw UsageError(
                        "--ninepipe \(XMLText.quoted(given)): not a git URL plugins new writes into Package.swift: give https://, ssh://, git://, file:// or git@host:path, in letters, digits and -._~:/@%+=, ending in the repository's name"
                    )
                }
                return .url(given)
            }
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
    ///
    /// The staging folder is made by `mkdtemp` (a name no one can guess, mode 0700, refused if it
    /// exists), and each file is created with `O_EXCL | O_NOFOLLOW`: in a folder other users can
    /// write to, none of them can own the new package or redirect its files.
    static func write(_ template: PluginTemplate, to folder: String) throws {
        if FileIO.exists(folder) {
            throw UsageError("\(folder) exists; plugins new writes a new folder: give another --output, or remove it")
        }
        let trimmed = folder.hasSuffix("/") && folder.count > 1 ? String(folder.dropLast()) : folder
        var pattern = Array((FileIO.parentDirectory(of: trimmed) + "/.\(FileIO.baseName(of: trimmed)).ninepipe-XXXXXX").utf8CString)
        guard let made = pattern.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
            throw InputError("\(folder): cannot write the package: \(String(cString: strerror(errno)))")
        }
        let staging = String(cString: made)
        // mkdtemp's 0700, widened to what mkdir would give (others may read, never write).
        let mask = umask(0o022)
        umask(mask)
        chmod(staging, 0o755 & ~mask)
        do {
            for (path, text) in template.files {
                try create(staging + "/" + path, text)
            }
            try moveWithoutReplacing(staging, to: trimmed)
        } catch {
            FileIO.removeTree(staging)
            if let error = error as? UsageError { throw error }
            throw InputError("\(folder): cannot write the package: \(error)")
        }
    }

    /// Creates the file `path` (and the folders above it inside the staging folder) holding
    /// `text`; an existing file or a link there is an error, never followed.
    private static func create(_ path: String, _ text: String) throws {
        let parent = FileIO.parentDirectory(of: path)
        if !FileIO.isDirectory(parent) {
            try create(folder: parent)
        }
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw InputError("\(path): \(String(cString: strerror(errno)))") }
        defer { close(descriptor) }
        let bytes = Array(text.utf8)
        var written = 0
        while written < bytes.count {
            let count = bytes[written...].withUnsafeBytes { systemWrite(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { throw InputError("\(path): \(String(cString: strerror(errno)))") }
            written += count
        }
    }

    /// Creates `folder` and the folders above it that are missing (`mkdir`, which never follows
    /// a link at the last component).
    private static func create(folder: String) throws {
        let parent = FileIO.parentDirectory(of: folder)
        if !FileIO.isDirectory(parent) { try create(folder: parent) }
        guard mkdir(folder, 0o755) == 0 || errno == EEXIST && FileIO.isDirectory(folder) else {
            throw InputError("\(folder): \(String(cString: strerror(errno)))")
        }
    }

    /// Renames `source` to `destination` unless something is there. (Between the check and the
    /// rename, only an empty folder or a link can be replaced: `rename` refuses a folder that
    /// holds anything, and never follows a link, so nothing written reaches another's files.)
    private static func moveWithoutReplacing(_ source: String, to destination: String) throws {
        if FileIO.exists(destination) || FileIO.isSymbolicLink(destination) {
            throw UsageError("\(destination) exists; plugins new writes a new folder: give another --output, or remove it")
        }
        guard rename(source, destination) == 0 else { throw InputError("\(destination): \(String(cString: strerror(errno)))") }
    }
}

#if canImport(Glibc)
/// The system's `write(2)`.
private let systemWrite = Glibc.write
#elseif canImport(Darwin)
/// The system's `write(2)`.
private let systemWrite = Darwin.write
#endif
