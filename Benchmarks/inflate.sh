#!/usr/bin/env bash
# Issue 29: PNG decoding with ISA-L's inflate against zlib's, on PNGs other tools wrote. Two
# release builds of the same source (the default, with ISA-L when libisal-dev is installed, and
# NINEPIPE_WITHOUT=isal) decode each file in turn, back to back per round; the table shows the
# median wall time of each and their ratio (ISA-L / zlib, below 1 is faster), with libvips on the
# same decode-and-thumbnail task for scale.
#
#   bash Benchmarks/inflate.sh [ROUNDS]        # default 5 rounds
#
# Needs libisal-dev, /usr/bin/time, libvips-tools (vips) and python3 with Pillow (the inputs).
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${1:-5}
work=Benchmarks/work
mkdir -p "$work"
swift build -c release --product ninepipe >/dev/null
NINEPIPE_WITHOUT=isal swift build -c release --build-path .build-zlib --product ninepipe >/dev/null
isal=$PWD/.build/release/ninepipe
zlib=$PWD/.build-zlib/release/ninepipe
"$isal" --version | grep -q "^inflate: ISA-L" || { echo "the default build has no ISA-L: apt-get install libisal-dev" >&2; exit 1; }
"$zlib" --version | grep -q "^inflate: zlib" || { echo "the NINEPIPE_WITHOUT=isal build still has ISA-L" >&2; exit 1; }
[ -f "$work/photo.png" ] || python3 Benchmarks/make_photo.py "$work/photo.png" "$work/photo.jpg"
# Other tools' PNGs: Pillow's defaults on the photo, libvips' defaults on a large zone plate and
# on the photo tiled 3×3 (12000×9000).
[ -f "$work/photo-pillow.png" ] || python3 -c "
from PIL import Image; Image.open('$work/photo.png').save('$work/photo-pillow.png')"
if [ ! -f "$work/zone-vips.png" ]; then
    vips zone "$work/zone.v" 12000 12000
    vips linear "$work/zone.v" "$work/zone8.v" 127.5 127.5 --uchar
    vips copy "$work/zone8.v" "$work/zone-vips.png"
    rm -f "$work/zone.v" "$work/zone8.v"
fi
[ -f "$work/tiled-vips.png" ] || vips replicate "$work/photo.png" "$work/tiled-vips.png" 3 3

seconds() { /usr/bin/time -f "%e" "$@" 2>&1 >/dev/null | tail -1; }
median() { sort -n | awk '{ a[NR] = $1 } END { print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2 }'; }

printf '| file | decode: ISA-L | decode: zlib | ratio | thumbnail 256: ISA-L | zlib | vipsthumbnail |\n|---|---|---|---|---|---|---|\n'
for name in photo-pillow.png tiled-vips.png zone-vips.png; do
    file="$work/$name"
    : >"$work/d.isal"; : >"$work/d.zlib"; : >"$work/t.isal"; : >"$work/t.zlib"; : >"$work/t.vips"
    for _ in $(seq "$rounds"); do
        # info --alpha decodes every pixel (and counts the transparent ones).
        seconds "$isal" info --alpha "$file" >>"$work/d.isal"
        seconds "$zlib" info --alpha "$file" >>"$work/d.zlib"
        seconds "$isal" run -e "load \"$file\" | thumbnail size=256 | save \"$work/t.png\"" >>"$work/t.isal"
        seconds "$zlib" run -e "load \"$file\" | thumbnail size=256 | save \"$work/t.png\"" >>"$work/t.zlib"
        seconds vipsthumbnail "$file" -s 256 -o "$PWD/$work/tv.png" >>"$work/t.vips"
    done
    di=$(median <"$work/d.isal"); dz=$(median <"$work/d.zlib")
    ti=$(median <"$work/t.isal"); tz=$(median <"$work/t.zlib"); tv=$(median <"$work/t.vips")
    size=$(python3 -c "from PIL import Image; Image.MAX_IMAGE_PIXELS = None; print('%d×%d' % Image.open('$file').size)")
    printf '| %s %s | %s s | %s s | %.2f× | %s s | %s s | %s s |\n' "$name" "$size" "$di" "$dz" "$(awk -v a="$di" -v b="$dz" 'BEGIN { print a / b }')" "$ti" "$tz" "$tv"
done
