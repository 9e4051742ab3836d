#!/usr/bin/env python3
"""Writes every frame of an animated image as Pillow composites it (ImageSequence, convert('RGBA')).

Usage: pillow-frames.py IN OUT
OUT gets, per frame: width and height (4 bytes each, little-endian), then width*height*4 RGBA bytes.
The GIF and WebP tests compare Ninepipe's frames with these; exit 3 when Pillow cannot read IN.
"""
import struct
import sys

from PIL import Image, ImageSequence

try:
    image = Image.open(sys.argv[1])
    out = bytearray()
    for frame in ImageSequence.Iterator(image):
        rgba = frame.convert("RGBA")
        out += struct.pack("<II", rgba.width, rgba.height) + rgba.tobytes()
except Exception as error:  # Pillow refuses the file
    print(f"Pillow cannot read it: {error}", file=sys.stderr)
    sys.exit(3)
with open(sys.argv[2], "wb") as handle:
    handle.write(out)
