#!/usr/bin/env bash
# Issue 40: Android vector drawables from a real app's res/ folder.
#   1. Up to 500 vector drawables drawn at 1x, 2x and 3x: `ninepipe assets ios --vectors png
#      --jobs 2` against rsvg-convert run once per file and scale, two at a time (xargs -P 2), on
#      the same icons as SVG (Ninepipe's own translation, written by `assets web`).
#   2. The whole tree converted with `assets ios --jobs 2` (vectors kept as SVG imagesets).
# Prints the median wall time of each and the ratio.
#
#   bash Benchmarks/vectors.sh RES_DIR [ROUNDS] [THEME]   # e.g. a checkout's app/src/main/res, 3 rounds
#
# Needs librsvg2-bin (rsvg-convert).
set -euo pipefail
cd "$(dirname "$0")/.."
res=${1:?usage: Benchmarks/vectors.sh RES_DIR [ROUNDS] [THEME]}
rounds=${2:-3}
theme=${3:+--theme $3}
swift build -c release --product ninepipe >/dev/null
np=$PWD/.build/release/ninepipe
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# The vector drawables, at most 500, in one drawable/ folder with the tree's values beside it.
mkdir -p "$work/tree/drawable"
cp -r "$res/values" "$work/tree/" 2>/dev/null || true
for file in "$res"/drawable*/*.xml; do
    [ "$(ls "$work/tree/drawable" | wc -l)" -ge 500 ] && break
    head -c 4096 "$file" | grep -q '<vector' && cp -n "$file" "$work/tree/drawable/" 2>/dev/null || true
done
count=$(ls "$work/tree/drawable" | wc -l)
# shellcheck disable=SC2086
"$np" assets web "$work/tree" --output "$work/svg" -q $theme >/dev/null 2>&1 || true

median() { sort -n | awk '{ a[NR] = $1 } END { print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2 }'; }
seconds() { /usr/bin/time -f "%e" "$@" 2>&1 >/dev/null | tail -1; }

# shellcheck disable=SC2086
ours=$(for _ in $(seq "$rounds"); do rm -rf "$work/png.xcassets"; seconds "$np" assets ios "$work/tree" --output "$work/png.xcassets" --vectors png --jobs 2 -q $theme || true; done | median)
theirs=$(for _ in $(seq "$rounds"); do
    rm -rf "$work/ref" && mkdir -p "$work/ref"
    seconds bash -c "cd '$work/svg' && for f in *.svg; do for z in 1 2 3; do echo \"\$f \$z\"; done; done \
        | xargs -P 2 -n 2 sh -c 'rsvg-convert -z \"\$1\" -o \"$work/ref/\$0-\$1.png\" \"\$0\"'"
done | median)
drawn=$(find "$work/png.xcassets" -name '*.png' | wc -l)
svgs=$(ls "$work/svg"/*.svg | wc -l)
# shellcheck disable=SC2086
whole=$(for _ in $(seq "$rounds"); do rm -rf "$work/all.xcassets"; seconds "$np" assets ios "$res" --output "$work/all.xcassets" --jobs 2 -q $theme || true; done | median)
echo "| task | ninepipe | rsvg-convert per file, xargs -P 2 | ratio |"
echo "|---|---|---|---|"
echo "| $count vector drawables at 1x, 2x, 3x ($drawn PNGs; rsvg-convert: the $svgs that translate) | ${ours} s | ${theirs} s | $(awk "BEGIN { printf \"%.2f×\", $ours / $theirs }") |"
echo "| the whole tree, assets ios --jobs 2 | ${whole} s | | |"
