import NinepipeCore

/// An `.imageset` folder's `Contents.json`: which file holds which scale, and how each slices.
///
/// Reading accepts both spellings Xcode has written (`cap-insets`/`capInsets`,
/// `alignment-insets`/`alignmentInsets`, center `stretch`/`tile`/`fill`) and names the file
/// and the key of any malformed value. Writing gives Xcode's layout (`JSONValue`).
public struct ImageSetContents: Sendable, Hashable {
    /// One image slot.
    public struct Entry: Sendable, Hashable {
        /// The file in the imageset folder, or `nil` for an empty slot.
        public var filename: String?
        /// 1, 2 or 3 (`1x`, `2x`, `3x`); a slot without `scale` is 1.
        public var scale: Int
        /// `universal`, `iphone`, `ipad`, …
        public var idiom: String
        /// The slicing, in this image's pixels.
        public var resizing: ImageSetResizing?
        /// The alignment insets, in this image's pixels.
        public var alignmentInsets: NinePatchInsets?
        /// The stretched center's size in pixels (Xcode's `center` `width`/`height`), when known.
        public var centerSize: PixelSize?
        /// The configuration the slot is for: `appearances` `luminosity: dark`, and
        /// `language-direction: right-to-left`.
        public var configuration = AssetConfiguration.standard
        /// `language-direction: left-to-right` on a standard slot: the image is for left-to-right
        /// layouts, mirrored in right-to-left ones unless a right-to-left slot gives its own
        /// (Xcode's "Left to Right, Mirrors").
        public var isLeftToRight = false
        /// `appearances` `luminosity: light`: for the light appearance only (Xcode's "Any, Light,
        /// Dark" sets have both it and an appearance-free slot).
        public var isLightOnly = false
        /// Whether the slot says its scale; a vector's single slot (an SVG or PDF drawn at any
        /// scale) does not.
        public var hasScale = true

        /// Creates an entry.
        public init(
            filename: String?, scale: Int, idiom: String = "universal",
            resizing: ImageSetResizing? = nil, alignmentInsets: NinePatchInsets? = nil
        ) {
            self.filename = filename
            self.scale = scale
            self.idiom = idiom
            self.resizing = resizing
            self.alignmentInsets = alignmentInsets
        }
    }

    /// The image slots in file order.
    public var entries: [Entry]
    /// `properties.template-rendering-intent` is `template`: the image is a template, tinted by
    /// the view that shows it.
    public var isTemplate = false
    /// `properties.preserves-vector-representation`: Xcode keeps a vector slot a vector.
    public var preservesVectorRepresentation = false

    /// The catalog's own `Contents.json` (at its root, beside the sets), by `author`.
    public static func catalogText(author: String) -> String {
        JSONValue.object(["info": .object(["author": .string(author), "version": .number(1)])]).text
    }

    /// Creates contents.
    public init(entries: [Entry]) { self.entries = entries }

    /// Parses `bytes`, the `Contents.json` at `path` (named in errors).
    public init(parsing bytes: [UInt8], path: String) throws(AssetError) {
        let object: JSONValue
        do { object = try JSONValue(parsing: bytes) } catch {
            throw .invalidContents(
                path: path, field: "", problem: "not valid JSON (\(error)); Xcode writes this file, so restore it or remove the imageset")
        }
        guard object.isObject, let images = object["images"]?.array else {
            throw .invalidContents(path: path, field: "", problem: "expected an object with an \"images\" array")
        }
        var entries: [Entry] = []
        for (index, image) in images.enumerated() {
            let key = "images[\(index)]"
            guard image.isObject else { throw AssetError.invalidContents(path: path, field: "\(key)", problem: "expected an object") }
            var entry = Entry(filename: nil, scale: 1, idiom: image["idiom"]?.string ?? "universal")
            if let name = image["filename"] {
                guard let name = name.string, !name.isEmpty, !name.contains("/") else {
                    throw AssetError.invalidContents(
                        path: path, field: "\(key).filename", problem: "expected a file name in the imageset folder, found \(name.shown)")
                }
                entry.filename = name
            }
            if let scale = image["scale"] {
                guard let text = scale.string, text.hasSuffix("x"), let value = Int(text.dropLast()), (1...3).contains(value) else {
                    throw AssetError.invalidContents(path: path, field: "\(key).scale", problem: "expected \"1x\", \"2x\" or \"3x\", found \(scale.shown)")
                }
                entry.scale = value
            }
            if let resizing = image["resizing"] {
                entry.resizing = try Self.resizing(resizing, key: key + ".resizing", path: path)
            }
            if let appearances = image["appearances"] {
                guard let list = appearances.array else {
                    throw AssetError.invalidContents(path: path, field: "\(key).appearances", problem: "expected an array")
                }
                for appearance in list where appearance["appearance"]?.string == "luminosity" {
                    switch appearance["value"]?.string {
                    case "dark"?: entry.configuration.isDark = true
                    case "light"?: entry.isLightOnly = true
                    default: break
                    }
                }
            }
            if let locale = image["locale"]?.string, !locale.isEmpty { entry.configuration.locale = locale }
            switch image["language-direction"]?.string {
            case "right-to-left"?: entry.configuration.isRightToLeft = true
            case "left-to-right"?: entry.isLeftToRight = true
            default: break
            }
            for spelling in ["alignment-insets", "alignmentInsets"] {
                if let insets = image[spelling] {
                    entry.alignmentInsets = try Self.insets(insets, key: "\(key).\(spelling)", path: path, sides: ["top", "left", "bottom", "right"])
                }
            }
            entries.append(entry)
        }
        self.entries = entries
        isTemplate = object["properties"]?["template-rendering-intent"]?.string == "template"
    }

    /// The JSON text, as Xcode lays it out; `author` goes into `info`.
    public func text(author: String) -> String {
        var members: [String: JSONValue] = [
            "images": .array(entries.map(Self.json)),
            "info": .object(["author": .string(author), "version": .number(1)]),
        ]
        var properties: [String: JSONValue] = [:]
        if preservesVectorRepresentation { properties["preserves-vector-representation"] = .bool(true) }
        // Slots for a locale need the set marked localizable, as Xcode does.
        if entries.contains(where: { $0.configuration.locale != nil }) { properties["localizable"] = .bool(true) }
        if isTemplate { properties["template-rendering-intent"] = .string("template") }
        if !properties.isEmpty { members["properties"] = .object(properties) }
        return JSONValue.object(members).text
    }

    private static func json(_ entry: Entry) -> JSONValue {
        var members: [String: JSONValue] = ["idiom": .string(entry.idiom)]
        if entry.hasScale { members["scale"] = .string("\(entry.scale)x") }
        if entry.configuration.isDark {
            members["appearances"] = .array([.object(["appearance": .string("luminosity"), "value": .string("dark")])])
        }
        if let locale = entry.configuration.locale { members["locale"] = .string(locale) }
        if entry.configuration.isRightToLeft {
            members["language-direction"] = .string("right-to-left")
        } else if entry.isLeftToRight {
            members["language-direction"] = .string("left-to-right")
        }
        if let filename = entry.filename { members["filename"] = .string(filename) }
        if let resizing = entry.resizing {
            let c = resizing.capInsets
            let mode = resizing.mode
            var caps: [String: JSONValue] = [:]
            var center: [String: JSONValue] = ["mode": .string(resizing.centerMode.rawValue)]
            if mode.stretchesHorizontally {
                caps["left"] = .number(Double(c.left))
                caps["right"] = .number(Double(c.right))
            }
            if mode.stretchesVertically {
                caps["top"] = .number(Double(c.top))
                caps["bottom"] = .number(Double(c.bottom))
            }
            if let size = entry.centerSize {  // only the stretching axes' sizes, as Xcode writes them
                if mode.stretchesHorizontally { center["width"] = .number(Double(size.width)) }
                if mode.stretchesVertically { center["height"] = .number(Double(size.height)) }
            }
            members["resizing"] = .object(["mode": .string(mode.rawValue), "center": .object(center), "cap-insets": .object(caps)])
        }
        if let a = entry.alignmentInsets {
            members["alignment-insets"] = .object([
                "top": .number(Double(a.top)), "left": .number(Double(a.left)),
                "bottom": .number(Double(a.bottom)), "right": .number(Double(a.right)),
            ])
        }
        return .object(members)
    }

    private static func resizing(_ object: JSONValue, key: String, path: String) throws(AssetError) -> ImageSetResizing {
        guard object.isObject else { throw AssetError.invalidContents(path: path, field: "\(key)", problem: "expected an object") }
        let modes = ImageSetResizing.Mode.allCases.map(\.rawValue)
        guard let modeText = object["mode"]?.string, let mode = ImageSetResizing.Mode(rawValue: modeText) else {
            throw AssetError.invalidContents(
                path: path, field: "\(key).mode", problem: "expected \(modes.map { "\"\($0)\"" }.joined(separator: ", ")), found \(show(object["mode"]))")
        }
        var centerMode = ImageSetResizing.CenterMode.stretch
        if let center = object["center"] {
            guard center.isObject else {
                throw AssetError.invalidContents(path: path, field: "\(key).center", problem: "expected an object")
            }
            switch center["mode"]?.string {
            case "stretch"?, "fill"?, nil: centerMode = .stretch
            case "tile"?: centerMode = .tile
            default:
                throw AssetError.invalidContents(
                    path: path, field: "\(key).center.mode", problem: "expected \"stretch\" or \"tile\", found \(show(center["mode"]))")
            }
        }
        let spelling = object["cap-insets"] != nil ? "cap-insets" : "capInsets"
        guard let caps = object[spelling] else { throw AssetError.invalidContents(path: path, field: "\(key)", problem: "no cap-insets") }
        var sides: [String] = []
        if mode.stretchesVertically { sides += ["top", "bottom"] }
        if mode.stretchesHorizontally { sides += ["left", "right"] }
        return ImageSetResizing(mode: mode, centerMode: centerMode, capInsets: try insets(caps, key: "\(key).\(spelling)", path: path, sides: sides))
    }

    /// Insets from an object of pixel counts; `sides` must be present, the others default to 0.
    private static func insets(_ object: JSONValue, key: String, path: String, sides: [String]) throws(AssetError) -> NinePatchInsets {
        guard object.isObject else { throw AssetError.invalidContents(path: path, field: "\(key)", problem: "expected an object") }
        var found: [String: Int32] = [:]
        for side in ["top", "left", "bottom", "right"] {
            guard let raw = object[side] else {
                if sides.contains(side) {
                    throw AssetError.invalidContents(path: path, field: "\(key).\(side)", problem: "missing; expected a whole number of pixels")
                }
                continue
            }
            guard let number = raw.number, number >= 0, number <= 65_535, number == number.rounded() else {
                throw AssetError.invalidContents(path: path, field: "\(key).\(side)", problem: "expected a whole number of pixels 0…65535, found \(raw.shown)")
            }
            found[side] = Int32(number)
        }
        return NinePatchInsets(top: found["top"] ?? 0, left: found["left"] ?? 0, bottom: found["bottom"] ?? 0, right: found["right"] ?? 0)
    }

    private static func show(_ value: JSONValue?) -> String { value?.shown ?? "nothing" }
}
