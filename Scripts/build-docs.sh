#!/usr/bin/env bash
# Builds the DocC documentation of NinepipeCore, NinepipePlugins, NinepipeHost and NinepipeCLI with the
# toolchain's own docc (no package plugin, no network), warnings treated as errors: a broken
# symbol link or an undocumented parameter fails. Output: .build-docs/docs/MODULE.doccarchive.
#
#   bash Scripts/build-docs.sh
set -euo pipefail
cd "$(dirname "$0")/.."
build=.build-docs
graphs="$build/symbol-graphs"
rm -rf "$graphs" && mkdir -p "$graphs" "$build/docs"
swift build --build-path "$build" --target NinepipeCLI \
    -Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc "$PWD/$graphs" >&2
docc=$(command -v docc || xcrun --find docc)
for entry in Core:NinepipeCore Plugins:NinepipePlugins Host:NinepipeHost CLI:NinepipeCLI; do
    folder=${entry%%:*} module=${entry##*:}
    own="$build/graphs-$module"
    rm -rf "$own" && mkdir -p "$own" && cp "$graphs/$module.symbols.json" "$own/"
    "$docc" convert "Sources/$folder/$module.docc" --additional-symbol-graph-dir "$own" \
        --fallback-display-name "$module" --fallback-bundle-identifier "org.ninepipe.$module" \
        --output-path "$build/docs/$module.doccarchive" --warnings-as-errors >&2
    echo "$module: $build/docs/$module.doccarchive"
done
