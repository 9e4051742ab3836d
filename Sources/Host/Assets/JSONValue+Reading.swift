import NinepipeCore

extension JSONValue {
    /// Parses JSON text (RFC 8259, UTF-8, an optional byte-order mark); the error names the line
    /// and column and what was expected there. Arrays and objects nest at most 64 deep.
    init(parsing bytes: [UInt8]) throws(JSONReadingError) {
        var reader = JSONReader(bytes: bytes)
        self = try reader.document()
    }

    /// The member named `key` of an object; `nil` for a missing member or a value that is no object.
    subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members[key]
    }

    /// The text of a string value.
    var string: String? {
        guard case .string(let text) = self else { return nil }
        return text
    }

    /// The number of a number value (not of `true` or `false`).
    var number: Double? {
        guard case .number(let value) = self else { return nil }
        return value
    }

    /// The elements of an array value.
    var array: [JSONValue]? {
        guard case .array(let values) = self else { return nil }
        return values
    }

    /// Whether this is an object.
    var isObject: Bool {
        guard case .object = self else { return false }
        return true
    }

    /// The value as an error message shows it: a string quoted, a number or literal as written,
    /// a container by kind.
    var shown: String {
        switch self {
        case .null: "null"
        case .string(let text): "\"\(text)\""
        case .number(let value): DecimalText.text(value, decimals: 6)
        case .bool(let value): value ? "true" : "false"
        case .array: "an array"
        case .object: "an object"
        }
    }
}

/// JSON text that could not be parsed: where, and why.
struct JSONReadingError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The line and column (from 1) where reading stopped.
    var line: Int, column: Int
    /// What was wrong there.
    var problem: String

    /// `line 3, column 5: expected ',' or '}'`.
    var description: String { "line \(line), column \(column): \(problem)" }
}

/// A recursive-descent reader of JSON bytes (what `JSONValue(parsing:)` runs).
private struct JSONReader {
    static let maxDepth = 64
    let bytes: [UInt8]
    var position = 0

    init(bytes: [UInt8]) {
        self.bytes = bytes
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { position = 3 }
    }

    mutating func document() throws(JSONReadingError) -> JSONValue {
        skipSpace()
        let value = try value(depth: 0)
        skipSpace()
        guard position == bytes.count else { throw failure("unexpected text after the JSON value") }
        return value
    }

    private var current: UInt8? { position < bytes.count ? bytes[position] : nil }

    private mutating func skipSpace() {
        while let byte = current, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { position += 1 }
    }

    private mutating func value(depth: Int) throws(JSONReadingError) -> JSONValue {
        guard let byte = current else { throw failure("the text ends where a value was expected") }
        switch byte {
        case UInt8(ascii: "{"): return try object(depth: depth + 1)
        case UInt8(ascii: "["): return try array(depth: depth + 1)
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): return try literal("true", .bool(true))
        case UInt8(ascii: "f"): return try literal("false", .bool(false))
        case UInt8(ascii: "n"): return try literal("null", .null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
        default: throw failure("expected a value (an object, array, string, number, true, false or null)")
        }
    }

    private mutating func object(depth: Int) throws(JSONReadingError) -> JSONValue {
        guard depth <= Self.maxDepth else { throw failure("objects and arrays nest more than \(Self.maxDepth) deep") }
        position += 1
        var members: [String: JSONValue] = [:]
        skipSpace()
        if current == UInt8(ascii: "}") {
            position += 1
            return .object(members)
        }
        while true {
            skipSpace()
            guard current == UInt8(ascii: "\"") else { throw failure("expected a member name in double quotes") }
            let key = try string()
            skipSpace()
            guard current == UInt8(ascii: ":") else { throw failure("expected ':' after the member name") }
            position += 1
            skipSpace()
            members[key] = try value(depth: depth)
            skipSpace()
            switch current {
            case UInt8(ascii: ","): position += 1
            case UInt8(ascii: "}"):
                position += 1
                return .object(members)
            default: throw failure("expected ',' or '}'")
            }
        }
    }

    private mutating func array(depth: Int) throws(JSONReadingError) -> JSONValue {
        guard depth <= Self.maxDepth else { throw failure("objects and arrays nest more than \(Self.maxDepth) deep") }
        position += 1
        var elements: [JSONValue] = []
        skipSpace()
        if current == UInt8(ascii: "]") {
            position += 1
            return .array(elements)
        }
        while true {
            skipSpace()
            elements.append(try value(depth: depth))
            skipSpace()
            switch current {
            case UInt8(ascii: ","): position += 1
            case UInt8(ascii: "]"):
                position += 1
                return .array(elements)
            default: throw failure("expected ',' or ']'")
            }
        }
    }

    private mutating func literal(_ word: String, _ value: JSONValue) throws(JSONReadingError) -> JSONValue {
        let utf8 = Array(word.utf8)
        guard bytes[position...].starts(with: utf8) else { throw failure("expected a value (an object, array, string, number, true, false or null)") }
        position += utf8.count
        return value
    }

    private mutating func string() throws(JSONReadingError) -> String {
        position += 1
        var out: [UInt8] = []
        while true {
            guard let byte = current else { throw failure("the text ends inside a string") }
            switch byte {
            case UInt8(ascii: "\""):
                position += 1
                guard let text = String(validating: out, as: UTF8.self) else { throw failure("a string that is not UTF-8") }
                return text
            case UInt8(ascii: "\\"):
                position += 1
                try escape(into: &out)
            case 0..<0x20:
                throw failure("a control character inside a string (write it as an escape such as \\n)")
            default:
                out.append(byte)
                position += 1
            }
        }
    }

    private mutating func escape(into out: inout [UInt8]) throws(JSONReadingError) {
        guard let byte = current else { throw failure("the text ends inside a string") }
        position += 1
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(byte)
        case UInt8(ascii: "b"): out.append(0x08)
        case UInt8(ascii: "f"): out.append(0x0C)
        case UInt8(ascii: "n"): out.append(0x0A)
        case UInt8(ascii: "r"): out.append(0x0D)
        case UInt8(ascii: "t"): out.append(0x09)
        case UInt8(ascii: "u"):
            var scalar = try hexUnit()
            if (0xD800...0xDBFF).contains(scalar) {
                guard bytes[position...].starts(with: [UInt8(ascii: "\\"), UInt8(ascii: "u")]) else { throw failure("a lone surrogate in a \\u escape") }
                position += 2
                let low = try hexUnit()
                guard (0xDC00...0xDFFF).contains(low) else { throw failure("a lone surrogate in a \\u escape") }
                scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
            }
            guard let character = Unicode.Scalar(scalar) else { throw failure("a lone surrogate in a \\u escape") }
            out.append(contentsOf: Array(String(Character(character)).utf8))
        default:
            position -= 1
            throw failure("an unknown escape \\\(Character(Unicode.Scalar(byte)))")
        }
    }

    private mutating func hexUnit() throws(JSONReadingError) -> UInt32 {
        guard position + 4 <= bytes.count, let value = UInt32(String(decoding: bytes[position..<position + 4], as: UTF8.self), radix: 16),
            bytes[position..<position + 4].allSatisfy({ $0 != UInt8(ascii: "+") && $0 != UInt8(ascii: "-") })
        else { throw failure("expected four hexadecimal digits after \\u") }
        position += 4
        return value
    }

    private mutating func number() throws(JSONReadingError) -> Double {
        let start = position
        func digits(_ reader: inout JSONReader) -> Int {
            let first = reader.position
            while let byte = reader.current, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) { reader.position += 1 }
            return reader.position - first
        }
        if current == UInt8(ascii: "-") { position += 1 }
        if current == UInt8(ascii: "0") {
            position += 1
        } else if digits(&self) == 0 {
            throw failure("expected a digit")
        }
        if current == UInt8(ascii: ".") {
            position += 1
            guard digits(&self) > 0 else { throw failure("expected a digit after the decimal point") }
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            position += 1
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { position += 1 }
            guard digits(&self) > 0 else { throw failure("expected a digit in the exponent") }
        }
        guard let value = Double(String(decoding: bytes[start..<position], as: UTF8.self)), value.isFinite else {
            position = start
            throw failure("a number too large")
        }
        return value
    }

    /// The error at the current position.
    private func failure(_ problem: String) -> JSONReadingError {
        var line = 1
        var lineStart = 0
        for index in 0..<min(position, bytes.count) where bytes[index] == 0x0A {
            line += 1
            lineStart = index + 1
        }
        let column = String(decoding: bytes[lineStart..<min(position, bytes.count)], as: UTF8.self).count + 1
        return JSONReadingError(line: line, column: column, problem: problem)
    }
}
