import NinepipeHost

/// `assets … --report FILE`: one JSON line per asset as it finishes, and one per file left out
/// before converting, so every file of the inputs is accounted for:
///
/// ```json
/// {"configurations":[{"configuration":"standard","sources":["res/drawable-xhdpi/card.png"]},{"configuration":"dark","sources":["res/drawable-night-xhdpi/card.png"]}],"kind":"bitmap","name":"card","reason":null,"reference":null,"status":"ok","unchanged":[],"written":["A.xcassets/card.imageset/card.png"]}
/// {"path":"res/drawable/clip.xml","reason":"a <clip> drawable: this kind does not convert yet","status":"skipped"}
/// ```
///
/// `status` is `ok`, `left-out` or `failed` (with `reason`) for an asset, `skipped` for a file.
enum AssetRecords {
    /// The record of an asset's outcome.
    static func record(_ event: AssetRun.Event) -> JSONValue {
        let asset: Asset
        var fields: [String: JSONValue] = ["reason": .null, "written": [], "unchanged": []]
        switch event {
        case .converted(let converted, let written, let unchanged, _, _):
            asset = converted
            fields["status"] = "ok"
            fields["written"] = .array(written.map(JSONValue.string))
            fields["unchanged"] = .array(unchanged.map(JSONValue.string))
        case .leftOut(let leftOut, let reason):
            asset = leftOut
            fields["status"] = "left-out"
            fields["reason"] = .string(reason)
        case .failed(let failed, let reason):
            asset = failed
            fields["status"] = "failed"
            fields["reason"] = .string(reason)
        }
        fields["name"] = .string(asset.name)
        fields["reference"] = JSONValue(asset.reference?.path)  // the selector or wrapper it was named by
        fields["kind"] = .string(asset.kind.rawValue)
        fields["configurations"] = .array(
            asset.allConfigurations.map { configuration -> JSONValue in
                [
                    "configuration": .string(configuration.description),
                    "sources": .array(asset.configured(configuration).variants.map { .string($0.path) }),
                ]
            })
        return .object(fields)
    }

    /// The record of a file left out before converting.
    static func record(_ skipped: AssetCollector.Skipped) -> JSONValue {
        ["path": .string(skipped.path), "status": "skipped", "reason": .string(skipped.reason)]
    }
}
