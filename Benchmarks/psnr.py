"""Resampling quality: PSNR of 4000×3000 → 1000×750 Lanczos-3 downscales against a float64
reference of the same filter (separable, support widened by the scale factor, weights
normalised, edge pixels repeated; pixel centres at (i + 0.5) · scale).

    python3 Benchmarks/psnr.py SOURCE.png NAME=RESULT.png ...

Prints a Markdown table: PSNR over the whole image and over the interior (4-pixel margin
left out, where tools differ only in how they treat the image edge). Needs numpy and Pillow.
"""
import math
import sys

import numpy as np
from PIL import Image


def lanczos3(x):
    x = np.abs(x)
    out = np.where(x < 3, np.sinc(x) * np.sinc(x / 3), 0.0)
    return out


def weights(n_in, n_out):
    scale = n_in / n_out
    fscale = max(scale, 1.0)
    support = 3 * fscale
    taps = int(math.ceil(support * 2)) + 3
    idx = np.zeros((n_out, taps), np.int64)
    w = np.zeros((n_out, taps))
    for i in range(n_out):
        center = (i + 0.5) * scale
        first = int(math.floor(center - support - 0.5))
        pos = np.arange(first, first + taps)
        ww = lanczos3((pos + 0.5 - center) / fscale)
        idx[i] = np.clip(pos, 0, n_in - 1)
        w[i] = ww / ww.sum()
    return idx, w


def reference(img, width, height):
    src = img.astype(np.float64)
    hidx, hw = weights(src.shape[1], width)
    vidx, vw = weights(src.shape[0], height)
    rows = np.empty((src.shape[0], width, src.shape[2]))
    for start in range(0, src.shape[0], 200):
        chunk = src[start:start + 200][:, hidx, :]            # (r, width, taps, c)
        rows[start:start + 200] = np.einsum("rxtc,xt->rxc", chunk, hw)
    cols = rows[vidx, :, :]                                   # (height, taps, width, c)
    return np.einsum("ytxc,yt->yxc", cols, vw)


def psnr(a, b):
    mse = np.mean((a - b) ** 2)
    return float("inf") if mse == 0 else 10 * math.log10(255.0 ** 2 / mse)


def main():
    source = np.asarray(Image.open(sys.argv[1]).convert("RGB"))
    ref = None
    print("| result | PSNR vs float64 Lanczos-3 | interior (4 px margin) |")
    print("|---|---|---|")
    for item in sys.argv[2:]:
        name, path = item.split("=", 1)
        try:
            got = np.asarray(Image.open(path).convert("RGB")).astype(np.float64)
        except OSError:
            print(f"| {name} | missing | |")
            continue
        if ref is None:
            ref = np.clip(np.round(reference(source, got.shape[1], got.shape[0])), 0, 255)
        if got.shape != ref.shape:
            print(f"| {name} | size {got.shape[1]}×{got.shape[0]} differs | |")
            continue
        m = 4
        print(f"| {name} | {psnr(got, ref):.2f} dB | {psnr(got[m:-m, m:-m], ref[m:-m, m:-m]):.2f} dB |")


main()
