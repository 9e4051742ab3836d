#!/usr/bin/env bash
# Builds the libFuzzer targets (-sanitize=fuzzer,address) and runs one.
#
#   bash Scripts/fuzz.sh TARGET [SECONDS] [extra libFuzzer flags…]
#   bash Scripts/fuzz.sh all [SECONDS]      every target in turn (what .ci/run does, 60 s each)
#
#   png        PNG decoding (CRCs made right), nine-patch resolution, stretch, frame, re-encode
#   jpeg       JPEG decoding at full size and 1/8, under small limits
#   heif       HEIC/AVIF decoding through libheif, header-only and decoded
#   gif        GIF decoding (signature kept), header-only, first frame, every frame composited, written again
#   webp       WebP decoding (container header kept consistent), shrunk, upright, lossless round trip, animations too
#   svg        SVG screening, nine-patch regions, drawing at a size in the child process, vector drawables written
#   vector     Android vector and shape drawables: XML in the helper, reading, translation to SVG, drawing
#   info       header-only `info` on any bytes, and the bytes as an EXIF block
#   ninepatch  nine-patch chunk values through crop, pad, orient, resize, stretch, tile, frame
#   frame      nine-patch source frames: parse, draw back, parse again
#   dsl        compile, print, compile again: the canonical text must be a fixed point
#   pipeline   compiled pipelines run on a small nine-patch under tight limits, no file access
#   cli        whole command lines (NUL-separated arguments) in a folder of small real images;
#              every command and flag; must exit 0, 1 or 2 (paths leaving the folder are skipped)
#
# Seeds come from the repository's fixtures (and ../shared/pngsuite when present); the corpus
# grows in .build-fuzz/corpus/TARGET, and any crash is written to .build-fuzz/crashes/TARGET/.
# Reproduce one with: .build-fuzz/release/FuzzPNG .build-fuzz/crashes/png/crash-…
# Every finding is printed as base64 with the command that saves it as a regression in
# Fuzz/Corpus/TARGET/: each file there is replayed before fuzzing starts (and seeds the corpus).
# Fuzz/Dictionaries/TARGET.dict, when present, is handed to libFuzzer as -dict.
# Limits: 256 MiB per allocation (a bigger one is reported as a bug), 1 GiB RSS (ASan's own
# bookkeeping included), 10 s per input. Leak checking is off: Swift keeps its runtime caches
# and globals for the life of the process.
set -euo pipefail
cd "$(dirname "$0")/.."
targets="png jpeg webp gif heif svg vector info ninepatch frame dsl pipeline cli"
target=${1:?usage: Scripts/fuzz.sh $targets|all [SECONDS]}
seconds=${2:-60}
if [ "$target" = all ]; then
    for t in $targets; do bash "$0" "$t" "$seconds" || exit 1; done
    exit 0
fi
shift $(( $# < 2 ? $# : 2 ))
case "$target" in
    png) product=FuzzPNG; max_len=65536 ;;
    jpeg) product=FuzzJPEG; max_len=65536 ;;
    webp) product=FuzzWebP; max_len=65536 ;;
    gif) product=FuzzGIF; max_len=65536 ;;
    heif) product=FuzzHEIF; max_len=65536 ;;
    svg) product=FuzzSVG; max_len=65536 ;;
    vector) product=FuzzVector; max_len=65536 ;;
    info) product=FuzzInfo; max_len=65536 ;;
    ninepatch) product=FuzzNinePatch; max_len=1200 ;;
    frame) product=FuzzFrame; max_len=1200 ;;
    dsl) product=FuzzDSL; max_len=2048 ;;
    pipeline) product=FuzzPipeline; max_len=1024 ;;
    cli) product=FuzzCLI; max_len=1024 ;;
    *) echo "unknown target $target: one of $targets, or all" >&2; exit 2 ;;
esac
(cd Fuzz && swift build -c release --build-path ../.build-fuzz --product "$product" \
    -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library -Xswiftc -use-ld=lld \
    -Xcc -fsanitize=fuzzer-no-link,address >&2)

corpus=$PWD/.build-fuzz/corpus/$target
crashes=$PWD/.build-fuzz/crashes/$target
mkdir -p "$corpus" "$crashes"
if [ -z "$(ls -A "$corpus")" ]; then
    case "$target" in
        png)
            cp Tests/NinepipeCoreTests/Fixtures/*.png Tests/NinepipeCoreTests/Fixtures/framework-res/*.png "$corpus"/
            [ -d ../shared/pngsuite/png ] && cp ../shared/pngsuite/png/*.png "$corpus"/ ;;
        jpeg) cp Tests/NinepipeCoreTests/Fixtures/*.jpg "$corpus"/ ;;
        webp) cp Tests/NinepipeCoreTests/Fixtures/webp/*.webp "$corpus"/ ;;
        gif) cp Tests/NinepipeCoreTests/Fixtures/gif/*.gif "$corpus"/ ;;
        heif) cp Tests/NinepipeCoreTests/Fixtures/heif/*.heic Tests/NinepipeCoreTests/Fixtures/heif/*.avif "$corpus"/ ;;
        svg)
            # Four bytes choose the size (Fuzz/Sources/FuzzSVG), then the document.
            i=0
            for file in Tests/NinepipeCoreTests/Fixtures/svg/*.svg Tests/NinepipeCoreTests/Fixtures/vectordrawable/*.svg Examples/vector/*.svg; do
                { printf '%b' "\\x0$((i % 4))\\x2f\\x1f\\x00"; cat "$file"; } > "$corpus/seed$i"; i=$((i + 1))
            done ;;
        vector)
            # A density byte (Fuzz/Sources/FuzzVector), then the drawable.
            i=0
            for file in Tests/NinepipeCoreTests/Fixtures/vectordrawable/*.xml; do
                { printf '%b' "\\x0$((i % 4))"; cat "$file"; } > "$corpus/seed$i"; i=$((i + 1))
            done
            printf '%b' '\x02<shape xmlns:android="http://schemas.android.com/apk/res/android" android:shape="rectangle"><solid android:color="#FF2196F3"/><corners android:radius="8dp" android:topLeftRadius="2dp"/><stroke android:width="1dp" android:color="#80000000" android:dashWidth="3dp" android:dashGap="1dp"/><gradient android:type="sweep" android:startColor="#F00" android:endColor="#00F"/><padding android:left="4dp"/></shape>' > "$corpus/shape" ;;
        info) cp Tests/NinepipeCoreTests/Fixtures/*.jpg Tests/NinepipeCoreTests/Fixtures/*.png "$corpus"/ ;;
        frame)
            # A 6×5 frame: width byte, then (kind, value) per pixel; kinds 0–3 are transparent,
            # black, red and white, 200+ a free colour. Rows: 001100 0AAAA0 1AAAA1 0AAAA0 002220.
            printf '%b' '\x06\x00\x00\x00\x00\x01\x00\x01\x00\x00\x00\x00\x00\x00\x00\xdc\x5a\xdc\x5a\xdc\x5a\xdc\x5a\x00\x00\x01\x00\xdc\x5a\xdc\x5a\xdc\x5a\xdc\x5a\x01\x00\x00\x00\xdc\x5a\xdc\x5a\xdc\x5a\xdc\x5a\x00\x00\x00\x00\x00\x00\x02\x00\x02\x00\x02\x00\x00\x00' > "$corpus/seed" ;;
        ninepatch)
            # Width 10, height 8, then npLb (2,0,3,1), npOl (1,1,1,1, r 3.4, a 255) and an npTc
            # (divs 2,5 / 1,4, padding 1,2,3,1) as aapt writes them.
            printf '%b' '\x0a\x08\x02\x00\x00\x00\x00\x00\x00\x00\x03\x00\x00\x00\x01\x00\x00\x00\x01\x00\x00\x00\x01\x00\x00\x00\x01\x00\x00\x00\x01\x00\x00\x00\x9a\x99\x59\x40\xff\x00\x00\x00\x00\x02\x02\x00\x20\x00\x00\x00\x28\x00\x00\x00\x00\x00\x00\x01\x00\x00\x00\x02\x00\x00\x00\x03\x00\x00\x00\x01\x30\x00\x00\x00\x00\x00\x00\x02\x00\x00\x00\x05\x00\x00\x00\x01\x00\x00\x00\x04' > "$corpus/seed" ;;
        dsl|pipeline)
            cp Examples/*.pipe "$corpus"/
            i=0
            for line in 'load "a.9.png" | ninepatch width=320 height=200 | round radius=12 | save "b.png"' \
                        'load "a.png" orient=keep | crop x=10% y=0.5 width=50% gravity=center | save "x-${n}.jpg" quality=80' \
                        'param w=64\nload "a.png" | resize width=$w fit=cover | border width=2 color=#ff000080 | save "o.png"' \
                        'load "in.png" | thumbnail width=96 height=96 radius=8 | alpha remove background=#fff | save "t.jpg"' \
                        'load "a.png" | tile width=300 height=90 mode=mirror | orient right | save "\"\u0301.png"' \
                        'ninepatch width=30 height=12 mode=space | resize width=50% fit=cover | round radius=3,4 border=1' \
                        'thumbnail width=5 height=9 | border top=1 left=2 color=#0f08 | crop width=4 gravity=south | orient right'; do
                printf '%b' "$line" > "$corpus/seed$i"; i=$((i + 1))
            done ;;
        cli)
            # Command lines, arguments separated by NUL bytes (see Fuzz/Sources/FuzzCLI).
            i=0
            for line in 'run\0-e\0load "in.png" | resize width=50% | save "out.png"' \
                        'run\0-e\0resize width=10\0in.png\0--output\0out/\0--jobs\0999' \
                        'run\0batch.pipe\0in/\0-o\0out/{name}-{width}.{ext}\0-j2\0--set\0size=8\0--shard\0auto/3' \
                        'JOB_COMPLETION_INDEX=2\0run\0-e\0thumbnail size=8 | save quality=85\0in/\0--output\0out/\0--shard\0auto/4' \
                        'run\0card.pipe\0--timings\0--stream\0always\0--max-pixels\04096' \
                        'check\0-e\0load "photo.jpg" | crop width=5 | save "x.jpg"' \
                        'info\0photo.jpg\0anim.gif\0exif.webp\0deep.heic\0--alpha\0--trim\0--components\04x3\0--max-dimension\032' \
                        'ninepatch\0inspect\0in.png\0--insets\03,4,3,4\0--format\0css' \
                        'ninepatch\0compile\0button.9.png\0out.png' \
                        'ninepatch\0preview\0compiled.9.png\0--output\0p.png' \
                        'assets\0ios\0res\0--output\0out.xcassets\0--jobs\03' \
                        'assets\0web\0res/drawable-mdpi\0--output\0out/\0-n' \
                        'assets\0android\0button.9.png\0--output\0res2\0--source-density\0xhdpi\0--upscale' \
                        'run\0-e\0load "icon.svg" width=64 | thumbnail 32 | save "o.png"' \
                        'assets\0android\0icon.svg\0in/c.svg\0--output\0res3\0--densities\0ldpi,hdpi' \
                        'info\0icon.svg\0--max-render-seconds\01' \
                        'info\0--format\0json\0in.png\0anim.gif\0icon.svg\0compiled.9.png\0--alpha\0--trim\0--placeholder' \
                        'ninepatch\0compile\0in.png\0out.png\0--insets\02,3,2,3' \
                        'run\0-e\0load "in.png" | rotate=90 | overlay "$here/button.9.png" | alpha add | ninepatch insets=1,1,1,1 | save "o.png"' \
                        'run\0-e\0load "exif.webp" | save "o.webp"' 'run\0in.png' 'run\0load "in.png" | save "x.png"' 'check\0-e\0orient 90 | flip | extract' \
                        'help\0run' 'completions\0zsh' '__complete\03\0run\0-e\0load' '__complete\0-1\0run' 'plugins\0resize' '--version'; do
                printf '%b' "$line" > "$corpus/seed$i"; i=$((i + 1))
            done ;;
    esac
fi
[ "$target" = cli ] && exec </dev/null  # `load "-"` reads standard input: give it nothing
export SWIFT_BACKTRACE=enable=no ASAN_OPTIONS=${ASAN_OPTIONS:-quarantine_size_mb=16:detect_leaks=0}
limits=(-rss_limit_mb=1024 -malloc_limit_mb=256 -timeout=10 -detect_leaks=0)

# Print each finding so that a log is enough to replay it.
report() {
    for file in "$crashes"/*; do
        [ -f "$file" ] || continue
        name=$(basename "$file")
        echo "finding $name ($(wc -c < "$file") bytes); save it as a regression with:"
        echo "base64 -d > Fuzz/Corpus/$target/$name <<'EOF'"
        base64 -w 76 "$file"
        echo "EOF"
    done
}

# The regressions found before: each must still pass.
regressions=(Fuzz/Corpus/"$target"/*)
if [ -e "${regressions[0]}" ]; then
    echo "replaying ${#regressions[@]} regression input(s) from Fuzz/Corpus/$target"
    cp "${regressions[@]}" "$corpus"/
    if ! .build-fuzz/release/"$product" "${limits[@]}" -artifact_prefix="$crashes/" "${regressions[@]}"; then
        echo "a regression input in Fuzz/Corpus/$target fails again"
        report
        exit 1
    fi
fi

# Fuzz/Dictionaries/TARGET.dict, when there is one, gives libFuzzer the tokens that matter.
dictionary=()
[ -f "Fuzz/Dictionaries/$target.dict" ] && dictionary=(-dict="Fuzz/Dictionaries/$target.dict")

status=0
.build-fuzz/release/"$product" "$corpus" -max_total_time="$seconds" -max_len="$max_len" \
    "${limits[@]}" "${dictionary[@]}" -artifact_prefix="$crashes/" -print_final_stats=1 "$@" || status=$?
[ "$status" -eq 0 ] || report
exit "$status"
