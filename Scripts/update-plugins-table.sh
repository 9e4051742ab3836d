#!/usr/bin/env bash
# Regenerates the built-in step table in Plugins.md from the registry
# (`ninepipe plugins --markdown`), between the BEGIN/END markers.
set -euo pipefail
cd "$(dirname "$0")/.."
swift build >/dev/null
table=$(.build/debug/ninepipe plugins --markdown)
python3 - "$table" <<'PY'
import re, sys
table = sys.argv[1].rstrip("\n")
text = open("Plugins.md").read()
begin = text.index("<!-- BEGIN GENERATED STEP TABLE")
begin = text.index("\n", begin) + 1
end = text.index("<!-- END GENERATED STEP TABLE -->")
open("Plugins.md", "w").write(text[:begin] + table + "\n" + text[end:])
PY
echo "Plugins.md step table updated"
