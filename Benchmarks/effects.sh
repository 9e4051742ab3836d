#!/usr/bin/env bash
# The issue-15 steps next to libvips on the 4000×3000 photo of streaming.sh, JPEG in and out
# (q90) on both sides, so the step is the difference: blur σ=4 (vips gaussblur with its
# default min-ampl 0.2, a kernel cut where it falls to a fifth, and with min-ampl 0.011 —
# our 3σ), sharpen (vips sharpen's defaults, σ 0.5), grayscale (vips b-w), and modulate
# (vips has no one command for it), and overlay of a 512×512 RGBA PNG (vips composite2). "copy" is
# decode + encode alone; medians of the rounds and peak memory.
#
#   bash Benchmarks/effects.sh [ROUNDS]        # default 5
#
# Needs /usr/bin/time and libvips-tools (vips).
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${1:-5}
work=Benchmarks/work
mkdir -p "$work"
swift build -c release >/dev/null
np=$PWD/.build/release/ninepipe
[ -f "$work/photo.jpg" ] || python3 Benchmarks/make_photo.py "$work/photo.png" "$work/photo.jpg"
in="$work/photo.jpg"
source Benchmarks/timing.sh

step() {  # LABEL STEP VIPS-ARGS...: ours with STEP, then vips with its arguments
    local label=$1 ours=$2; shift 2
    run "ninepipe: $label" "$np" run -e "load \"$in\" | $ours | save \"$work/e-ours.jpg\" quality=90"
    run "vips: $label" vips "$@"
}

echo
echo "## Effects, 4000×3000 JPEG → JPEG q90, $rounds rounds ($(nproc) cores; vips $(vips --version | cut -d- -f2))"
echo
echo "| task | median | peak memory |"
echo "|---|---|---|"
run "ninepipe: copy" "$np" run -e "load \"$in\" | save \"$work/e-ours.jpg\" quality=90"
run "vips: copy" vips copy "$in" "$work/e-vips.jpg[Q=90]"
step "blur σ=4" "blur 4" gaussblur "$in" "$work/e-vips.jpg[Q=90]" 4
run "vips: blur σ=4 min-ampl 0.011" vips gaussblur "$in" "$work/e-vips.jpg[Q=90]" 4 --min-ampl 0.011
step "blur σ=40" "blur 40" gaussblur "$in" "$work/e-vips.jpg[Q=90]" 40
step "sharpen σ=0.5" "sharpen" sharpen "$in" "$work/e-vips.jpg[Q=90]"
run "ninepipe: modulate brightness 1.1 saturation 0.8 hue 30" "$np" run -e "load \"$in\" | modulate brightness=1.1 saturation=0.8 hue=30 | save \"$work/e-ours.jpg\" quality=90"
step "grayscale" "grayscale" colourspace "$in" "$work/e-vips.jpg[Q=90]" b-w
[ -f "$work/badge.png" ] || "$np" run -e "load \"$work/photo.png\" | thumbnail size=512 radius=64 | save \"$work/badge.png\""
step "overlay 512×512 PNG (rounded, alpha) at the centre" "overlay \"$work/badge.png\"" \
    composite2 "$in" "$work/badge.png" "$work/e-vips.jpg[Q=90]" over --x 1744 --y 1244
