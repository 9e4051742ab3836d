import Foundation

/// The images Ninepipe's build plugin generated for this target (see ninepipe.json).
public enum DemoAssets {
    /// The generated file called `name` (`button.css`, `card-320x200.png`), if it was generated.
    public static func url(_ name: String) -> URL? {
        let dot = name.lastIndex(of: ".") ?? name.endIndex
        return Bundle.module.url(forResource: String(name[..<dot]), withExtension: dot == name.endIndex ? nil : String(name[name.index(after: dot)...]))
    }
}
