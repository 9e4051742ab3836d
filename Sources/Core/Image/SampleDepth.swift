/// Bits per channel sample.
public enum SampleDepth: Int, Sendable, Hashable, CaseIterable {
    /// 8 bits per sample, stored as `UInt8`.
    case eight = 8
    /// 16 bits per sample, stored as `UInt16` in host byte order.
    case sixteen = 16

    /// The bytes one sample occupies in memory.
    @inlinable public var bytesPerSample: Int { self == .eight ? 1 : 2 }

    /// The largest sample value (255 or 65535).
    @inlinable public var maxValue: Int { self == .eight ? 255 : 65535 }
}
