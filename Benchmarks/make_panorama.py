#!/usr/bin/env python3
"""Writes a deterministic photo-like panorama JPEG (default 30000×4000, quality 90) built in
horizontal strips, for issue 13's memory test (`resize width=2000` must stay under 100 MiB).

    python3 Benchmarks/make_panorama.py OUT.jpg [WIDTH HEIGHT]
"""
import sys

import numpy as np
from PIL import Image

path = sys.argv[1]
W, H = (int(sys.argv[2]), int(sys.argv[3])) if len(sys.argv) > 3 else (30000, 4000)
rng = np.random.default_rng(99)
out = np.zeros((H, W, 3), np.uint8)
x = np.arange(W, dtype=np.float32)
for top in range(0, H, 500):
    y = np.arange(top, min(H, top + 500), dtype=np.float32)[:, None]
    img = np.empty((len(y), W, 3), np.float32)
    img[..., 0] = 60 + 120 * (y / H) + 30 * np.sin(x / 900)
    img[..., 1] = 110 + 60 * np.sin(x / W * 9.1) + 0 * y
    img[..., 2] = 200 - 130 * (y / H) + 20 * np.cos(x / 1300)
    img += 6 * (np.sin(x / 3.7)[None, :] * np.cos(y / 5.3))[..., None]
    img += rng.normal(0, 3.0, img.shape)
    out[top:top + len(y)] = np.clip(img, 0, 255).astype(np.uint8)
Image.fromarray(out, "RGB").save(path, quality=90)
