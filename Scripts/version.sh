#!/usr/bin/env bash
# Prints Ninepipe's version, read from its one place: NINEPIPE_VERSION in the plugin ABI header.
set -euo pipefail
cd "$(dirname "$0")/.."
sed -n 's/^#define NINEPIPE_VERSION "\(.*\)"$/\1/p' Sources/CNinepipePlugin/include/ninepipe_plugin.h
