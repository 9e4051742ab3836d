#!/usr/bin/env python3
"""Runs real large images through ninepipe streamed and whole and compares the results pixel
for pixel; PNG inputs are also compared with Pillow's decoding. Dev-only (needs numpy, Pillow
and a release build).

    python3 Scripts/compare-streamed.py [FOLDER...]
    # default folders: /usr/share/wallpapers /usr/share/backgrounds
    # (apt-get install plasma-workspace-wallpapers mate-backgrounds lomiri-wallpapers)
"""
import glob
import os
import subprocess
import sys
import tempfile

import numpy as np
from PIL import Image

np_bin = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".build", "release", "ninepipe")
folders = sys.argv[1:] or ["/usr/share/wallpapers", "/usr/share/backgrounds"]
files = sorted(f for d in folders for f in glob.glob(d + "/**/*", recursive=True)
               if f.lower().endswith((".png", ".jpg", ".jpeg")) and os.path.getsize(f) > 1_000_000)
work = tempfile.mkdtemp(prefix="ninepipe-streamed-")
steps = {"copy": "", "resize": "| resize width=50% ", "crop": "| crop width=60% height=40% gravity=center ", "thumb": "| thumbnail 256 ", "round": "| resize width=1200 | round radius=40 ",
         "blur": "| blur 4 ", "wideblur": "| blur 40 ", "sharpen": "| sharpen 1 amount=2 ",
         "colour": "| modulate brightness=1.1 saturation=0.8 hue=30 | tint #704214 | gamma 1.4 ", "gray": "| grayscale | invert "}
bad = 0
for f in files:
    for name, step in steps.items():
        outs = []
        for mode in ["always", "never"]:
            out = f"{work}/{name}-{mode}.png"
            r = subprocess.run([np_bin, "run", "--stream", mode, "-e", f'load "{f}" {step}| save "{out}"'], capture_output=True, text=True)
            if r.returncode != 0:
                print("FAIL", mode, name, f, r.stderr.strip()[:200]); bad += 1
            outs.append(out)
        a = np.asarray(Image.open(outs[0]).convert("RGBA")); b = np.asarray(Image.open(outs[1]).convert("RGBA"))
        if a.shape != b.shape or (a != b).any():
            print("DIFF", name, f); bad += 1
    if f.lower().endswith(".png"):
        # Our decode vs Pillow's: the streamed copy must hold Pillow's pixels.
        ours = np.asarray(Image.open(f"{work}/copy-always.png").convert("RGBA")).astype(int)
        ref = np.asarray(Image.open(f).convert("RGBA")).astype(int)
        if ours.shape != ref.shape or (ours != ref).any():
            print("PILLOW-DIFF", f, np.abs(ours - ref).max()); bad += 1
print(len(files), "files,", bad, "problems")
