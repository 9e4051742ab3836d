/// Why an SVG document could not be written as a vector drawable: the line, what is wrong, and
/// the SVG feature a vector drawable cannot express when that is the reason (the document is
/// fine then: draw it as images instead).
public struct SVGImportError: NinepipeError, Hashable {
    /// The line, counted from 1 (0 when unknown).
    public var line: Int
    /// What is wrong.
    public var reason: String
    /// The feature vector drawables lack (`filters`, `text`, `masks`…), when that is why.
    public var feature: String?

    /// An SVG feature a vector drawable cannot express, met at `line`.
    static func unsupported(_ feature: String, line: Int) -> SVGImportError {
        SVGImportError(line: line, reason: "vector drawables have no \(feature)", feature: feature)
    }

    /// The message.
    public var description: String { line > 0 ? "line \(line): \(reason)" : reason }
}
