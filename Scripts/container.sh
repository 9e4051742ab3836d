#!/usr/bin/env bash
# Builds the Dockerfile's image without a Docker engine, with buildah (vfs storage, chroot
# isolation, as root), from base images made on this machine, and smoke-tests it:
#
#   bash Scripts/container.sh            # build, then run the checks below
#   bash Scripts/container.sh --reduced  # reuse the base images from an earlier run when present
#
# Base images (nothing is pulled: the build runs with --pull=never):
#   debian:bookworm-slim   a debootstrap minbase root (the one release.sh --smoke-test makes)
#   swift:6.3-bookworm     that root with the packages the official Swift image carries and this
#                          machine's toolchain (/opt/swift, or SWIFT_TOOLCHAIN) on PATH
# Then `buildah bud --pull=never` builds the Dockerfile as written, and the image runs as its
# non-root user with a folder mounted at /data: --version, a nine-patch render, a JPEG → WebP
# thumbnail, an SVG drawing, and an Indexed Job's shards (JOB_COMPLETION_INDEX), as the
# Kubernetes example in Docs/Batch.md runs it. Storage lives in .build-container/ (delete it to
# start again). Needs root, buildah and debootstrap (installed with apt-get when missing) and
# a Debian mirror (NINEPIPE_DEBIAN_MIRROR, default http://deb.debian.org/debian).
set -euo pipefail
cd "$(dirname "$0")/.."
[ "$(id -u)" = 0 ] || { echo "container.sh needs root (buildah with vfs storage and chroot isolation)" >&2; exit 1; }
reduced=false
[ "${1:-}" = --reduced ] && reduced=true

for tool in buildah debootstrap; do
    command -v "$tool" >/dev/null 2>&1 || DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$tool" >/dev/null \
        || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$tool" >/dev/null; }
done

work=$PWD/.build-container
mkdir -p "$work"
buildah=(buildah --root "$work/storage" --runroot "$work/run" --storage-driver vfs)
version=$(bash Scripts/version.sh)
image=localhost/ninepipe:$version
toolchain=${SWIFT_TOOLCHAIN:-/opt/swift}
mirror=${NINEPIPE_DEBIAN_MIRROR:-http://deb.debian.org/debian}
swift_image=$(sed -n 's/^ARG SWIFT_IMAGE=//p' Dockerfile)
started=$SECONDS
step() { echo "[$((SECONDS - started)) s] $*"; }

has_image() { "${buildah[@]}" inspect --type image "$1" >/dev/null 2>&1; }

# 1. debian:bookworm-slim from a minbase root.
base=docker.io/library/debian:bookworm-slim
if ! $reduced || ! has_image "$base"; then
    root=${NINEPIPE_SMOKE_ROOT:-.build-release/bookworm-root}
    if [ ! -x "$root/bin/sh" ]; then
        step "making a minimal Debian bookworm root in $root (debootstrap --variant=minbase)"
        mkdir -p "$(dirname "$root")"
        debootstrap --variant=minbase bookworm "$root" "$mirror" > "$work/debootstrap.log" 2>&1
    fi
    step "importing it as $base"
    ctr=$("${buildah[@]}" from scratch)
    mnt=$("${buildah[@]}" mount "$ctr")
    cp -a "$root/." "$mnt/"
    # As Debian's own slim image is: no package files or lists left from debootstrap (130 MB).
    rm -rf "$mnt"/var/cache/apt/archives/*.deb "$mnt"/var/cache/apt/*.bin "$mnt"/var/lib/apt/lists/*
    "${buildah[@]}" umount "$ctr" >/dev/null
    "${buildah[@]}" config --env PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin --cmd bash "$ctr"
    "${buildah[@]}" commit -q --rm "$ctr" "$base" >/dev/null
fi

# 2. The builder image the Dockerfile names, with this machine's Swift toolchain.
builder=docker.io/library/$swift_image
if ! $reduced || ! has_image "$builder"; then
    [ -x "$toolchain/usr/bin/swift" ] || { echo "no Swift toolchain at $toolchain (set SWIFT_TOOLCHAIN)" >&2; exit 1; }
    step "making $builder from $base and $toolchain"
    ctr=$("${buildah[@]}" from --pull=never "$base")
    "${buildah[@]}" run --isolation chroot "$ctr" -- sh -c 'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
        binutils git gnupg2 libc6-dev libcurl4-openssl-dev libedit2 libgcc-12-dev libpython3-dev libsqlite3-0 libstdc++-12-dev \
        libxml2-dev libncurses-dev libz3-dev pkg-config tzdata zlib1g-dev ca-certificates >/dev/null && rm -rf /var/lib/apt/lists/*' \
        > "$work/builder.log" 2>&1 || { tail -20 "$work/builder.log"; exit 1; }
    mnt=$("${buildah[@]}" mount "$ctr")
    mkdir -p "$mnt/opt"
    cp -a "$toolchain" "$mnt/opt/swift"
    "${buildah[@]}" umount "$ctr" >/dev/null
    "${buildah[@]}" config --env PATH=/opt/swift/usr/bin:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin "$ctr"
    "${buildah[@]}" commit -q --rm "$ctr" "$builder" >/dev/null
fi

# 3. The Dockerfile, as written, nothing pulled.
step "building $image from the Dockerfile (buildah bud --pull=never)"
"${buildah[@]}" bud --pull=never --isolation chroot --build-arg "VERSION=$version" -t "$image" -f Dockerfile . > "$work/bud.log" 2>&1 \
    || { tail -40 "$work/bud.log"; echo "the image did not build (log: $work/bud.log)" >&2; exit 1; }
size=$("${buildah[@]}" images --format '{{.Size}}' "$image")
step "built $image ($size)"

# 4. The image's own settings: entry point, user, working directory, labels.
config=$("${buildah[@]}" inspect --type image "$image" | tr -d ' \n\t')
for want in '"User":"10001:10001"' '"Entrypoint":["ninepipe"]' '"WorkingDir":"/data"' "\"org.opencontainers.image.version\":\"$version\""; do
    grep -qF "$want" <<< "$config" || { echo "image config lacks $want: $config" >&2; exit 1; }
done

# 5. Run it as its user with a folder mounted at /data, as `docker run -v "$PWD:/data"` would.
data=$(mktemp -d "$work/data.XXXXXX")
trap 'rm -rf "$data"; "${buildah[@]}" rm ninepipe-smoke >/dev/null 2>&1 || true' EXIT
cp Tests/NinepipeCoreTests/Fixtures/aapt-button.9.png "$data/button.9.png"
cp Tests/NinepipeCoreTests/Fixtures/photos/rocket.jpg "$data/photo.jpg"
cp Tests/NinepipeCoreTests/Fixtures/svg/tango-go-next.svg "$data/icon.svg"
mkdir -p "$data/photos/trip" "$data/pipelines" "$data/reports"
for name in a b c d; do cp Examples/photo.jpg "$data/photos/$name.jpg"; done
cp Examples/card.png "$data/photos/trip/e.png"
printf 'param size=64\nthumbnail $size\n' > "$data/pipelines/thumbs.pipe"
chown -R 10001:10001 "$data"
"${buildah[@]}" rm ninepipe-smoke >/dev/null 2>&1 || true
"${buildah[@]}" from --pull=never --name ninepipe-smoke "$image" >/dev/null
# The image's entry point with `args`, as the user the image names, in /data.
run() { "${buildah[@]}" run --isolation chroot --user 10001:10001 --workingdir /data -v "$data:/data" "$@"; }
ninepipe() { run ninepipe-smoke -- ninepipe "$@"; }

step "smoke test: --version"
ninepipe --version | tee "$work/version.txt"
grep -q "^ninepipe $version" "$work/version.txt"
[ "$(run ninepipe-smoke -- id -u)" = 10001 ] || { echo "the image does not run as uid 10001" >&2; exit 1; }
step "smoke test: a nine-patch render, a JPEG → WebP thumbnail, an SVG drawing"
ninepipe run -e 'load "button.9.png" | ninepatch width=300 height=120 | save "wide.png"'
ninepipe run -e 'load "photo.jpg" | thumbnail size=128 | save "thumb.webp"'
ninepipe run -e 'load "icon.svg" width=96 | save "icon.png"'
ninepipe info wide.png thumb.webp icon.png > "$work/info.txt"
grep -q "size: 300×120" "$work/info.txt" && grep -q "size: 128×128" "$work/info.txt" && grep -q "size: 96×96" "$work/info.txt" \
    || { cat "$work/info.txt"; echo "smoke test: wrong sizes" >&2; exit 1; }
for file in wide.png thumb.webp icon.png; do
    [ "$(stat -c %u "$data/$file")" = 10001 ] || { echo "smoke test: $file is not owned by the image's user" >&2; exit 1; }
done
step "smoke test: an Indexed Job's two shards (JOB_COMPLETION_INDEX 0 and 1, --shard auto/2)"
for index in 0 1; do
    run --env JOB_COMPLETION_INDEX=$index ninepipe-smoke -- ninepipe run /data/pipelines/thumbs.pipe /data/photos --recursive \
        --output /data/thumbs/ --shard auto/2 --jobs 2 --quiet --skip-existing --report "/data/reports/$index.jsonl"
done
written=$(cd "$data/thumbs" && find . -type f | sort | tr '\n' ' ')
[ "$written" = "./a.jpg ./b.jpg ./c.jpg ./d.jpg ./trip/e.png " ] || { echo "smoke test: the shards wrote: $written" >&2; exit 1; }
[ "$(cat "$data/reports/0.jsonl" "$data/reports/1.jsonl" | grep -c '"status":"ok"')" = 5 ] \
    || { cat "$data/reports/"*.jsonl; echo "smoke test: the reports do not list five files" >&2; exit 1; }
step "container smoke test passed: $image"
