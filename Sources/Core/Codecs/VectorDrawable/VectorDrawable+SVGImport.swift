#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension VectorDrawable {
    /// Reads an SVG document as a vector drawable, as Android Studio's import does: 1 CSS pixel
    /// is 1 dp, the `viewBox` is the viewport, shapes become paths, transforms are applied to
    /// the coordinates, presentation attributes and `style` declarations are resolved, the
    /// opacity of the root (and of a group holding all that is drawn) becomes the drawable's
    /// alpha while any other element's multiplies into its paths' alphas (exact unless its
    /// paths overlap), linear and radial gradients are mapped into the
    /// viewport, and clip paths become `<clip-path>`. A document painted only in `currentColor`
    /// (with no `color` set) is a template coloured by `colorControlNormal`, as Material's icons are.
    ///
    /// - Throws: ``ResourceXMLError`` when the XML cannot be read, ``SVGImportError`` naming the
    ///   line otherwise; its ``SVGImportError/feature`` names what a vector drawable lacks
    ///   (filters, masks, text, patterns, embedded images, CSS style sheets…), when that is why.
    public init(svg bytes: [UInt8], limits: ImageLimits) throws {
        let root = try ResourceXML.parse(bytes, limits: limits, dialect: .svg)
        try self.init(svg: root)
    }

    /// Reads an SVG document's root element as a vector drawable (see ``init(svg:limits:)``).
    public init(svg root: ResourceXMLElement) throws(SVGImportError) {
        guard root.name == "svg", root.namespace.isEmpty || root.namespace == SVGImporter.svgNamespace else {
            throw SVGImportError(line: root.line, reason: "the root element is <\(root.name)>, not <svg>")
        }
        var importer = SVGImporter(root: root)
        var box: (x: Double, y: Double, width: Double, height: Double)?
        if let text = root.attribute("viewBox", namespace: "") {
            let numbers = text.split { $0 == "," || $0.isWhitespace }.map { Double($0) }
            guard numbers.count == 4, let x = numbers[0], let y = numbers[1], let width = numbers[2], let height = numbers[3],
                [x, y, width, height].allSatisfy({ $0.isFinite && abs($0) <= 1e6 }), width >= 0.0001, height >= 0.0001
            else {
                throw SVGImportError(
                    line: root.line, reason: "viewBox=\(XMLText.quoted(text)) is not four numbers within ±1000000, its width and height at least 0.0001")
            }
            box = (x, y, width, height)
        }
        func size(_ name: String, _ boxSize: Double?) throws(SVGImportError) -> Double {
            guard let text = root.attribute(name, namespace: "") else {
                guard let boxSize else { throw .unsupported("documents without a size (width, height or viewBox)", line: root.line) }
                return boxSize
            }
            guard let value = SVGImporter.length(text, percentOf: boxSize ?? 0), value >= 0.01, value <= 100_000 else {
                throw SVGImportError(line: root.line, reason: "\(name)=\(XMLText.quoted(text)) is not a length within 0.01…100000 px")
            }
            return value
        }
        width = try size("width", box?.width)
        height = try size("height", box?.height)
        var matrix = AffineMatrix.identity
        if let box {
            let aspect = (root.attribute("preserveAspectRatio", namespace: "") ?? "xMidYMid meet").split(separator: " ").map(String.init)
            let sameShape = abs(box.width * height - box.height * width) <= 1e-9 * max(box.width * height, box.height * width)
            if aspect.first == "none" || sameShape {
                // The viewport stretches to the size on each axis: what a vector drawable does.
                (viewportWidth, viewportHeight) = (box.width, box.height)
                matrix = .translation(-box.x, -box.y)
            } else {
                // Fitted, so the viewport is the size itself and the fit a uniform map into it.
                (viewportWidth, viewportHeight) = (width, height)
                let slice = aspect.count > 1 && aspect[1] == "slice"
                let scale = slice ? max(width / box.width, height / box.height) : min(width / box.width, height / box.height)
                let align = aspect.first ?? "xMidYMid"
                func offset(_ axis: String, free: Double) -> Double {
                    align.contains("\(axis)Min") ? 0 : align.contains("\(axis)Max") ? free : free / 2
                }
                matrix = AffineMatrix.translation(offset("x", free: width - box.width * scale), offset("Y", free: height - box.height * scale))
                    .concatenating(.scale(scale, scale)).concatenating(.translation(-box.x, -box.y))
            }
        } else {
            (viewportWidth, viewportHeight) = (width, height)
        }
        importer.viewport = (viewportWidth, viewportHeight)
        // Enough places for a hundredth of a pixel at 4× the size.
        importer.decimals = max(2, min(8, 3 - Int(log10(max(1e-6, max(viewportWidth, viewportHeight) / max(1, max(width, height) * 4))).rounded(.down))))
        alpha = try importer.rootAlpha(root)
        var nodes = try importer.nodes(root, matrix: matrix, style: SVGImporter.Style(), opacity: 1, depth: 0)
        commandCount = importer.commands
        if importer.templatePaints > 0 && importer.fixedPaints == 0 {
            templateAttribute = "colorControlNormal"
            tint = .template
        } else if importer.templatePaints > 0 {
            // currentColor beside fixed colours: black, as a renderer with no colour set draws it.
            nodes = Self.replacingTemplate(nodes, with: AndroidColor(red: 0, green: 0, blue: 0))
        }
        self.nodes = nodes
    }

    /// `nodes` with every template paint replaced by `color`.
    static func replacingTemplate(_ nodes: [Node], with color: AndroidColor) -> [Node] {
        nodes.map { node in
            switch node {
            case .group(var group):
                group.nodes = replacingTemplate(group.nodes, with: color)
                return .group(group)
            case .path(var path):
                if path.fill == .template { path.fill = .color(color) }
                if path.stroke == .template { path.stroke = .color(color) }
                return .path(path)
            case .clip: return node
            }
        }
    }
}
