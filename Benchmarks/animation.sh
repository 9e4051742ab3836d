#!/usr/bin/env bash
# Issue 31: a 100-frame 480×270 animated GIF thumbnailed to 128 pixels wide, every frame kept, as
# animated WebP (quality 75, libvips' default) and as GIF, by `ninepipe run` and by
# `vipsthumbnail 'in.gif[n=-1]' -s 128`. Prints the median wall time and the peak memory (max RSS)
# of each, and the ratios.
#
#   bash Benchmarks/animation.sh [ROUNDS] [PHOTO]     # default 5 rounds, a synthetic picture
#
# Needs libvips-tools (vipsthumbnail), python3 with Pillow (and numpy without PHOTO).
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${1:-5}
swift build -c release --product ninepipe >/dev/null
np=$PWD/.build/release/ninepipe
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
python3 Benchmarks/make_animation.py "$work/pan.gif" ${2:+"$2"}
cd "$work"

median() { sort -n | awk '{ a[NR] = $1 } END { print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2 }'; }
# "seconds kilobytes" of one run.
measure() { /usr/bin/time -f "%e %M" "$@" 2>&1 >/dev/null | tail -1; }
run() {
    local out
    out=$(for _ in $(seq "$rounds"); do measure "$@"; done)
    echo "$(echo "$out" | awk '{ print $1 }' | median) $(echo "$out" | awk '{ print $2 }' | median)"
}

echo "| 100 frames 480×270 → 128 wide | ninepipe | vipsthumbnail [n=-1] | time ratio | memory ratio |"
echo "|---|---|---|---|---|"
for format in webp gif; do
    read -r ours_s ours_kb < <(run "$np" run -e "load \"pan.gif\" | resize width=128 | save \"np.$format\" quality=75")
    read -r vips_s vips_kb < <(run vipsthumbnail 'pan.gif[n=-1]' -s 128 -o "vips.$format")
    frames=$("$np" info "np.$format" | sed -n 's/^frames: \([0-9]*\).*/\1/p')
    echo "| animated $format ($frames frames; $(stat -c %s "np.$format") vs $(stat -c %s "vips.$format") bytes) | ${ours_s} s, $((ours_kb / 1024)) MiB | ${vips_s} s, $((vips_kb / 1024)) MiB | $(awk "BEGIN { printf \"%.2f×\", $ours_s / $vips_s }") | $(awk "BEGIN { printf \"%.2f×\", $ours_kb / $vips_kb }") |"
done
