/// What a parameter accepts. Drives parsing, validation, error messages and help text.
public indirect enum ParameterType: Sendable, Hashable {
    /// A whole number within the range.
    case integer(ClosedRange<Int>)
    /// A real number within the range.
    case number(ClosedRange<Double>)
    /// Pixels within the first range, or a percentage (`50%`) within `percent` of a reference size
    /// the transform chooses; read it with ``Arguments/length(_:)``.
    case length(ClosedRange<Double>, percent: ClosedRange<Double> = ParameterType.percentages)
    /// Free text (quoted, or a bare word).
    case string
    /// A file path (quoted, or a bare word).
    case path
    /// `true` or `false`.
    case boolean
    /// One of these words.
    case choice([String])
    /// A colour `#rgb`, `#rgba`, `#rrggbb` or `#rrggbbaa`.
    case color
    /// A colour, or one of these words (its value is then a ``ParameterValue/choice(_:)``).
    case colorOr([String])
    /// Comma-separated values of one type, with a count in the range.
    case list(ParameterType, count: ClosedRange<Int>)

    /// The percentages a ``length(_:percent:)`` accepts unless it says otherwise: 0% to 10000%.
    public static let percentages: ClosedRange<Double> = 0...10_000

    /// A short description such as `integer 1…65535` for tables and help.
    public var summary: String {
        switch self {
        case .integer(let range): "integer \(Self.format(range))"
        case .number(let range): "number \(Self.format(range))"
        case .length(let range, let percent):
            "pixels \(Self.format(range)) or percent" + (percent == Self.percentages ? "" : " \(Self.format(percent))")
        case .string: "string"
        case .path: "path"
        case .boolean: "true|false"
        case .choice(let options): options.joined(separator: "|")
        case .color: "colour #rrggbbaa"
        case .colorOr(let words): "colour #rrggbbaa|" + words.joined(separator: "|")
        case .list(let element, let count):
            count.lowerBound == count.upperBound
                ? "\(count.lowerBound) × \(element.summary), comma-separated"
                : "\(count.lowerBound)–\(count.upperBound) × \(element.summary), comma-separated"
        }
    }

    /// A value that would be accepted, for "e.g." hints.
    public var example: String {
        switch self {
        case .integer(let range): String(range.contains(320) ? 320 : range.lowerBound)
        case .number(let range): ParameterValue.format(range.contains(1.5) ? 1.5 : range.lowerBound)
        case .length(let range, let percent):
            range.contains(320) ? "320" : ParameterValue.format(percent.contains(50) ? 50 : percent.upperBound) + "%"
        case .string: "\"text\""
        case .path: "\"image.png\""
        case .boolean: "true"
        case .choice(let options): options.first ?? ""
        case .color: "#ffffffff"
        case .colorOr(let words): words.first ?? "#ffffffff"
        case .list(let element, let count): Array(repeating: element.example, count: max(1, count.lowerBound)).joined(separator: ",")
        }
    }

    /// Checks `literal` and returns its value, or throws a ``ParameterError`` naming `name`, the value and what is accepted.
    ///
    /// - Parameters:
    ///   - literal: the value as written in the pipeline.
    ///   - name: the parameter, for the message.
    ///   - example: the value shown after "e.g." (default: ``example``).
    public func value(from literal: ArgumentLiteral, name: String, example: String? = nil) throws(ParameterError) -> ParameterValue {
        let fail = ParameterError(name: name, value: literal.description, expected: expectation(name: name, example: example))
        switch (self, literal) {
        case (.integer(let range), .number(let value, _)):
            guard value.rounded() == value, abs(value) < 1e15, range.contains(Int(value)) else { throw fail }
            return .integer(Int(value))
        case (.number(let range), .number(let value, _)):
            guard range.contains(value) else { throw fail }
            return .number(value)
        case (.length(let range, _), .number(let value, _)):
            guard range.contains(value) else { throw fail }
            return .number(value)
        case (.length(_, let percent), .percentage(let value, _)):
            guard percent.contains(value) else { throw fail }
            return .percentage(value)
        case (.string, .string(let text)), (.string, .word(let text)), (.path, .string(let text)), (.path, .word(let text)):
            guard !text.isEmpty else { throw fail }
            return .string(text)
        case (.boolean, .word(let word)):
            switch word {
            case "true", "yes", "on": return .boolean(true)
            case "false", "no", "off": return .boolean(false)
            default: throw fail
            }
        case (.choice(let options), .word(let word)), (.choice(let options), .string(let word)),
            (.choice(let options), .number(_, let word)):
            guard options.contains(word) else { throw fail }
            return .choice(word)
        case (.color, .color(let hex)), (.colorOr, .color(let hex)):
            guard let color = Color(hex: hex) else { throw fail }
            return .color(color)
        case (.colorOr(let words), .word(let word)), (.colorOr(let words), .string(let word)):
            guard words.contains(word) else { throw fail }
            return .choice(word)
        case (.list(let element, let count), .list(let items)):
            guard count.contains(items.count) else { throw fail }
            return .list(try items.map { item throws(ParameterError) in try element.value(from: item, name: name, example: example) })
        case (.list(let element, let count), _) where count.contains(1):
            return .list([try element.value(from: literal, name: name, example: example)])
        default:
            throw fail
        }
    }

    /// What is accepted, in words, with an example: `an integer in 1…65535, e.g. width=320`.
    ///
    /// - Parameters:
    ///   - name: the parameter the example sets.
    ///   - example: the value shown after "e.g." (default: ``example``).
    public func expectation(name: String, example: String? = nil) -> String {
        let example = "e.g. \(name)=\(example ?? self.example)"
        switch self {
        case .integer(let range): return "an integer in \(Self.format(range)), \(example)"
        case .number(let range): return "a number in \(Self.format(range)), \(example)"
        case .length(let range, let percent):
            return "a number of pixels in \(Self.format(range)) or a percentage in \(Self.format(percent))%, \(example)"
        case .string: return "a quoted string, \(example)"
        case .path: return "a quoted path, \(example)"
        case .boolean: return "true or false, \(example)"
        case .choice(let options): return "one of \(options.joined(separator: ", ")), \(example)"
        case .color: return "a colour #rgb, #rrggbb or #rrggbbaa, \(example)"
        case .colorOr(let words): return "a colour #rgb, #rrggbb or #rrggbbaa, or \(words.joined(separator: ", ")), \(example)"
        case .list(let element, _): return "\(summary) (each \(element.expectation(name: name)))"
        }
    }

    private static func format(_ range: ClosedRange<Int>) -> String { "\(range.lowerBound)…\(range.upperBound)" }
    private static func format(_ range: ClosedRange<Double>) -> String {
        "\(ParameterValue.format(range.lowerBound))…\(ParameterValue.format(range.upperBound))"
    }
}
