#!/usr/bin/env python3
"""How the PNG encoder's per-block strategy choice does on real images (issue 13).

For each PNG or JPEG named in LIST (one path a line), ninepipe writes it as a stored
PNG (compression=0), which gives the exact filtered rows the encoder deflates. The
rows are cut into the encoder's 256 KiB blocks and each block is deflated with
Python's zlib (the same library) three ways: the level's string matching alone
(what the encoder did before), run-length matching alone, and the encoder's rule
(PNGStrategyTrial: four 8 KiB samples, each primed with the 4 KiB before it; runs
when 3% smaller, or within 3% and the samples shrink to no less than a quarter).
Prints bytes and time of each relative to string matching, per image and in all.

    python3 Benchmarks/png_strategy.py LIST [NINEPIPE]

Real inputs on Debian: find /usr/share/backgrounds /usr/share/wallpapers -name '*.png' -o -name '*.jpg'
"""
import os, struct, subprocess, sys, tempfile, time, zlib

BLOCK, SAMPLES, SAMPLE, BEHIND = 256 << 10, 4, 8 << 10, 4 << 10


def filtered_rows(ninepipe, path, scratch):
    result = subprocess.run([ninepipe, 'run', '-e', f'load "{path}" | save "{scratch}" compression=0 ninepatch=chunks'],
                            capture_output=True)
    if result.returncode:
        return None
    data, at, idat, header = open(scratch, 'rb').read(), 8, b'', None
    while at < len(data):
        length, kind = struct.unpack('>I', data[at:at + 4])[0], data[at + 4:at + 8]
        if kind == b'IHDR':
            header = data[at + 8:at + 8 + length]
        elif kind == b'IDAT':
            idat += data[at + 8:at + 8 + length]
        at += 12 + length
    width, height, depth, color = struct.unpack('>IIBB', header[:10])
    return zlib.decompress(idat), width, height, depth, color


def deflated(data, level, strategy, before):
    compressor = zlib.compressobj(level, zlib.DEFLATED, -15, 9, strategy, **({'zdict': before} if before else {}))
    return len(compressor.compress(data) + compressor.flush(zlib.Z_SYNC_FLUSH))


def main():
    paths = open(sys.argv[1]).read().split()
    ninepipe = sys.argv[2] if len(sys.argv) > 2 else '.build/release/ninepipe'
    scratch = os.path.join(tempfile.mkdtemp(), 'stored.png')
    total = {'matching': [0, 0.0], 'runs': [0, 0.0], 'rule': [0, 0.0]}
    print(f"{'image':44} {'rows':>10} {'matching':>10} {'runs':>12} {'rule':>12}")
    for path in paths:
        found = filtered_rows(ninepipe, path, scratch)
        if found is None:
            continue
        data, width, height, depth, color = found
        level = 4 if width * height <= 4_000_000 else 2
        palette = color == 3 or depth < 8
        strategy = zlib.Z_DEFAULT_STRATEGY if palette else zlib.Z_FILTERED
        row = len(data) // height
        step = max(1, BLOCK // row) * row
        mine = {key: [0, 0.0] for key in total}
        for start in range(0, len(data), step):
            block, window = data[start:start + step], data[max(0, start - 32768):start]
            t0 = time.perf_counter(); matching = deflated(block, level, strategy, window)
            t1 = time.perf_counter(); runs = deflated(block, level, zlib.Z_RLE, window)
            t2 = time.perf_counter()
            sample_match = sample_runs = sampled = 0
            if not palette and len(block) >= 64 << 10:
                for index in range(SAMPLES):
                    at = len(block) * index // SAMPLES
                    piece, before = block[at:at + SAMPLE], data[max(0, start + at - BEHIND):start + at]
                    sample_match += deflated(piece, level, strategy, before)
                    sample_runs += deflated(piece, level, zlib.Z_RLE, before)
                    sampled += len(piece)
            t3 = time.perf_counter()
            use_runs = sampled > 0 and (sample_runs * 100 < sample_match * 97 or
                                        (sample_runs * 100 <= sample_match * 103 and sample_runs * 4 >= sampled))
            mine['matching'][0] += matching; mine['matching'][1] += t1 - t0
            mine['runs'][0] += runs; mine['runs'][1] += t2 - t1
            mine['rule'][0] += runs if use_runs else matching
            mine['rule'][1] += (t3 - t2) + ((t2 - t1) if use_runs else (t1 - t0))
        base = mine['matching']
        cells = ' '.join(f"{mine[key][0] / base[0]:.3f}/{mine[key][1] / base[1]:.2f}".rjust(12) for key in ('runs', 'rule'))
        print(f"{os.path.basename(path)[:36]:36} {color}/{depth:<5} {len(data):10} {base[0]:10} {cells}", flush=True)
        for key in total:
            total[key][0] += mine[key][0]; total[key][1] += mine[key][1]
    base = total['matching']
    if base[0] == 0:
        sys.exit('no image could be read')
    print('all: ' + ', '.join(f"{key} {total[key][0]} bytes ({total[key][0] / base[0]:.3f}×) in {total[key][1]:.2f} s"
                              for key in total))


if __name__ == '__main__':
    main()
