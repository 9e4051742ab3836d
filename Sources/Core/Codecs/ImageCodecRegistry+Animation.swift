extension ImageCodecRegistry {
    /// Whether a registered, available encoder writes `format` as an animation (GIF, WebP).
    public func animates(_ format: ImageFormat) -> Bool {
        guard let encoder = encoder(for: format), encoder.isAvailable else { return false }
        return encoder is any AnimationEncoder
    }

    /// How many frames `bytes` holds by its headers: more than 1 for an animation whose format's
    /// decoder can give every frame, else 1.
    public func frameCount(_ bytes: [UInt8], limits: ImageLimits = .default) throws -> Int {
        guard let decoder = decoder(sniffing: bytes), decoder.isAvailable, decoder is any AnimationDecoder else { return 1 }
        return max(1, try decoder.info(bytes, limits: limits).frameDurations.count)
    }

    /// Every frame of `bytes`, composited, each handed to `each` as it is made (see
    /// ``AnimationDecoder/decodeAnimation(_:options:warn:each:)``); `nil` when its format's
    /// decoder reads only one picture.
    public func decodeAnimation(
        _ bytes: [UInt8], options: DecodeOptions = DecodeOptions(), warn: (String) -> Void = { _ in }, each: (Image) throws -> Image = { $0 }
    ) throws -> Animation? {
        guard let decoder = try availableDecoder(for: bytes) as? any AnimationDecoder else { return nil }
        return try decoder.decodeAnimation(bytes, options: options, warn: warn, each: each)
    }

    /// Encodes `animation` as `options.format`: every frame when its encoder animates, else the
    /// first frame alone, with a warning naming what was left out.
    public func encode(_ animation: Animation, options: EncodeOptions, warn: (String) -> Void = { _ in }) throws -> [UInt8] {
        let encoder = try availableEncoder(for: options.format)
        guard animation.frames.count > 1, let animating = encoder as? any AnimationEncoder else {
            if animation.frames.count > 1 { warn(firstFrameOnly(animation, format: options.format)) }
            return try encode(animation.firstImage, options: options, warn: warn)
        }
        var stripped = animation
        if !options.stripped.isEmpty {
            for index in stripped.frames.indices { stripped.frames[index].image.metadata = stripped.frames[index].image.metadata.stripping(options.stripped) }
        }
        return try animating.encode(stripped, options: options, warn: warn)
    }

    /// Encodes `animation` into `file` and commits it; on any failure the file is aborted.
    public func write(_ animation: Animation, to file: AtomicFile, options: EncodeOptions, warn: (String) -> Void = { _ in }) throws {
        guard animation.frames.count > 1 else { return try write(animation.firstImage, to: file, options: options, warn: warn) }
        try Self.commit(file) {
            let bytes = try encode(animation, options: options, warn: warn)
            try bytes.withUnsafeBytes { try file.write($0) }
        }
    }

    /// The formats whose encoders here animate, in listing order.
    public var animatedFormats: [ImageFormat] { formats.filter(animates) }

    /// The warning for an animation written to a format that cannot animate, as one picture, in
    /// Core's terms.
    func firstFrameOnly(_ animation: Animation, format: ImageFormat) -> String {
        let keeping = animatedFormats.map(\.description).joined(separator: " or ")
        return
            "\(format) cannot animate: only the first of \(animation.frames.count) frames is written (write \(keeping) to keep them, or read only the first frame)"
    }
}
