/// An element of an Android XML resource: its name, namespace, attributes, line, children and
/// text, as libxml2 read it (see ``ResourceXML``).
public struct ResourceXMLElement: Sendable, Hashable {
    /// The Android resource attributes' namespace (`android:`).
    public static let androidNamespace = "http://schemas.android.com/apk/res/android"
    /// The namespace of aapt's inline resources (`aapt:attr`).
    public static let aaptNamespace = "http://schemas.android.com/aapt"

    /// One attribute.
    public struct Attribute: Sendable, Hashable {
        /// Its namespace URI, empty for none.
        public var namespace: String
        /// Its local name.
        public var name: String
        /// Its value, entities and character references expanded.
        public var value: String
        /// The line its name is on, counted from 1 (0 when not known).
        public var line = 0
    }

    /// The local name (`vector`, `path`).
    public var name: String
    /// The namespace URI, empty for none.
    public var namespace: String
    /// The line the start tag begins on (its `<`), counted from 1.
    public var line: Int
    /// The attributes, in document order (namespace declarations left out).
    public var attributes: [Attribute] = []
    /// The child elements, in order.
    public var children: [ResourceXMLElement] = []
    /// The text directly inside, joined.
    public var text = ""

    /// The value of attribute `name` in `namespace` (Android's by default), or `nil`.
    public func attribute(_ name: String, namespace: String = ResourceXMLElement.androidNamespace) -> String? {
        attributes.first { $0.name == name && $0.namespace == namespace }?.value
    }

    /// The line attribute `name` in `namespace` (Android's by default) is on, else the element's
    /// ``line``: where a message about the attribute points.
    public func line(of name: String, namespace: String = ResourceXMLElement.androidNamespace) -> Int {
        let found = attributes.first { $0.name == name && $0.namespace == namespace }?.line ?? 0
        return found > 0 ? found : line
    }
}
