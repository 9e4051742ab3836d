import NinepipeCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What a plugin library's file says about itself before it is loaded, read as bytes: whether
/// it is an ELF shared object for this machine and whether its dynamic symbol table exports the
/// plugin header. Loading a library runs code (its ELF constructors, those of what it
/// needs, then the header function), so a file that cannot be a plugin (an image given by
/// mistake, any other library) is refused here, before `dlopen`, and none of its code runs.
///
/// This is a compatibility check, not a safety one: a library that exports the entry points
/// still runs its constructors when it is opened. A plugin is trusted code (SECURITY.md).
enum PluginFile {
    /// The entry points looked for in the file: the header, without which nothing else of the
    /// library is read (the transform list is checked after the header says the library was
    /// built for this ninepipe, so a plugin for another one is told so).
    static let entryPoints = ["ninepipe_plugin_header"]

    /// The most bytes of symbol names read (a real plugin's are a few hundred KiB).
    static let maxStringTableBytes = 64 << 20

    /// Throws ``PluginLoadError`` when the file at `path` (named `name` in messages) is not an
    /// ELF shared object for this machine or does not export the plugin header. On other systems
    /// (Mach-O) it checks nothing.
    static func check(_ path: String, name: String) throws(PluginLoadError) {
        #if os(Linux)
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
        guard descriptor >= 0 else { throw .cannotOpen(path: name, reason: FileIO.errorText()) }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
            throw .cannotOpen(path: name, reason: "not a regular file")
        }
        let size = Int(info.st_size)
        func bytes(_ offset: Int, _ count: Int) -> [UInt8]? {
            guard offset >= 0, count >= 0, count <= size, offset <= size - count else { return nil }
            var buffer = [UInt8](repeating: 0, count: count)
            let read = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, count, off_t(offset)) }
            return read == count ? buffer : nil
        }
        func integer(_ buffer: [UInt8], _ offset: Int, _ width: Int) -> Int {
            (0..<width).reduce(0) { $0 | Int(buffer[offset + $1]) << (8 * $1) }  // little-endian
        }
        // The ELF header: 64-bit, little-endian, a shared object (ET_DYN) for x86-64 or AArch64.
        guard let header = bytes(0, 64), header.starts(with: [0x7F, 0x45, 0x4C, 0x46]) else {
            throw .cannotOpen(path: name, reason: "not an ELF shared library (a plugin is the lib….so that swift build makes)")
        }
        #if arch(x86_64)
        let machine = 62
        #else
        let machine = 183
        #endif
        guard header[4] == 2, header[5] == 1, integer(header, 16, 2) == 3, integer(header, 18, 2) == machine else {
            throw .cannotOpen(path: name, reason: "not a 64-bit little-endian shared library for this machine")
        }
        let sectionsOffset = integer(header, 0x28, 8)
        let sectionSize = integer(header, 0x3A, 2)
        let sectionCount = integer(header, 0x3C, 2)
        guard sectionSize >= 64, sectionCount <= 0xFFFF, let sections = bytes(sectionsOffset, sectionSize * sectionCount) else {
            throw .cannotOpen(path: name, reason: "its ELF section table is damaged")
        }
        // The dynamic symbol table (SHT_DYNSYM) and the string table it links to.
        for index in 0..<sectionCount where integer(sections, index * sectionSize + 4, 4) == 11 {
            let base = index * sectionSize
            let (symbolsOffset, symbolsSize) = (integer(sections, base + 0x18, 8), integer(sections, base + 0x20, 8))
            let link = integer(sections, base + 0x28, 4)
            guard link < sectionCount, symbolsSize <= size else { break }
            let stringsBase = link * sectionSize
            let (stringsOffset, stringsSize) = (integer(sections, stringsBase + 0x18, 8), integer(sections, stringsBase + 0x20, 8))
            guard stringsSize <= maxStringTableBytes, let strings = bytes(stringsOffset, stringsSize), let symbols = bytes(symbolsOffset, symbolsSize)
            else { break }
            var exported: Set<String> = []
            for symbol in stride(from: 0, to: symbols.count - 23, by: 24) {
                let nameOffset = integer(symbols, symbol, 4)
                let sectionIndex = integer(symbols, symbol + 6, 2)
                guard sectionIndex != 0, nameOffset < strings.count else { continue }  // defined symbols only
                let end = strings[nameOffset...].firstIndex(of: 0) ?? strings.count
                let symbolName = String(decoding: strings[nameOffset..<end], as: UTF8.self)
                if entryPoints.contains(symbolName) { exported.insert(symbolName) }
            }
            if let missing = entryPoints.first(where: { !exported.contains($0) }) { throw .notAPlugin(path: name, missing: missing) }
            return
        }
        throw .notAPlugin(path: name, missing: entryPoints[0])
        #endif
    }
}
