#!/usr/bin/env bash
# Builds the libFuzzer targets (-sanitize=fuzzer,address) and runs one.
#
#   bash Fuzz/run.sh TARGET [SECONDS] [extra libFuzzer flags…]
#       TARGET: png | jpeg | ninepatch | dsl      SECONDS: default 60
#
# Seeds come from the repository's fixtures (and ../shared/pngsuite when present); the corpus
# grows in .build-fuzz/corpus/TARGET, and any crash is written to .build-fuzz/crashes/TARGET/.
# Reproduce one with: .build-fuzz/release/FuzzPNG .build-fuzz/crashes/png/crash-…
# Limits: 256 MiB per allocation (a bigger one is reported as a bug), 1 GiB RSS (ASan's own
# bookkeeping included), 10 s per input. Leak checking is off: Swift keeps its runtime caches
# and globals for the life of the process.
set -euo pipefail
cd "$(dirname "$0")/.."
target=${1:?usage: Fuzz/run.sh png|jpeg|ninepatch|dsl [SECONDS]}
seconds=${2:-60}
shift $(( $# < 2 ? $# : 2 ))
case "$target" in
    png) product=FuzzPNG; max_len=65536 ;;
    jpeg) product=FuzzJPEG; max_len=65536 ;;
    ninepatch) product=FuzzNinePatch; max_len=1200 ;;
    dsl) product=FuzzDSL; max_len=2048 ;;
    *) echo "unknown target $target: png, jpeg, ninepatch or dsl" >&2; exit 2 ;;
esac
(cd Fuzz && swift build -c release --build-path ../.build-fuzz --product "$product" \
    -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library -Xswiftc -use-ld=lld \
    -Xcc -fsanitize=fuzzer-no-link,address >&2)

corpus=.build-fuzz/corpus/$target
crashes=.build-fuzz/crashes/$target
mkdir -p "$corpus" "$crashes"
if [ -z "$(ls -A "$corpus")" ]; then
    case "$target" in
        png)
            cp Tests/NinepipeCoreTests/Fixtures/*.png Tests/NinepipeCoreTests/Fixtures/framework-res/*.png "$corpus"/
            [ -d ../shared/pngsuite/png ] && cp ../shared/pngsuite/png/*.png "$corpus"/ ;;
        jpeg) cp Tests/NinepipeCoreTests/Fixtures/*.jpg "$corpus"/ ;;
        ninepatch)
            # width, height, then npLb, npOl and npTc bodies as aapt writes them.
            python3 - "$corpus" <<'PY'
import struct, sys
lb = struct.pack("<iiii", 2, 0, 3, 1)
ol = struct.pack("<iiiifI", 1, 1, 1, 1, 3.4, 255)
tc = bytes([0, 2, 2, 0]) + struct.pack("<II", 32, 40) + struct.pack(">iiii", 1, 2, 3, 1) + struct.pack("<I", 48) + struct.pack(">iiii", 2, 5, 1, 4)
open(sys.argv[1] + "/seed", "wb").write(bytes([10, 8]) + lb + ol + tc)
PY
            ;;
        dsl)
            cp Examples/*.pipe "$corpus"/
            i=0
            for line in 'load "a.9.png" | ninepatch width=320 height=200 | round radius=12 | save "b.png"' \
                        'load "a.png" orient=keep | crop x=10% y=0.5 width=50% gravity=center | save "x-${n}.jpg" quality=80' \
                        'param w=64\nload "a.png" | resize width=$w fit=cover | border width=2 color=#ff000080 | save "o.png"' \
                        'load "in.png" | thumbnail width=96 height=96 radius=8 | alpha remove background=#fff | save "t.jpg"' \
                        'load "a.png" | tile width=300 height=90 mode=mirror | orient right | save "\"\u0301.png"'; do
                printf '%b' "$line" > "$corpus/seed$i"; i=$((i + 1))
            done ;;
    esac
fi
SWIFT_BACKTRACE=enable=no ASAN_OPTIONS=${ASAN_OPTIONS:-quarantine_size_mb=16:detect_leaks=0} exec .build-fuzz/release/"$product" "$corpus" -max_total_time="$seconds" -max_len="$max_len" \
    -rss_limit_mb=1024 -malloc_limit_mb=256 -timeout=10 -detect_leaks=0 -artifact_prefix="$crashes/" -print_final_stats=1 "$@"
