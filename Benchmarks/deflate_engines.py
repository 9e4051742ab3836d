"""Deflate engines on the data a PNG encoder compresses: zlib (levels, and its run-length
strategy), ISA-L's igzip (levels 0-3) and libdeflate (levels 1-12), on the filtered rows of PNGs
that ninepipe wrote (the filters it chose), one thread each. Prints a Markdown table of size and
time per engine and file.

    python3 Benchmarks/deflate_engines.py NINEPIPE FILE.png... [--rounds N]

Needs igzip (Debian: isal) and libdeflate-gzip (Debian: libdeflate-tools) on the PATH.
"""

import os
import struct
import subprocess
import sys
import tempfile
import time
import zlib


def filtered_rows(png):
    """The inflated IDAT stream of `png`: filter bytes and filtered rows."""
    data = open(png, "rb").read()
    offset, idat = 8, b""
    while offset < len(data):
        length, kind = struct.unpack(">I4s", data[offset:offset + 8])
        if kind == b"IDAT":
            idat += data[offset + 8:offset + 8 + length]
        offset += 12 + length
    return zlib.decompress(idat)


def best_time(function, rounds):
    best, result = None, None
    for _ in range(rounds):
        start = time.perf_counter()
        result = function()
        elapsed = time.perf_counter() - start
        best = elapsed if best is None else min(best, elapsed)
    return best, result


def zlib_engine(level, strategy):
    def run(raw, path):
        compressor = zlib.compressobj(level, zlib.DEFLATED, 15, 9, strategy)
        return len(compressor.compress(raw) + compressor.flush())
    return run


def tool_engine(command):
    """A command-line compressor reading the rows from a file (in the page cache); its time
    includes starting the process, a millisecond or two."""
    def run(raw, path):
        output = subprocess.run(command + ["-c", path], check=True, stdout=subprocess.PIPE).stdout
        return len(output) - 18  # the gzip header and trailer
    return run


def main():
    arguments = sys.argv[1:]
    rounds = 3
    if "--rounds" in arguments:
        index = arguments.index("--rounds")
        rounds = int(arguments[index + 1])
        del arguments[index:index + 2]
    ninepipe, files = arguments[0], arguments[1:]
    engines = [("zlib 1", zlib_engine(1, zlib.Z_DEFAULT_STRATEGY)), ("zlib 2 RLE", zlib_engine(2, zlib.Z_RLE)),
               ("zlib 6", zlib_engine(6, zlib.Z_DEFAULT_STRATEGY)), ("zlib 9", zlib_engine(9, zlib.Z_DEFAULT_STRATEGY))]
    engines += [("igzip %d" % level, tool_engine(["igzip", "-%d" % level])) for level in (0, 1, 2, 3)]
    engines += [("libdeflate %d" % level, tool_engine(["libdeflate-gzip", "-%d" % level])) for level in (1, 6, 12)]
    print("| file | raw | " + " | ".join(name for name, _ in engines) + " |")
    print("|---|---|" + "---|" * len(engines))
    for path in files:
        with tempfile.TemporaryDirectory() as folder:
            ours = os.path.join(folder, "ours.png")
            subprocess.run([ninepipe, "run", "-e", 'load "%s" | save "%s"' % (path, ours)], check=True)
            raw = filtered_rows(ours)
            rows = os.path.join(folder, "rows")
            open(rows, "wb").write(raw)
            cells = []
            for _, engine in engines:
                seconds, size = best_time(lambda: engine(raw, rows), rounds)
                cells.append("%.2f MB, %.3f s" % (size / 1e6, seconds))
        print("| %s | %.1f MB | %s |" % (os.path.basename(path), len(raw) / 1e6, " | ".join(cells)))


if __name__ == "__main__":
    main()
