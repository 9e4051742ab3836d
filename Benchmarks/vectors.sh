#!/usr/bin/env bash
# Issue 40: Android vector drawables from real apps' res/ folders.
#   1. Up to 500 vector drawables (taken from the trees in order) drawn at 1x, 2x and 3x:
#      `ninepipe assets ios --vectors png --jobs 2`, once per tree, against rsvg-convert run once
#      per file and scale, two at a time (xargs -P 2), on the same icons as SVG (Ninepipe's own
#      translation, written by `assets web`).
#   2. The first tree converted whole with `assets ios --jobs 2` (vectors kept as SVG imagesets).
# Prints the median wall time of each and the ratio.
#
#   bash Benchmarks/vectors.sh ROUNDS RES_DIR[:THEME]...
#   e.g. bash Benchmarks/vectors.sh 3 wikipedia/app/src/main/res:AppTheme tusky/app/src/main/res:TuskyTheme
#
# Needs librsvg2-bin (rsvg-convert).
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${1:?usage: Benchmarks/vectors.sh ROUNDS RES_DIR[:THEME]...}
shift
[ $# -gt 0 ] || { echo "usage: Benchmarks/vectors.sh ROUNDS RES_DIR[:THEME]..." >&2; exit 2; }
swift build -c release --product ninepipe >/dev/null
np=$PWD/.build/release/ninepipe
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# Each tree's vector drawables (500 in all at most) in one drawable/ folder with its values beside it.
total=0
trees=()
for spec in "$@"; do
    res=${spec%%:*}
    theme=""
    [ "$spec" != "$res" ] && theme=${spec#*:}
    tree="$work/tree${#trees[@]}"
    mkdir -p "$tree/drawable"
    cp -r "$res/values" "$tree/" 2>/dev/null || true
    for file in "$res"/drawable*/*.xml; do
        [ "$total" -ge 500 ] && break
        if head -c 4096 "$file" | grep -q '<vector' && cp -n "$file" "$tree/drawable/" 2>/dev/null; then total=$((total + 1)); fi
    done
    trees+=("$tree:$theme")
    # shellcheck disable=SC2086
    "$np" assets web "$tree" --output "$work/svg" -q ${theme:+--theme $theme} >/dev/null 2>&1 || true
done
count=$(cat "$work"/tree*/drawable/* | grep -c '<vector' || true)

median() { sort -n | awk '{ a[NR] = $1 } END { print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2 }'; }
seconds() { /usr/bin/time -f "%e" "$@" 2>&1 >/dev/null | tail -1; }

draw_all() {
    rm -rf "$work"/png*.xcassets
    local index=0
    for entry in "${trees[@]}"; do
        local tree=${entry%%:*} theme=${entry#*:}
        # shellcheck disable=SC2086
        "$np" assets ios "$tree" --output "$work/png$index.xcassets" --vectors png --jobs 2 -q ${theme:+--theme $theme} || true
        index=$((index + 1))
    done
}
ours=$(for _ in $(seq "$rounds"); do seconds bash -c "$(declare -p trees work np); $(declare -f draw_all); draw_all"; done | median)
theirs=$(for _ in $(seq "$rounds"); do
    rm -rf "$work/ref" && mkdir -p "$work/ref"
    seconds bash -c "cd '$work/svg' && for f in *.svg; do for z in 1 2 3; do echo \"\$f \$z\"; done; done \
        | xargs -P 2 -n 2 sh -c 'rsvg-convert -z \"\$1\" -o \"$work/ref/\$0-\$1.png\" \"\$0\"'"
done | median)
drawn=$(find "$work"/png*.xcassets -name '*.png' | wc -l)
svgs=$(ls "$work/svg"/*.svg | wc -l)
first=${1%%:*}
first_theme=""
[ "$1" != "$first" ] && first_theme=${1#*:}
# shellcheck disable=SC2086
whole=$(for _ in $(seq "$rounds"); do rm -rf "$work/all.xcassets"; seconds "$np" assets ios "$first" --output "$work/all.xcassets" --jobs 2 -q ${first_theme:+--theme $first_theme} || true; done | median)
assets=$(find "$work/all.xcassets" -name '*.imageset' | wc -l)
echo "| task | ninepipe | rsvg-convert per file, xargs -P 2 | ratio |"
echo "|---|---|---|---|"
echo "| $count vector drawables from $# trees at 1x, 2x, 3x ($drawn PNGs; rsvg-convert: the $svgs that translate) | ${ours} s | ${theirs} s | $(awk "BEGIN { printf \"%.2f×\", $ours / $theirs }") |"
echo "| the first tree whole ($assets imagesets), assets ios --jobs 2 | ${whole} s | | |"
