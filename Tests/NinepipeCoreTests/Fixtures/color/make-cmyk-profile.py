# A small CMYK profile made with LittleCMS: A2B0 is a 9×9×9×9 CLUT from CMYK to Lab that
# follows the plain formula (R = (1−C)(1−K) …, sRGB → D50 Lab), plus a slight warm cast on K
# so a conversion through it is told apart from the formula. No B2A0: input only.
import ctypes, ctypes.util, math
lcms = ctypes.CDLL(ctypes.util.find_library('lcms2'))
V = ctypes.c_void_p
lcms.cmsCreateProfilePlaceholder.restype = V
lcms.cmsPipelineAlloc.restype = V
lcms.cmsStageAllocCLut16bit.restype = V
lcms.cmsStageAllocCLut16bit.argtypes = [V, ctypes.c_uint, ctypes.c_uint, ctypes.c_uint, V]
lcms.cmsPipelineAlloc.argtypes = [V, ctypes.c_uint, ctypes.c_uint]
lcms.cmsPipelineInsertStage.argtypes = [V, ctypes.c_int, V]
lcms.cmsWriteTag.argtypes = [V, ctypes.c_uint, V]
lcms.cmsSetColorSpace.argtypes = [V, ctypes.c_uint]
lcms.cmsSetPCS.argtypes = [V, ctypes.c_uint]
lcms.cmsSetDeviceClass.argtypes = [V, ctypes.c_uint]
lcms.cmsSetProfileVersion.argtypes = [V, ctypes.c_double]
lcms.cmsSaveProfileToFile.argtypes = [V, ctypes.c_char_p]
lcms.cmsFloat2LabEncoded.argtypes = [ctypes.POINTER(ctypes.c_uint16), ctypes.POINTER(ctypes.c_double * 3)]
SAMPLER = ctypes.CFUNCTYPE(ctypes.c_int, ctypes.POINTER(ctypes.c_uint16), ctypes.POINTER(ctypes.c_uint16), V)
lcms.cmsStageSampleCLut16bit.argtypes = [V, SAMPLER, V, ctypes.c_uint]
def sig(s): return int.from_bytes(s.encode(), 'big')
def srgb_to_lab(r, g, b):
    def lin(c): return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = lin(r), lin(g), lin(b)
    # sRGB → XYZ D50 (Bradford-adapted)
    x = 0.4360747 * r + 0.3850649 * g + 0.1430804 * b
    y = 0.2225045 * r + 0.7168786 * g + 0.0606169 * b
    z = 0.0139322 * r + 0.0971045 * g + 0.7141733 * b
    xn, yn, zn = 0.9642, 1.0, 0.8249
    def f(t): return t ** (1 / 3) if t > 216 / 24389 else (24389 / 27 * t + 16) / 116
    fx, fy, fz = f(x / xn), f(y / yn), f(z / zn)
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)
@SAMPLER
def sample(inp, out, cargo):
    c, m, y, k = (inp[i] / 65535 for i in range(4))
    r, g, b = (1 - c) * (1 - k), (1 - m) * (1 - k), (1 - y) * (1 - k * 0.9)
    lab = (ctypes.c_double * 3)(*srgb_to_lab(r, g, b))
    enc = (ctypes.c_uint16 * 3)()
    lcms.cmsFloat2LabEncoded(enc, ctypes.byref(lab))
    for i in range(3): out[i] = enc[i]
    return 1
p = lcms.cmsCreateProfilePlaceholder(None)
lcms.cmsSetProfileVersion(p, 2.1)
lcms.cmsSetDeviceClass(p, sig('prtr'))
lcms.cmsSetColorSpace(p, sig('CMYK'))
lcms.cmsSetPCS(p, sig('Lab '))
pipe = lcms.cmsPipelineAlloc(None, 4, 3)
stage = lcms.cmsStageAllocCLut16bit(None, 9, 4, 3, None)
assert lcms.cmsStageSampleCLut16bit(stage, sample, None, 0)
lcms.cmsPipelineInsertStage(pipe, 1, stage)
assert lcms.cmsWriteTag(p, sig('A2B0'), pipe)
# A white point tag and a description keep readers happy.
class XYZ(ctypes.Structure): _fields_ = [('X', ctypes.c_double), ('Y', ctypes.c_double), ('Z', ctypes.c_double)]
wp = XYZ(0.9642, 1.0, 0.8249)
lcms.cmsWriteTag(p, sig('wtpt'), ctypes.byref(wp))
assert lcms.cmsSaveProfileToFile(p, b'small-cmyk.icc')
