#!/usr/bin/env bash
# Paired benchmark against libvips for the tasks of issue 13 (4000×3000 photo-like inputs):
# each round runs ninepipe and vips back to back on the same file, so the ratio of each pair
# is taken under the same machine load; the table shows medians of wall time and of the ratio
# (ours/vips, below 1 is faster), and the largest peak memory (max RSS) of each side.
#
#   bash Benchmarks/streaming.sh [ROUNDS]        # default 5 rounds
#
# Needs /usr/bin/time and libvips-tools (vips); python3 with Pillow makes the inputs once.
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${1:-5}
work=Benchmarks/work
mkdir -p "$work"
swift build -c release >/dev/null
np=$PWD/.build/release/ninepipe
command -v vips >/dev/null || { echo "vips not found: apt-get install libvips-tools" >&2; exit 1; }
[ -f "$work/photo.png" ] || python3 Benchmarks/make_photo.py "$work/photo.png" "$work/photo.jpg"
# A JPEG that must be turned upright: EXIF orientation 6.
if [ ! -f "$work/photo-6.jpg" ]; then
    "$np" run -e "load \"$work/photo.jpg\" | orient rotate=270 | save \"$work/photo-6.jpg\" quality=90"
    python3 - "$work/photo-6.jpg" <<'EOF'
import sys
from PIL import Image
path = sys.argv[1]
image = Image.open(path)
exif = image.getexif()
exif[0x0112] = 6
image.save(path, quality=90, exif=exif.tobytes())
EOF
fi

# pair LABEL -- OURS... -- VIPS...
pair() {
    local label=$1; shift; shift
    local ours=() vips=()
    while [ "$1" != "--" ]; do ours+=("$1"); shift; done; shift
    vips=("$@")
    local times_ours=() times_vips=() ratios=() rss_ours=0 rss_vips=0
    for _ in $(seq "$rounds"); do
        # Wall time from bash's microsecond clock (time's own %e has 10 ms steps, too coarse
        # for 0.1 s tasks); peak memory from time.
        local t0=$EPOCHREALTIME
        /usr/bin/time -f "%M" -o "$work/t1" "${ours[@]}" >/dev/null 2>"$work/e1" || { echo "| $label | ours failed: $(tail -1 "$work/e1") |"; return; }
        local t1=$EPOCHREALTIME
        /usr/bin/time -f "%M" -o "$work/t2" "${vips[@]}" >/dev/null 2>"$work/e2" || { echo "| $label | vips failed: $(tail -1 "$work/e2") |"; return; }
        local t2=$EPOCHREALTIME
        a=$(awk "BEGIN { print $t1 - $t0 }"); b=$(awk "BEGIN { print $t2 - $t1 }")
        read -r ma < "$work/t1"; read -r mb < "$work/t2"
        times_ours+=("$a"); times_vips+=("$b"); ratios+=("$(awk "BEGIN { print ($b > 0 ? $a / $b : 0) }")")
        [ "$ma" -gt "$rss_ours" ] && rss_ours=$ma
        [ "$mb" -gt "$rss_vips" ] && rss_vips=$mb
    done
    median() { printf '%s\n' "$@" | sort -g | awk '{ v[NR] = $1 } END { print (NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2) }'; }
    printf "| %-40s | %6.3f s | %6.3f s | %5.2f× | %6.1f MiB | %6.1f MiB | %5.2f× |\n" "$label" \
        "$(median "${times_ours[@]}")" "$(median "${times_vips[@]}")" "$(median "${ratios[@]}")" \
        "$(awk "BEGIN { print $rss_ours / 1024 }")" "$(awk "BEGIN { print $rss_vips / 1024 }")" \
        "$(awk "BEGIN { print $rss_ours / $rss_vips }")"
}

echo
echo "## ninepipe vs libvips $(vips --version | cut -d- -f2), 4000×3000, $rounds paired rounds ($(nproc) cores)"
echo
echo "| task | ours | vips | time ratio | ours peak | vips peak | memory ratio |"
echo "|---|---|---|---|---|---|---|"
pair "crop 1000×1000 at (500,500), PNG → PNG" -- \
    "$np" run -e "load \"$work/photo.png\" | crop x=500 y=500 width=1000 height=1000 | save \"$work/s-crop.png\"" -- \
    vips crop "$work/photo.png" "$work/s-crop-vips.png" 500 500 1000 1000
pair "crop 1000×1000 at (500,500), JPEG → PNG" -- \
    "$np" run -e "load \"$work/photo.jpg\" | crop x=500 y=500 width=1000 height=1000 | save \"$work/s-cropj.png\"" -- \
    vips crop "$work/photo.jpg" "$work/s-cropj-vips.png" 500 500 1000 1000
pair "PNG decode + encode" -- \
    "$np" run -e "load \"$work/photo.png\" | save \"$work/s-copy.png\"" -- \
    vips copy "$work/photo.png" "$work/s-copy-vips.png"
pair "JPEG decode + EXIF-6 rotate + encode q90" -- \
    "$np" run -e "load \"$work/photo-6.jpg\" | save \"$work/s-rot.jpg\" quality=90" -- \
    vips autorot "$work/photo-6.jpg" "$work/s-rot-vips.jpg[Q=90]"
pair "resize → 1000×750 Lanczos-3, PNG → PNG" -- \
    "$np" run -e "load \"$work/photo.png\" | resize width=1000 filter=lanczos3 | save \"$work/s-rs.png\"" -- \
    vips resize "$work/photo.png" "$work/s-rs-vips.png" 0.25 --kernel lanczos3
# The large inputs: a 20000×20000 RGB zone plate PNG and a 30000×4000 JPEG panorama, made once
# (a few GB of disk and ~35 s); BIG=0 skips them.
if [ "${BIG:-1}" != 0 ]; then
    [ -f "$work/zone.png" ] || python3 Benchmarks/make_zoneplate.py "$work/zone.png" 20000
    [ -f "$work/pano.jpg" ] || python3 Benchmarks/make_panorama.py "$work/pano.jpg"
    pair "20000×20000 PNG → thumbnail 256" -- \
        "$np" run --max-pixels 400000000 -e "load \"$work/zone.png\" | thumbnail size=256 | save \"$work/s-zone.png\"" -- \
        vipsthumbnail "$PWD/$work/zone.png" -s 256x256 --smartcrop centre -o "$PWD/$work/s-zone-vips.png"
    pair "30000×4000 JPEG → resize width=2000" -- \
        "$np" run -e "load \"$work/pano.jpg\" | resize width=2000 | save \"$work/s-pano.jpg\"" -- \
        vips resize "$work/pano.jpg" "$work/s-pano-vips.jpg" 0.0666666667 --kernel lanczos3
fi
echo
for f in s-copy s-copy-vips s-crop s-crop-vips; do echo "  $f.png: $(stat -c %s "$work/$f.png") bytes"; done
