@testable import NinepipeHost

/// Pipeline text with `↓` markers where diagnostics must point; the markers are removed.
struct MarkedText {
    let text: String
    /// The location of each marker, in order.
    let markers: [SourceLocation]

    init(_ marked: String) {
        var text = String.UnicodeScalarView()
        var markers: [SourceLocation] = []
        var line = 1
        var column = 1
        var offset = 0
        for scalar in marked.unicodeScalars {
            if scalar == "↓" {
                markers.append(SourceLocation(line: line, column: column, offset: offset))
                continue
            }
            text.append(scalar)
            offset += 1
            if scalar == "\n" {
                line += 1
                column = 1
            } else {
                column += 1
            }
        }
        self.text = String(text)
        self.markers = markers
    }
}
