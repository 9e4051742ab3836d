#!/usr/bin/env python3
"""Compares `blur` and libvips' `gaussblur` with a float64 Gaussian (dev-only; needs vips,
Pillow, numpy).

Both are set up with the same kernel: the Gaussian sampled at whole pixels and cut at 3σ
(`--min-ampl 0.011` for vips), in float (`--precision float`), edges repeated. The float64
reference is that kernel, normalised, applied along rows and columns. The table says how far
each result is from the reference, with the mean signed error: rounding gives about 0, a
conversion that truncates about −0.5.

    python3 Scripts/compare-blur.py PHOTO [SIGMA...] [--ninepipe PATH]
"""
import os, subprocess, sys, tempfile
import numpy as np
from PIL import Image
from script_arguments import split_ninepipe

arguments, ninepipe = split_ninepipe()
photo, sigmas = arguments[0], [float(s) for s in arguments[1:]] or [1.0, 4.0, 12.0]
work = tempfile.mkdtemp()
source = os.path.join(work, "in.png")
image = Image.open(photo).convert("RGB")
image.crop((0, 0, min(image.width, 1200), min(image.height, 900))).save(source)
original = np.asarray(Image.open(source)).astype(np.float64)

def reference(sigma):
    radius = max(1, int(np.ceil(3 * sigma - 1e-9)))
    offsets = np.arange(-radius, radius + 1)
    weights = np.exp(-offsets * offsets / (2 * sigma * sigma))
    weights /= weights.sum()
    result = original
    for axis in (0, 1):
        padding = [(0, 0)] * 3
        padding[axis] = (radius, radius)
        padded = np.pad(result, padding, mode="edge")
        total = np.zeros_like(result)
        for k, weight in enumerate(weights):
            window = [slice(None)] * 3
            window[axis] = slice(k, k + result.shape[axis])
            total += weight * padded[tuple(window)]
        result = total
    return result

def run(command, output):
    subprocess.run(command, check=True)
    return np.asarray(Image.open(output).convert("RGB")).astype(np.float64)

print("| σ | tool | max from float64 | mean signed | equal to the rounded float64 |")
print("|---|---|---|---|---|")
for sigma in sigmas:
    expected = reference(sigma)
    ours = run([ninepipe, "run", "-e", f'load "{source}" | blur {sigma:g} | save "{work}/ours.png"'], f"{work}/ours.png")
    vips = run(["vips", "gaussblur", source, f"{work}/vips.png", str(sigma), "--min-ampl", "0.011", "--precision", "float"],
               f"{work}/vips.png")
    for name, result in (("ninepipe", ours), ("vips", vips)):
        error = result - expected
        same = (result == np.round(expected)).mean() * 100
        print(f"| {sigma:g} | {name} | {np.abs(error).max():.3f} | {error.mean():+.3f} | {same:.3f}% |")
