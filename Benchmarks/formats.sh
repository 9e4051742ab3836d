#!/usr/bin/env bash
# WebP, AVIF and HEIC next to libvips (and libwebp's own cwebp/dwebp) (issue 14), on the
# 4000×3000 photo-like PNG of streaming.sh: WebP at quality 80 (effort 4 = cwebp's -m 4) and
# lossless; AVIF and HEIC at quality 60 with vips' matching effort; decode timed as → JPEG q90
# on both sides. Medians of the rounds; file sizes; peak memory; PSNR of the lossy files.
#
#   bash Benchmarks/formats.sh [ROUNDS]        # default 5
#
# Needs a build with libwebp and libheif, /usr/bin/time, libvips-tools (vips) and webp (cwebp, dwebp).
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${1:-5}
work=Benchmarks/work
mkdir -p "$work"
swift build -c release >/dev/null
np=$PWD/.build/release/ninepipe
"$np" --version | grep -q WebP || { echo "this build has no WebP (apt-get install libwebp-dev, then build again)" >&2; exit 1; }
[ -f "$work/photo.png" ] || python3 Benchmarks/make_photo.py "$work/photo.png" "$work/photo.jpg"
"$np" run -e "load \"$work/photo.png\" | save \"$work/w-photo.webp\" quality=80"

source Benchmarks/timing.sh

echo
echo "## WebP, AVIF, HEIC, 4000×3000, $rounds rounds ($(nproc) cores; libwebp $("$np" --version | sed -n 's/.*libwebp \([0-9.]*\).*/\1/p'), vips $(vips --version | cut -d- -f2))"
echo
echo "| task | median | peak memory |"
echo "|---|---|---|"
run "ninepipe: PNG → WebP q80" "$np" run -e "load \"$work/photo.png\" | save \"$work/w-ours.webp\" quality=80"
run "vips: PNG → WebP Q=80" vips copy "$work/photo.png" "$work/w-vips.webp[Q=80,effort=4]"
command -v cwebp >/dev/null && run "cwebp -q 80 -m 4" cwebp -quiet -q 80 -m 4 "$work/photo.png" -o "$work/w-cwebp.webp"
run "ninepipe: PNG → WebP lossless" "$np" run -e "load \"$work/photo.png\" | save \"$work/w-ours-ll.webp\" lossless=true"
run "vips: PNG → WebP lossless" vips copy "$work/photo.png" "$work/w-vips-ll.webp[lossless,effort=4]"
run "ninepipe: WebP → JPEG q90" "$np" run -e "load \"$work/w-photo.webp\" | save \"$work/w-dec.jpg\" quality=90"
run "vips: WebP → JPEG Q=90" vips copy "$work/w-photo.webp" "$work/w-dec-vips.jpg[Q=90]"
command -v dwebp >/dev/null && run "dwebp → PPM" dwebp -quiet "$work/w-photo.webp" -ppm -o "$work/w-dwebp.ppm"
if "$np" --version | grep -q AVIF; then
    "$np" run -e "load \"$work/photo.png\" | save \"$work/w-photo.avif\""
    run "ninepipe: PNG → AVIF q60 effort 4" "$np" run -e "load \"$work/photo.png\" | save \"$work/w-ours.avif\" quality=60"
    run "vips: PNG → AVIF Q=60 effort 4" vips copy "$work/photo.png" "$work/w-vips.avif[Q=60,effort=4,compression=av1]"
    run "ninepipe: PNG → HEIC q60" "$np" run -e "load \"$work/photo.png\" | save \"$work/w-ours.heic\" quality=60"
    run "vips: PNG → HEIC Q=60" vips copy "$work/photo.png" "$work/w-vips.heic[Q=60,compression=hevc]"
    run "ninepipe: AVIF → JPEG q90" "$np" run -e "load \"$work/w-photo.avif\" | save \"$work/w-dec-avif.jpg\" quality=90"
    run "vips: AVIF → JPEG Q=90" vips copy "$work/w-photo.avif" "$work/w-dec-avif-vips.jpg[Q=90]"
fi
run "ninepipe: WebP → thumbnail 256 (shrink on load)" "$np" run -e "load \"$work/w-photo.webp\" | thumbnail size=256 | save \"$work/w-thumb.png\""
run "vipsthumbnail 256" vipsthumbnail "$PWD/$work/w-photo.webp" -s 256x256 --smartcrop centre -o "$PWD/$work/w-thumb-vips.png"
echo
for f in w-ours.webp w-vips.webp w-cwebp.webp w-ours-ll.webp w-vips-ll.webp w-ours.avif w-vips.avif w-ours.heic w-vips.heic; do
    [ -f "$work/$f" ] && echo "  $f: $(stat -c %s "$work/$f") bytes"
done
# Equal quality check: PSNR of each lossy file against the source.
python3 - "$work" <<'PY' || true
import sys, numpy as np
from PIL import Image
work = sys.argv[1]
source = np.asarray(Image.open(f"{work}/photo.png").convert("RGB")).astype(float)
for name in ["w-ours", "w-vips", "w-cwebp"]:
    try:
        other = np.asarray(Image.open(f"{work}/{name}.webp").convert("RGB")).astype(float)
    except Exception as error:
        continue
    mse = ((source - other) ** 2).mean()
    print(f"  {name}.webp PSNR {10 * np.log10(255 ** 2 / mse):.2f} dB")
PY
