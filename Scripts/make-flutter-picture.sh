#!/usr/bin/env bash
# Makes Docs/images/flutter-centerslice-3x.png, Assets.md's Flutter picture: the vector
# nine-patch Examples/vector/button.9.svg converted by `ninepipe assets flutter`, and its 3.0x
# file drawn at 3x by Skia's drawImageNine (what Flutter's centerSlice is) as a 200 × 64 logical
# button: left with the slice written in logical pixels (what Image.asset(centerSlice:) is often
# given, wrong on a 3x screen), right with the generated slice of the 3.0x file.
# Dev-only (needs a debug build and skia-python 87.9: NINEPIPE_SKIA_PYTHON, as .ci/run makes it).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
ninepipe="$root/.build/debug/ninepipe"
python="${NINEPIPE_SKIA_PYTHON:-$HOME/.cache/ninepipe/skia-venv/bin/python}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
"$ninepipe" assets flutter "$root/Examples/vector/button.9.svg" --output "$work/app" --quiet
dart="$work/app/lib/ninepipe/ninepatches.g.dart"
# The 1.0x and 3.0x slicings' stretch regions, as the generated Dart gives them.
read -r one three < <(awk '/1.0: NinePatchSlicing/{s=1} /3.0: NinePatchSlicing/{s=3} /xDivs|yDivs/ && s {gsub(/[^0-9.,]/,""); v[s]=v[s] $0} END {print v[1], v[3]}' "$dart")
"$python" - "$work/app/assets/images/3.0x/button.png" "$one" "$three" "$root/Docs/images/flutter-centerslice-3x.png" <<'PY'
import sys, skia
path, one, three, out = sys.argv[1:]
def box(text):
    n = [float(v) for v in text.strip(",").split(",") if v]
    return skia.IRect.MakeLTRB(int(n[0]), int(n[2]), int(n[1]), int(n[3]))
image = skia.Image.open(path)
width, height, gap = 600, 192, 48
surface = skia.Surface(width * 2 + gap * 3, height + gap * 2)
canvas = surface.getCanvas()
canvas.clear(skia.ColorWHITE)
paint = skia.Paint()
paint.setFilterQuality(skia.FilterQuality.kLow_FilterQuality)
for index, center in enumerate([box(one), box(three)]):
    left = gap + index * (width + gap)
    canvas.drawImageNine(image, center, skia.Rect.MakeXYWH(left, gap, width, height), paint)
surface.makeImageSnapshot().save(out, skia.kPNG)
PY
echo "wrote Docs/images/flutter-centerslice-3x.png"
