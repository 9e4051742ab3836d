#!/usr/bin/env bash
# Builds the release tarball and, with --smoke-test, proves it runs on a clean Debian 12.
#
#   bash Scripts/release.sh [--smoke-test]
#
# Writes .build-release/dist/ninepipe-VERSION-linux-ARCH.tar.gz and its .sha256:
#   bin/ninepipe                      built with --static-swift-stdlib (no Swift runtime needed)
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
# pipeline and `assets web` there: no Swift toolchain and no -dev package is present. Needs root,
# debootstrap and a Debian mirror (NINEPIPE_DEBIAN_MIRROR, default http://deb.debian.org/debian).
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
NINEPIPE_WITHOUT=heif swift build -c release --static-swift-stdlib --build-path "$build" --product ninepipe >&2
binary="$build/release/ninepipe"
"$binary" --version | grep -q "^ninepipe $version$" || { echo "the binary does not say version $version" >&2; exit 1; }

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
done < <(ldd "$binary" | awk '$2 == "=>" && $3 ~ /^\// { print $1, $3 }')
{
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
stage="$build/stage/$name"
rm -rf "$build/stage" && mkdir -p "$stage/bin" "$stage/share/man/man1" "$stage/share/bash-completion/completions" \
    "$stage/share/zsh/site-functions" "$stage/share/fish/vendor_completions.d" "$dist"
install -m 0755 "$binary" "$stage/bin/ninepipe"
strip "$stage/bin/ninepipe"
"$binary" help --man > "$stage/share/man/man1/ninepipe.1"
"$binary" completions bash > "$stage/share/bash-completion/completions/ninepipe"
"$binary" completions zsh > "$stage/share/zsh/site-functions/_ninepipe"
"$binary" completions fish > "$stage/share/fish/vendor_completions.d/ninepipe.fish"
cp README.md LICENSE NOTICE CHANGELOG.md "$runtime" "$stage/"
mkdir -p "$stage/share/doc/ninepipe" && cp -r Docs Plugins.md "$stage/share/doc/ninepipe/"
tarball="$dist/$name.tar.gz"
tar -C "$build/stage" --owner=0 --group=0 -czf "$tarball" "$name"
(cd "$dist" && sha256sum "$name.tar.gz" > "$name.tar.gz.sha256")
echo "wrote $tarball ($(du -h "$tarball" | cut -f1)) and $name.tar.gz.sha256"

$smoke || exit 0

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
run() { chroot "$root" sh -c "cd /work && /opt/$name/bin/ninepipe $1"; }
run "--version"
run "run -e 'load \"x.9.png\" | ninepatch width=300 height=120 | save \"y.png\"'"
run "run -e 'load \"photo.jpg\" | thumbnail size=128 | save \"t.webp\"'"
run "assets web x.9.png --output web/"
run "run -e 'load \"icon.svg\" | thumbnail size=96 | save \"icon.png\"'"
run "info y.png t.webp"
for file in y.png t.webp web/x.png web/x.css web/assets.json icon.png; do
    [ -s "$root/work/$file" ] || { echo "smoke test: $file was not written" >&2; exit 1; }
done
"$binary" info "$root/work/y.png" | grep -q "300×120" || { echo "smoke test: y.png is not 300×120" >&2; exit 1; }
echo "smoke test passed: $name runs in a minimal Debian 12 root with only: $packages"
