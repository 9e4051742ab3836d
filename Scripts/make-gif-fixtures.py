#!/usr/bin/env python3
"""Writes the animated GIF fixtures of the compositing tests, byte by byte, so each exercises one
rule: disposal 1/2/3 and a disposal that persists, transparent indices, local palettes, offsets,
a frame that grows the canvas, interlacing, a gray-ramp palette, indices past the table.

Usage: make-gif-fixtures.py OUTDIR   (the tests' references are Pillow's frames of these files)
"""
import os
import struct
import sys


def lzw(indices, min_size):
    """Uncompressed LZW: a clear code often enough that the code width never grows."""
    clear, end = 1 << min_size, (1 << min_size) + 1
    width = min_size + 1
    chunk = max(1, (1 << min_size) - 3)
    bits, count, out = 0, 0, bytearray()

    def put(code):
        nonlocal bits, count
        bits |= code << count
        count += width
        while count >= 8:
            out.append(bits & 255)
            bits >>= 8
            count -= 8

    for start in range(0, len(indices), chunk):
        put(clear)
        for value in indices[start:start + chunk]:
            put(value)
    put(end)
    if count:
        out.append(bits & 255)
    blocks = bytearray([min_size])
    for i in range(0, len(out), 255):
        piece = out[i:i + 255]
        blocks += bytes([len(piece)]) + piece
    return blocks + b"\0"


def palette_bytes(colors):
    size = 1
    while (1 << size) < len(colors):
        size += 1
    padded = list(colors) + [(0, 0, 0)] * ((1 << size) - len(colors))
    return size - 1, b"".join(bytes(c) for c in padded)


def gif(width, height, frames, global_colors=None, background=0, loop=0):
    out = bytearray(b"GIF89a" + struct.pack("<HH", width, height))
    if global_colors:
        bits, table = palette_bytes(global_colors)
        out += bytes([0x80 | (bits << 4) | bits, background, 0]) + table
    else:
        out += bytes([0, 0, 0])
    if loop is not None:
        out += b"\x21\xff\x0bNETSCAPE2.0\x03\x01" + struct.pack("<H", loop) + b"\0"
    for f in frames:
        flags = (f.get("disposal", 0) << 2) | (1 if f.get("transparent") is not None else 0)
        if f.get("gce", True):
            out += b"\x21\xf9\x04" + bytes([flags]) + struct.pack("<H", f.get("delay", 10)) + bytes([f.get("transparent") or 0]) + b"\0"
        x, y, w, h = f["rect"]
        descriptor = 0
        table = b""
        if "palette" in f:
            bits, table = palette_bytes(f["palette"])
            descriptor = 0x80 | bits
        if f.get("interlaced"):
            descriptor |= 0x40
            rows = [f["pixels"][r * w:(r + 1) * w] for r in range(h)]
            order = list(range(0, h, 8)) + list(range(4, h, 8)) + list(range(2, h, 4)) + list(range(1, h, 2))
            stored = [v for r in order for v in rows[r]]
        else:
            stored = f["pixels"]
        out += b"\x2c" + struct.pack("<HHHH", x, y, w, h) + bytes([descriptor]) + table
        out += lzw(stored, f.get("code_size", 8 if max(stored) > 15 else 4))
    return bytes(out + b";")


def pattern(w, h, values, seed=0):
    return [values[(x * 3 + y * 5 + seed + (x * y) % 7) % len(values)] for y in range(h) for x in range(w)]


RGB = [(0, 0, 0), (255, 0, 0), (0, 200, 0), (0, 0, 255), (250, 250, 0), (0, 220, 220), (200, 0, 200), (255, 255, 255)]
OTHER = [(10, 20, 30), (90, 60, 30), (30, 160, 90), (200, 100, 50), (120, 120, 250), (255, 128, 0), (40, 40, 40), (240, 200, 220)]

FIXTURES = {
    # Frame 0 opaque; later frames smaller with a transparent index, disposal 1 (keep).
    "anim-keep": gif(12, 10, [
        {"rect": (0, 0, 12, 10), "pixels": pattern(12, 10, [1, 2, 3])},
        {"rect": (2, 3, 5, 4), "pixels": pattern(5, 4, [4, 5, 0], 1), "transparent": 0, "disposal": 1},
        {"rect": (6, 1, 5, 6), "pixels": pattern(5, 6, [6, 7, 0], 2), "transparent": 0, "disposal": 1},
    ], RGB),
    # Disposal 2 with and without a transparent index; a background index of 5.
    "anim-background": gif(12, 10, [
        {"rect": (0, 0, 12, 10), "pixels": pattern(12, 10, [1, 2]), "disposal": 2},
        {"rect": (1, 1, 6, 5), "pixels": pattern(6, 5, [3, 4, 7], 1), "transparent": 7, "disposal": 2},
        {"rect": (4, 4, 7, 5), "pixels": pattern(7, 5, [6, 0], 2), "disposal": 2},
        {"rect": (0, 0, 3, 3), "pixels": pattern(3, 3, [2, 3], 3), "disposal": 1},
    ], RGB, background=5),
    # Disposal 3 (restore previous), then a frame with no disposal: the method persists.
    "anim-previous": gif(10, 10, [
        {"rect": (0, 0, 10, 10), "pixels": pattern(10, 10, [1, 3])},
        {"rect": (2, 2, 4, 4), "pixels": pattern(4, 4, [2, 4]), "disposal": 3},
        {"rect": (5, 5, 4, 4), "pixels": pattern(4, 4, [5, 6, 0], 1), "transparent": 0},
        {"rect": (1, 6, 3, 3), "pixels": pattern(3, 3, [7, 2], 2), "disposal": 1},
    ], RGB),
    # Frame 0 has a transparent index (an RGBA canvas) and does not cover the screen; local palettes.
    "anim-local": gif(14, 9, [
        {"rect": (3, 2, 6, 5), "pixels": pattern(6, 5, [0, 1, 2]), "transparent": 0, "disposal": 2},
        {"rect": (0, 0, 8, 9), "pixels": pattern(8, 9, [1, 2, 3, 4], 1), "palette": OTHER, "disposal": 1},
        {"rect": (7, 2, 7, 7), "pixels": pattern(7, 7, [5, 6, 7, 3], 2), "palette": OTHER[::-1], "transparent": 3, "disposal": 2},
        {"rect": (0, 4, 14, 5), "pixels": pattern(14, 5, [0, 5], 3), "transparent": 5},
    ], RGB, background=2),
    # A later frame reaches past the screen: the canvas grows; interlaced rows.
    "anim-grow": gif(8, 6, [
        {"rect": (0, 0, 8, 6), "pixels": pattern(8, 6, [1, 2, 3]), "interlaced": True},
        {"rect": (5, 3, 6, 5), "pixels": pattern(6, 5, [4, 5, 0], 1), "transparent": 0, "interlaced": True},
        {"rect": (0, 0, 3, 12), "pixels": pattern(3, 12, [6, 7], 2), "disposal": 2},
        {"rect": (2, 2, 3, 3), "pixels": pattern(3, 3, [1, 2], 3)},
    ], RGB),
    # A gray-ramp global palette: Pillow reads the file as gray.
    "anim-gray": gif(9, 9, [
        {"rect": (0, 0, 9, 9), "pixels": pattern(9, 9, [0, 40, 128, 255]), "transparent": 40, "code_size": 8},
        {"rect": (2, 2, 5, 5), "pixels": pattern(5, 5, [200, 40, 90], 1), "transparent": 90, "disposal": 2, "code_size": 8},
        {"rect": (0, 0, 4, 4), "pixels": pattern(4, 4, [10, 250], 2), "code_size": 8},
    ], [(i, i, i) for i in range(256)], background=3),
    # Indices past a 4-entry table (code size 3), and a frame without a graphic control block.
    "anim-short-table": gif(8, 8, [
        {"rect": (0, 0, 8, 8), "pixels": pattern(8, 8, [0, 1, 5, 7]), "code_size": 3},
        {"rect": (1, 1, 4, 4), "pixels": pattern(4, 4, [2, 6], 1), "gce": False, "code_size": 3},
        {"rect": (3, 3, 4, 4), "pixels": pattern(4, 4, [3, 7], 2), "transparent": 3, "disposal": 2, "code_size": 3},
    ], RGB[:4], loop=None),
}

if __name__ == "__main__":
    folder = sys.argv[1]
    os.makedirs(folder, exist_ok=True)
    for name, data in FIXTURES.items():
        with open(os.path.join(folder, name + ".gif"), "wb") as handle:
            handle.write(data)
