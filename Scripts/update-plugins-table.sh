#!/usr/bin/env bash
# Regenerates the built-in step table in Plugins.md and Docs/Steps.md from the registry
# (`ninepipe plugins --markdown`), between the BEGIN/END markers.
set -euo pipefail
cd "$(dirname "$0")/.."
swift build >/dev/null
table=$(.build/debug/ninepipe plugins --markdown)
python3 - "$table" <<'PY'
import re, sys
table = sys.argv[1].rstrip("\n")
for name in ("Plugins.md", "Docs/Steps.md"):
    text = open(name).read()
    begin = text.index("<!-- BEGIN GENERATED STEP TABLE")
    begin = text.index("\n", begin) + 1
    end = text.index("<!-- END GENERATED STEP TABLE -->")
    open(name, "w").write(text[:begin] + table + "\n" + text[end:])
PY
echo "step tables in Plugins.md and Docs/Steps.md updated"
