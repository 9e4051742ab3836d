#!/usr/bin/env python3
"""Compares `sharpen` with libvips' `sharpen` on one photo (dev-only; needs vips, Pillow, numpy).

vips sharpens CIELAB L* through a piecewise response (slope m1 below the threshold x1, m2
above, clipped at y2/y3) with a Gaussian cut where it falls to a fifth (min-ampl 0.2) in
integer arithmetic; we add amount × (Y' − Gaussian mean) of Rec. 709 luma to R, G and B with
the kernel cut at 3σ. With m1 = m2 = amount, x1 = 0 and no clipping both are plain unsharp
masks: this prints how far the pixels and the added detail differ. (vips' defaults,
x1 = 2 L* with m1 = 0, leave detail under 2 L* alone: on 8-bit photos most of it.)

    python3 Scripts/compare-sharpen.py PHOTO.jpg [NINEPIPE]
"""
import subprocess, sys, tempfile, os
import numpy as np
from PIL import Image

photo = sys.argv[1]
ninepipe = sys.argv[2] if len(sys.argv) > 2 else ".build/release/ninepipe"
work = tempfile.mkdtemp()
source = os.path.join(work, "in.png")
Image.open(photo).convert("RGB").crop((1000, 800, 2000, 1600)).save(source)
original = np.asarray(Image.open(source)).astype(float)

def ours(step):
    out = os.path.join(work, "ours.png")
    subprocess.run([ninepipe, "run", "-e", f'load "{source}" | {step} | save "{out}"'], check=True)
    return np.asarray(Image.open(out)).astype(float)

def vips(*options):
    out = os.path.join(work, "vips.png")
    subprocess.run(["vips", "sharpen", source, out, *options], check=True)
    return np.asarray(Image.open(out).convert("RGB")).astype(float)

def report(label, a, b):
    da, db = a - original, b - original
    luma = lambda d: 0.2126 * d[..., 0] + 0.7152 * d[..., 1] + 0.0722 * d[..., 2]
    correlation = np.corrcoef(luma(da).ravel(), luma(db).ravel())[0, 1]
    print(f"| {label} | {np.abs(a - b).mean():.2f} | {np.abs(a - b).max():.0f} | {np.abs(luma(da)).mean():.2f} | {np.abs(luma(db)).mean():.2f} | {correlation:.3f} |")

print("| comparison | mean abs diff | max | ours: mean detail added | vips: mean detail added | detail correlation |")
print("|---|---|---|---|---|---|")
for sigma, amount in [(0.5, 1), (1, 1), (2, 1.5)]:
    report(f"σ {sigma}, amount {amount}, plain USM", ours(f"sharpen sigma={sigma} amount={amount}"),
           vips("--sigma", str(sigma), "--x1", "0", "--m1", str(amount), "--m2", str(amount), "--y2", "1000", "--y3", "1000"))
