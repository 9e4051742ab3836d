import NinepipeCore

extension AssetConverter {
    /// `error`, met converting an asset, as the leaving-out it stands for when the inputs cannot
    /// change it (``AssetError/leftOut(path:reason:)``), else `nil` (a failure):
    ///
    /// - a shape with no size of its own (an oval, line or ring without `<size>`): Android
    ///   stretches it to its view, so it has no image size;
    /// - a colour or drawable resource the tree does not hold (another module's or a library's);
    /// - colours only a library's or Android's theme gives: no theme in the tree gives the
    ///   attributes, or the theme chosen does not, its chain leaving the tree first (the message
    ///   names the chain and where it leaves).
    ///
    /// Theme attributes that other themes of the tree give, when none was chosen, stay a failure:
    /// choosing the theme converts them.
    func omission(for error: any Error) -> AssetError? {
        switch error {
        case AssetError.leftOut:
            return error as? AssetError
        case FileError.inFile(let path, let underlying as VectorDrawableError) where underlying.missingColor != nil:
            return .leftOut(path: Self.located(path, underlying.line), reason: "\(underlying.reason); \(Self.missingColorRemedy)")
        case FileError.inFile(let path, let underlying as ShapeDrawableError) where underlying.missingColor != nil:
            return .leftOut(path: Self.located(path, underlying.line), reason: "\(underlying.reason); \(Self.missingColorRemedy)")
        case let layer as DrawableLayerError where layer.missingResource != nil:
            let remedy =
                layer.missingResource?.hasPrefix("@color/") == true
                ? Self.missingColorRemedy : "the tree does not hold it (another module's or a library's drawable)"
            return .leftOut(path: Self.located(layer.path, layer.line), reason: "\(layer.reason); \(remedy)")
        case FileError.inFile(let path, let underlying as ShapeDrawableError) where underlying.needsSize:
            return .leftOut(
                path: path,
                reason: "a shape without <size> is stretched to its view on Android and has no size to be drawn at here; give it <size> to convert it")
        case AssetError.themeColorsNeeded(let path, let reason, let attributes, let themes):
            let names = attributes.map { "?attr/\($0)" }.joined(separator: ", ")
            // The line the reader named ("line 6: …").
            let line = reason.hasPrefix("line ") ? Int(reason.dropFirst(5).prefix { $0.isNumber }) ?? 0 : 0
            let wording = line > 0 ? String(reason.drop { $0 != ":" }.dropFirst(2)) : reason
            if let theme = options.theme {
                let chain = AndroidResourceValues(forDrawableAt: path, limits: options.limits).themeChain(theme)
                let end = chain.leaves.map { ", then \($0), a library's or Android's theme this tree does not hold" } ?? ""
                return .leftOut(
                    path: Self.located(path, line),
                    reason:
                        "the theme \(theme) does not give \(names) in this tree (its chain: \(chain.styles.joined(separator: " → "))\(end)); give each colour by name to convert it"
                )
            }
            guard themes.isEmpty else { return nil }
            return .leftOut(
                path: Self.located(path, line),
                reason: "\(wording); no theme in this tree gives \(names) (a library's or Android's theme does); give each colour by name to convert it")
        default:
            return nil
        }
    }

    /// `path:line`, or `path` when the line is not known (0).
    static func located(_ path: String, _ line: Int) -> String { line > 0 ? "\(path):\(line)" : path }

    /// What to do about a colour resource the tree does not hold.
    static let missingColorRemedy = "the tree does not hold it (another module's or a library's colour): give each colour by name to convert it"
}
