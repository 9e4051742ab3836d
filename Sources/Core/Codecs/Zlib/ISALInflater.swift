#if canImport(CISAL)
import CISAL

/// ISA-L's inflate on zlib-format data: the header parsed and the Adler-32 checked by ISA-L
/// (`ISAL_ZLIB`), so it accepts and refuses what zlib does. Its state (about 40 KiB, the
/// history window included) lives on the heap for the stream's life.
final class ISALInflater: Inflater {
    private let state: UnsafeMutablePointer<inflate_state>
    private(set) var finished = false
    /// Whether the last call filled its output: ISA-L may then hold more output for the input
    /// it has already taken (it reads ahead), so an empty input is not yet a need for more.
    private var outputFull = false
    /// The stream's first two bytes, as they pass: the zlib header, checked as zlib checks it.
    private var header: [UInt8] = []

    /// ISA-L's functions.
    private let isal: ninepipe_isal

    /// An inflater calling ISA-L through `functions`.
    init(_ functions: ninepipe_isal) {
        isal = functions
        state = .allocate(capacity: 1)
        isal.isal_inflate_init(state)
        state.pointee.crc_flag = UInt32(ISAL_ZLIB)
    }

    deinit { state.deallocate() }

    var needsInput: Bool { state.pointee.avail_in == 0 && !outputFull }

    func setInput(_ input: UnsafeBufferPointer<UInt8>) {
        if header.count < 2 { header += input.prefix(2 - header.count) }
        state.pointee.next_in = UnsafeMutablePointer(mutating: input.baseAddress)
        state.pointee.avail_in = UInt32(input.count)
    }

    func inflate(into output: UnsafeMutableRawBufferPointer) -> InflateStep {
        guard !finished, output.count > 0 else { return InflateStep(written: 0) }
        if header.count == 2 {
            // zlib refuses a header whose check bits are wrong or that asks for a dictionary;
            // ISA-L does not look at them.
            guard (Int(header[0]) << 8 | Int(header[1])) % 31 == 0 else {
                return InflateStep(written: 0, failure: ZlibError(code: ISAL_INVALID_WRAPPER, message: "incorrect header check"))
            }
            guard header[1] & 0x20 == 0 else {
                return InflateStep(written: 0, failure: ZlibError(code: ISAL_NEED_DICT, message: "a preset dictionary is required"))
            }
        }
        state.pointee.next_out = output.baseAddress?.assumingMemoryBound(to: UInt8.self)
        state.pointee.avail_out = UInt32(output.count)
        let status = isal.isal_inflate(state)
        ninepipe_clear_upper_registers()
        let written = output.count - Int(state.pointee.avail_out)
        outputFull = state.pointee.avail_out == 0
        guard status >= ISAL_DECOMP_OK, status != ISAL_NEED_DICT else {
            return InflateStep(written: written, failure: ZlibError(code: status, message: Self.message(status)))
        }
        if state.pointee.block_state == ISAL_BLOCK_FINISH { finished = true }
        return InflateStep(written: written)
    }

    /// zlib's wording for ISA-L's failures, so a broken file reads the same on either engine.
    private static func message(_ status: Int32) -> String {
        switch status {
        case ISAL_NEED_DICT: "a preset dictionary is required"
        case ISAL_INVALID_BLOCK: "invalid block type or lengths"
        case ISAL_INVALID_SYMBOL: "invalid literal/length or distance code"
        case ISAL_INVALID_LOOKBACK: "invalid distance too far back"
        case ISAL_INVALID_WRAPPER: "incorrect header check"
        case ISAL_UNSUPPORTED_METHOD: "unknown compression method"
        case ISAL_INCORRECT_CHECKSUM: "incorrect data check"
        default: "invalid compressed data"
        }
    }
}
#endif
