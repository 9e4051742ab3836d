#!/usr/bin/env python3
"""Checks our WebP, AVIF and HEIC files with independent decoders (dev-only; needs Pillow,
pillow-heif and numpy: `pip install pillow pillow-heif pillow-avif-plugin numpy`).

Each source layout (gray, RGB, RGBA, 16-bit RGB) is saved by ninepipe in each format, then
decoded twice: by ninepipe (to PNG) and independently: WebP by Pillow (its own libwebp),
HEIC by pillow-heif (its own libheif and libde265), AVIF by pillow-avif-plugin (libavif with
its own AV1 decoder). The table gives how far the two decodes are apart, in
levels of the file's depth, and the PSNR of the independent decode against the source.

    python3 Scripts/compare-formats.py PHOTO [--ninepipe PATH]
"""
import os, struct, subprocess, sys, tempfile, zlib
import numpy as np
from PIL import Image
from script_arguments import split_ninepipe
import pillow_avif  # noqa: F401 (registers AVIF with Pillow)
import pillow_heif

arguments, ninepipe = split_ninepipe()
work = tempfile.mkdtemp()
photo = Image.open(arguments[0]).convert("RGB")
photo = photo.crop((0, 0, min(photo.width, 960), min(photo.height, 640)))

def run(pipeline):
    subprocess.run([ninepipe, "run", "-e", pipeline], check=True)

def png_chunk(kind, data):
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

def write_rgb16(path, samples):
    height, width, _ = samples.shape
    raw = b"".join(b"\x00" + samples[y].astype(">u2").tobytes() for y in range(height))
    with open(path, "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n" + png_chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 16, 2, 0, 0, 0))
                + png_chunk(b"IDAT", zlib.compress(raw, 6)) + png_chunk(b"IEND", b""))

def make_source(layout):
    """The source as a PNG file, and its samples as floats 0…1 (height × width × channels)."""
    path = os.path.join(work, layout + ".png")
    if layout == "gray":
        image = photo.convert("L")
    elif layout == "rgba":
        image = photo.copy()
        image.putalpha(Image.fromarray(np.tile(np.linspace(0, 255, photo.width).astype(np.uint8), (photo.height, 1))))
    else:
        image = photo
    if layout == "rgb16":
        # A smooth ramp below the 8-bit levels, so the low bits carry something.
        deep = (np.asarray(photo).astype(np.float64) * 257 * 0.98 + np.linspace(0, 600, photo.width)[None, :, None])
        deep = deep.clip(0, 65535).astype(np.uint16)
        write_rgb16(path, deep)
        return path, deep / 65535.0
    image.save(path)
    samples = np.asarray(image).astype(np.float64) / 255
    return path, samples if samples.ndim == 3 else samples[..., None]

def read_png(path):
    """Samples of a PNG as floats 0…1: Pillow for 8 bits, a plain reader for 16 (Pillow keeps 8 bits of 16-bit RGB)."""
    data = open(path, "rb").read()
    width, height, depth, color = struct.unpack(">IIBB", data[16:26])
    if depth != 16:
        samples = np.asarray(Image.open(path).convert({0: "L", 2: "RGB", 3: "RGBA", 4: "LA", 6: "RGBA"}[color]))
        samples = samples.astype(np.float64) / 255
        return samples if samples.ndim == 3 else samples[..., None]
    channels = {0: 1, 2: 3, 4: 2, 6: 4}[color]
    position, compressed = 8, b""
    while position < len(data):
        length, kind = struct.unpack(">I4s", data[position:position + 8])
        if kind == b"IDAT":
            compressed += data[position + 8:position + 8 + length]
        position += 12 + length
    raw, stride, bpp = zlib.decompress(compressed), width * channels * 2, channels * 2
    rows, previous = [], np.zeros(stride, dtype=np.int64)
    for y in range(height):
        kind = raw[y * (stride + 1)]
        line = np.frombuffer(raw, dtype=np.uint8, count=stride, offset=y * (stride + 1) + 1).astype(np.int64)
        out = np.zeros(stride, dtype=np.int64)
        for i in range(stride):  # slow but plain; the sources here are small
            a = out[i - bpp] if i >= bpp else 0
            b, c = previous[i], (previous[i - bpp] if i >= bpp else 0)
            if kind == 0: p = 0
            elif kind == 1: p = a
            elif kind == 2: p = b
            elif kind == 3: p = (a + b) // 2
            else:
                e = a + b - c
                p = a if abs(e - a) <= abs(e - b) and abs(e - a) <= abs(e - c) else (b if abs(e - b) <= abs(e - c) else c)
            out[i] = (line[i] + p) & 255
        rows.append(out.astype(np.uint8).tobytes())
        previous = out
    return np.frombuffer(b"".join(rows), dtype=">u2").reshape(height, width, channels).astype(np.float64) / 65535

def read_independently(path):
    """The file decoded by Pillow (WebP, AVIF through pillow-avif-plugin) or pillow-heif (HEIC; 10-bit kept as 16-bit)."""
    if path.endswith(".heic"):
        heif = pillow_heif.open_heif(path, convert_hdr_to_8bit=False)
        samples = np.asarray(heif)
        return samples.astype(np.float64) / (65535 if samples.dtype == np.uint16 else 255), 16 if samples.dtype == np.uint16 else 8
    samples = np.asarray(Image.open(path)).astype(np.float64) / 255
    return (samples if samples.ndim == 3 else samples[..., None]), 8

def psnr(a, b):
    mse = np.mean((a - b) ** 2)
    return float("inf") if mse == 0 else 10 * np.log10(1 / mse)

print("| source | saved as | file depth | ours vs independent decode: max, mean | PSNR vs source: independent decode | ours |")
print("|---|---|---|---|---|---|")
for layout in ["gray", "rgb", "rgba", "rgb16"]:
    source, original = make_source(layout)
    for extension, options in [("webp", "quality=80"), ("webp", "lossless=true"), ("avif", "quality=60"), ("heic", "quality=60")]:
        saved = os.path.join(work, f"{layout}-{options.split('=')[0]}.{extension}")
        run(f'load "{source}" | save "{saved}" {options}')
        run(f'load "{saved}" | save "{saved}.png"')
        ours = read_png(saved + ".png")
        independent, depth = read_independently(saved)
        # Gray sources come back as RGB from WebP and HEIF files: compare like with like.
        if ours.shape[2] == 1 and independent.shape[2] >= 3: ours = np.repeat(ours, 3, axis=2)
        if independent.shape[2] == 1 and ours.shape[2] >= 3: independent = np.repeat(independent, 3, axis=2)
        reference = np.repeat(original, 3, axis=2) if original.shape[2] == 1 else original
        channels = min(ours.shape[2], independent.shape[2], reference.shape[2])
        top = 65535 if depth == 16 else 255
        difference = np.abs(ours[..., :channels] - independent[..., :channels]) * top
        print(f"| {layout} | {extension} {options} | {depth} | {difference.max():.0f}, {difference.mean():.3f} levels "
              f"| {psnr(independent[..., :channels], reference[..., :channels]):.2f} dB | {psnr(ours[..., :channels], reference[..., :channels]):.2f} dB |")
