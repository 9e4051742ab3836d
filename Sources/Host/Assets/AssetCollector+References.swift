extension AssetCollector {
    /// Adds an asset for each drawable a selector, ripple, animated vector, animation list or
    /// wrapper names (the named drawable's files under the name the reference gives), and one
    /// warning a kind listing what each became and what was left out: none is dropped silently.
    static func resolve(_ references: [DrawableReference], into assets: inout [Asset], warnings: inout [String], skipped: inout [Skipped]) {
        guard !references.isEmpty else { return }
        var byName: [String: Int] = [:]
        for (index, asset) in assets.enumerated() { byName[asset.name] = index }
        var reports: [String: [String]] = [:]
        var leftOut: [String: Int] = [:]
        var missing: [String] = []  // "file:line: @drawable/NAME"
        for reference in references.sorted(by: { $0.path < $1.path }) where !reference.configuration.isStandard {
            skipped.append(
                Skipped(path: reference.path, reason: "a <\(reference.kind)> for the \(reference.configuration) configuration: only the default one's is read"))
        }
        for reference in references.sorted(by: { $0.path < $1.path }) where reference.configuration.isStandard {
            var made: [String] = []
            for (name, drawable, line) in reference.targets {
                guard let target = byName[drawable].map({ assets[$0] }) else {
                    let entry = "\(reference.path):\(line): \(drawable)"
                    if !missing.contains(entry) { missing.append(entry) }
                    continue
                }
                guard byName[name] == nil else { continue }
                var alias = Asset(name: name, variants: target.variants, configurations: target.configurations)
                alias.mirrorsInRightToLeft = target.mirrorsInRightToLeft
                alias.reference = (reference.path, name == reference.name)
                byName[name] = assets.count
                assets.append(alias)
                made.append("\(name) (\(drawable))")
            }
            leftOut[reference.kind, default: 0] += reference.leftOut
            if !made.isEmpty {
                reports[reference.kind, default: []].append("\(reference.name) → \(made.joined(separator: ", "))")
            } else {
                skipped.append(
                    Skipped(
                        path: reference.path,
                        reason:
                            "a <\(reference.kind)>: none of its items became an asset (inline drawables, colours, the framework's drawables, drawables the tree lacks, or names already taken)"
                    ))
            }
        }
        assets.sort { $0.name < $1.name }
        for kind in Set(references.map(\.kind)).sorted() {
            let lines = reports[kind] ?? []
            let missing = leftOut[kind] ?? 0
            guard !lines.isEmpty || missing > 0 else { continue }
            let count = references.filter { $0.kind == kind }.count
            var text = "\(count) \(kind)\(count == 1 ? "" : "s")"
            text +=
                lines.isEmpty
                ? ": none converted"
                : " converted as the drawables they name: " + lines.prefix(6).joined(separator: "; ") + (lines.count > 6 ? "; … (\(lines.count) in all)" : "")
            if missing > 0 { text += "; \(missing) item\(missing == 1 ? "" : "s") left out (inline drawables, colours, the framework's drawables)" }
            warnings.append(text)
        }
        if !missing.isEmpty {
            warnings.append(
                "\(missing.count) drawable\(missing.count == 1 ? "" : "s") named by selectors, ripples and wrappers \(missing.count == 1 ? "is" : "are") not in the tree (another module's or a library's), so \(missing.count == 1 ? "its state is" : "their states are") left out: "
                    + missing.prefix(8).joined(separator: "; ") + (missing.count > 8 ? "; … (\(missing.count) in all)" : ""))
        }
    }
}
