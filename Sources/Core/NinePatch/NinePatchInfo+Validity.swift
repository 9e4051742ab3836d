/// What a nine-patch chunk's numbers may be, and how every operation stays safe when they are not.
///
/// Decoding refuses values no aapt writes (``NinePatchChunk/validate(width:height:)`` and its
/// siblings), because every later step (crop, frame drawing, iOS and CSS insets) would have to
/// invent a meaning for them. Android itself is looser: its decoder checks only that `npTc`'s
/// length matches its counts, Skia refuses a lattice whose divs are out of order or outside the
/// bitmap (and draws it plainly scaled), and padding and layout bounds are used as given. An
/// ``NinePatchInfo`` built in code can hold anything its types can, so every operation first
/// takes ``NinePatchInfo/clamped(width:height:)``: a result, never a trap.
extension NinePatchInsets {
    /// These insets with each one clamped to `0...width` (left, right) or `0...height` (top,
    /// bottom); with `fitting`, right and bottom also shrink so opposite insets do not overlap.
    public func clamped(width: Int, height: Int, fitting: Bool = false) -> NinePatchInsets {
        let w = Swift.max(width, 0)
        let h = Swift.max(height, 0)
        func clamp(_ value: Int32, _ limit: Int) -> Int { Swift.min(Swift.max(Int(value), 0), limit) }
        let left = clamp(self.left, w)
        let top = clamp(self.top, h)
        let right = fitting ? Swift.min(clamp(self.right, w), w - left) : clamp(self.right, w)
        let bottom = fitting ? Swift.min(clamp(self.bottom, h), h - top) : clamp(self.bottom, h)
        return NinePatchInsets(
            top: Int32(clamping: top), left: Int32(clamping: left),
            bottom: Int32(clamping: bottom), right: Int32(clamping: right))
    }

    /// Throws unless each inset lies in `0...width` or `0...height` (and, with `fitting`,
    /// opposite insets leave at least nothing between them).
    func validate(_ what: String, width: Int, height: Int, fitting: Bool) throws(ChunkFormatError) {
        for (name, value, limit, axis) in [
            ("left", left, width, "width"), ("right", right, width, "width"),
            ("top", top, height, "height"), ("bottom", bottom, height, "height"),
        ]
        where value < 0 || Int(value) > limit {
            throw ChunkFormatError("\(what) \(name) \(value) is outside 0…\(limit) (the image \(axis))")
        }
        if fitting && Int(left) + Int(right) > width {
            throw ChunkFormatError("\(what) left \(left) + right \(right) is more than the image width \(width)")
        }
        if fitting && Int(top) + Int(bottom) > height {
            throw ChunkFormatError("\(what) top \(top) + bottom \(bottom) is more than the image height \(height)")
        }
    }
}

extension NinePatchChunk {
    /// This chunk made consistent with a `width`×`height` image: divs clamped into the image and
    /// made ascending (a trailing unpaired div dropped), padding clamped and fitted.
    public func clamped(width: Int, height: Int) -> NinePatchChunk {
        func fix(_ divs: [Int32], _ length: Int) -> [Int32] {
            var out: [Int32] = []
            var floor = 0
            for value in divs.prefix(divs.count & ~1) {
                floor = Swift.min(Swift.max(Int(value), floor), Swift.max(length, 0))
                out.append(Int32(clamping: floor))
            }
            return out
        }
        return NinePatchChunk(
            xDivs: fix(xDivs, width), yDivs: fix(yDivs, height),
            padding: padding.clamped(width: width, height: height, fitting: true), colors: colors)
    }

    /// Checks the divs and padding against a `width`×`height` image (without frame): every div
    /// within the image, padding within it and opposite paddings not overlapping (as aapt
    /// computes them from a frame: `left + right ≤ width`).
    public func validate(width: Int, height: Int) throws(ChunkFormatError) {
        if let last = xDivs.last, Int(last) > width {
            throw ChunkFormatError("npTc x-div \(last) is past the image width \(width)")
        }
        if let last = yDivs.last, Int(last) > height {
            throw ChunkFormatError("npTc y-div \(last) is past the image height \(height)")
        }
        try padding.validate("npTc padding", width: width, height: height, fitting: true)
    }
}

extension NinePatchLayoutBounds {
    /// Checks each inset lies within a `width`×`height` image. Opposite insets may overlap:
    /// aapt reads a red run over a whole edge as the full length from both ends.
    public func validate(width: Int, height: Int) throws(ChunkFormatError) {
        try insets.validate("npLb", width: width, height: height, fitting: false)
    }
}

extension NinePatchOutline {
    /// Checks each inset lies within a `width`×`height` image, the radius is a finite number
    /// ≥ 0 and the alpha is 0…255 (aapt writes the most opaque pixel's alpha byte).
    public func validate(width: Int, height: Int) throws(ChunkFormatError) {
        try insets.validate("npOl", width: width, height: height, fitting: false)
        guard radius.isFinite, radius >= 0 else { throw ChunkFormatError("npOl radius \(radius) is not a finite number ≥ 0") }
        guard alpha <= 255 else { throw ChunkFormatError("npOl alpha \(alpha) is outside 0…255") }
    }
}

extension NinePatchInfo {
    /// This information made safe for a `width`×`height` image: see ``NinePatchChunk/clamped(width:height:)``;
    /// layout-bound and outline insets clamped into the image, a radius that is not a finite
    /// number ≥ 0 becomes 0, alpha is capped at 255.
    public func clamped(width: Int, height: Int) -> NinePatchInfo {
        NinePatchInfo(
            chunk: chunk?.clamped(width: width, height: height),
            layoutBounds: layoutBounds.map { NinePatchLayoutBounds(insets: $0.insets.clamped(width: width, height: height)) },
            outline: outline.map {
                NinePatchOutline(
                    insets: $0.insets.clamped(width: width, height: height),
                    radius: $0.radius.isFinite && $0.radius >= 0 ? $0.radius : 0, alpha: Swift.min($0.alpha, 255))
            })
    }

    /// Checks every chunk against a `width`×`height` image, naming the chunk that fails.
    public func validate(width: Int, height: Int) throws(ChunkFormatError) {
        try chunk?.validate(width: width, height: height)
        try layoutBounds?.validate(width: width, height: height)
        try outline?.validate(width: width, height: height)
    }
}
