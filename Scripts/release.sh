#!/usr/bin/env bash
# Builds the release tarball and, with --smoke-test, proves it runs on a clean Debian 12.
#
#   bash Scripts/release.sh [--smoke-test]
#
# Writes .build-release/dist/ninepipe-VERSION-linux-ARCH.tar.gz and its .sha256:
#   bin/ninepipe                      run path $ORIGIN/../lib only (never a toolchain's)
#   lib/libNinepipeCoreShared.so, lib/libNinepipePluginsShared.so
#                                     what run-time plugins link against (the host provides them)
#   lib/libswiftCore.so …             the Swift runtime and Foundation of the toolchain that built
#                                     it, shared, so a plugin built with that toolchain shares them
#   share/man/man1/ninepipe.1         the manual page
#   share/bash-completion/…, share/zsh/site-functions/_ninepipe, share/fish/vendor_completions.d/…
#   README.md LICENSE NOTICE CHANGELOG.md RUNTIME.txt (the shared libraries it needs, from ldd,
#                                     and the Debian packages that hold them)
#   share/doc/ninepipe/               the manual (Docs/) and Plugins.md
# The version is NINEPIPE_VERSION (Scripts/version.sh). HEIC/AVIF are left out: Debian 12's
# libheif links the GPL x265 (see NOTICE).
#
# Every library the binary needs must come from a package in Scripts/runtime-packages.txt, or the
# script fails. --smoke-test then makes a minimal Debian bookworm root (debootstrap
# --variant=minbase, cached in .build-release/bookworm-root; NINEPIPE_SMOKE_ROOT overrides),
# copies it, installs only those packages, unpacks the tarball and runs --version, a nine-patch
# pipeline, `assets web` and the example glow plugin (Examples/GlowPlugin, built here with the
# same toolchain), copied alone into an empty folder: no Swift toolchain and no -dev package is
# present. Needs root, debootstrap and a Debian mirror (NINEPIPE_DEBIAN_MIRROR, default http://deb.debian.org/debian).
#
# macOS (not built here): `brew install jpeg-turbo webp giflib little-cms2 pkg-config`, then
# `swift build -c release --product ninepipe`; the binary needs those Homebrew libraries at run time.
set -euo pipefail
cd "$(dirname "$0")/.."
smoke=false
[ "${1:-}" = --smoke-test ] && smoke=true

version=$(bash Scripts/version.sh)
arch=$(uname -m)
name="ninepipe-$version-linux-$arch"
build=.build-release
dist="$build/dist"
packages=$(grep -v '^#' Scripts/runtime-packages.txt | tr '\n' ' ')

echo "building $name"
# The Swift runtime is shared (plugins need the same one as the host), found through
# $ORIGIN/../lib and never through the building toolchain's folder.
flags=(-c release --build-path "$build" -Xswiftc -no-toolchain-stdlib-rpath -Xlinker -rpath -Xlinker '$ORIGIN/../lib')
for product in ninepipe NinepipeCoreShared NinepipePluginsShared; do
    NINEPIPE_WITHOUT=heif swift build "${flags[@]}" --product "$product" >&2
done
binary="$build/release/ninepipe"
toolchain_lib=$(dirname "$(readlink -f "$(command -v swift)")")/../lib/swift/linux
toolchain_lib=$(readlink -f "$toolchain_lib")
# The binary staged (its run path finds the runtime only there; its helper processes, which
# start without this script's environment, too).
stage="$build/stage/$name"
built() { "$stage/bin/ninepipe" "$@"; }
objects=("$binary" "$build/release/libNinepipeCoreShared.so" "$build/release/libNinepipePluginsShared.so")
# Every library the three need, once: "SONAME PATH" lines (the toolchain's found through it).
linked=$(LD_LIBRARY_PATH="$toolchain_lib" ldd "${objects[@]}" | awk '$2 == "=>" && $3 ~ /^\// { print $1, $3 }' | sort -u)
swift_libraries=$(echo "$linked" | awk '{ print $2 }' | grep "^$toolchain_lib/" | sort -u)

# The shared libraries it needs, each traced to its Debian package, which must be listed.
runtime="$build/RUNTIME.txt"
{
    echo "ninepipe $version ($arch) needs these shared libraries at run time (ldd):"
    echo
} > "$runtime"
unlisted=()
while read -r soname path; do
    [ -n "$path" ] || continue
    real=$(readlink -f "$path")
    package=""
    for candidate in "$path" "$real" "${path#/usr}" "/usr$path" "${real#/usr}" "/usr$real"; do
        package=$(dpkg -S "$candidate" 2>/dev/null | head -1 | cut -d: -f1) && [ -n "$package" ] && break
    done
    printf '  %-32s %s\n' "$soname" "${package:-(no package)}" >> "$runtime"
    case " $packages " in *" $package "*) ;; *) unlisted+=("$soname (${package:-no package})") ;; esac
done < <(echo "$linked" | grep -v -e "$build/release/" -e "$toolchain_lib/")
{
    echo
    echo "Shipped in lib/ (the Swift runtime and Foundation of $(swift --version 2>&1 | head -1)):"
    echo "$swift_libraries" | xargs -n1 basename | sed 's/^/  /'
    echo "  libNinepipeCoreShared.so libNinepipePluginsShared.so (what run-time plugins link against)"
    echo
    echo "Debian 12 packages: $packages"
    echo "(apt-get install --no-install-recommends $packages)"
    echo "macOS (Homebrew): jpeg-turbo webp giflib little-cms2 isa-l librsvg"
} >> "$runtime"
if [ ${#unlisted[@]} -gt 0 ]; then
    echo "libraries from packages not in Scripts/runtime-packages.txt: ${unlisted[*]}" >&2
    exit 1
fi
cat "$runtime"

# The tarball.
rm -rf "$build/stage" && mkdir -p "$stage/bin" "$stage/share/man/man1" "$stage/share/bash-completion/completions" \
    "$stage/share/zsh/site-functions" "$stage/share/fish/vendor_completions.d" "$dist"
install -m 0755 "$binary" "$stage/bin/ninepipe"
strip "$stage/bin/ninepipe"
# The shared products and the toolchain's libraries the three need (Swift runtime, Foundation).
mkdir -p "$stage/lib"
install -m 0755 "$build/release/libNinepipeCoreShared.so" "$build/release/libNinepipePluginsShared.so" "$stage/lib/"
echo "$swift_libraries" | while read -r library; do install -m 0755 "$library" "$stage/lib/"; done
strip --strip-unneeded "$stage"/lib/*.so
for object in "$stage/bin/ninepipe" "$stage"/lib/libNinepipe*.so; do
    paths=$(readelf -d "$object" | sed -n 's/.*R\(UN\)\{0,1\}PATH.*\[\(.*\)\]/\2/p' | tr ':' '\n')
    if echo "$paths" | grep -q -v -x -e '$ORIGIN' -e '$ORIGIN/../lib'; then
        echo "$object has a run path other than \$ORIGIN and \$ORIGIN/../lib: $paths" >&2
        exit 1
    fi
done
built --version | grep -q "^ninepipe $version$" || { echo "the binary does not say version $version" >&2; exit 1; }
built help --man > "$stage/share/man/man1/ninepipe.1"
built completions bash > "$stage/share/bash-completion/completions/ninepipe"
built completions zsh > "$stage/share/zsh/site-functions/_ninepipe"
built completions fish > "$stage/share/fish/vendor_completions.d/ninepipe.fish"
cp README.md LICENSE NOTICE CHANGELOG.md "$runtime" "$stage/"
mkdir -p "$stage/share/doc/ninepipe" && cp -r Docs Plugins.md "$stage/share/doc/ninepipe/"
tarball="$dist/$name.tar.gz"
tar -C "$build/stage" --owner=0 --group=0 -czf "$tarball" "$name"
(cd "$dist" && sha256sum "$name.tar.gz" > "$name.tar.gz.sha256")
echo "wrote $tarball ($(du -h "$tarball" | cut -f1)) and $name.tar.gz.sha256"

$smoke || exit 0

# A plugin as its author ships it for this tarball: built with this toolchain and, as the
# tarball, without libheif (NINEPIPE_WITHOUT=heif; Plugins.md), the .so alone.
NINEPIPE_WITHOUT=heif swift build -c release --package-path Examples/GlowPlugin --build-path "$build/plugin" --product GlowPlugin >&2
plugin=$build/plugin/release/libGlowPlugin.so

# The smoke test: a clean minimal Debian root with only the runtime packages.
base=${NINEPIPE_SMOKE_ROOT:-$build/bookworm-root}
mirror=${NINEPIPE_DEBIAN_MIRROR:-http://deb.debian.org/debian}
if [ ! -x "$base/bin/sh" ]; then
    echo "making a minimal Debian bookworm root in $base (debootstrap --variant=minbase)"
    debootstrap --variant=minbase bookworm "$base" "$mirror" >&2
fi
root="$build/smoke-root"
cleanup() { umount "$root/proc" 2>/dev/null || true; }
trap cleanup EXIT
rm -rf "$root" && cp -a "$base" "$root"
cp /etc/resolv.conf "$root/etc/resolv.conf"
mount -t proc proc "$root/proc"
chroot "$root" apt-get update -qq >&2
# shellcheck disable=SC2086
DEBIAN_FRONTEND=noninteractive chroot "$root" apt-get install -y -qq --no-install-recommends $packages >&2
if chroot "$root" sh -c 'command -v swift || command -v swiftc' >/dev/null; then echo "the smoke root has a Swift toolchain" >&2; exit 1; fi
if chroot "$root" dpkg-query -W -f '${Package}\n' | grep -- '-dev$'; then echo "the smoke root has -dev packages" >&2; exit 1; fi
mkdir -p "$root/opt" "$root/work"
tar -C "$root/opt" -xzf "$tarball"
cp Tests/NinepipeCoreTests/Fixtures/aapt-button.9.png "$root/work/x.9.png"
cp Tests/NinepipeCoreTests/Fixtures/photos/rocket.jpg "$root/work/photo.jpg"
cp Tests/NinepipeCoreTests/Fixtures/svg/tango-go-next.svg "$root/work/icon.svg"
mkdir -p "$root/plugins" && cp "$plugin" "$root/plugins/"
run() { chroot "$root" sh -c "cd /work && /opt/$name/bin/ninepipe $1"; }
run "--version"
run "run -e 'load \"x.9.png\" | ninepatch width=300 height=120 | save \"y.png\"'"
run "run -e 'load \"photo.jpg\" | thumbnail size=128 | save \"t.webp\"'"
run "assets web x.9.png --output web/"
run "run -e 'load \"icon.svg\" | thumbnail size=96 | save \"icon.png\"'"
run "--plugin /plugins/libGlowPlugin.so run -e 'load \"photo.jpg\" | thumbnail size=160 | glow radius=10 | save \"glow.png\"'"
run "info y.png t.webp"
for file in y.png t.webp web/x.png web/x.css web/assets.json icon.png glow.png; do
    [ -s "$root/work/$file" ] || { echo "smoke test: $file was not written" >&2; exit 1; }
done
built info "$root/work/y.png" | grep -q "300×120" || { echo "smoke test: y.png is not 300×120" >&2; exit 1; }
built info "$root/work/glow.png" | grep -q "160×160" || { echo "smoke test: glow.png is not 160×160" >&2; exit 1; }
echo "smoke test passed: $name runs, and loads a plugin copied alone, in a minimal Debian 12 root with only: $packages"
