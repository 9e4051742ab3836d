# Ninepipe's container image: built on the Swift image, run on debian:bookworm-slim with only the
# runtime libraries in Scripts/runtime-packages.txt (the list the release tarball's smoke test
# proves), as a non-root user, in /data.
#
#   docker build --build-arg VERSION=$(bash Scripts/version.sh) -t ninepipe:$(bash Scripts/version.sh) .
#   docker run --rm --user "$(id -u):$(id -g)" -v "$PWD:/data" ninepipe:0.1.0 run -e 'load "in.jpg" | thumbnail size=256 | save "t.jpg"'
#
# It runs as uid 10001 unless told otherwise: --user gives it yours, so it can write to your folder.
# Without Docker, Scripts/container.sh builds it with buildah and smoke-tests it.
#
# Like the release tarball it leaves out HEIC/AVIF: Debian 12's libheif links the GPL x265 (NOTICE).
ARG SWIFT_IMAGE=swift:6.3-bookworm

FROM ${SWIFT_IMAGE} AS build
RUN apt-get update \
    && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends \
       pkg-config zlib1g-dev libjpeg62-turbo-dev libwebp-dev libgif-dev liblcms2-dev libisal-dev \
    && rm -rf /var/lib/apt/lists/*
WORKDIR /src
COPY . .
RUN NINEPIPE_WITHOUT=heif swift build -c release --static-swift-stdlib --product ninepipe \
    && install -D .build/release/ninepipe /out/bin/ninepipe && strip /out/bin/ninepipe \
    && mkdir -p /out/share/man/man1 && /out/bin/ninepipe help --man > /out/share/man/man1/ninepipe.1

FROM debian:bookworm-slim
ARG VERSION=unknown
LABEL org.opencontainers.image.title="ninepipe" \
      org.opencontainers.image.version="${VERSION}" \
      org.opencontainers.image.licenses="Apache-2.0" \
      org.opencontainers.image.description="Image pipelines for nine-patches, resizable images and thumbnails"
COPY Scripts/runtime-packages.txt /tmp/runtime-packages.txt
RUN apt-get update \
    && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends $(grep -v '^#' /tmp/runtime-packages.txt) \
    && apt-get clean && rm -rf /var/lib/apt/lists/* /tmp/runtime-packages.txt \
    && groupadd --gid 10001 ninepipe \
    && useradd --uid 10001 --gid 10001 --no-log-init --create-home --home-dir /home/ninepipe --shell /usr/sbin/nologin ninepipe \
    && mkdir /data && chown 10001:10001 /data
COPY --from=build /out/ /usr/local/
COPY LICENSE NOTICE /usr/share/doc/ninepipe/
# Numeric, so that Kubernetes' runAsNonRoot can verify it (a name cannot be checked).
USER 10001:10001
WORKDIR /data
ENTRYPOINT ["ninepipe"]
