#!/usr/bin/env bash
# Batch benchmark: 200 photo-sized JPEGs (4000×3000) → 256×256 thumbnails (aspect-fill, centre crop),
# ninepipe with --jobs 1 and --jobs 2 next to vipsthumbnail and ImageMagick mogrify on the same files.
# Prints wall time and peak memory (max RSS of the whole process tree's largest process).
#
#   bash Benchmarks/batch.sh [COUNT]     # default 200 files
#
# Needs /usr/bin/time; optional: vipsthumbnail (libvips-tools), mogrify (imagemagick). Missing tools are skipped.
set -euo pipefail
cd "$(dirname "$0")/.."
count=${1:-200}
work=Benchmarks/work
mkdir -p "$work"
swift build -c release >/dev/null
np=$PWD/.build/release/ninepipe
[ -f "$work/photo.jpg" ] || python3 Benchmarks/make_photo.py "$work/photo.png" "$work/photo.jpg"

batch=$work/batch
if [ "$(ls "$batch"/in 2>/dev/null | wc -l)" -ne "$count" ]; then
    rm -rf "$batch" && mkdir -p "$batch/in"
    echo "making $count JPEGs…" >&2
    # Different files (each a different crop of the photo, then scaled back to 4000×3000) so no tool
    # benefits from one file being cached decoded.
    for i in $(seq -w 1 "$count"); do
        x=$(( (10#$i * 37) % 400 )); y=$(( (10#$i * 53) % 300 ))
        "$np" run -e "load \"$work/photo.jpg\" | crop x=$x y=$y width=3600 height=2700 | resize width=4000 height=3000 | save \"$batch/in/photo-$i.jpg\" quality=90" 
    done
fi
printf 'thumbnail size=256\n' > "$batch/thumbs.pipe"

measure() {  # LABEL OUTDIR CMD...
    local label=$1 out=$2; shift 2
    rm -rf "$out" && mkdir -p "$out"
    /usr/bin/time -f "%e %M" -o "$batch/time.txt" "$@" >/dev/null 2>"$batch/err.txt" || { echo "| $label | failed: $(tail -1 "$batch/err.txt") | | |"; return; }
    read -r t m < "$batch/time.txt"
    local made; made=$(ls "$out" | wc -l)
    printf "| %-46s | %7.2f s | %6.1f files/s | %7.1f MiB | %d |\n" "$label" "$t" "$(awk "BEGIN { print $count / $t }")" "$(awk "BEGIN { print $m / 1024 }")" "$made"
}
has() { command -v "$1" >/dev/null 2>&1; }

echo
echo "## Batch: $count JPEGs of 4000×3000 → 256×256 thumbnails ($(nproc) cores)"
echo
echo "| tool | wall | rate | peak memory | outputs |"
echo "|---|---|---|---|---|"
measure "ninepipe run thumbs.pipe in/ --jobs 1" "$batch/np1" "$np" run "$batch/thumbs.pipe" "$batch/in/" --output "$batch/np1/" --jobs 1 --quiet
measure "ninepipe run thumbs.pipe in/ --jobs 2" "$batch/np2" "$np" run "$batch/thumbs.pipe" "$batch/in/" --output "$batch/np2/" --jobs 2 --quiet
has vipsthumbnail && measure "vipsthumbnail -s 256x256 --smartcrop centre" "$batch/vips" \
    sh -c "vipsthumbnail '$batch'/in/*.jpg -s 256x256 --smartcrop centre -o '$PWD/$batch/vips/%s.jpg'"
has mogrify && measure "mogrify -thumbnail (jpeg:size hint)" "$batch/im" \
    mogrify -path "$batch/im" -define jpeg:size=512x512 -thumbnail '256x256^' -gravity center -extent 256x256 "$batch"/in/*.jpg
has mogrify && measure "mogrify -thumbnail (no size hint)" "$batch/im-full" \
    mogrify -path "$batch/im-full" -thumbnail '256x256^' -gravity center -extent 256x256 "$batch"/in/*.jpg
