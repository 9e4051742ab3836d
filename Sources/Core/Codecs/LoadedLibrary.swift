/// An optional C library's table of functions, loaded with `dlopen` the first time it is asked
/// for (the C modules' `ninepipe_…_load`), not when the process starts: a run that reads no
/// WebP, GIF, HEIF or ICC profile pays nothing for those libraries, and one that is missing
/// makes only its formats unavailable.
struct LoadedLibrary<Table> {
    /// The library's name in messages and version listings (`libwebp`).
    let name: String
    /// What to install to have it (`libwebp7 (Homebrew: webp)`).
    let package: String
    /// The functions, or why they could not be loaded.
    let loaded: Result<Table, LibraryUnavailableError>

    /// Loads the library now with `load` (a C loader: the table, or NULL and a reason).
    init(name: String, package: String, load: (UnsafeMutablePointer<UnsafePointer<CChar>?>) -> UnsafePointer<Table>?) {
        self.name = name
        self.package = package
        var reason: UnsafePointer<CChar>?
        if let table = load(&reason) {
            loaded = .success(table.pointee)
        } else {
            let text = reason.map { String(cString: $0) } ?? "\(name) could not be loaded"
            loaded = .failure(LibraryUnavailableError(library: name, reason: text, package: package))
        }
    }

    /// The functions.
    func functions() throws(LibraryUnavailableError) -> Table { try loaded.get() }

    /// The functions, or `nil` when the library could not be loaded.
    var table: Table? { try? loaded.get() }
}

extension LoadedLibrary: @unchecked Sendable {}
