#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The sRGB transfer function (IEC 61966-2-1), for resampling in linear light.
enum SRGBTransfer {
    /// Encoded (0…1) to linear (0…1).
    static func linear(_ encoded: Double) -> Double {
        encoded <= 0.04045 ? encoded / 12.92 : pow((encoded + 0.055) / 1.055, 2.4)
    }

    /// Linear (0…1) to encoded (0…1).
    static func encoded(_ linear: Double) -> Double {
        linear <= 0.0031308 ? linear * 12.92 : 1.055 * pow(linear, 1 / 2.4) - 0.055
    }

    /// Linear value × 255 for every 8-bit encoded sample.
    static let decode8: [Float] = (0...255).map { Float(linear(Double($0) / 255) * 255) }
    /// Linear value × 65535 for every 16-bit encoded sample.
    static let decode16: [Float] = (0...65535).map { Float(linear(Double($0) / 65535) * 65535) }
    /// Encoded value × 255 for linear values quantised to 1/65535 (fine enough for 8-bit output).
    static let encode8: [Float] = (0...65535).map { Float(encoded(Double($0) / 65535) * 255) }
}
