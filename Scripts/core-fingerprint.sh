#!/bin/sh
# Writes NinepipeCore's interface fingerprint as Swift (run by Plugins/CoreFingerprint at build
# time): the SHA-256 of the files given, in the order given, without comment or blank lines.
#   sh Scripts/core-fingerprint.sh OUTPUT.swift FILE...
set -eu
output=$1
shift
if command -v sha256sum > /dev/null 2>&1; then hash="sha256sum"; else hash="shasum -a 256"; fi
digest=$(cat "$@" | grep -v -E '^[[:space:]]*(//.*)?$' | $hash | cut -c1-64)
cat > "$output.tmp" <<SWIFT
extension PluginExport {
    /// NinepipeCore's interface fingerprint: the SHA-256 of its sources and the C headers it
    /// imports, written at build time (\`Plugins/CoreFingerprint\`). Emitted into the caller, so a
    /// plugin reports the fingerprint of the core it was compiled against.
    @_alwaysEmitIntoClient
    public static var interfaceFingerprint: String { "$digest" }
}
SWIFT
mv "$output.tmp" "$output"
