/// Step names that users of other image tools (ImageMagick, sharp, libvips, Pillow) reach for,
/// and what to write here instead: the unknown-step message's pointer when edit distance finds
/// no near miss.
enum ForeignStepNames {
    /// What to write instead of the step `name` (lower-cased), given its first value (`rotate 90`,
    /// `rotate=90`), or `nil` for a name no other tool uses.
    static func replacement(for name: String, value: String?) -> String? {
        switch name.lowercased() {
        case "rotate", "rot", "rotate90", "turn":
            let quarter = value.flatMap { Int($0) }.map { ($0 % 360 + 360) % 360 }
            if let quarter, [90, 180, 270].contains(quarter) { return "orient rotate=\(quarter)" }
            return "orient rotate=90 (or 180, 270: quarter turns, clockwise)"
        case "autorotate", "auto-orient", "autoorient", "auto_orient", "exif_transpose":
            return "orient (with no parameters it applies the EXIF orientation)"
        case "flip", "flipy", "flipv", "vflip":
            return "orient flip=vertical (top to bottom, as ImageMagick's -flip and sharp's flip); flip=horizontal mirrors left to right"
        case "flop", "mirror", "flipx", "fliph", "hflip":
            return "orient flip=horizontal (left to right)"
        case "extract", "extract_area", "extractarea", "cut", "region":
            return "crop x=10 y=10 width=200 height=100 (or gravity=center instead of x/y)"
        case "extend", "embed", "pad", "expand", "margin":
            return "border width=10 (or top,left,bottom,right) color=#ffffffff"
        case "composite", "watermark", "paste":
            return "overlay \"badge.png\" gravity=southeast opacity=0.8"
        case "flatten", "background":
            return "alpha remove background=#ffffff"
        case "scale", "thumb", "shrink", "fit", "resample", "resize_to_fit":
            return "resize width=50% (or thumbnail width=256 height=256)"
        case "negate", "invert_colors":
            return "invert"
        case "rounded", "corners", "radius":
            return "round radius=12"
        case "read", "open", "input":
            return "load \"in.png\""
        case "write", "output", "convert", "tofile", "format", "quality", "strip":
            return "save \"out.webp\" quality=80 (format, quality and strip= are save's parameters)"
        default:
            return nil
        }
    }
}
