import NinepipeCore

/// Writes an ``AppIcon`` for one target (``AssetOptions/target``):
///
/// - **iOS**: `AppIcon.appiconset` with one opaque 1024 × 1024 image (the visible 72 dp square
///   filling it) and iOS 18's dark (the foreground on transparent) and tinted (the monochrome
///   layer's silhouette, else the foreground's luminance) appearances.
/// - **web**: `manifest.webmanifest` listing `any` icons at 192 and 512 (the visible square in
///   Android's round mask; a legacy icon as it is) and `maskable` ones (the whole 108 dp canvas),
///   `favicon.ico` (16, 32, 48), `apple-touch-icon.png` (180, opaque) and `icons.html`, the
///   `<link>` elements to paste.
/// - **Android**, from a master: legacy `mipmap-<density>/ic_launcher.png` and
///   `ic_launcher_round.png` (48 dp), the adaptive icon `mipmap-anydpi-v26/ic_launcher.xml`
///   (and `_round`) with its foreground (a vector drawable when the master is one), monochrome
///   layer and background colour, and the 512 × 512 Play Store image `ic_launcher-playstore.png`
///   beside the output folder (`src/main/`, where Android Studio keeps it, when the output is
///   `src/main/res`), since aapt refuses files at the top of `res/`.
public struct AppIconConverter: Sendable {
    /// The platform, densities, limits and whether enlarging is allowed.
    public var options: AssetOptions

    /// Creates a converter.
    public init(options: AssetOptions) { self.options = options }

    /// The files of `icon`, paths relative to the output folder, and notes for the report.
    public func convert(_ icon: AppIcon) throws -> (files: [AssetFile], warnings: [String]) {
        let drawing = AppIconDrawing(icon, upscale: options.upscale, limits: options.limits, codecs: options.codecs)
        guard let target = options.target as? any AppIconTarget else { throw AppIconError.noIcons(target: options.target.name) }
        return try target.appIconFiles(drawing, converter: self)
    }

    /// White: what a legacy icon's transparent margins become where a platform wants no alpha.
    static let white = AndroidColor(red: 255, green: 255, blue: 255)

    /// The icon `pixels` square as the launcher shows it, flattened (no alpha channel).
    func opaque(_ drawing: AppIconDrawing, pixels: Int) throws -> Image {
        try drawing.visible(pixels: pixels, layers: .full).image(opaqueOn: drawing.icon.backgroundColor ?? Self.white)
    }

    /// `image` as PNG bytes, in its own layout (never a palette: Windows reads 32-bit PNG icon
    /// entries, and App Store tooling checks the colour type).
    func png(_ image: Image) throws -> [UInt8] {
        var encoding = EncodeOptions(format: .png)
        encoding.allowsPalette = false
        return try options.codecs.encode(image, options: encoding)
    }

    func iosFiles(_ drawing: AppIconDrawing) throws -> (files: [AssetFile], warnings: [String]) {
        let icon = drawing.icon
        let folder = "AppIcon.appiconset/"
        let side = AppIcon.masterSide
        var files = [AssetFile(path: folder + "AppIcon.png", bytes: try png(opaque(drawing, pixels: side)))]
        func entry(_ file: String, appearance: String?) -> JSONValue {
            var fields: [String: JSONValue] = [
                "filename": .string(file), "idiom": .string("universal"), "platform": .string("ios"), "size": .string("\(side)x\(side)"),
            ]
            if let appearance {
                fields["appearances"] = .array([.object(["appearance": .string("luminosity"), "value": .string(appearance)])])
            }
            return .object(fields)
        }
        var images = [entry("AppIcon.png", appearance: nil)]
        var warnings = icon.warnings
        if icon.isAdaptive, icon.foreground != nil {
            let dark = try drawing.visible(pixels: side, layers: .foreground)
            files.append(AssetFile(path: folder + "AppIcon-dark.png", bytes: try png(dark.image())))
            if let luminance = dark.meanLuminance(), luminance < 0.25 {
                warnings.append(
                    "\(icon.source): the dark icon is the foreground on transparent, and this foreground is dark (mean luminance \(Int(luminance * 100))%): iOS draws it on a dark background, so check AppIcon-dark.png or give the app a lighter foreground"
                )
            }
            let tinted = try drawing.visible(pixels: side, layers: icon.monochrome == nil ? .luminance : .silhouette)
            files.append(AssetFile(path: folder + "AppIcon-tinted.png", bytes: try png(tinted.image(gray: true))))
            images += [entry("AppIcon-dark.png", appearance: "dark"), entry("AppIcon-tinted.png", appearance: "tinted")]
        } else if !icon.isAdaptive {
            warnings.append("\(icon.source): a legacy icon has no layers, so the icon set has no dark or tinted appearance (iOS darkens it itself)")
        }
        let contents = JSONValue.object(["images": .array(images), "info": .object(["author": .string(options.author), "version": .number(1)])])
        files.append(AssetFile(path: folder + "Contents.json", text: contents.text))
        files.append(AssetFile(path: "Contents.json", text: ImageSetContents.catalogText(author: options.author)))
        return (files, warnings)
    }

    func webFiles(_ drawing: AppIconDrawing) throws -> (files: [AssetFile], warnings: [String]) {
        let icon = drawing.icon
        var files: [AssetFile] = []
        var entries: [JSONValue] = []
        var warnings = icon.warnings
        func any(_ pixels: Int) throws -> Image { try webIcon(drawing, pixels: pixels) }
        for side in [192, 512] {
            files.append(AssetFile(path: "icon-\(side).png", bytes: try png(any(side))))
            entries.append(
                .object(["src": .string("icon-\(side).png"), "sizes": .string("\(side)x\(side)"), "type": .string("image/png"), "purpose": .string("any")]))
        }
        if icon.isAdaptive {
            for side in [192, 512] {
                files.append(AssetFile(path: "icon-maskable-\(side).png", bytes: try png(maskableIcon(drawing, pixels: side))))
                entries.append(
                    .object([
                        "src": .string("icon-maskable-\(side).png"), "sizes": .string("\(side)x\(side)"), "type": .string("image/png"),
                        "purpose": .string("maskable"),
                    ]))
            }
        } else {
            warnings.append("\(icon.source): a legacy icon has no layers to bleed, so the manifest has no maskable icon")
        }
        files.append(AssetFile(path: "apple-touch-icon.png", bytes: try png(opaque(drawing, pixels: 180))))
        let favicon = ICOFile(entries: try [16, 32, 48].map { ($0, try png(any($0))) })
        files.append(AssetFile(path: "favicon.ico", bytes: favicon.bytes))
        files.append(AssetFile(path: "manifest.webmanifest", text: JSONValue.object(["icons": .array(entries)]).text))
        files.append(
            AssetFile(
                path: "icons.html",
                text: """
                    <link rel="icon" href="favicon.ico" sizes="16x16 32x32 48x48">
                    <link rel="icon" href="icon-192.png" type="image/png" sizes="192x192">
                    <link rel="apple-touch-icon" href="apple-touch-icon.png">
                    <link rel="manifest" href="manifest.webmanifest">

                    """))
        return (files, warnings)
    }

    /// A web icon of `pixels` a side: the visible icon, an adaptive one clipped to a circle.
    private func webIcon(_ drawing: AppIconDrawing, pixels: Int) throws -> Image {
        var canvas = try drawing.visible(pixels: pixels, layers: .full)
        if drawing.icon.isAdaptive { canvas.clipToCircle() }
        return canvas.image()
    }

    /// A maskable web icon of `pixels` a side: the whole canvas, bleed included, made opaque.
    private func maskableIcon(_ drawing: AppIconDrawing, pixels: Int) throws -> Image {
        try drawing.canvas(pixels: pixels, layers: .full).image(opaqueOn: drawing.icon.backgroundColor ?? Self.white)
    }

    /// A Flutter project's icons: the iOS app icon in `ios/Runner/Assets.xcassets`, the
    /// launcher icons in `android/app/src/main/res` (all of them from a master image; from an
    /// app's own icon its legacy square and round ones), and on the web the files `flutter create`'s `web/manifest.json`
    /// lists (`icons/Icon-192.png`, `Icon-512.png`, the maskable pair) and `favicon.png`.
    func flutterFiles(_ drawing: AppIconDrawing) throws -> (files: [AssetFile], warnings: [String]) {
        let icon = drawing.icon
        let ios = try iosFiles(drawing)
        var warnings = ios.warnings
        var files = ios.files.filter { $0.path != "Contents.json" }.map { file in
            AssetFile(path: "ios/Runner/Assets.xcassets/" + file.path, bytes: file.bytes)
        }
        if icon.isFromMaster {
            let android = try androidFiles(drawing)
            warnings += android.warnings.filter { !warnings.contains($0) }
            files += android.files.map { file in
                // The Play Store image goes beside res/, as in an Android module.
                let path = file.path.hasPrefix("../") ? "android/app/src/main/" + file.path.dropFirst(3) : "android/app/src/main/res/" + file.path
                return AssetFile(path: path, bytes: file.bytes)
            }
        } else {
            // An app's own launcher icon (an adaptive icon's layers name the app's drawables):
            // the legacy square and round icons drawn from it at each density, which every
            // Android version shows; its adaptive layers stay the app's.
            for density in options.densities {
                let folder = "android/app/src/main/res/" + ResourceConfiguration(density: .init(density)).folderName(type: "mipmap") + "/"
                let side = Int((48 * density.scale).rounded())
                let square = try drawing.visible(pixels: side, layers: .full)
                files.append(AssetFile(path: folder + "ic_launcher.png", bytes: try png(square.image())))
                var round = square
                round.clipToCircle()
                files.append(AssetFile(path: folder + "ic_launcher_round.png", bytes: try png(round.image())))
            }
            warnings.append(
                "\(icon.source): Android gets the legacy square and round launcher icons drawn from the app's icon; its adaptive layers name the app's own drawables, so copy its mipmap-anydpi-v26 folder and those drawables for the adaptive one"
            )
        }
        for side in [192, 512] {
            files.append(AssetFile(path: "web/icons/Icon-\(side).png", bytes: try png(webIcon(drawing, pixels: side))))
            if icon.isAdaptive {
                files.append(AssetFile(path: "web/icons/Icon-maskable-\(side).png", bytes: try png(maskableIcon(drawing, pixels: side))))
            }
        }
        files.append(AssetFile(path: "web/favicon.png", bytes: try png(webIcon(drawing, pixels: 32))))
        return (files, warnings)
    }

    /// A Compose Multiplatform app's launcher icons: Android's, in the `androidMain/res` folder
    /// beside `commonMain/composeResources` (mipmaps are no Compose resource type).
    func composeFiles(_ drawing: AppIconDrawing) throws -> (files: [AssetFile], warnings: [String]) {
        let android = try androidFiles(drawing)
        let files = android.files.map { file in
            let path = file.path.hasPrefix("../") ? "../../androidMain/" + file.path.dropFirst(3) : "../../androidMain/res/" + file.path
            return AssetFile(path: path, bytes: file.bytes)
        }
        return (files, android.warnings)
    }

    func androidFiles(_ drawing: AppIconDrawing) throws -> (files: [AssetFile], warnings: [String]) {
        let icon = drawing.icon
        guard icon.isFromMaster else { throw AppIconError.masterNeeded(input: icon.source) }
        var files: [AssetFile] = []
        let name = "ic_launcher"
        for density in options.densities {
            let folder = ResourceConfiguration(density: .init(density)).folderName(type: "mipmap") + "/"
            let legacy = Int((48 * density.scale).rounded())
            let layer = Int((AppIcon.canvasSide * density.scale).rounded())
            let square = try drawing.visible(pixels: legacy, layers: .full)
            files.append(AssetFile(path: folder + name + ".png", bytes: try png(square.image())))
            var round = square
            round.clipToCircle()
            files.append(AssetFile(path: folder + name + "_round.png", bytes: try png(round.image())))
            if icon.backgroundColor == nil {
                files.append(AssetFile(path: folder + name + "_background.png", bytes: try png(drawing.canvas(pixels: layer, layers: .background).image())))
            }
            if icon.foreground != nil && icon.foregroundVector == nil {
                files.append(AssetFile(path: folder + name + "_foreground.png", bytes: try png(drawing.canvas(pixels: layer, layers: .foreground).image())))
            }
            if icon.monochrome != nil {
                files.append(AssetFile(path: folder + name + "_monochrome.png", bytes: try png(drawing.canvas(pixels: layer, layers: .silhouette).image())))
            }
        }
        var layers: [String] = []
        if let background = icon.backgroundColor {
            layers.append("<background android:drawable=\"@color/\(name)_background\"/>")
            files.append(
                AssetFile(
                    path: "values/\(name)_background.xml",
                    text: """
                        <?xml version="1.0" encoding="utf-8"?>
                        <resources>
                            <color name="\(name)_background">\(background.rgbHex)</color>
                        </resources>

                        """))
        } else {
            layers.append("<background android:drawable=\"@mipmap/\(name)_background\"/>")
        }
        if let vector = icon.foregroundVector {
            files.append(AssetFile(path: "drawable/\(name)_foreground.xml", text: vector.xml()))
            layers.append("<foreground android:drawable=\"@drawable/\(name)_foreground\"/>")
        } else if icon.foreground != nil {
            layers.append("<foreground android:drawable=\"@mipmap/\(name)_foreground\"/>")
        } else {
            layers.append("<foreground android:drawable=\"@android:color/transparent\"/>")
        }
        if icon.monochrome != nil { layers.append("<monochrome android:drawable=\"@mipmap/\(name)_monochrome\"/>") }
        let adaptive = """
            <?xml version="1.0" encoding="utf-8"?>
            <adaptive-icon xmlns:android="http://schemas.android.com/apk/res/android">
            \(layers.map { "    " + $0 }.joined(separator: "\n"))
            </adaptive-icon>

            """
        let adaptiveFolder = ResourceConfiguration(density: .anydpi, apiLevel: 26).folderName(type: "mipmap")
        files.append(AssetFile(path: "\(adaptiveFolder)/\(name).xml", text: adaptive))
        files.append(AssetFile(path: "\(adaptiveFolder)/\(name)_round.xml", text: adaptive))
        // Beside res/, where Android Studio keeps it: aapt refuses files at the top of res/.
        files.append(AssetFile(path: "../\(name)-playstore.png", bytes: try png(opaque(drawing, pixels: 512))))
        return (files, icon.warnings)
    }
}
