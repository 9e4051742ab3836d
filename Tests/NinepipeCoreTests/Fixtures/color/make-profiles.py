import ctypes, ctypes.util
lcms = ctypes.CDLL(ctypes.util.find_library('lcms2'))
class xyY(ctypes.Structure): _fields_ = [('x', ctypes.c_double), ('y', ctypes.c_double), ('Y', ctypes.c_double)]
class Triple(ctypes.Structure): _fields_ = [('Red', xyY), ('Green', xyY), ('Blue', xyY)]
lcms.cmsBuildParametricToneCurve.restype = ctypes.c_void_p
lcms.cmsBuildGamma.restype = ctypes.c_void_p
lcms.cmsCreateRGBProfile.restype = ctypes.c_void_p
lcms.cmsCreateGrayProfile.restype = ctypes.c_void_p
# sRGB transfer function: type 4 parametric curve.
params = (ctypes.c_double * 5)(2.4, 1 / 1.055, 0.055 / 1.055, 1 / 12.92, 0.04045)
curve = lcms.cmsBuildParametricToneCurve(None, 4, params)
white = xyY(0.3127, 0.3290, 1.0)
p3 = Triple(xyY(0.680, 0.320, 1.0), xyY(0.265, 0.690, 1.0), xyY(0.150, 0.060, 1.0))
curves = (ctypes.c_void_p * 3)(curve, curve, curve)
profile = lcms.cmsCreateRGBProfile(ctypes.byref(white), ctypes.byref(p3), curves)
lcms.cmsSaveProfileToFile(ctypes.c_void_p(profile), b'display-p3.icc')
gamma = lcms.cmsBuildGamma(None, ctypes.c_double(1.8))
gray = lcms.cmsCreateGrayProfile(ctypes.byref(white), ctypes.c_void_p(gamma))
lcms.cmsSaveProfileToFile(ctypes.c_void_p(gray), b'gray-18.icc')
