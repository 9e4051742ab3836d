"""Writes a deterministic 4000×3000 photo-like RGB image (smooth shapes, gradients,
fine texture and sensor noise) as PNG and as JPEG quality 92. Needs numpy and Pillow."""
import sys

import numpy as np
from PIL import Image

W, H = 4000, 3000
rng = np.random.default_rng(1234)
y, x = np.mgrid[0:H, 0:W].astype(np.float32)
img = np.zeros((H, W, 3), np.float32)
# Sky-to-ground gradient.
img[..., 0] = 60 + 120 * (y / H)
img[..., 1] = 110 + 60 * np.sin(x / W * 3.1)
img[..., 2] = 200 - 130 * (y / H)
# Soft blobs (objects), low-frequency shading.
for _ in range(40):
    cx, cy, r = rng.uniform(0, W), rng.uniform(0, H), rng.uniform(80, 600)
    color = rng.uniform(0, 255, 3)
    mask = np.exp(-(((x - cx) ** 2 + (y - cy) ** 2) / (2 * r * r)))[..., None]
    img = img * (1 - 0.7 * mask) + color * 0.7 * mask
# Fine texture and noise, as a camera sensor gives.
img += 6 * np.sin(x / 3.7)[..., None] * np.cos(y / 5.3)[..., None]
img += rng.normal(0, 3.0, img.shape)
out = Image.fromarray(np.clip(img, 0, 255).astype(np.uint8), "RGB")
out.save(sys.argv[1], compress_level=6)
out.save(sys.argv[2], quality=92)
