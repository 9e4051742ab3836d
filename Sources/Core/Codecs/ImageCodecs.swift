/// Decoding, encoding and inspecting encoded images in any supported format.
public enum ImageCodecs {
    /// Decodes `bytes`, detecting the format from its signature.
    ///
    /// - Throws: ``UnknownFormatError`` when the signature is unknown,
    ///   or the codec's own error.
    public static func decode(
        _ bytes: [UInt8], options: DecodeOptions = DecodeOptions(),
        warn: (String) -> Void = { _ in }
    ) throws -> Image {
        switch ImageFormat(sniffing: bytes) {
        case .png: return try PNGDecoder(limits: options.limits).decode(bytes, region: options.region, warn: warn)
        case .jpeg:
            var decoder = JPEGDecoder(limits: options.limits, scaleDenominator: options.jpegScaleDenominator)
            decoder.appliesOrientation = options.appliesOrientation
            decoder.region = options.region
            return try decoder.decode(bytes)
        case .webp:
            var decoder = WebPDecoder(limits: options.limits, scaleDenominator: options.jpegScaleDenominator)
            decoder.appliesOrientation = options.appliesOrientation
            let image = try decoder.decode(bytes, warn: warn)
            guard let region = options.region else { return image }
            guard region.fits(width: image.width, height: image.height) else {
                throw WebPError.corrupt("the region \(region) is not inside the \(image.width)×\(image.height) image")
            }
            return image.cropped(to: region)
        case .gif:
            var image = try GIFDecoder(limits: options.limits).decode(bytes, warn: warn)
            if let region = options.region {
                guard region.fits(width: image.width, height: image.height) else {
                    throw GIFError.corrupt("the region \(region) is not inside the \(image.width)×\(image.height) image")
                }
                image = image.cropped(to: region)
            }
            return image
        case .heic, .avif:
            // libheif turns the pixels upright itself (irot/imir); the result's tag is 1.
            var decoder = HEIFDecoder(limits: options.limits)
            decoder.usesEmbeddedThumbnail = options.usesEmbeddedThumbnail
            var image = try decoder.decode(bytes)
            if let region = options.region {
                guard region.fits(width: image.width, height: image.height) else {
                    throw HEIFError.corrupt("the region \(region) is not inside the \(image.width)×\(image.height) image")
                }
                image = image.cropped(to: region)
            }
            return image
        case nil: throw unknownSignature(bytes)
        }
    }

    /// Encodes `image` as `options.format`.
    public static func encode(_ image: Image, options: EncodeOptions, warn: (String) -> Void = { _ in }) throws -> [UInt8] {
        let image = stripped(image, options)
        switch options.format {
        case .png:
            return try PNGEncoder(compressionLevel: options.compressionLevel, allowsPalette: options.allowsPalette).encode(image)
        case .jpeg:
            return try JPEGEncoder(
                quality: options.quality ?? 90, progressive: options.progressive,
                subsampling: options.subsampling, background: options.background,
                warnsWhenFlattening: options.warnsWhenFlattening
            ).encode(image, warn: warn)
        case .webp:
            return try WebPEncoder(quality: options.quality ?? 80, isLossless: options.isLossless, effort: options.effort).encode(image)
        case .gif:
            throw UnwritableFormatError(format: .gif)
        case .heic, .avif:
            return try HEIFEncoder(codec: options.format == .avif ? .avif : .heic, quality: options.quality ?? 60, effort: options.effort).encode(image)
        }
    }

    /// Encodes `image` and writes it to `path` atomically; PNG is streamed to disk, never held whole in memory.
    ///
    /// - Throws: ``FormatUnavailableError`` for a format this build was made without.
    public static func write(_ image: Image, to path: String, options: EncodeOptions, warn: (String) -> Void = { _ in }) throws {
        try write(image, to: try AtomicFile(path: path), options: options, warn: warn)
    }

    /// Encodes `image` into `file` and commits it; on any failure the file is aborted (its
    /// destination untouched).
    public static func write(_ image: Image, to file: AtomicFile, options: EncodeOptions, warn: (String) -> Void = { _ in }) throws {
        let image = stripped(image, options)
        do {
            switch options.format {
            case .png:
                try PNGEncoder(compressionLevel: options.compressionLevel, allowsPalette: options.allowsPalette)
                    .encode(image) { try file.write($0) }
            case .jpeg, .webp, .gif, .heic, .avif:
                let bytes = try encode(image, options: options, warn: warn)
                var failure: FileError?
                bytes.withUnsafeBytes { raw in
                    do throws(FileError) { try file.write(raw) } catch { failure = error }
                }
                if let failure { throw failure }
            }
        } catch let error as FileError {
            file.abort()
            throw error
        } catch {
            file.abort()
            throw FileError.inFile(path: file.path, underlying: error)
        }
        try file.commit()
    }

    /// Encodes the image `source` streams into `file` and commits it, band by band as the rows
    /// arrive: PNG in the stream's own layout (see ``PNGEncoder/encode(_:metadata:context:to:)``),
    /// JPEG compressed scanline by scanline. On any failure the file is aborted.
    public static func write(
        _ source: any BandSource, to file: AtomicFile, options: EncodeOptions,
        context: TransformContext = TransformContext(), warn: (String) -> Void = { _ in }
    ) throws {
        do {
            let metadata = options.stripped.isEmpty ? source.header.metadata : source.header.metadata.stripping(options.stripped)
            switch options.format {
            case .png:
                try PNGEncoder(compressionLevel: options.compressionLevel, allowsPalette: options.allowsPalette)
                    .encode(source, metadata: metadata, context: context) { try file.write($0) }
            case .jpeg:
                // libjpeg compresses on this thread: the next band is computed meanwhile.
                let bytes = try JPEGEncoder(
                    quality: options.quality ?? 90, progressive: options.progressive, subsampling: options.subsampling,
                    background: options.background, warnsWhenFlattening: options.warnsWhenFlattening
                )
                .encode(PrefetchedBandSource(source), metadata: metadata, context: context, warn: warn)
                try bytes.withUnsafeBytes { try file.write($0) }
            case .webp:
                // libwebp encodes a whole picture: the stream is collected first.
                var image = try source.materialized(context: context)
                image.metadata = metadata
                let bytes = try WebPEncoder(quality: options.quality ?? 80, isLossless: options.isLossless, effort: options.effort).encode(image)
                try bytes.withUnsafeBytes { try file.write($0) }
            case .gif:
                throw UnwritableFormatError(format: .gif)
            case .heic, .avif:
                // The rows go straight into libheif's picture, band by band.
                let bytes = try HEIFEncoder(codec: options.format == .avif ? .avif : .heic, quality: options.quality ?? 60, effort: options.effort)
                    .encode(source, metadata: metadata, context: context)
                try bytes.withUnsafeBytes { try file.write($0) }
            }
        } catch {
            // Errors of the steps upstream arrive here too, already naming their step.
            file.abort()
            throw error
        }
        try file.commit()
    }

    /// `image` without the metadata `options` leaves out.
    private static func stripped(_ image: Image, _ options: EncodeOptions) -> Image {
        guard !options.stripped.isEmpty else { return image }
        var image = image
        image.metadata = image.metadata.stripping(options.stripped)
        return image
    }

    /// Reads size, layout and metadata without decoding pixels (PNG stops at the first `IDAT`).
    public static func info(_ bytes: [UInt8], limits: ImageLimits = .default) throws -> ImageInfo {
        switch ImageFormat(sniffing: bytes) {
        case .png:
            var unlimited = limits
            unlimited.maxPixelCount = .max
            unlimited.maxDimension = .max
            let structure = try PNGStructure.read(bytes, limits: unlimited, stopAtImageData: true) { _ in }
            let header = structure.header
            let alpha =
                header.colorType == .grayAlpha || header.colorType == .rgba
                || structure.transparencyKey != nil || (structure.palette?.hasAlpha ?? false)
            return ImageInfo(
                format: .png, width: header.width, height: header.height, bitDepth: header.bitDepth,
                colorType: header.colorType.displayName, hasAlpha: alpha, isInterlaced: header.isInterlaced,
                metadata: structure.metadata)
        case .jpeg:
            let info = try JPEGDecoder(limits: limits).readInfo(bytes)
            let type = info.components == 1 ? "gray" : info.components == 4 ? "CMYK" : "YCbCr"
            return ImageInfo(
                format: .jpeg, width: info.width, height: info.height, bitDepth: 8, colorType: type,
                hasAlpha: false, isInterlaced: info.progressive, metadata: info.metadata)
        case .webp:
            let info = try WebPDecoder(limits: limits).readInfo(bytes)
            let type =
                (info.isLossless ? "lossless " : "lossy ") + (info.hasAlpha ? "RGBA" : "RGB")
                + (info.frameCount > 1 ? ", \(info.frameCount) frames" : "")
            return ImageInfo(
                format: .webp, width: info.width, height: info.height, bitDepth: 8, colorType: type,
                hasAlpha: info.hasAlpha, isInterlaced: false, metadata: info.metadata)
        case .gif:
            let info = try GIFDecoder(limits: limits).readInfo(bytes)
            return ImageInfo(
                format: .gif, width: info.width, height: info.height, bitDepth: 8,
                colorType: "palette" + (info.frameCount > 1 ? ", \(info.frameCount) frames" : ""),
                hasAlpha: info.hasAlpha, isInterlaced: info.isInterlaced, metadata: ImageMetadata())
        case .heic, .avif:
            let info = try HEIFDecoder(limits: limits).readInfo(bytes)
            return ImageInfo(
                format: ImageFormat(sniffing: bytes) ?? .heic, width: info.width, height: info.height, bitDepth: info.bitDepth,
                colorType: info.hasAlpha ? "RGBA" : "RGB", hasAlpha: info.hasAlpha, isInterlaced: false, metadata: info.metadata)
        case nil:
            throw unknownSignature(bytes)
        }
    }

    private static func unknownSignature(_ bytes: [UInt8]) -> UnknownFormatError {
        let head = bytes.prefix(8).map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined(separator: " ")
        return UnknownFormatError(firstBytes: head)
    }
}
