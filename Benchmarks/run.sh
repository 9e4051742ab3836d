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

# --- resampling ------------------------------------------------------------------------------
echo
echo "## Resize 4000×3000 → 1000×750, Lanczos-3"
echo
echo "Whole command (PNG in, PNG out; decoding dominates):"
echo
echo "| task | wall | peak memory |"
echo "|---|---|---|"
measure "ninepipe resize lanczos3" $np run -e "load \"$work/photo.png\" | resize width=1000 height=750 fit=fill | save \"$work/rs-np.png\""
has vips && measure "libvips resize lanczos3 (gap 0: exact)" vips resize "$work/photo.png" "$work/rs-vips0.png" 0.25 --kernel lanczos3 --gap 0
has vips && measure "libvips resize lanczos3 (default gap 2)" vips resize "$work/photo.png" "$work/rs-vips.png" 0.25 --kernel lanczos3
pillow && measure "Pillow resize LANCZOS" python3 -c "from PIL import Image; Image.open('$work/photo.png').resize((1000, 750), Image.LANCZOS).save('$work/rs-pil.png')"
has /usr/bin/convert && measure "ImageMagick -filter Lanczos -resize" /usr/bin/convert "$work/photo.png" -filter Lanczos -resize '1000x750!' "$work/rs-im.png"

# In memory: the resampling alone, image already decoded (best of $runs).
best_of() { sort -n | head -1; }
echo
echo "Resampling alone, decoded image in memory, both cores (best of $runs):"
echo
echo "| tool | resize time |"
echo "|---|---|"
for _ in $(seq "$runs"); do
    $np run --timings -e "load \"$work/photo.png\" | resize width=1000 height=750 fit=fill" 2>&1 | sed -n "s/.*'resize': \([0-9.]*\) s.*/\1/p"
done | best_of | xargs printf "| ninepipe | %s s |\n"
if python3 -c "import pyvips" 2>/dev/null; then
    python3 - "$work/photo.png" "$runs" <<'PY'
import sys, time, pyvips
image = pyvips.Image.new_from_file(sys.argv[1]).copy_memory()
for gap, label in ((0.0, "libvips (pyvips, gap 0)"), (2.0, "libvips (pyvips, default gap 2)")):
    best = min(_time for _time in (lambda: [(lambda t: (image.resize(0.25, kernel="lanczos3", gap=gap).copy_memory(), time.perf_counter() - t)[1])(time.perf_counter()) for _ in range(int(sys.argv[2]))])())
    print(f"| {label} | {best:.3f} s |")
PY
else
    echo "| libvips | (pip install pyvips to measure in memory) |"
fi
pillow && python3 - "$work/photo.png" "$runs" <<'PY'
import sys, time
from PIL import Image
image = Image.open(sys.argv[1]); image.load()
best = 1e9
for _ in range(int(sys.argv[2])):
    start = time.perf_counter(); image.resize((1000, 750), Image.LANCZOS); best = min(best, time.perf_counter() - start)
print(f"| Pillow (one core) | {best:.3f} s |")
PY

echo
echo "Quality against a float64 Lanczos-3 reference (Benchmarks/psnr.py):"
echo
python3 Benchmarks/psnr.py "$work/photo.png" ninepipe="$work/rs-np.png" Pillow="$work/rs-pil.png" \
    "libvips (gap 0)=$work/rs-vips0.png" "libvips (default)=$work/rs-vips.png" ImageMagick="$work/rs-im.png" || echo "(psnr.py needs numpy and Pillow)"

# --- thumbnails ------------------------------------------------------------------------------
echo
echo "## Thumbnail 256×256 (aspect-fill, centre crop) from the 4000×3000 JPEG"
echo
echo "| task | wall | peak memory |"
echo "|---|---|---|"
measure "ninepipe thumbnail (shrink-on-load)" $np run -e "load \"$work/photo.jpg\" | thumbnail size=256 | save \"$work/th-np.jpg\""
measure "ninepipe full decode + resize cover" $np run -e "load \"$work/photo.jpg\" | resize width=256 height=256 fit=cover | save \"$work/th-np-full.jpg\""
has vipsthumbnail && measure "vipsthumbnail -s 256x256 --smartcrop centre" vipsthumbnail "$work/photo.jpg" -s 256x256 --smartcrop centre -o "$PWD/$work/th-vips.jpg"
pillow && measure "Pillow draft + ImageOps.fit" python3 -c "from PIL import Image, ImageOps; im = Image.open('$work/photo.jpg'); im.draft('RGB', (512, 512)); ImageOps.fit(im, (256, 256), Image.LANCZOS).save('$work/th-pil.jpg')"
has /usr/bin/convert && measure "ImageMagick -thumbnail (jpeg:size hint)" /usr/bin/convert -define jpeg:size=512x512 "$work/photo.jpg" -thumbnail '256x256^' -gravity center -extent 256x256 "$work/th-im.jpg"

# --- batch ----------------------------------------------------------------------------------
bash Benchmarks/batch.sh
