/// A reference to an Android resource as resource XML writes it: `@[package:]type/name` (a
/// resource, `@drawable/ic_menu`, `@android:color/white`) or `?[package:][type/]name` (a theme
/// attribute, `?attr/colorAccent`, `?android:textColorPrimary`), parsed by one rule as aapt2's
/// `ResourceUtils::ParseResourceName` does.
///
/// A name is what a resource's file is called, so it is held to aapt's characters, letters,
/// digits, `_` and `.`: `@drawable/../../x` names no resource and is refused, never joined
/// onto a folder.
public struct ResourceReference: Sendable, Hashable, CustomStringConvertible {
    /// `@` (a resource) or `?` (a theme attribute).
    public var isThemeAttribute: Bool
    /// The package (`android`), or `nil` for the app's own.
    public var package: String?
    /// The resource type (`drawable`, `mipmap`, `color`); `attr` for a theme attribute written
    /// without one.
    public var type: String
    /// The resource's name.
    public var name: String

    /// The most characters a name or package may have.
    public static let maxNameLength = 255

    /// Parses `text` (white space around it ignored); throws ``ResourceReferenceError`` saying
    /// what is wrong, the text quoted short.
    public init(parsing text: some StringProtocol) throws(ResourceReferenceError) {
        let trimmed = String(text).trimmingWhitespace
        guard let sigil = trimmed.first, sigil == "@" || sigil == "?" else {
            throw ResourceReferenceError(text: String(trimmed), problem: "it does not start with @ or ?")
        }
        isThemeAttribute = sigil == "?"
        var rest = trimmed.dropFirst()
        // `@+id/…` creates an id and `@*android:…` names a private one: the same name rules.
        if !isThemeAttribute, let marker = rest.first, marker == "+" || marker == "*" { rest = rest.dropFirst() }
        let slash = rest.firstIndex(of: "/")
        let colon = (slash.map { rest[..<$0] } ?? rest).firstIndex(of: ":")
        package = colon.map { String(rest[..<$0]) }
        if let slash {
            type = String(rest[(colon.map { rest.index(after: $0) } ?? rest.startIndex)..<slash])
            name = String(rest[rest.index(after: slash)...])
        } else {
            guard isThemeAttribute else { throw ResourceReferenceError(text: String(trimmed), problem: "it has no type (write @type/name)") }
            type = "attr"
            name = String(rest[(colon.map { rest.index(after: $0) } ?? rest.startIndex)...])
        }
        if let package, !Self.isName(package) {
            throw ResourceReferenceError(text: String(trimmed), problem: "its package is not letters, digits, '_' and '.'")
        }
        guard !type.isEmpty, type.utf8.allSatisfy({ ($0 >= 0x61 && $0 <= 0x7A) || $0 == UInt8(ascii: "-") }) else {
            throw ResourceReferenceError(text: String(trimmed), problem: "its type is not a resource type such as drawable or color")
        }
        guard Self.isName(name) else {
            throw ResourceReferenceError(text: String(trimmed), problem: "a resource name is letters, digits, '_' and '.', nothing else")
        }
    }

    /// Whether `text` can be a resource name (or package): 1 to ``maxNameLength`` ASCII
    /// letters, digits, `_` and `.`, and not `.` or `..`.
    public static func isName(_ text: some StringProtocol) -> Bool {
        guard !text.isEmpty, text.utf8.count <= maxNameLength, text != ".", text != ".." else { return false }
        return text.utf8.allSatisfy { byte in
            (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || byte == UInt8(ascii: "_")
                || byte == UInt8(ascii: ".")
        }
    }

    /// The reference as written canonically: `@drawable/name`, `@android:color/white`,
    /// `?attr/colorAccent`.
    public var description: String { (isThemeAttribute ? "?" : "@") + (package.map { $0 + ":" } ?? "") + type + "/" + name }
}

/// Why text is not a resource reference: the text (quoted short in the message) and the problem.
public struct ResourceReferenceError: NinepipeError, Hashable {
    /// The text given.
    public var text: String
    /// What is wrong with it.
    public var problem: String

    /// The message.
    public var description: String { "\(XMLText.quoted(text)) is not a resource reference: \(problem)" }
}
