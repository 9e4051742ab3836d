#!/usr/bin/env python3
"""BlurHash of `ninepipe info --placeholder` next to a reference encoder's, on real images.

Usage: python3 Scripts/compare-blurhash.py [--ninepipe PATH] [--approximate] [--components 4x3,9x9] IMAGE...

The reference is whichever `blurhash` module the interpreter has: `blurhash-python` (Wolt's own C
encoder, `pip install blurhash-python`) or `blurhash` (the pure-Python port). The two install the
same module name, so use one virtual environment each. Pixels come from Pillow, converted to RGB
(alpha dropped, as the reference encoders do) and turned upright with `ImageOps.exif_transpose`
(ninepipe hashes the image as displayed). Prints one row per image and component count and a
count of differences; exits 1 when any differ.
"""
import subprocess
import sys
from importlib import metadata

import blurhash
import numpy
from PIL import Image, ImageOps

from script_arguments import split_ninepipe

COMPONENTS = [(1, 1), (4, 3), (3, 4), (5, 2), (9, 9)]


def reference_name():
    for package in ("blurhash-python", "blurhash"):
        try:
            return f"{package} {metadata.version(package)}"
        except metadata.PackageNotFoundError:
            continue
    return "blurhash (unknown version)"


def reference(rgb, x, y):
    if reference_name().startswith("blurhash-python"):
        return blurhash.encode(rgb, x, y)
    return blurhash.encode(numpy.array(rgb), x, y)


def ours(ninepipe, path, x, y, approximate):
    command = [ninepipe, "info", path, "--components", f"{x}x{y}"] + (["--approximate"] if approximate else [])
    output = subprocess.run(command, check=True, capture_output=True, text=True).stdout
    line = next(line for line in output.splitlines() if line.startswith("placeholder:"))
    return line.split("blurhash ")[1].split(" ")[0]


def main():
    arguments, ninepipe = split_ninepipe()
    approximate = "--approximate" in arguments
    arguments = [a for a in arguments if a != "--approximate"]
    components = COMPONENTS
    if "--components" in arguments:
        at = arguments.index("--components")
        components = [tuple(int(n) for n in pair.split("x")) for pair in arguments[at + 1].split(",")]
        del arguments[at:at + 2]
    paths = arguments
    print(f"reference: {reference_name()}, Pillow {Image.__version__}; ninepipe: {ninepipe}{' --approximate' if approximate else ''}")
    differences = 0
    for path in paths:
        with Image.open(path) as image:
            rgb = ImageOps.exif_transpose(image).convert("RGB")
            rgb.load()
        for x, y in components:
            expected, got = reference(rgb.copy(), x, y), ours(ninepipe, path, x, y, approximate)
            same = expected == got
            differences += not same
            print(f"{'same' if same else 'DIFF'}  {x}x{y}  {path}  {expected}" + ("" if same else f"  ours {got}"))
    print(f"{len(paths) * len(components) - differences} of {len(paths) * len(components)} equal")
    sys.exit(1 if differences else 0)


if __name__ == "__main__":
    main()
