#!/usr/bin/env python3
"""Palette quality of Ninepipe's GIF writer next to ImageMagick's `-colors 256`.

Usage: palette-quality.py NINEPIPE PHOTO... (each photo is scaled to 480 wide first)
For each photo prints the mean CIE76 ΔE (Lab, D65) and PSNR of the 256-colour GIF each tool
writes, dithered (both tools' defaults) and not (`dither=false`, `-dither None`).
"""
import os
import subprocess
import sys
import tempfile

import numpy as np
from PIL import Image


def lab(rgb):
    c = rgb.astype(np.float64) / 255.0
    c = np.where(c <= 0.04045, c / 12.92, ((c + 0.055) / 1.055) ** 2.4)
    m = np.array([[0.4124, 0.3576, 0.1805], [0.2126, 0.7152, 0.0722], [0.0193, 0.1192, 0.9505]])
    xyz = c @ m.T / np.array([0.95047, 1.0, 1.08883])
    f = np.where(xyz > 0.008856, np.cbrt(xyz), 7.787 * xyz + 16 / 116)
    return np.stack([116 * f[..., 1] - 16, 500 * (f[..., 0] - f[..., 1]), 200 * (f[..., 1] - f[..., 2])], axis=-1)


def scores(reference, path):
    got = np.asarray(Image.open(path).convert("RGB"))
    delta = np.sqrt(((lab(reference) - lab(got)) ** 2).sum(axis=-1)).mean()
    mse = ((reference.astype(np.float64) - got) ** 2).mean()
    return delta, 10 * np.log10(255 ** 2 / mse)


ninepipe, photos = sys.argv[1], sys.argv[2:]
print("| photo | Ninepipe ΔE | ImageMagick ΔE | Ninepipe PSNR | ImageMagick PSNR | dithered |")
print("|---|---|---|---|---|---|")
with tempfile.TemporaryDirectory() as work:
    for photo in photos:
        source = os.path.join(work, "in.png")
        image = Image.open(photo).convert("RGB")
        image = image.resize((480, round(480 * image.height / image.width)), Image.LANCZOS)
        image.save(source)
        reference = np.asarray(image)
        for dither in (True, False):
            ours = os.path.join(work, "ours.gif")
            theirs = os.path.join(work, "im.gif")
            subprocess.run([ninepipe, "run", "-e", f'load "{source}" | save "{ours}" dither={"true" if dither else "false"}'], check=True)
            subprocess.run(["convert", source] + ([] if dither else ["-dither", "None"]) + ["-colors", "256", theirs], check=True)
            (d1, p1), (d2, p2) = scores(reference, ours), scores(reference, theirs)
            print(f"| {os.path.basename(photo)} | {d1:.2f} | {d2:.2f} | {p1:.2f} | {p2:.2f} | {'yes' if dither else 'no'} |")
