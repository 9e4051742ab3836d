import NinepipeCore

/// The colour names an Android XML resource refers to, read from its UTF-8 text without
/// parsing: `?attr/NAME` and `?android:attr/NAME` (a theme attribute, `NAME`), `@color/NAME`
/// (`NAME`) and `@android:color/NAME` (`android:NAME`), the names `AssetOptions.colors` gives.
enum ColorNames {
    /// The names the UTF-8 text `text` refers to.
    static func referenced(in text: [UInt8]) -> Set<String> {
        var names: Set<String> = []
        for (prefix, kept) in [("?attr/", ""), ("?android:attr/", ""), ("@color/", ""), ("@android:color/", "android:")] {
            let pattern = Array(prefix.utf8)
            var start = 0
            while let found = ByteSearch.firstIndex(of: pattern, in: text, from: start) {
                let end = found + pattern.count
                let name = text[end...].prefix { byte in
                    (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) || byte == 0x5F || byte == 0x2E
                }
                if !name.isEmpty && name.count <= 200 { names.insert(kept + String(decoding: name, as: UTF8.self)) }
                start = end
            }
        }
        return names
    }
}
