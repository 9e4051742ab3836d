/// A vector drawable's `pathData`, read as Android's PathParser reads it and written back as SVG
/// path data: commands `M L H V C S Q T A Z` in either case, numbers separated by white space,
/// commas, a sign or a second decimal point (`1.5.5` is 1.5 and .5), an arc's two flags one
/// digit each (`a1 1 0 011 1`, as SVG allows). Every number must be finite.
struct VectorPathData: Sendable {
    /// The path in SVG syntax.
    private(set) var svg = ""
    /// How many commands it has (a repeated command counts once a set of numbers).
    private(set) var commandCount = 0
    /// The commands as read: each letter (its case kept) with all the numbers after it.
    private(set) var commands: [(letter: UInt8, numbers: [Double])] = []

    /// The numbers each command takes.
    private static let arity: [UInt8: Int] = [
        UInt8(ascii: "m"): 2, UInt8(ascii: "l"): 2, UInt8(ascii: "h"): 1, UInt8(ascii: "v"): 1, UInt8(ascii: "c"): 6,
        UInt8(ascii: "s"): 4, UInt8(ascii: "q"): 4, UInt8(ascii: "t"): 2, UInt8(ascii: "a"): 7, UInt8(ascii: "z"): 0,
    ]

    /// Parses `text`; throws a reason naming the character where it went wrong, or as soon as
    /// it has more than `maxCommands` commands (the rest is not read).
    init(parsing text: String, maxCommands: Int = .max) throws(VectorPathError) {
        let bytes = Array(text.utf8)
        var index = 0
        var numbers: [Double] = []
        var command: UInt8?
        var commandStart = 0
        func flush() throws(VectorPathError) {
            guard let letter = command else {
                if !numbers.isEmpty { throw VectorPathError(offset: commandStart, reason: "numbers before the first command") }
                return
            }
            let arity = Self.arity[letter | 0x20] ?? 0
            if arity == 0 {
                svg += String(UnicodeScalar(letter))
                commandCount += 1
                commands.append((letter, []))
                return
            }
            guard !numbers.isEmpty, numbers.count % arity == 0 else {
                throw VectorPathError(
                    offset: commandStart, reason: "'\(UnicodeScalar(letter))' takes numbers in sets of \(arity), and has \(numbers.count)")
            }
            svg += String(UnicodeScalar(letter))
            svg += numbers.map(Self.format).joined(separator: " ")
            commandCount += numbers.count / arity
            commands.append((letter, numbers))
        }
        func checkCount() throws(VectorPathError) {
            // Numbers not yet flushed count too: a command repeated a million times is one letter.
            let pending = command.map { numbers.count / max(1, Self.arity[$0 | 0x20] ?? 1) } ?? 0
            if commandCount + pending > maxCommands {
                throw VectorPathError(offset: index, reason: "more than \(maxCommands) path commands", isOverLimit: true)
            }
        }
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == UInt8(ascii: ",") {
                index += 1
            } else if Self.arity[byte | 0x20] != nil && (byte | 0x20) != UInt8(ascii: "e") {
                try flush()
                try checkCount()
                command = byte
                commandStart = index
                numbers.removeAll(keepingCapacity: true)
                index += 1
            } else if let letter = command, letter | 0x20 == UInt8(ascii: "a"), (3...4).contains(numbers.count % 7),
                byte == UInt8(ascii: "0") || byte == UInt8(ascii: "1")
            {
                // An arc's flags are one digit each, and SVG lets them run on: "a1 1 0 011 1".
                numbers.append(byte == UInt8(ascii: "1") ? 1 : 0)
                index += 1
            } else if let (value, end) = Self.number(in: bytes, at: index) {
                guard value.isFinite else { throw VectorPathError(offset: index, reason: "a number out of range") }
                numbers.append(value)
                index = end
                if numbers.count & 0xFFF == 0 { try checkCount() }
            } else {
                throw VectorPathError(
                    offset: index, reason: "'\(String(decoding: bytes[index..<min(bytes.count, index + 12)], as: UTF8.self))' is not a number or a command")
            }
        }
        try flush()
        try checkCount()
    }

    /// The number at `start`: a sign, digits, at most one point, an exponent; its end.
    private static func number(in bytes: [UInt8], at start: Int) -> (Double, Int)? {
        var index = start
        if index < bytes.count, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") { index += 1 }
        var digits = 0
        var seenPoint = false
        while index < bytes.count {
            let byte = bytes[index]
            if byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") {
                digits += 1
            } else if byte == UInt8(ascii: "."), !seenPoint {
                seenPoint = true
            } else {
                break
            }
            index += 1
        }
        guard digits > 0 else { return nil }
        if index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "e") {
            var end = index + 1
            if end < bytes.count, bytes[end] == UInt8(ascii: "-") || bytes[end] == UInt8(ascii: "+") { end += 1 }
            let exponentStart = end
            while end < bytes.count, bytes[end] >= UInt8(ascii: "0") && bytes[end] <= UInt8(ascii: "9") { end += 1 }
            if end > exponentStart { index = end }
        }
        guard let value = Double(String(decoding: bytes[start..<index], as: UTF8.self)) else { return nil }
        return (value, index)
    }

    /// A number as SVG path data writes it (no exponent for ordinary sizes).
    private static func format(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return String(value)
    }
}
