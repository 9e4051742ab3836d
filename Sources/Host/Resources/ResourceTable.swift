import NinepipeCore
import Synchronization

/// One walk of an Android `res/` folder, as aapt2's resource table has it: every resource file
/// by type and name (`drawable`/`ic_back` → its files, one per configuration), each with the
/// configuration of its folder (``ResourceConfiguration``), and the folders aapt2 would refuse.
/// Made once per tree while its folders are unchanged (``table(at:)``): the collector, the layer
/// reader, the icon finder and the values reader ask it instead of listing and probing folders
/// each time. It follows symbolic links as the file system does; a reader with a rule about
/// links (the collector's) applies it to the paths it is given.
struct ResourceTable: Sendable {
    /// A resource folder: its name, resource type and configuration.
    struct Folder: Sendable, Hashable {
        let name: String
        let type: String
        let configuration: ResourceConfiguration
    }

    /// A resource file: its folder and file name (`ic_back.xml`).
    struct Entry: Sendable, Hashable {
        let folder: Folder
        let fileName: String
        /// The file's path.
        let path: String
        /// The file name's extension, lowercased (`xml`, `png`, `9.png` is `png`).
        var fileExtension: String { fileName.split(separator: ".").last.map { $0.lowercased() } ?? "" }
    }

    /// The `res/` folder.
    let path: String
    /// The names in it (folders and files, hidden ones left out), sorted.
    let names: [String]
    /// Its resource folders, sorted by name.
    let folders: [Folder]
    /// Folders whose names aapt2 does not read (an unknown qualifier, qualifiers out of order).
    let refusedFolders: [String]
    /// Files by `type/name` (the resource name: the file name before its first dot).
    private let entries: [String: [Entry]]
    /// Each folder's names (resource and refused folders): all of them, and its regular files.
    private let listings: [String: (names: [String], files: [String])]

    /// Walks `path`: its folders, and the names in each of them.
    init(path: String) {
        self.path = path
        var folders: [Folder] = []
        var refused: [String] = []
        var entries: [String: [Entry]] = [:]
        var listings: [String: (names: [String], files: [String])] = [:]
        let names = Self.names(in: path)
        for name in names where FileIO.isDirectory(path + "/" + name) {
            guard let (type, configuration) = ResourceConfiguration.folder(name) else {
                refused.append(name)
                // Listed only when named like a drawable folder (what the collector names in a
                // warning): a folder of photos given as an input need not have its subfolders read.
                if name.split(separator: "-").first == "drawable" { listings[name] = (Self.names(in: path + "/" + name), []) }
                continue
            }
            let inside = Self.names(in: path + "/" + name)
            let files = inside.filter { FileIO.isRegularFile(path + "/" + name + "/" + $0) }
            let folder = Folder(name: name, type: type, configuration: configuration)
            folders.append(folder)
            listings[name] = (inside, files)
            for file in files {
                let resource = String(file.prefix { $0 != "." })
                guard !resource.isEmpty else { continue }
                entries[type + "/" + resource, default: []].append(Entry(folder: folder, fileName: file, path: path + "/" + name + "/" + file))
            }
        }
        (self.names, self.folders, refusedFolders, self.entries, self.listings) = (names, folders, refused, entries, listings)
    }

    /// The names in folder `name` of the tree (a resource folder, or a refused one named like a
    /// drawable folder), sorted; none for another name.
    func names(inFolder name: String) -> [String] { listings[name]?.names ?? [] }

    /// The regular files in folder `name` of the tree, sorted.
    func files(inFolder name: String) -> [String] { listings[name]?.files ?? [] }

    /// The files of resource `name` of `type`, in folder order.
    func entries(type: String, name: String) -> [Entry] { entries[type + "/" + name] ?? [] }

    /// The folders of `type` (`drawable`, `mipmap`, `values`).
    func folders(type: String) -> [Folder] { folders.filter { $0.type == type } }

    /// The sorted names in the folder at `path`, hidden ones left out.
    private static func names(in path: String) -> [String] {
        FileIO.names(in: path, visibleOnly: true, sorted: true) ?? []
    }

    /// The table of the tree at `path`, walked again only when the tree's folder or one of its
    /// folders has changed since (a file added or removed changes its folder).
    static func table(at path: String) -> ResourceTable {
        let fingerprint = Self.fingerprint(of: path)
        if let kept = tables.withLock({ $0[path] }), kept.fingerprint == fingerprint { return kept.table }
        let table = ResourceTable(path: path)
        tables.withLock { tables in
            if tables.count >= maxKept { tables.removeAll() }
            tables[path] = (fingerprint, table)
        }
        return table
    }

    /// How many tables the process keeps.
    static let maxKept = 64
    private static let tables = Mutex<[String: (fingerprint: [Int], table: ResourceTable)]>([:])

    /// The modification times and inode numbers of `path` and its folders.
    private static func fingerprint(of path: String) -> [Int] {
        ([path] + names(in: path).map { path + "/" + $0 }).flatMap(FileIO.fingerprint(of:))
    }
}
