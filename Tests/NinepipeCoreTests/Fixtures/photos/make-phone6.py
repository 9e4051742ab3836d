import piexif, io, sys
from PIL import Image
import PIL.ImageCms as cms
src=Image.open('/work/main/Tests/NinepipeCoreTests/Fixtures/photos/rocket.jpg').convert('RGB')
thumb=src.resize((160,107)); tb=io.BytesIO(); thumb.save(tb,'JPEG',quality=80)
exif={"0th":{piexif.ImageIFD.Orientation:6, piexif.ImageIFD.Make:b"Ninepipe test", piexif.ImageIFD.Model:b"rocket"},
      "Exif":{piexif.ExifIFD.PixelXDimension:640, piexif.ExifIFD.PixelYDimension:427, piexif.ExifIFD.DateTimeOriginal:b"2024:05:01 12:00:00"},
      "GPS":{piexif.GPSIFD.GPSLatitudeRef:b"N", piexif.GPSIFD.GPSLatitude:((52,1),(30,1),(0,1))},
      "1st":{piexif.ImageIFD.XResolution:(72,1)}, "thumbnail":tb.getvalue()}
eb=piexif.dump(exif)
icc=cms.ImageCmsProfile(cms.createProfile("sRGB")).tobytes()
out=io.BytesIO(); src.save(out,'JPEG',quality=88,subsampling=2,exif=eb,icc_profile=icc)
data=out.getvalue()
xmp=b'http://ns.adobe.com/xap/1.0/\x00<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description xmlns:tiff="http://ns.adobe.com/tiff/1.0/" tiff:Orientation="6"/></rdf:RDF></x:xmpmeta>'
mpf=b'MPF\x00II*\x00\x08\x00\x00\x00\x00\x00\x00\x00'
def seg(m,p): n=len(p)+2; return bytes([0xFF,m,n>>8,n&255])+p
i=2
while data[i+1] in range(0xE0,0xF0): i+=2+(data[i+2]<<8|data[i+3])
data=data[:i]+seg(0xE1,xmp)+seg(0xE2,mpf)+seg(0xFE,b'a comment')+data[i:]
open(sys.argv[1],'wb').write(data)
im=Image.open(sys.argv[1]); print(len(data), im.size, im.getexif().get(0x112), [a[0] for a in im.applist])
