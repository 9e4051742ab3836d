#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A regular file read by position (`pread`), so a decoder can walk a file of any size while
/// holding only the pieces it is working on.
public final class FileBytes: @unchecked Sendable {
    /// The file's size in bytes when it was opened.
    public let count: Int
    /// The name used in messages.
    public let path: String
    private let descriptor: Int32

    /// Takes ownership of `descriptor` (closed when this object goes away); `nil` when it is not
    /// a regular file (a pipe or device must be read whole instead).
    public init?(descriptor: Int32, path: String) {
        var info = stat()
        guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        self.descriptor = descriptor
        self.path = path
        count = Int(info.st_size)
    }

    deinit { close(descriptor) }

    /// Fills `buffer` with the bytes at `offset`; returns how many were read (fewer only at the
    /// end of the file).
    public func read(into buffer: UnsafeMutableRawBufferPointer, at offset: Int) throws(FileError) -> Int {
        var total = 0
        while total < buffer.count {
            let count = pread(descriptor, buffer.baseAddress! + total, buffer.count - total, off_t(offset + total))
            if count < 0 {
                if errno == EINTR { continue }
                throw .cannotRead(path: path, reason: FileIO.errorText())
            }
            if count == 0 { break }
            total += count
        }
        return total
    }

    /// The bytes in `range` (fewer when the file ends first).
    public func bytes(_ range: Range<Int>) throws(FileError) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: range.count)
        var failure: FileError?
        let got = bytes.withUnsafeMutableBytes { buffer in
            do throws(FileError) { return try read(into: buffer, at: range.lowerBound) } catch {
                failure = error
                return 0
            }
        }
        if let failure { throw failure }
        if got < range.count { bytes.removeLast(range.count - got) }
        return bytes
    }
}
