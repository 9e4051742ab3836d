import NinepipeCore
import Synchronization

/// The XML files of a run's resource trees, each read and parsed once (one helper round trip)
/// however many times the run needs it: a vector drawable compared in its light and dark
/// configurations, drawn at three scales and written as a vector, or named by several layer
/// lists. Values files are read once a tree by `AndroidResourceValues`.
///
/// An entry is used again while its file keeps its size and modification time; at most
/// ``maxEntries`` are kept (then all are dropped and read again as needed).
final class ResourceDocuments: Sendable {
    /// One file's reading: done once while other threads asking for the same file wait.
    private final class Slot: Sendable {
        let entry = Mutex<(fingerprint: [Int], result: Result<(bytes: [UInt8], root: ResourceXMLElement), any Error>)?>(nil)
    }

    private let limits: ImageLimits
    private let slots = Mutex<[String: Slot]>([:])
    /// How many times each file was parsed (what tests count).
    let parses = Mutex<[String: Int]>([:])

    /// The most files kept parsed.
    static let maxEntries = 4096

    /// A cache parsing within `limits`.
    init(limits: ImageLimits) { self.limits = limits }

    /// The file at `path`: its bytes and its parsed root element. Errors name neither the file
    /// nor a line the caller does not know: the caller wraps them.
    func document(at path: String) throws -> (bytes: [UInt8], root: ResourceXMLElement) {
        let slot = slots.withLock { slots in
            if let known = slots[path] { return known }
            if slots.count >= Self.maxEntries { slots.removeAll() }
            let made = Slot()
            slots[path] = made
            return made
        }
        let fingerprint = Self.fingerprint(of: path)
        return try slot.entry.withLock { entry in
            if let entry, entry.fingerprint == fingerprint { return entry.result }
            let result: Result<(bytes: [UInt8], root: ResourceXMLElement), any Error>
            do {
                let bytes = try FileIO.read(path, maxBytes: ResourceFile.maxXMLBytes, requiringRegularFile: true)
                parses.withLock { $0[path, default: 0] += 1 }
                result = .success((bytes, try ResourceXML.parse(bytes, limits: limits)))
            } catch {
                result = .failure(error)
            }
            entry = (fingerprint, result)
            return result
        }.get()
    }

    /// Size, modification time and inode (``FileIO/fingerprint(of:)``), or empty when the file
    /// cannot be looked at.
    private static func fingerprint(of path: String) -> [Int] { FileIO.fingerprint(of: path) }
}
