#!/usr/bin/env bash
# Issue 29: lossless JPEG turns and crops (save lossless=) against decoding and encoding again,
# libvips (`vips autorot`, `vips crop`) and jpegtran, on phone-like 4032×3024 JPEGs cut from a real
# photograph (Benchmarks/make_phone_photos.py). Prints the median wall time of each task, the
# ratio to vips, and the output sizes.
#
#   bash Benchmarks/lossless.sh [ROUNDS] [SOURCE.jpg]     # default 5 rounds, a MATE wallpaper
#
# Needs /usr/bin/time, libvips-tools (vips), libjpeg-turbo-progs (jpegtran), python3 with Pillow
# and piexif.
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${1:-5}
source=${2:-/usr/share/backgrounds/mate/abstract/Elephants_5640x3172.jpg}
work=Benchmarks/work/phone
swift build -c release --product ninepipe >/dev/null
np=$PWD/.build/release/ninepipe
[ -f "$work/phone6.jpg" ] || python3 Benchmarks/make_phone_photos.py "$source" "$work" 60
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

seconds() { /usr/bin/time -f "%e" "$@" 2>&1 >/dev/null | tail -1; }
median() { sort -n | awk '{ a[NR] = $1 } END { print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2 }'; }
# time LABEL CMD...: the median over the rounds.
time_of() { for _ in $(seq "$rounds"); do seconds "$@"; done | median; }
ratio() { awk "BEGIN { printf \"%.2f×\", $1 / $2 }"; }
size() { stat -c %s "$1"; }

phone=$work/phone6.jpg
upright_np=$(time_of "$np" run -e "load \"$phone\" | save \"$out/np.jpg\"")
upright_never=$(time_of "$np" run -e "load \"$phone\" | save \"$out/never.jpg\" lossless=never")
upright_vips=$(time_of vips autorot "$phone" "$out/vips.jpg")
upright_jpegtran=$(time_of jpegtran -copy all -rotate 90 -trim -outfile "$out/jpegtran.jpg" "$phone")
jpegtran -copy all -optimize -rotate 90 -trim -outfile "$out/jpegtran-opt.jpg" "$phone"

plain=$work/batch/00.jpg
crop_np=$(time_of "$np" run -e "load \"$plain\" | crop x=1234 y=567 width=1000 height=1000 | save \"$out/crop.jpg\" lossless=always")
crop_never=$(time_of "$np" run -e "load \"$plain\" | crop x=1234 y=567 width=1000 height=1000 | save \"$out/crop-never.jpg\" lossless=never")
crop_vips=$(time_of vips crop "$plain" "$out/crop-vips.jpg" 1234 567 1000 1000)
crop_jpegtran=$(time_of jpegtran -copy all -crop 1002x1007+1232+560 -outfile "$out/crop-jpegtran.jpg" "$plain")

batch_np=$(time_of "$np" run -q -e save "$work/batch" --output "$out/up/" --jobs 2)
batch_vips=$(time_of bash -c "ls '$work/batch' | xargs -P 2 -I{} vips autorot '$work/batch/{}' '$out/{}'")

echo "| task (4032×3024, 4:2:0, q92) | ninepipe (lossless) | ninepipe lossless=never | vips | jpegtran | lossless / vips |"
echo "|---|---|---|---|---|---|"
echo "| orientation 6 → upright | ${upright_np} s | ${upright_never} s | ${upright_vips} s (autorot) | ${upright_jpegtran} s | $(ratio "$upright_np" "$upright_vips") |"
echo "| crop 1000×1000 at 1234,567 | ${crop_np} s | ${crop_never} s | ${crop_vips} s (crop) | ${crop_jpegtran} s | $(ratio "$crop_np" "$crop_vips") |"
echo "| 60 photos, mixed orientations → upright, 2 jobs | ${batch_np} s | | ${batch_vips} s (autorot, xargs -P 2) | | $(ratio "$batch_np" "$batch_vips") |"
echo
echo "sizes: input $(size "$phone"), ninepipe $(size "$out/np.jpg"), jpegtran $(size "$out/jpegtran.jpg"), jpegtran -optimize $(size "$out/jpegtran-opt.jpg"), vips $(size "$out/vips.jpg")"
echo "crop: ninepipe $("$np" info "$out/crop.jpg" | sed -n 's/^size: //p'), jpegtran $("$np" info "$out/crop-jpegtran.jpg" | sed -n 's/^size: //p')"
