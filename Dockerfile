# Ninepipe's container image: built on the Swift image, run on debian:bookworm-slim with only the
# runtime libraries in Scripts/runtime-packages.txt (the list the release tarball's smoke test
# proves), as a non-root user, in /data.
#
#   docker build --build-arg VERSION=$(bash Scripts/version.sh) -t ninepipe:$(bash Scripts/version.sh) .
#   docker run --rm -v "$PWD:/data" ninepipe:0.1.0 run -e 'load "in.jpg" | thumbnail size=256 | save "t.jpg"'
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
    && install -D .build/release/ninepipe /out/bin/ninepipe \
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
    && rm -rf /var/lib/apt/lists/* /tmp/runtime-packages.txt \
    && useradd --system --uid 10001 --create-home --home-dir /home/ninepipe ninepipe \
    && mkdir /data && chown ninepipe /data
COPY --from=build /out/ /usr/local/
COPY LICENSE NOTICE /usr/share/doc/ninepipe/
USER ninepipe
WORKDIR /data
ENTRYPOINT ["ninepipe"]
