import NinepipeCore

/// The parsed form of a pipeline text, before validation against the registry.
public struct PipelineSyntax: Sendable, Hashable {
    /// The steps in order.
    public var steps: [StepSyntax]
}

/// One step: `name arg arg …`.
public struct StepSyntax: Sendable, Hashable {
    /// The step name as written.
    public var name: String
    /// Where the name is.
    public var nameRange: SourceRange
    /// The arguments in order.
    public var arguments: [ArgumentSyntax]
    /// Where a `=` right after the name is (`rotate=90`: a parameter written as a step), if any;
    /// the value after it is the first argument.
    public var equalsRange: SourceRange?
}

/// One argument: `label=value` or a positional `value`.
public struct ArgumentSyntax: Sendable, Hashable {
    /// The parameter name, when given.
    public var label: String?
    /// Where the label is.
    public var labelRange: SourceRange?
    /// The value.
    public var value: ValueSyntax
}

/// A value: literals and variable references, possibly a comma-separated list.
public struct ValueSyntax: Sendable, Hashable {
    /// One element of a value.
    public enum Element: Sendable, Hashable {
        /// A literal.
        case literal(ArgumentLiteral)
        /// A `$name` reference, resolved at compile time.
        case variable(String)
        /// A quoted string with variable references, resolved at compile time to a string.
        case template([TemplatePart])
    }

    /// The elements (more than one for `a,b,c`).
    public var elements: [(element: Element, range: SourceRange)]

    /// The text of a value that is one literal, as written; `nil` for anything else.
    var literalText: String? {
        guard elements.count == 1, case .literal(let literal) = elements[0].element else { return nil }
        return literal.description
    }
    /// The whole value's span.
    public var range: SourceRange

    public static func == (lhs: ValueSyntax, rhs: ValueSyntax) -> Bool {
        lhs.range == rhs.range && lhs.elements.map(\.element) == rhs.elements.map(\.element)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(range)
        for element in elements { hasher.combine(element.element) }
    }
}
