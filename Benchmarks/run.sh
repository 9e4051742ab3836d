#!/usr/bin/env bash
# Codec benchmark: decode and re-encode a 4000×3000 photo-like PNG and JPEG with
# ninepipe (release build), next to Pillow, ImageMagick and libvips on the same files.
# Prints wall time (best of N runs) and peak memory (max RSS) per tool.
#
#   bash Benchmarks/run.sh [RUNS]        # default 3 runs each
#
# Needs /usr/bin/time; optional: python3 with Pillow, ImageMagick (convert), libvips (vips).
# Missing tools are skipped. Nothing is installed by this script.
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-3}
work=Benchmarks/work
mkdir -p "$work"
swift build -c release >/dev/null
np=.build/release/ninepipe

# --- inputs -----------------------------------------------------------------------------------
if [ ! -f "$work/photo.png" ]; then
    echo "generating 4000×3000 photo-like inputs…" >&2
    python3 Benchmarks/make_photo.py "$work/photo.png" "$work/photo.jpg"
fi
mb() { awk "BEGIN { printf \"%.1f\", $1 / 1048576 }"; }

# --- measuring ---------------------------------------------------------------------------------
# measure LABEL CMD...: best wall time over $runs runs, and the largest max-RSS seen.
measure() {
    local label=$1; shift
    local best="" rss=0
    for _ in $(seq "$runs"); do
        /usr/bin/time -f "%e %M" -o "$work/time.txt" "$@" >/dev/null 2>"$work/err.txt" || { echo "| $label | failed: $(tail -1 "$work/err.txt") | |"; return; }
        read -r t m < "$work/time.txt"
        if [ -z "$best" ] || awk "BEGIN { exit !($t < $best) }"; then best=$t; fi
        [ "$m" -gt "$rss" ] && rss=$m
    done
    printf "| %-44s | %7.2f s | %8.1f MiB |\n" "$label" "$best" "$(awk "BEGIN { print $rss / 1024 }")"
}
has() { command -v "$1" >/dev/null 2>&1; }
pillow() { python3 -c "import PIL" 2>/dev/null; }

echo
echo "Inputs: photo.png $(mb "$(stat -c %s $work/photo.png)") MiB, photo.jpg $(mb "$(stat -c %s $work/photo.jpg)") MiB;"
echo "decoded RGB 4000×3000×3 = 34.3 MiB. Best of $runs runs; peak memory is max RSS of the whole process."
echo
echo "| task | wall | peak memory |"
echo "|---|---|---|"
measure "ninepipe PNG decode" $np run -e "load \"$work/photo.png\""
has vips && measure "libvips PNG decode (vips avg)" vips avg "$work/photo.png"
pillow && measure "Pillow PNG decode" python3 -c "from PIL import Image; Image.open('$work/photo.png').load()"
has /usr/bin/convert && measure "ImageMagick PNG decode" /usr/bin/convert "$work/photo.png" null:
measure "ninepipe PNG decode + encode" $np run -e "load \"$work/photo.png\" | save \"$work/np.png\""
has vips && measure "libvips PNG decode + encode" vips copy "$work/photo.png" "$work/vips.png"
pillow && measure "Pillow PNG decode + encode" python3 -c "from PIL import Image; Image.open('$work/photo.png').save('$work/pil.png')"
has /usr/bin/convert && measure "ImageMagick PNG decode + encode" /usr/bin/convert "$work/photo.png" "$work/im.png"
measure "ninepipe JPEG decode" $np run -e "load \"$work/photo.jpg\""
has vips && measure "libvips JPEG decode (vips avg)" vips avg "$work/photo.jpg"
pillow && measure "Pillow JPEG decode" python3 -c "from PIL import Image; Image.open('$work/photo.jpg').load()"
has /usr/bin/convert && measure "ImageMagick JPEG decode" /usr/bin/convert "$work/photo.jpg" null:
measure "ninepipe JPEG decode + encode q90" $np run -e "load \"$work/photo.jpg\" | save \"$work/np.jpg\" quality=90"
has vips && measure "libvips JPEG decode + encode q90" vips copy "$work/photo.jpg" "$work/vips.jpg[Q=90]"
pillow && measure "Pillow JPEG decode + encode q90" python3 -c "from PIL import Image; Image.open('$work/photo.jpg').save('$work/pil.jpg', quality=90)"
has /usr/bin/convert && measure "ImageMagick JPEG decode + encode q90" /usr/bin/convert "$work/photo.jpg" -quality 90 "$work/im.jpg"

echo
echo "PNG output sizes (same pixels, lossless):"
for f in np vips pil im; do [ -f "$work/$f.png" ] && echo "  $f.png: $(mb "$(stat -c %s "$work/$f.png")") MiB"; done
