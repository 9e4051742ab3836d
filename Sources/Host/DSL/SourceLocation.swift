/// A position in pipeline text: 1-based line and column (in characters), and the scalar offset.
public struct SourceLocation: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The line, from 1.
    public var line: Int
    /// The column, from 1, in Unicode scalars.
    public var column: Int
    /// The offset from the start of the text, in Unicode scalars.
    public var offset: Int

    /// Creates a location.
    public init(line: Int, column: Int, offset: Int) {
        self.line = line
        self.column = column
        self.offset = offset
    }

    /// `line:column`.
    public var description: String { "\(line):\(column)" }

    public static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool { lhs.offset < rhs.offset }
}

/// A span of pipeline text.
public struct SourceRange: Sendable, Hashable {
    /// The first character.
    public var start: SourceLocation
    /// Just past the last character.
    public var end: SourceLocation

    /// Creates a range.
    public init(start: SourceLocation, end: SourceLocation) {
        self.start = start
        self.end = end
    }
}
