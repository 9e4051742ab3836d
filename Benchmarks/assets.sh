#!/usr/bin/env bash
# Asset conversion benchmark: an Android res/ tree of COUNT drawables in 5 densities
# (mdpi…xxxhdpi, nine-patch sources of different sizes) → an Xcode asset catalog, with
# --jobs 1 and --jobs 2, then a rerun (everything unchanged, nothing written).
# Prints wall time, files/s (input files read) and peak memory (max RSS).
#
#   bash Benchmarks/assets.sh [COUNT]     # default 2000 drawables (10,000 files)
#
# Needs /usr/bin/time (Debian package time).
set -euo pipefail
cd "$(dirname "$0")/.."
count=${1:-2000}
work=Benchmarks/work/assets
swift build -c release >/dev/null
np=$PWD/.build/release/ninepipe

res=$work/res
if [ "$(ls "$res"/drawable-mdpi 2>/dev/null | wc -l)" -ne "$count" ]; then
    rm -rf "$work" && mkdir -p "$work/src"
    echo "making $count drawables in 5 densities…" >&2
    # 20 different nine-patch sources at xxxhdpi (sizes 96…400 px), made into 5 densities by
    # ninepipe itself, then copied under $count names.
    for i in $(seq 0 19); do
        w=$(( 96 + i * 16 )); h=$(( 64 + i * 12 ))
        "$np" run -e "load \"Examples/card.png\" | resize width=$w height=$h fit=fill | ninepatch width=$w height=$h insets=24,32,24,32 | save \"$work/src/b$i.9.png\""
    done
    "$np" assets android "$work/src" --source-density xxxhdpi --output "$work/base" --quiet
    for d in mdpi hdpi xhdpi xxhdpi xxxhdpi; do
        mkdir -p "$res/drawable-$d"
        for n in $(seq -w 1 "$count"); do
            cp "$work/base/drawable-$d/b$(( 10#$n % 20 )).9.png" "$res/drawable-$d/button_$n.9.png"
        done
    done
fi
files=$(( count * 5 ))

measure() {  # LABEL OUTPUT KEEP CMD...
    local label=$1 out=$2 keep=$3; shift 3
    [ "$keep" = keep ] || rm -rf "$out"
    /usr/bin/time -f "%e %M" -o "$work/time.txt" "$@" >/dev/null 2>"$work/err.txt" || { echo "| $label | failed: $(tail -1 "$work/err.txt") | | | |"; return; }
    read -r t m < "$work/time.txt"
    printf "| %-44s | %7.2f s | %7.0f files/s | %7.1f MiB | %s |\n" "$label" "$t" "$(awk "BEGIN { print $files / $t }")" \
        "$(awk "BEGIN { print $m / 1024 }")" "$(tail -1 "$work/err.txt" | sed 's/ in [0-9.]* s$//')"
}

echo
echo "## Assets: res/ with $count drawables × 5 densities ($files files) → Assets.xcassets ($(nproc) cores)"
echo
echo "| command | wall | rate | peak memory | summary |"
echo "|---|---|---|---|---|"
measure "assets ios res --jobs 1" "$work/A1.xcassets" fresh "$np" assets ios "$res" --output "$work/A1.xcassets" --jobs 1
measure "assets ios res --jobs 2" "$work/A2.xcassets" fresh "$np" assets ios "$res" --output "$work/A2.xcassets" --jobs 2
measure "assets ios res --jobs 2 (rerun, nothing changed)" "$work/A2.xcassets" keep "$np" assets ios "$res" --output "$work/A2.xcassets" --jobs 2
measure "assets android res --jobs 2 (5 densities back)" "$work/R" fresh "$np" assets android "$work/A2.xcassets" --output "$work/R" --jobs 2
diff -rq "$work/A1.xcassets" "$work/A2.xcassets" >/dev/null && echo && echo "--jobs 1 and --jobs 2 catalogs are byte-identical."
