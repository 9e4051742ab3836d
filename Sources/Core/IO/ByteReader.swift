/// A cursor over bytes whose reads never go out of bounds: past the end they return zero.
///
/// Callers check lengths first (so the zeros are never observed); the clamp is a second line of defence.
struct ByteReader {
    private let bytes: ArraySlice<UInt8>
    private(set) var position: Int

    init(_ bytes: ArraySlice<UInt8>) {
        self.bytes = bytes
        self.position = bytes.startIndex
    }

    var remaining: Int { bytes.endIndex - position }

    mutating func uint8() -> UInt8 {
        guard position < bytes.endIndex else { return 0 }
        defer { position += 1 }
        return bytes[position]
    }

    mutating func skip(_ count: Int) { position = min(bytes.endIndex, position + count) }

    mutating func uint32BE() -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 { value = value << 8 | UInt32(uint8()) }
        return value
    }

    mutating func uint32LE() -> UInt32 {
        var value: UInt32 = 0
        for shift in stride(from: 0, to: 32, by: 8) { value |= UInt32(uint8()) << UInt32(shift) }
        return value
    }

    mutating func uint16BE() -> UInt16 { UInt16(uint8()) << 8 | UInt16(uint8()) }

    mutating func int32BE() -> Int32 { Int32(bitPattern: uint32BE()) }
    mutating func int32LE() -> Int32 { Int32(bitPattern: uint32LE()) }
}

extension Array where Element == UInt8 {
    mutating func appendBigEndian(_ value: UInt32) {
        append(UInt8(truncatingIfNeeded: value >> 24))
        append(UInt8(truncatingIfNeeded: value >> 16))
        append(UInt8(truncatingIfNeeded: value >> 8))
        append(UInt8(truncatingIfNeeded: value))
    }

    mutating func appendBigEndian(_ value: UInt16) {
        append(UInt8(truncatingIfNeeded: value >> 8))
        append(UInt8(truncatingIfNeeded: value))
    }

    mutating func appendLittleEndian(_ value: UInt32) {
        append(UInt8(truncatingIfNeeded: value))
        append(UInt8(truncatingIfNeeded: value >> 8))
        append(UInt8(truncatingIfNeeded: value >> 16))
        append(UInt8(truncatingIfNeeded: value >> 24))
    }
}
