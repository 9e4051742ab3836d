#!/bin/sh
# Writes the interface fingerprint of NinepipeCore and NinepipePlugins as Swift (run by
# Plugins/CoreFingerprint at build time): the SHA-256 of the files given, in the order given,
# without comment or blank lines.
#   sh Scripts/core-fingerprint.sh OUTPUT.swift FILE...
set -eu
output=$1
shift
if command -v sha256sum > /dev/null 2>&1; then hash="sha256sum"; else hash="shasum -a 256"; fi
digest=$(cat "$@" | grep -v -E '^[[:space:]]*(//.*)?$' | $hash | cut -c1-64)
cat > "$output.tmp" <<SWIFT
extension PluginExport {
    /// The interface fingerprint of NinepipeCore and NinepipePlugins, written at build time (\`Plugins/CoreFingerprint\`):
    /// preferred over the placeholder in PluginExport.swift.
    @_alwaysEmitIntoClient @usableFromInline
    static func buildFingerprint() -> String { "$digest" }
}
SWIFT
mv "$output.tmp" "$output"
