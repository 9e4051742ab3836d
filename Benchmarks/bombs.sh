#!/usr/bin/env bash
# Decompression-bomb benchmark: small hostile files and the peak memory `load` takes on them.
# Each file is made here from a real small image (JPEG: SOF patched to 16384×16384 and the
# scan data cut, as the fuzzer found them; PNG: the same size over a few bytes of IDAT), then
# `ninepipe run -e 'load … | save …'` runs under /usr/bin/time -v. Goal: every hostile row
# fails fast within 64 MiB peak; the last row is a real flat image that decodes.
#
#   bash Benchmarks/bombs.sh
#
# Needs /usr/bin/time (Debian package time) and python3.
set -euo pipefail
cd "$(dirname "$0")/.."
work=Benchmarks/work/bombs
rm -rf "$work" && mkdir -p "$work"
swift build -c release >/dev/null
np=$PWD/.build/release/ninepipe

"$np" run -e "load \"Examples/card.png\" | resize width=16 height=16 fit=fill | save \"$work/small.jpg\" quality=90"
"$np" run -e "load \"Examples/card.png\" | resize width=16 height=16 fit=fill | save \"$work/small-progressive.jpg\" progressive=true"
python3 - "$work" <<'PY'
import struct, sys, zlib
work = sys.argv[1]
def jpeg_bomb(src, dst, size, scan=b""):
    data = open(src, "rb").read()
    out, i = bytearray(data[:2]), 2
    while i + 4 <= len(data) and data[i] == 0xFF:
        marker, length = data[i + 1], struct.unpack(">H", data[i + 2:i + 4])[0]
        segment = bytearray(data[i:i + 2 + length])
        if marker in (0xC0, 0xC2):
            segment[5:9] = struct.pack(">HH", size, size)
        out += segment
        i += 2 + length
        if marker == 0xDA:
            break
    open(dst, "wb").write(bytes(out) + scan + b"\xff\xd9")
jpeg_bomb(f"{work}/small.jpg", f"{work}/baseline-16384.jpg", 16384)
jpeg_bomb(f"{work}/small-progressive.jpg", f"{work}/progressive-16384.jpg", 16384)
# As many bytes as the shortest code allows (1 bit per block), but zeros: that code is not
# a flat block's in this file's tables, so the size bound still refuses it.
jpeg_bomb(f"{work}/small-progressive.jpg", f"{work}/progressive-16384-800k.jpg", 16384, b"\x00" * 786_432)
def chunk(kind, body):
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))
ihdr = struct.pack(">IIBBBBB", 16384, 16384, 8, 6, 0, 0, 0)
png = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + chunk(b"IDAT", zlib.compress(b"\x00" * 4096)) + chunk(b"IEND", b"")
open(f"{work}/rgba-16384.png", "wb").write(png)
PY
# A real flat 8192×8192 progressive JPEG: small, and it really holds that many pixels.
"$np" run -e "load \"Examples/card.png\" | crop x=0 y=0 width=1 height=1 | resize width=8192 height=8192 fit=fill | save \"$work/flat-8192-progressive.jpg\" progressive=true"

printf '%-28s %10s %10s %12s  %s\n' file bytes "time (s)" "peak (MiB)" result
for f in baseline-16384.jpg progressive-16384.jpg progressive-16384-800k.jpg rgba-16384.png flat-8192-progressive.jpg; do
    /usr/bin/time -v "$np" run -e "load \"$work/$f\" | save \"$work/out.png\"" >"$work/log" 2>&1 || true
    peak=$(awk -F': ' '/Maximum resident/ {printf "%.1f", $2 / 1024}' "$work/log")
    wall=$(awk -F': ' '/Elapsed \(wall/ {print $2}' "$work/log" | awk -F: '{print $NF}')
    result=$(grep -m1 -o 'error: .*' "$work/log" | cut -c1-70 || echo ok)
    printf '%-28s %10s %10s %12s  %s\n' "$f" "$(stat -c %s "$work/$f")" "$wall" "$peak" "$result"
done
