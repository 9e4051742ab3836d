#!/usr/bin/env python3
"""Writes a large RGB zone plate PNG row by row (never whole in memory): the hard case for
resampling (every frequency up to Nyquist) and for memory (issue 13's 20000×20000 test).

    python3 Benchmarks/make_zoneplate.py OUT.png [SIZE]      # SIZE defaults to 20000
"""
import struct
import sys
import zlib

import numpy as np


def chunk(kind, data):
    body = kind + data
    return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)


def main():
    path = sys.argv[1]
    size = int(sys.argv[2]) if len(sys.argv) > 2 else 20000
    x = np.arange(size, dtype=np.float64) - size / 2
    k = np.pi / size  # phase grows as r²: frequency reaches Nyquist at the edge
    with open(path, "wb") as out:
        out.write(b"\x89PNG\r\n\x1a\n")
        out.write(chunk(b"IHDR", struct.pack(">IIBBBBB", size, size, 8, 2, 0, 0, 0)))
        deflate = zlib.compressobj(1)
        pending = b""
        for row in range(size):
            y = row - size / 2
            phase = k * (x * x + y * y)
            r = 127.5 + 127.5 * np.cos(phase)
            g = 127.5 + 127.5 * np.cos(phase * 0.5 + row * 0.001)
            b = 127.5 + 127.5 * np.sin(phase * 0.25)
            rgb = np.stack([r, g, b], axis=1).astype(np.uint8).tobytes()
            pending += deflate.compress(b"\x00" + rgb)
            if len(pending) >= 1 << 20:
                out.write(chunk(b"IDAT", pending))
                pending = b""
        pending += deflate.flush()
        out.write(chunk(b"IDAT", pending))
        out.write(chunk(b"IEND", b""))


if __name__ == "__main__":
    main()
