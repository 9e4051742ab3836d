#!/usr/bin/env bash
# Real resource trees → every target: for each RES_DIR (an app's res/ folder, with its theme
# after a colon), `assets ios`, `web`, `android`, `flutter` and `compose` into an empty folder and again over the
# result (a rerun writes nothing), and `assets ios --icons`. Prints a table of wall time, CPU
# time (user + system), peak memory (max RSS), exit status and the summary line's counts.
#
#   bash Benchmarks/resource-trees.sh app/src/main/res:AppTheme other/res ...
#
# Release build; needs /usr/bin/time (Debian package time). Public trees to try: Tusky
# (app/src/main/res:TuskyTheme), Wikipedia (app/src/main/res:AppTheme), AntennaPod.
set -euo pipefail
cd "$(dirname "$0")/.."
[ $# -gt 0 ] || { echo "usage: bash Benchmarks/resource-trees.sh RES_DIR[:THEME]..." >&2; exit 2; }
swift build -c release --product ninepipe >/dev/null
np=$PWD/.build/release/ninepipe
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

echo "| tree | task | wall s | cpu s | peak MiB | exit | summary |"
echo "|---|---|---|---|---|---|---|"
for spec in "$@"; do
    res=${spec%%:*}
    theme=${spec#"$res"}; theme=${theme#:}
    name=$(basename "$(cd "$res/../../../.." 2>/dev/null && pwd || echo "$res")")
    for target in ios web android flutter compose icons; do
        out=$work/$target
        rm -rf "$out"
        case $target in
            ios) args=(assets ios "$res" --output "$out/A.xcassets") ;;
            icons) args=(assets ios "$res" --icons --output "$out/I.xcassets") ;;
            *) args=(assets "$target" "$res" --output "$out") ;;
        esac
        if [ -n "$theme" ] && [ "$target" != icons ]; then args+=(--theme "$theme"); fi
        for pass in first rerun; do
            if [ "$target" = icons ] && [ "$pass" = rerun ]; then continue; fi
            set +e
            /usr/bin/time -f "%e %U %S %M" -o "$work/time.txt" "$np" "${args[@]}" -j 2 >"$work/out.txt" 2>"$work/err.txt"
            status=$?
            set -e
            read -r wall user sys rss < <(tail -1 "$work/time.txt")
            summary=$(grep -Eo '^[0-9]+ assets?: .* in [0-9.]+ s' "$work/err.txt" | sed 's/ in [0-9.]* s//' | head -1 || true)
            [ -n "$summary" ] || summary=$(grep -Eo '→ [0-9]+ written' "$work/out.txt" | head -1 || true)
            printf "| %s | %s | %s | %.2f | %d | %d | %s |\n" "$name" "$target ($pass)" "$wall" "$(echo "$user + $sys" | bc)" $(( rss / 1024 )) "$status" "$summary"
        done
    done
done
