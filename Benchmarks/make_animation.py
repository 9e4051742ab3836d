"""Writes a deterministic 100-frame 480×270 animated GIF (a camera panning over a photo-like
picture, 40 ms a frame, looping), as Pillow writes one: a palette per frame, frames cropped to
what changed. Usage: make_animation.py OUT.gif [PHOTO]. Needs Pillow (and numpy without PHOTO)."""
import sys

from PIL import Image

if len(sys.argv) > 2:
    source = Image.open(sys.argv[2]).convert("RGB")
else:
    import numpy as np

    rng = np.random.default_rng(31)
    y, x = np.mgrid[0:675, 0:1200].astype(np.float32)
    img = np.stack([60 + 120 * y / 675, 110 + 60 * np.sin(x / 380), 200 - 130 * y / 675], axis=-1)
    for _ in range(30):
        cx, cy, r = rng.uniform(0, 1200), rng.uniform(0, 675), rng.uniform(30, 200)
        mask = np.exp(-(((x - cx) ** 2 + (y - cy) ** 2) / (2 * r * r)))[..., None]
        img = img * (1 - 0.7 * mask) + rng.uniform(0, 255, 3) * 0.7 * mask
    img += rng.normal(0, 3.0, img.shape)
    source = Image.fromarray(np.clip(img, 0, 255).astype(np.uint8), "RGB")
source = source.resize((1200, round(1200 * source.height / source.width)))
frames = []
for i in range(100):
    x = int(i * (source.width - 480) / 99)
    y = int(abs((i % 50) - 25) * (source.height - 270) / 25)
    frames.append(source.crop((x, y, x + 480, y + 270)))
frames[0].save(sys.argv[1], save_all=True, append_images=frames[1:], duration=40, loop=0)
