"""Process start and the lossless upright, ninepipe against jpegtran, in one run (issue 56).

    python3 Benchmarks/startup.py NINEPIPE PHOTO.jpg WORK_DIR [ROUNDS]

Runs each command ROUNDS times (default 101), the tasks interleaved round by round so that a busy
moment of the machine touches every column alike, and prints a Markdown table: the median wall
time of each, the ratio of ninepipe's to jpegtran's, and the goal. Commands are started with
posix_spawn and waited for directly (no shell), so the harness adds the same small cost to both.

- start: `ninepipe --help` (prints its usage) against `jpegtran -version`; /bin/true and an
  empty Swift program (built here with swiftc when it is on PATH) for scale: the machine's own
  speed moves every row (on a busy host, 40% and more).
- 16x16 PNG round trip: `ninepipe run -e 'load | save'`, the smallest whole pipeline.
- lossless upright: PHOTO (a 12 MP JPEG with EXIF orientation 6) turned upright without
  decoding, `ninepipe run -e 'load "PHOTO" | save "OUT"'` against
  `jpegtran -copy all -rotate 90 -trim -outfile OUT PHOTO`. The two outputs must decode to the
  same pixels (checked with Pillow), or the script fails.
"""

import os
import shutil
import statistics
import subprocess
import sys
import time

from PIL import Image


def wall_time(argv):
    """Seconds from spawning `argv` to its exit; fails on a non-zero exit."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    try:
        start = time.perf_counter()
        pid = os.posix_spawn(argv[0], argv, os.environ, file_actions=[
            (os.POSIX_SPAWN_DUP2, devnull, 1), (os.POSIX_SPAWN_DUP2, devnull, 2)])
        _, status = os.waitpid(pid, 0)
        elapsed = time.perf_counter() - start
    finally:
        os.close(devnull)
    code = os.waitstatus_to_exitcode(status)
    if code != 0:
        sys.exit(f"{' '.join(argv)}: exit {code}")
    return elapsed


def main():
    if len(sys.argv) < 4:
        sys.exit(__doc__)
    ninepipe, photo, work = os.path.abspath(sys.argv[1]), sys.argv[2], sys.argv[3]
    rounds = int(sys.argv[4]) if len(sys.argv) > 4 else 101
    jpegtran = "/usr/bin/jpegtran"
    os.makedirs(work, exist_ok=True)
    small = os.path.join(work, "small.png")
    Image.new("RGBA", (16, 16), (200, 40, 40, 128)).save(small)
    ours, theirs = os.path.join(work, "np.jpg"), os.path.join(work, "jpegtran.jpg")
    # The floor a Swift executable starts from on this machine: an empty program built here.
    swift_floor = os.path.join(work, "empty-swift")
    if not os.path.exists(swift_floor) and shutil.which("swiftc"):
        source = os.path.join(work, "empty.swift")
        with open(source, "w") as file:
            file.write("print(\"\", terminator: \"\")\n")
        subprocess.run(["swiftc", "-O", source, "-o", swift_floor], check=True)
    tasks = {
        "true": ["/bin/true"],
        "np start": [ninepipe, "--help"],
        "jt start": [jpegtran, "-version"],
        "np png": [ninepipe, "run", "-e", f'load "{small}" | save "{os.path.join(work, "small-out.png")}"'],
        "np upright": [ninepipe, "run", "-e", f'load "{photo}" | save "{ours}"'],
        "jt upright": [jpegtran, "-copy", "all", "-rotate", "90", "-trim", "-outfile", theirs, photo],
    }
    if os.path.exists(swift_floor):
        tasks["swift"] = [swift_floor]
    for argv in tasks.values():  # warm the page cache and check each command runs
        wall_time(argv)
    with Image.open(ours) as a, Image.open(theirs) as b:
        if a.size != b.size or a.tobytes() != b.tobytes():
            sys.exit(f"the outputs differ: ninepipe {a.size}, jpegtran {b.size}")
    # Two phases, each interleaved round by round: the short runs together, then the photos (a
    # start measured right after a 140 ms photo run pays for caches the photo evicted).
    times = {name: [] for name in tasks}
    for phase in ([name for name in ("true", "swift", "np start", "jt start", "np png") if name in tasks], ["np upright", "jt upright"]):
        for _ in range(rounds):
            for name in phase:
                times[name].append(wall_time(tasks[name]))
    median = {name: statistics.median(values) for name, values in times.items()}
    ms = lambda name: f"{median[name] * 1000:.1f} ms"
    with Image.open(photo) as picture:
        size = f"{picture.width}×{picture.height}"
    floor = f", an empty Swift program {ms('swift')}" if "swift" in tasks else ""
    print(f"{rounds} rounds, medians; /bin/true {ms('true')}{floor}\n")
    print("| task | ninepipe | jpegtran | ninepipe / jpegtran | goal |")
    print("|---|---|---|---|---|")
    print(f"| start (`--help`, `jpegtran -version`) | {ms('np start')} | {ms('jt start')} | "
          f"{median['np start'] / median['jt start']:.2f}× | ≤ 5 ms |")
    print(f"| 16×16 PNG load and save | {ms('np png')} | | | |")
    print(f"| lossless upright, {size} EXIF 6 | {ms('np upright')} | {ms('jt upright')} | "
          f"{median['np upright'] / median['jt upright']:.2f}× | ≤ 0.90× |")
    print(f"\noutputs decode to the same pixels; sizes: ninepipe {os.path.getsize(ours)} B, "
          f"jpegtran {os.path.getsize(theirs)} B")


if __name__ == "__main__":
    main()
