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
    }

    /// The local name (`vector`, `path`).
    public var name: String
    /// The namespace URI, empty for none.
    public var namespace: String
    /// The line the start tag ends on.
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
}
