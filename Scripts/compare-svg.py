#!/usr/bin/env python3
"""Issue 30: SVGs drawn by ninepipe against rsvg-convert (the same librsvg underneath: this checks
our plumbing, sizes and premultiplication), at 1x, 2x and 3x.

    python3 Scripts/compare-svg.py [DIR ...]      # default: the Tango and Adwaita icon themes

Draws every SVG below the folders with one batch run per scale (`load density=96|192|288`) and
with `rsvg-convert -z 1|2|3` per file, then compares the RGBA pixels (straight alpha, as both
write PNG): prints, per scale, how many files match in size, the largest difference in 8-bit
levels and the mean. Needs Pillow, numpy, rsvg-convert (librsvg2-bin) and a release build.
"""
import os
import subprocess
import sys
import tempfile

import numpy as np
from PIL import Image

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ninepipe = os.path.join(root, ".build", "release", "ninepipe")
folders = sys.argv[1:] or ["/usr/share/icons/Tango/scalable", "/usr/share/icons/Adwaita/scalable"]

with tempfile.TemporaryDirectory() as work:
    source = os.path.join(work, "in")
    os.makedirs(source)
    names = []
    for folder in folders:
        for directory, _, files in os.walk(folder):
            for name in sorted(files):
                path = os.path.join(directory, name)
                if not name.endswith(".svg") or os.path.islink(path):
                    continue
                copy = f"{len(names):04d}-{name}"
                with open(path, "rb") as data, open(os.path.join(source, copy), "wb") as out:
                    out.write(data.read())
                names.append(copy)
    print(f"{len(names)} SVG files from {', '.join(folders)}")
    for scale in (1, 2, 3):
        ours = os.path.join(work, f"ours{scale}")
        subprocess.run(
            [ninepipe, "run", "-q", "-e", f"load density={96 * scale} | save", source, "--output", ours + "/", "--jobs", "2"],
            check=False)
        same_size, worst, means, failed = 0, 0, [], []
        for name in names:
            reference = os.path.join(work, f"ref{scale}-{name}.png")
            done = subprocess.run(["rsvg-convert", "-z", str(scale), "-o", reference, os.path.join(source, name)], capture_output=True)
            mine = os.path.join(ours, name[:-4] + ".png")
            if done.returncode != 0 or not os.path.exists(mine):
                failed.append((name, done.returncode, os.path.exists(mine)))
                continue
            a = np.asarray(Image.open(mine).convert("RGBA")).astype(int)
            b = np.asarray(Image.open(reference).convert("RGBA")).astype(int)
            if a.shape != b.shape:
                failed.append((name, f"size {a.shape[1]}x{a.shape[0]} vs {b.shape[1]}x{b.shape[0]}", True))
                continue
            same_size += 1
            # Colour where a pixel is (almost) transparent says nothing: compare premultiplied.
            pa = np.concatenate([a[..., :3] * a[..., 3:] / 255, a[..., 3:]], axis=-1)
            pb = np.concatenate([b[..., :3] * b[..., 3:] / 255, b[..., 3:]], axis=-1)
            difference = np.abs(pa - pb)
            worst = max(worst, difference.max())
            means.append(difference.mean())
        print(f"{scale}x: {same_size}/{len(names)} same size, largest difference {worst:.2f} levels (premultiplied), "
              f"mean {np.mean(means) if means else 0:.4f}; not compared: {len(failed)}")
        for entry in failed[:10]:
            print("   ", entry)
