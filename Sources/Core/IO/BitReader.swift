/// A most-significant-bit-first cursor over bytes, as AV1 and HEVC headers are written. Reading
/// past the end yields zero bits and sets ``overran``, which callers check once at the end (as
/// dav1d does) instead of after every field.
struct BitReader {
    private let bytes: ArraySlice<UInt8>
    private var bit = 0

    /// Set once a read has gone past the last byte.
    private(set) var overran = false

    init(_ bytes: ArraySlice<UInt8>) { self.bytes = bytes }

    /// The next bit.
    mutating func flag() -> Bool { bits(1) == 1 }

    /// The next `count` bits (at most 32) as an unsigned number.
    mutating func bits(_ count: Int) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<count {
            let index = bytes.startIndex + bit >> 3
            var next: UInt32 = 0
            if index < bytes.endIndex {
                next = UInt32(bytes[index] >> (7 - UInt8(bit & 7)) & 1)
            } else {
                overran = true
            }
            value = value << 1 | next
            bit += 1
        }
        return value
    }

    /// AV1's `uvlc()`, which is HEVC's `ue(v)` too: leading zeros, a one, then that many bits;
    /// 32 or more zeros give 2³² − 1.
    mutating func uvlc() -> UInt32 {
        var zeros = 0
        while !flag() {
            zeros += 1
            if zeros == 32 || overran { return .max }
        }
        return bits(zeros) &+ (UInt32(1) << UInt32(zeros)) &- 1
    }
}
