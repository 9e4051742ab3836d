"""Phone-like JPEGs cut from a real photograph, for Benchmarks/lossless.sh.

    python3 Benchmarks/make_phone_photos.py SOURCE.jpg OUT_DIR [COUNT]

Writes OUT_DIR/phone6.jpg (4032×3024, EXIF orientation 6) and OUT_DIR/batch/NN.jpg (COUNT files,
4032×3024 crops at different places, orientations 1, 6, 3, 8 in turn): baseline 4:2:0 at
quality 92, each with an EXIF block holding its orientation, pixel dimensions and a 160×120
thumbnail, as a phone writes them. Needs Pillow and piexif (pip install pillow piexif).
"""

import io
import os
import sys

import piexif
from PIL import Image


def phone_jpeg(picture, orientation, path):
    thumbnail = picture.resize((160, 120))
    thumb_bytes = io.BytesIO()
    thumbnail.save(thumb_bytes, "JPEG", quality=80)
    exif = piexif.dump({
        "0th": {piexif.ImageIFD.Orientation: orientation, piexif.ImageIFD.Make: b"Ninepipe", piexif.ImageIFD.Model: b"benchmark"},
        "Exif": {piexif.ExifIFD.PixelXDimension: picture.width, piexif.ExifIFD.PixelYDimension: picture.height},
        "1st": {piexif.ImageIFD.XResolution: (72, 1)},
        "thumbnail": thumb_bytes.getvalue(),
    })
    picture.save(path, "JPEG", quality=92, subsampling=2, exif=exif)


def main():
    source, out = sys.argv[1], sys.argv[2]
    count = int(sys.argv[3]) if len(sys.argv) > 3 else 60
    photo = Image.open(source).convert("RGB")
    width, height = 4032, 3024
    if photo.width < width or photo.height < height:
        scale = max(width / photo.width, height / photo.height)
        photo = photo.resize((round(photo.width * scale) + 1, round(photo.height * scale) + 1), Image.LANCZOS)
    os.makedirs(os.path.join(out, "batch"), exist_ok=True)
    phone_jpeg(photo.crop((0, 0, width, height)), 6, os.path.join(out, "phone6.jpg"))
    orientations = [1, 6, 3, 8]
    for index in range(count):
        x = (photo.width - width) * index // max(1, count - 1)
        y = (photo.height - height) * (index % 7) // 6
        phone_jpeg(photo.crop((x, y, x + width, y + height)), orientations[index % 4], os.path.join(out, "batch", "%02d.jpg" % index))


if __name__ == "__main__":
    main()
