#!/usr/bin/env bash
# Dev-only check (not run by CI): renders the same cap-inset image with `ninepatch … insets= mode=M
# filter=nearest` and with CSS `border-image … fill` in headless Chromium (`image-rendering: pixelated`),
# then counts differing pixels per mode. Needs: chromium (apt), python3 with Pillow and numpy,
# and a release build (`swift build -c release`).
#
# The first cases land on whole pixels (repeat: even leftover; space: integer gaps; stretch and
# round: no nearest-neighbour ties), where a browser and Ninepipe must agree exactly; the rest show
# where the two agree only "up to sampling" (see the printed explanation).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
ninepipe="$root/.build/release/ninepipe"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
command -v chromium >/dev/null || { echo "chromium is not installed (apt-get install chromium)" >&2; exit 1; }
[ -x "$ninepipe" ] || { echo "build first: swift build -c release" >&2; exit 1; }
cd "$work"

python3 - <<'PY'
from PIL import Image
im = Image.new("RGBA", (20, 20))
for y in range(20):
    for x in range(20):
        im.putpixel((x, y), (x * 12 + 10, y * 12 + 10, ((x * 7 + y * 13) % 5) * 60, 255))
im.save("src.png")
PY

render() {  # mode width height
    local mode=$1 width=$2 height=$3 name="$1-$2x$3"
    cat > "$name.html" <<HTML
<!doctype html><html><body style="margin:0;background:#000">
<div style="box-sizing:border-box;width:${width}px;height:${height}px;border:5px solid transparent;
border-image:url(src.png) 5 fill / 5px / 0 $mode;image-rendering:pixelated"></div></body></html>
HTML
    chromium --headless --no-sandbox --disable-gpu --hide-scrollbars --force-device-scale-factor=1 \
        --window-size="$width,$height" --screenshot="$work/chrome-$name.png" "file://$work/$name.html" >/dev/null 2>&1
    "$ninepipe" run -e "load \"src.png\" | ninepatch width=$width height=$height insets=5,5,5,5 mode=$mode filter=nearest | save \"ours-$name.png\""
    echo "$name"
}

cases=(stretch:60:50 stretch:34:34 round:34:34 repeat:66:52 space:66:55 stretch:67:53 repeat:67:53 space:67:53 round:65:55)
names=()
for c in "${cases[@]}"; do IFS=: read -r m w h <<<"$c"; names+=("$(render "$m" "$w" "$h")"); done

python3 - "${names[@]}" <<'PY'
import sys
import numpy as np
from PIL import Image
print(f"{'case':<16}{'differing pixels':>18}{'not within 1 px':>18}")
for name in sys.argv[1:]:
    chrome = np.asarray(Image.open(f"chrome-{name}.png").convert("RGBA")).astype(int)
    ours = np.asarray(Image.open(f"ours-{name}.png").convert("RGBA")).astype(int)
    ours[ours[..., 3] == 0] = [0, 0, 0, 255]   # space gaps: the page background is black
    if chrome.shape != ours.shape:
        print(f"{name:<18}{'size differs':>18}")
        continue
    def differs(a, b): return np.abs(a - b).max(axis=2) > 2
    bad = differs(chrome, ours)
    # A sampling shift: the browser's pixel appears in Ninepipe's output one pixel away.
    padded = np.pad(ours, ((1, 1), (1, 1), (0, 0)), mode="edge")
    far = bad.copy()
    for dy in (0, 1, 2):
        for dx in (0, 1, 2):
            far &= differs(chrome, padded[dy:dy + ours.shape[0], dx:dx + ours.shape[1]])
    total = chrome.shape[0] * chrome.shape[1]
    print(f"{name:<16}{int(bad.sum()):>11} of {total:<5}{int(far.sum()):>12}")
PY
cat <<'TXT'
The first five cases land on whole pixels without sampling ties and must show 0. In the rest
Chromium places tiles at fractional offsets (repeat 67x53: a half-pixel phase, so each tile shows
its first column twice and loses its last; space 67x53: gaps of 7/6 px, blended) or breaks
nearest-neighbour ties the other way (stretch 67x53, round 65x55); Ninepipe snaps tile positions
to whole pixels and rounds ties up. Same tile counts and sizes; the pixels differ by sampling.
TXT
