import NinepipeCore

/// A target that writes app icons: the built-in ones, each with its own files for one
/// ``AppIcon`` drawn once (``AppIconConverter`` asks the target in its options).
protocol AppIconTarget: AssetTarget {
    /// The files of the icon `drawing` draws, paths relative to the output folder, and notes.
    func appIconFiles(_ drawing: AppIconDrawing, converter: AppIconConverter) throws -> (files: [AssetFile], warnings: [String])
}

extension IOSAssetTarget: AppIconTarget {
    /// It does.
    public var writesAppIcons: Bool { true }

    /// `AppIcon.appiconset` with the light, dark and tinted 1024 × 1024 images.
    func appIconFiles(_ drawing: AppIconDrawing, converter: AppIconConverter) throws -> (files: [AssetFile], warnings: [String]) {
        try converter.iosFiles(drawing)
    }
}

extension AndroidAssetTarget: AppIconTarget {
    /// It does.
    public var writesAppIcons: Bool { true }

    /// Legacy and adaptive launcher icons in `mipmap-…` folders, and the Play Store image.
    func appIconFiles(_ drawing: AppIconDrawing, converter: AppIconConverter) throws -> (files: [AssetFile], warnings: [String]) {
        try converter.androidFiles(drawing)
    }
}

extension WebAssetTarget: AppIconTarget {
    /// It does.
    public var writesAppIcons: Bool { true }

    /// Manifest icons, `favicon.ico`, `apple-touch-icon.png` and the `<link>` elements.
    func appIconFiles(_ drawing: AppIconDrawing, converter: AppIconConverter) throws -> (files: [AssetFile], warnings: [String]) {
        try converter.webFiles(drawing)
    }
}

extension FlutterAssetTarget: AppIconTarget {
    /// It does.
    public var writesAppIcons: Bool { true }

    /// The native icons a Flutter project's `ios/`, `android/` and `web/` folders hold.
    func appIconFiles(_ drawing: AppIconDrawing, converter: AppIconConverter) throws -> (files: [AssetFile], warnings: [String]) {
        try converter.flutterFiles(drawing)
    }
}

extension ComposeAssetTarget: AppIconTarget {
    /// It does.
    public var writesAppIcons: Bool { true }

    /// Android's launcher icons, in `androidMain/res` beside the output, never in `composeResources`.
    func appIconFiles(_ drawing: AppIconDrawing, converter: AppIconConverter) throws -> (files: [AssetFile], warnings: [String]) {
        try converter.composeFiles(drawing)
    }
}
