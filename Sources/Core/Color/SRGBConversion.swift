#if canImport(CLCMS)
import CLCMS
import Synchronization
#endif

/// Colour management through LittleCMS 2: pixels described by an embedded ICC profile are
/// converted to sRGB (perceptual intent), 8 or 16 bits kept, alpha untouched.
public enum ColorManagement {
    /// Whether this build has LittleCMS (found when it was built) and it loads on this machine.
    public static var isAvailable: Bool {
        #if canImport(CLCMS)
        LittleCMSLibrary.library.table != nil
        #else
        false
        #endif
    }

    /// The LittleCMS version (`2.14`), or `nil` without it.
    public static var libraryVersion: String? {
        #if canImport(CLCMS)
        guard let lcms = LittleCMSLibrary.library.table else { return nil }
        let version = Int(lcms.cmsGetEncodedCMMversion())
        return "\(version / 1000).\(version % 1000 / 10)"
        #else
        nil
        #endif
    }
}

extension ColorManagement {
    /// 8-bit CMYK samples (4 per pixel, as libjpeg returns them; `inverted` for Adobe's files,
    /// where 0 is full ink) converted through their CMYK ICC `profile` to 8-bit sRGB (3 per
    /// pixel), perceptual intent.
    ///
    /// - Throws: ``ColorError`` when the profile cannot be read or is not a CMYK one, or when
    ///   this build has no LittleCMS.
    public static func sRGB(fromCMYK cmyk: [UInt8], profile: ICCProfile, inverted: Bool) throws(ColorError) -> [UInt8] {
        #if canImport(CLCMS)
        let session = try LittleCMSSession()
        defer { session.close() }
        let lcms = session.lcms
        let source = try session.profile(profile.data)
        defer { _ = lcms.cmsCloseProfile(source) }
        guard lcms.cmsGetColorSpace(source) == cmsSigCmykData else { throw .unsupportedProfile("the JPEG's ICC profile is not a CMYK one") }
        guard let target = lcms.cmsCreate_sRGBProfileTHR(session.context) else { throw session.failure("LittleCMS could not make an sRGB profile") }
        defer { _ = lcms.cmsCloseProfile(target) }
        guard
            let transform = lcms.cmsCreateTransformTHR(
                session.context, source, npl_cmyk8_format(inverted ? 1 : 0), target,
                npl_pixel_format(UInt32(PT_RGB), 3, 0, 1), UInt32(INTENT_PERCEPTUAL), 0)
        else {
            throw session.failure("LittleCMS could not convert from this CMYK profile")
        }
        defer { lcms.cmsDeleteTransform(transform) }
        let pixels = cmyk.count / 4
        var rgb = [UInt8](repeating: 0, count: pixels * 3)
        cmyk.withUnsafeBytes { from in rgb.withUnsafeMutableBytes { to in Image.run(lcms, transform, from, to, pixels) } }
        return rgb
        #else
        throw .unavailable
        #endif
    }
}

extension Image {
    /// This image in sRGB: its pixels converted from its ICC profile with perceptual intent,
    /// the profile removed (sRGB is what untagged images mean). An image without a profile is
    /// returned as it is. Gray images with an RGB profile are converted as RGB; the result of
    /// a gray profile is RGB with equal channels (encoders store it as gray again). Depth and
    /// alpha are kept; premultiplied pixels are converted straight, then premultiplied again.
    ///
    /// - Throws: ``ColorError`` when the profile cannot be read or does not describe the
    ///   image's colours (a CMYK profile on RGB pixels), or when this build has no LittleCMS.
    public func convertedToSRGB() throws(ColorError) -> Image {
        guard let profile = metadata.iccProfile else { return self }
        #if canImport(CLCMS)
        let wasPremultiplied = alphaMode == .premultiplied
        var image = unpremultiplied()
        let session = try LittleCMSSession()
        defer { session.close() }
        let lcms = session.lcms
        let source = try session.profile(profile.data)
        defer { _ = lcms.cmsCloseProfile(source) }
        let space = lcms.cmsGetColorSpace(source)
        let isGrayProfile = space == cmsSigGrayData
        guard isGrayProfile || space == cmsSigRgbData else {
            throw .unsupportedProfile("the ICC profile describes \(Self.name(of: space)) colours; only RGB and gray profiles convert to sRGB")
        }
        if !isGrayProfile && !image.layout.isColor { image = image.converted(to: image.layout.hasAlpha ? .rgba : .rgb) }
        guard isGrayProfile ? !image.layout.isColor : image.layout.isColor else {
            throw .unsupportedProfile("the ICC profile describes gray, but the image is in colour")
        }
        guard let target = lcms.cmsCreate_sRGBProfileTHR(session.context) else { throw session.failure("LittleCMS could not make an sRGB profile") }
        defer { _ = lcms.cmsCloseProfile(target) }
        let bytes = UInt32(image.depth == .eight ? 1 : 2)
        let extra = UInt32(image.layout.hasAlpha ? 1 : 0)
        let input = npl_pixel_format(UInt32(isGrayProfile ? PT_GRAY : PT_RGB), isGrayProfile ? 1 : 3, extra, bytes)
        let outputLayout: PixelLayout = image.layout.hasAlpha ? .rgba : .rgb
        let output = npl_pixel_format(UInt32(PT_RGB), 3, extra, bytes)
        guard
            let transform = lcms.cmsCreateTransformTHR(
                session.context, source, input, target, output, UInt32(INTENT_PERCEPTUAL),
                UInt32(cmsFLAGS_COPY_ALPHA))
        else {
            throw session.failure("LittleCMS could not convert from this profile")
        }
        defer { lcms.cmsDeleteTransform(transform) }
        let pixels = image.width * image.height
        let outputCount = pixels * outputLayout.channelCount
        var result: PixelStorage
        switch image.storage {
        case .eight(let samples):
            var converted = [UInt8](repeating: 0, count: outputCount)
            samples.withUnsafeBytes { from in converted.withUnsafeMutableBytes { to in Self.run(lcms, transform, from, to, pixels) } }
            result = .eight(converted)
        case .sixteen(let samples):
            var converted = [UInt16](repeating: 0, count: outputCount)
            samples.withUnsafeBytes { from in converted.withUnsafeMutableBytes { to in Self.run(lcms, transform, from, to, pixels) } }
            result = .sixteen(converted)
        }
        var metadata = image.metadata
        metadata.iccProfile = nil
        let converted = Image(width: image.width, height: image.height, layout: outputLayout, storage: result, metadata: metadata)
        return wasPremultiplied ? converted.premultiplied() : converted
        #else
        throw .unavailable
        #endif
    }

    #if canImport(CLCMS)
    /// Converts `pixels` pixels in slices, so one call never passes LittleCMS a count over 2³¹.
    fileprivate static func run(
        _ lcms: ninepipe_lcms, _ transform: cmsHTRANSFORM, _ from: UnsafeRawBufferPointer, _ to: UnsafeMutableRawBufferPointer, _ pixels: Int
    ) {
        let inStride = from.count / max(1, pixels)
        let outStride = to.count / max(1, pixels)
        var done = 0
        while done < pixels {
            let count = min(pixels - done, 1 << 24)
            lcms.cmsDoTransform(transform, from.baseAddress! + done * inStride, to.baseAddress! + done * outStride, UInt32(count))
            done += count
        }
    }

    private static func name(of space: cmsColorSpaceSignature) -> String {
        switch space {
        case cmsSigCmykData: "CMYK"
        case cmsSigLabData: "Lab"
        case cmsSigXYZData: "XYZ"
        case cmsSigYCbCrData: "YCbCr"
        default: "non-RGB"
        }
    }
    #endif
}

#if canImport(CLCMS)
/// A LittleCMS context whose errors are collected instead of printed.
private final class LittleCMSSession {
    private(set) var context: cmsContext?
    /// LittleCMS's functions.
    let lcms: ninepipe_lcms

    init() throws(ColorError) {
        do {
            lcms = try LittleCMSLibrary.functions()
        } catch {
            throw .notLoaded(error.description)
        }
        context = lcms.cmsCreateContext(nil, nil)
        guard let context else { return }
        LittleCMSErrors.open(context)
        lcms.cmsSetLogErrorHandlerTHR(context) { context, _, text in
            guard let context, let text else { return }
            LittleCMSErrors.record(String(cString: text), for: context)
        }
    }

    func close() {
        if let context {
            LittleCMSErrors.close(context)
            lcms.cmsDeleteContext(context)
        }
        context = nil
    }

    /// The last error LittleCMS reported in this session.
    var lastMessage: String? { context.flatMap { LittleCMSErrors.last(for: $0) } }

    func profile(_ data: [UInt8]) throws(ColorError) -> cmsHPROFILE {
        let opened = data.withUnsafeBytes { lcms.cmsOpenProfileFromMemTHR(context, $0.baseAddress, UInt32(clamping: $0.count)) }
        guard let opened else { throw .unreadableProfile(lastMessage ?? "LittleCMS could not read it") }
        return opened
    }

    func failure(_ fallback: String) -> ColorError { .unreadableProfile(lastMessage ?? fallback) }
}

/// LittleCMS's error callback is a C function and cannot capture: messages are kept here,
/// by context.
private enum LittleCMSErrors {
    private static let messages = Mutex<[UInt: String]>([:])

    private static func key(_ context: cmsContext) -> UInt { UInt(bitPattern: context) }
    static func open(_ context: cmsContext) { messages.withLock { $0[key(context)] = nil } }
    static func close(_ context: cmsContext) { messages.withLock { $0[key(context)] = nil } }
    static func record(_ message: String, for context: cmsContext) { messages.withLock { $0[key(context)] = message } }
    static func last(for context: cmsContext) -> String? { messages.withLock { $0[key(context)] } }
}
#endif

extension ICCProfile {
    /// A matrix/shaper RGB profile (LittleCMS) for colours given as primaries, white point and
    /// a transfer curve: how HEIF/AVIF `nclx` colour information becomes a profile the rest of
    /// the pipeline understands (`icc=srgb`, `colorspace srgb`, `thumbnail`). `nil` without
    /// LittleCMS.
    ///
    /// - Parameters:
    ///   - primaries: red, green and blue chromaticities (x, y).
    ///   - white: the white point (x, y).
    ///   - isLinear: a linear transfer; otherwise the sRGB curve (which BT.709/BT.601 content
    ///     is shown with on screens).
    public static func rgb(primaries: [(x: Double, y: Double)], white: (x: Double, y: Double), isLinear: Bool) -> ICCProfile? {
        #if canImport(CLCMS)
        guard primaries.count == 3, let lcms = LittleCMSLibrary.library.table else { return nil }
        let context = lcms.cmsCreateContext(nil, nil)
        defer { lcms.cmsDeleteContext(context) }
        var whitePoint = cmsCIExyY(x: white.x, y: white.y, Y: 1)
        var triple = cmsCIExyYTRIPLE(
            Red: cmsCIExyY(x: primaries[0].x, y: primaries[0].y, Y: 1),
            Green: cmsCIExyY(x: primaries[1].x, y: primaries[1].y, Y: 1),
            Blue: cmsCIExyY(x: primaries[2].x, y: primaries[2].y, Y: 1))
        // The sRGB curve as LittleCMS's parametric type 4; linear as gamma 1.
        var parameters: [Double] = isLinear ? [1] : [2.4, 1 / 1.055, 0.055 / 1.055, 1 / 12.92, 0.04045]
        guard let curve = lcms.cmsBuildParametricToneCurve(context, isLinear ? 1 : 4, &parameters) else { return nil }
        defer { lcms.cmsFreeToneCurve(curve) }
        var curves: [OpaquePointer?] = [curve, curve, curve]
        guard let profile = lcms.cmsCreateRGBProfileTHR(context, &whitePoint, &triple, &curves) else { return nil }
        defer { _ = lcms.cmsCloseProfile(profile) }
        var size: UInt32 = 0
        guard lcms.cmsSaveProfileToMem(profile, nil, &size) != 0, size > 0 else { return nil }
        var data = [UInt8](repeating: 0, count: Int(size))
        guard data.withUnsafeMutableBytes({ lcms.cmsSaveProfileToMem(profile, $0.baseAddress, &size) }) != 0 else { return nil }
        return ICCProfile(name: "nclx", data: data)
        #else
        nil
        #endif
    }
}
