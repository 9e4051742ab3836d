/// A streaming decompressor of zlib-format data (RFC 1950) over caller-supplied input pieces.
///
/// The input handed to ``setInput(_:)`` must stay valid until it is consumed. Two engines give
/// the same bytes: ISA-L's inflate where this build has it (faster on large PNG data), zlib's
/// otherwise; ``make(_:)`` picks.
protocol Inflater: AnyObject {
    /// Whether the stream's end (and its checksum) has been reached.
    var finished: Bool { get }
    /// Whether all input given so far has been consumed.
    var needsInput: Bool { get }
    /// Hands over the next piece of compressed input.
    func setInput(_ input: UnsafeBufferPointer<UInt8>)
    /// Inflates into `output`: the bytes written (0 when more input is needed or the stream
    /// ended) and the failure that stopped it, if any. The bytes before a failure are good, so a
    /// reader that inflates ahead can still use them and report the failure only when it needs
    /// what lies beyond.
    func inflate(into output: UnsafeMutableRawBufferPointer) -> InflateStep
}

/// What one call of ``Inflater/inflate(into:)`` did.
struct InflateStep {
    /// The bytes written to the output.
    var written: Int
    /// The failure that stopped it after them, if any.
    var failure: ZlibError?
}

extension Inflater {
    /// Inflates into `output`, returning the bytes written, or throws the failure (dropping the
    /// bytes before it).
    func inflateOrThrow(into output: UnsafeMutableRawBufferPointer) throws(ZlibError) -> Int {
        let step = inflate(into: output)
        if let failure = step.failure { throw failure }
        return step.written
    }
}

/// The inflate engines a build can have.
enum InflateEngine: String, Sendable, CaseIterable {
    /// Intel's ISA-L (`isal_inflate`), when this build has it and the library loads.
    case isal
    /// zlib's `inflate`, always there.
    case zlib

    /// The engines this build has, fastest first.
    static var available: [InflateEngine] {
        #if canImport(CISAL)
        ISALLibrary.library.table != nil ? [.isal, .zlib] : [.zlib]
        #else
        [.zlib]
        #endif
    }

    /// The engine decoders use: the fastest available.
    static var preferred: InflateEngine { available[0] }
}

/// Creates an inflater on `engine` (default: the fastest this build has).
func makeInflater(_ engine: InflateEngine = .preferred) throws(ZlibError) -> any Inflater {
    switch engine {
    case .zlib: return try ZlibInflater()
    case .isal:
        #if canImport(CISAL)
        guard let functions = ISALLibrary.library.table else { return try ZlibInflater() }
        return ISALInflater(functions)
        #else
        return try ZlibInflater()
        #endif
    }
}
