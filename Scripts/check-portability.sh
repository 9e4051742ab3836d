#!/usr/bin/env bash
# Finds platform-only code outside `#if` blocks that choose a platform, so the macOS build
# (Darwin) stays as true as the Linux one (Glibc) that CI compiles:
#   - `Glibc.` / `Darwin.` qualified names and `import Glibc` / `import Darwin`;
#   - Linux-only calls and constants (O_PATH, sched_getaffinity, epoll, inotify, prctl,
#     renameat2, memfd_create, /proc/self/status);
#   - `import Foundation` (or FoundationEssentials) anywhere in Sources: loading it costs every
#     run milliseconds before any work (issue 56); the C library, Dispatch and the core's
#     FileIO, DecimalText, Base64 and the host's JSONValue do what the sources needed it for.
# A line counts as guarded inside `#if canImport(Glibc|Darwin)` or `#if os(...)`, in any branch.
# Usage: Scripts/check-portability.sh [ROOT]   (exit 1 and one line per finding when any)
set -euo pipefail
root=${1:-$(cd "$(dirname "$0")/.." && pwd)}
cd "$root"

status=0
while IFS= read -r file; do
    findings=$(awk '
        function guarded(   i) { for (i = 1; i <= depth; i++) if (platform[i]) return 1; return 0 }
        /^[[:space:]]*#if[[:space:]]/ {
            depth++
            platform[depth] = ($0 ~ /canImport\((Glibc|Darwin|Musl)\)|os\(/) ? 1 : 0
            next
        }
        /^[[:space:]]*#elseif[[:space:]]/ {
            if ($0 ~ /canImport\((Glibc|Darwin|Musl)\)|os\(/) platform[depth] = 1
            next
        }
        /^[[:space:]]*#endif/ { depth--; next }
        /^[[:space:]]*\/\// { next }
        {
            line = $0
            sub(/\/\/.*/, "", line)
            if (line ~ /^[[:space:]]*import[[:space:]]+Foundation/) {
                printf "%s:%d: Foundation in the sources (every run would load it; use the C library, Dispatch or FileIO)\n", FILENAME, FNR
            }
            if (guarded()) next
            if (line ~ /(^|[^A-Za-z_])(Glibc|Darwin)\./ || line ~ /^[[:space:]]*import[[:space:]]+(Glibc|Darwin)/) {
                printf "%s:%d: platform module outside #if canImport: %s\n", FILENAME, FNR, $0
            } else if (line ~ /(^|[^A-Za-z_])(O_PATH|sched_getaffinity|epoll_[a-z]+|inotify_[a-z]+|prctl|renameat2|memfd_create)([^A-Za-z_]|$)/ || line ~ /\/proc\/self\/status/) {
                printf "%s:%d: Linux-only call outside #if os(Linux): %s\n", FILENAME, FNR, $0
            }
        }' "$file")
    if [ -n "$findings" ]; then
        echo "$findings"
        status=1
    fi
done < <(find Sources -name '*.swift' | sort)

if [ $status -eq 0 ]; then echo "portability: no platform-only code outside #if blocks"; fi
exit $status
