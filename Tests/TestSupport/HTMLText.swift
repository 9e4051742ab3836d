/// Text a browser printed in HTML (a page title `--dump-dom` wrote), its escapes undone.
public enum HTMLText {
    /// `text` with `&quot;`, `&lt;`, `&gt;` and `&amp;` undone.
    public static func unescaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&lt;", with: "<")
            .replacingOccurrences(of: "&gt;", with: ">").replacingOccurrences(of: "&amp;", with: "&")
    }
}
