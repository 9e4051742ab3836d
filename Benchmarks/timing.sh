# Sourced by the benchmark scripts: `run LABEL CMD...` times CMD $rounds times (bash's µs
# clock) and prints a table row with the median wall time and the largest peak RSS
# (/usr/bin/time). Needs $work (scratch folder) and $rounds.
run() {  # LABEL CMD...
    local label=$1; shift
    local times=() rss=0
    for _ in $(seq "$rounds"); do
        local t0=$EPOCHREALTIME
        /usr/bin/time -f "%M" -o "$work/w-t" "$@" >/dev/null 2>"$work/w-e" || { echo "| $label | failed: $(tail -1 "$work/w-e") |"; return; }
        local t1=$EPOCHREALTIME
        times+=("$(awk "BEGIN { print $t1 - $t0 }")")
        read -r m < "$work/w-t"; [ "$m" -gt "$rss" ] && rss=$m
    done
    printf "| %-44s | %7.3f s | %7.1f MiB |\n" "$label" "$(printf '%s\n' "${times[@]}" | sort -g | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }')" \
        "$(awk "BEGIN { print $rss / 1024 }")"
}
