#!/usr/bin/env bash
# Issue 30: 200 SVG icons (the Tango icon theme's, real Inkscape exports) drawn at Android's five
# densities (mdpi … xxxhdpi), by `ninepipe assets android --jobs 2` and by `rsvg-convert` run once
# per file and density, two at a time (xargs -P 2). Prints the median wall time of each and the ratio.
#
#   bash Benchmarks/svg.sh [ROUNDS] [ICON_DIR]     # default 3 rounds, /usr/share/icons/Tango/scalable
#
# Needs librsvg2-bin (rsvg-convert) and tango-icon-theme (or another folder of SVGs).
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${1:-3}
icons=${2:-/usr/share/icons/Tango/scalable}
swift build -c release --product ninepipe >/dev/null
np=$PWD/.build/release/ninepipe
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/in"
# 200 distinct files (links skipped), renamed to valid resource names.
find "$icons" -type f -name '*.svg' | sort | head -200 | while read -r file; do
    name=$(basename "$file" .svg | tr 'A-Z.-' 'a-z__')
    cp "$file" "$work/in/i_$name.svg"
done
count=$(ls "$work/in" | wc -l)

median() { sort -n | awk '{ a[NR] = $1 } END { print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2 }'; }
seconds() { /usr/bin/time -f "%e" "$@" 2>&1 >/dev/null | tail -1; }

ours=$(for _ in $(seq "$rounds"); do rm -rf "$work/res"; seconds "$np" assets android "$work/in" --output "$work/res" --jobs 2; done | median)
theirs=$(for _ in $(seq "$rounds"); do
    rm -rf "$work/ref" && mkdir -p "$work/ref"
    seconds bash -c "cd '$work/in' && for f in *.svg; do for z in 1 1.5 2 3 4; do echo \"\$f \$z\"; done; done \
        | xargs -P 2 -n 2 sh -c 'rsvg-convert -z \"\$1\" -o \"$work/ref/\$0-\$1.png\" \"\$0\"'"
done | median)
written=$(find "$work/res" -name '*.png' | wc -l)
echo "| task ($count icons × 5 densities) | ninepipe assets android --jobs 2 | rsvg-convert per file, xargs -P 2 | ratio |"
echo "|---|---|---|---|"
echo "| draw $written PNGs | ${ours} s | ${theirs} s | $(awk "BEGIN { printf \"%.2f×\", $ours / $theirs }") |"
