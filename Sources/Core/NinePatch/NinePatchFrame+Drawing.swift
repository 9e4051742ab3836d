extension NinePatchFrame {
    /// `image` with a 1-pixel transparent frame drawn from its nine-patch information: black
    /// stretch runs on top/left, the padding run on bottom/right, red layout-bound runs at their
    /// ends. `nil` when the image has no `npTc` information.
    ///
    /// Some chunks have no exact frame: a frame pixel holds one mark, so red layout bounds that
    /// reach the padding run hide part of it, touching stretch regions merge, and an empty
    /// padding run reads back as aapt's default. The frame is read back and each such
    /// difference goes to `warn`, naming what a reader of the frame will see instead.
    public static func framed(_ image: Image, warn: (String) -> Void = { _ in }) -> Image? {
        guard let info = image.metadata.ninePatch?.clamped(width: image.width, height: image.height),
            let chunk = info.chunk
        else { return nil }
        var framed = image.converted(to: SampleDepth.eight).padded(top: 1, left: 1, bottom: 1, right: 1, color: .clear)
        framed = framed.converted(to: .rgba)
        framed.metadata.ninePatch = nil
        let w = Int32(clamping: image.width)
        let h = Int32(clamping: image.height)
        let black = Color(red: 0, green: 0, blue: 0)
        let red = Color(red: 255, green: 0, blue: 0)
        var marks: [(x: Int, y: Int, color: Color)] = []
        // Every run is clamped into the picture, so no value a chunk can hold makes a bad range.
        func mark(_ runs: [Int32], along edge: (Int) -> (Int, Int), color: Color) {
            var index = 0
            while index + 1 < runs.count {
                let start = Int(runs[index])
                let end = Int(runs[index + 1])
                if start < end {
                    for p in start..<end {
                        let (x, y) = edge(p)
                        marks.append((x, y, color))
                    }
                }
                index += 2
            }
        }
        mark(chunk.xDivs, along: { (1 + $0, 0) }, color: black)
        mark(chunk.yDivs, along: { (0, 1 + $0) }, color: black)
        let padding = chunk.padding
        mark([padding.left, w - padding.right], along: { (1 + $0, Int(h) + 1) }, color: black)
        mark([padding.top, h - padding.bottom], along: { (Int(w) + 1, 1 + $0) }, color: black)
        if let bounds = info.layoutBounds?.insets {
            mark([0, bounds.left, w - bounds.right, w], along: { (1 + $0, Int(h) + 1) }, color: red)
            mark([0, bounds.top, h - bounds.bottom, h], along: { (Int(w) + 1, 1 + $0) }, color: red)
        }
        let stride = framed.width
        framed.editSamples(
            eight: { samples in
                for m in marks {
                    let index = (m.y * stride + m.x) * 4
                    samples[index] = m.color.red
                    samples[index + 1] = m.color.green
                    samples[index + 2] = m.color.blue
                    samples[index + 3] = m.color.alpha
                }
            }, sixteen: { _ in })
        for difference in readBackDifferences(framed, expected: info) { warn(difference) }
        return framed
    }

    /// What reading `framed` back gives that differs from `expected`, one line each.
    private static func readBackDifferences(_ framed: Image, expected: NinePatchInfo) -> [String] {
        let read: NinePatchInfo
        do { read = try parse(framed).metadata.ninePatch ?? NinePatchInfo() } catch {
            return ["the drawn frame does not read back as a nine-patch: \(error)"]
        }
        func text(_ insets: NinePatchInsets?) -> String {
            guard let insets else { return "none" }
            return "left \(insets.left), top \(insets.top), right \(insets.right), bottom \(insets.bottom)"
        }
        let rule = "a frame pixel holds one mark"
        var lines: [String] = []
        if read.chunk?.xDivs != expected.chunk?.xDivs {
            lines.append(
                "the frame's stretch regions across read back as \(read.chunk?.xDivs ?? []), not \(expected.chunk?.xDivs ?? []) (\(rule): touching regions merge)"
            )
        }
        if read.chunk?.yDivs != expected.chunk?.yDivs {
            lines.append(
                "the frame's stretch regions down read back as \(read.chunk?.yDivs ?? []), not \(expected.chunk?.yDivs ?? []) (\(rule): touching regions merge)"
            )
        }
        if read.chunk?.padding != expected.chunk?.padding {
            lines.append(
                "the frame's content padding reads back as \(text(read.chunk?.padding)), not \(text(expected.chunk?.padding)) (\(rule): layout bounds hide the padding run, or an empty run means aapt's default)"
            )
        }
        let expectedBounds = expected.layoutBounds.flatMap { $0.insets.isZero ? nil : $0.insets }
        if read.layoutBounds?.insets != expectedBounds {
            lines.append(
                "the frame's layout bounds read back as \(text(read.layoutBounds?.insets)), not \(text(expectedBounds)) (\(rule): aapt reads a red run over a whole edge as n from the start, n − 1 from the end)"
            )
        }
        return lines
    }
}
