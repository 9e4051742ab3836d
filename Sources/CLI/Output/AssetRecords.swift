import Foundation
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
    static func record(_ event: AssetRun.Event) -> [String: Any] {
        let asset: Asset
        var fields: [String: Any] = ["reason": NSNull(), "written": [String](), "unchanged": [String]()]
        switch event {
        case .converted(let converted, let written, let unchanged, _, _):
            asset = converted
            fields["status"] = "ok"
            fields["written"] = written
            fields["unchanged"] = unchanged
        case .leftOut(let leftOut, let reason):
            asset = leftOut
            fields["status"] = "left-out"
            fields["reason"] = reason
        case .failed(let failed, let reason):
            asset = failed
            fields["status"] = "failed"
            fields["reason"] = reason
        }
        fields["name"] = asset.name
        fields["reference"] = asset.reference?.path ?? NSNull()  // the selector or wrapper it was named by
        fields["kind"] = asset.kind.rawValue
        fields["configurations"] = asset.allConfigurations.map { configuration -> [String: Any] in
            ["configuration": configuration.description, "sources": asset.configured(configuration).variants.map(\.path)]
        }
        return fields
    }

    /// The record of a file left out before converting.
    static func record(_ skipped: AssetCollector.Skipped) -> [String: Any] {
        ["path": skipped.path, "status": "skipped", "reason": skipped.reason]
    }
}
