#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Finding a byte string in bytes, with `memchr` and `memcmp`: the generic `firstRange(of:)`
/// on byte arrays went through Foundation's `DataProtocol` matching and generic metadata look-ups,
/// which took a tenth of an `assets` run over a real tree's XML.
public enum ByteSearch {
    /// The index of the first occurrence of `needle` in `bytes` at or after `start`, or `nil`
    /// (an empty needle is found at `start`).
    public static func firstIndex(of needle: [UInt8], in bytes: [UInt8], from start: Int = 0) -> Int? {
        guard start >= 0, start <= bytes.count else { return nil }
        guard let first = needle.first else { return start }
        guard bytes.count - start >= needle.count else { return nil }
        return bytes.withUnsafeBufferPointer { haystack -> Int? in
            needle.withUnsafeBufferPointer { pattern -> Int? in
                guard let base = haystack.baseAddress, let wanted = pattern.baseAddress else { return nil }
                let last = haystack.count - pattern.count
                var index = start
                while index <= last {
                    guard let hit = memchr(base + index, Int32(first), last - index + 1) else { return nil }
                    let offset = UnsafeRawPointer(base).distance(to: UnsafeRawPointer(hit))
                    if memcmp(base + offset, wanted, pattern.count) == 0 { return offset }
                    index = offset + 1
                }
                return nil
            }
        }
    }

    /// ``firstIndex(of:in:from:)`` for a string's UTF-8 bytes.
    public static func firstIndex(of needle: String, in bytes: [UInt8], from start: Int = 0) -> Int? {
        firstIndex(of: Array(needle.utf8), in: bytes, from: start)
    }
}
