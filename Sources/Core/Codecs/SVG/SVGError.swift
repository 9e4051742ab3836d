/// Why an SVG document was refused or could not be drawn.
public enum SVGError: RemediableError, Hashable {
    /// librsvg could not parse or draw the document: its reason.
    case invalid(String)
    /// The document has neither an absolute `width`/`height` nor a `viewBox`, so it has no size
    /// of its own.
    case noSize
    /// The document is larger than Ninepipe reads.
    case documentTooLarge(bytes: Int, limit: Int)
    /// The document has more elements than Ninepipe reads.
    case tooManyElements(limit: Int)
    /// A `<!DOCTYPE>` declares an entity Ninepipe does not expand: an external one (`SYSTEM`,
    /// `PUBLIC`), a parameter entity, or one that refers to other entities (how "billion laughs"
    /// documents grow).
    case unsafeEntity(name: String, reason: String, offset: Int)
    /// An image embedded as a `data:` URL is of a format Ninepipe cannot check, or is damaged.
    case unreadableEmbeddedImage(offset: Int, reason: String)
    /// Images embedded in images embedded in the document, more levels deep than Ninepipe reads.
    case nestedTooDeeply(limit: Int)
    /// The document uses XInclude (its namespace at `offset`, after entities are expanded).
    case inclusion(offset: Int)
    /// Expanding the document's entities makes it larger than `limit` bytes.
    case expandsTooFar(limit: Int)
    /// Drawing took longer than ``ImageLimits/maxRenderSeconds``.
    case tooSlow(seconds: Double)
    /// The process drawing the document died: it ran out of the memory allowed, or librsvg failed.
    case drawingFailed(String, memory: Int)
    /// No process could be started to draw the document.
    case noProcess(String)
    /// librsvg could not be loaded: the loader's reason.
    case unavailable(String)
    /// The document's `ninepatch-` regions do not make a nine-patch.
    case invalidNinePatch(String)

    /// What is wrong.
    public var problem: String {
        switch self {
        case .invalid(let reason): "SVG not readable: \(reason)"
        case .noSize:
            "the SVG has no size of its own (no absolute width and height, no viewBox)"
        case .documentTooLarge(let bytes, let limit):
            "the SVG document is \(bytes) bytes, more than the \(limit) bytes Ninepipe reads; simplify it or export the embedded images separately"
        case .tooManyElements(let limit):
            "the SVG has more than \(limit) elements; simplify it (merge paths, remove hidden layers) before drawing it"
        case .unsafeEntity(let name, let reason, let offset):
            "the SVG's DOCTYPE declares the entity \(name) (at byte \(offset)), which is \(reason); Ninepipe expands only plain text entities: remove the DOCTYPE or the entity"
        case .unreadableEmbeddedImage(let offset, let reason):
            "the image embedded as a data: URL at byte \(offset) cannot be checked: \(reason); embed it as PNG, JPEG, WebP or GIF"
        case .nestedTooDeeply(let limit):
            "the SVG embeds images within images more than \(limit) levels deep"
        case .inclusion(let offset):
            "the SVG uses XInclude (its namespace at byte \(offset)), which pulls another document into this one; Ninepipe does not follow it: put the included content in the document itself"
        case .expandsTooFar(let limit):
            "the SVG's entities expand it past \(limit) bytes, more than Ninepipe reads; remove the DOCTYPE's entities or simplify the document"
        case .tooSlow(let seconds):
            "drawing the SVG took longer than the \(seconds == seconds.rounded() ? "\(Int(seconds))" : "\(seconds)") s allowed and was stopped; simplify it (filters, huge blurs, deep reuse), draw it smaller, or allow more time if you trust it"
        case .drawingFailed(let reason, let memory):
            "drawing the SVG failed: \(reason); it may need more than the \(memory >> 20) MiB allowed (raise the pixel limit if you trust it)"
        case .noProcess(let reason): "no process could be started to draw the SVG: \(reason)"
        case .unavailable(let reason): "librsvg could not be loaded (\(reason)): install librsvg2-2 (Homebrew: librsvg)"
        case .invalidNinePatch(let reason):
            "the SVG's nine-patch regions do not work: \(reason); see Docs/NinePatches.md, \"Vector nine-patches\""
        }
    }

    /// A drawing size, for a document without one.
    public var remedy: Remedy? { self == .noSize ? .giveDrawingSize : nil }
}
