extension FlutterDart {
    /// The `NinepipeAsset` class: a path, its variants and how one is chosen for a context;
    /// `vectors` adds drawing through `vector_graphics`.
    static func assetClass(vectors: Bool) -> String {
        let draw =
            vectors
            ? #"""
                final path = resolve(context);
                final filter =
                    color == null ? null : ColorFilter.mode(color, BlendMode.srcIn);
                if (isVector) {
                  return VectorGraphic(
                    loader: AssetBytesLoader(path),
                    width: width ?? this.width,
                    height: height ?? this.height,
                    fit: fit,
                    matchTextDirection: matchTextDirection,
                    semanticsLabel: semanticsLabel,
                    colorFilter: filter,
                  );
                }

            """#
            : #"""
                final path = resolve(context);

            """#
        return #"""
            /// The key of the variant for [context] among [keys]: the most specific of
            /// its locale, text direction and platform brightness, '' for none.
            String ninepipeVariantKey(BuildContext context, Iterable<String> keys) {
              final locale = Localizations.maybeLocaleOf(context);
              final rtl = Directionality.maybeOf(context) == TextDirection.rtl;
              final dark =
                  MediaQuery.maybePlatformBrightnessOf(context) == Brightness.dark;
              final tags = <String?>[
                if (locale != null && locale.countryCode != null)
                  '${locale.languageCode}-${locale.countryCode}',
                if (locale != null && locale.scriptCode != null)
                  '${locale.languageCode}-${locale.scriptCode}',
                if (locale != null) locale.languageCode,
                null,
              ];
              for (final tag in tags) {
                for (final direction in <String?>[if (rtl) 'rtl', null]) {
                  for (final appearance in <String?>[if (dark) 'dark', null]) {
                    final key = <String?>[tag, direction, appearance]
                        .whereType<String>()
                        .join('-');
                    if (key.isEmpty || keys.contains(key)) return key;
                  }
                }
              }
              return '';
            }

            /// An image `ninepipe assets flutter` converted: its asset path, and the
            /// variants chosen by locale, text direction and platform brightness.
            class NinepipeAsset {
              /// An asset at [path], [width] × [height] logical pixels.
              const NinepipeAsset(
                this.path, {
                required this.width,
                required this.height,
                this.variants = const {},
                this.matchTextDirection = false,
                this.isVector = false,
                this.isTemplate = false,
              });

              /// The asset path in the standard configuration.
              final String path;

              /// The width in logical pixels.
              final double width;

              /// The height in logical pixels.
              final double height;

              /// Other configurations' paths, keyed `dark`, `rtl`, `fr`, `pt-BR-dark`…
              final Map<String, String> variants;

              /// Whether it is mirrored in right-to-left text (Android's autoMirrored).
              final bool matchTextDirection;

              /// Whether it is an SVG that vector_graphics_compiler compiles.
              final bool isVector;

              /// Whether it is meant to be tinted: its paints are white.
              final bool isTemplate;

              /// The key of the variant for [context] (see [ninepipeVariantKey]).
              String variantKey(BuildContext context) =>
                  ninepipeVariantKey(context, variants.keys);

              /// The asset path for [context] (see [variantKey]).
              String resolve(BuildContext context) {
                final key = variantKey(context);
                return key.isEmpty ? path : variants[key]!;
              }

              /// The asset as a widget for [context]; a template is tinted [color].
              Widget image(
                BuildContext context, {
                double? width,
                double? height,
                BoxFit fit = BoxFit.contain,
                Color? color,
                String? semanticsLabel,
              }) {
            \#(draw)    return Image.asset(
                  path,
                  width: width ?? this.width,
                  height: height ?? this.height,
                  fit: fit,
                  matchTextDirection: matchTextDirection,
                  semanticLabel: semanticsLabel,
                  color: color,
                  colorBlendMode: BlendMode.srcIn,
                );
              }
            }

            """#
    }

    /// The `NinepipeShape` class: a shape drawable as a decoration, with its variants.
    static let shapeClass = #"""
        /// A shape drawable `ninepipe assets flutter` converted: a decoration Flutter
        /// draws itself, its variants, its size when it has one, and its padding.
        class NinepipeShape {
          /// A shape drawn as [decoration].
          const NinepipeShape(
            this.decoration, {
            this.variants = const {},
            this.width,
            this.height,
            this.padding = EdgeInsets.zero,
          });

          /// The decoration in the standard configuration.
          final Decoration decoration;

          /// Other configurations' decorations, keyed as [NinepipeAsset.variants].
          final Map<String, Decoration> variants;

          /// The width in logical pixels, `null` when it stretches to its box.
          final double? width;

          /// The height in logical pixels, `null` when it stretches to its box.
          final double? height;

          /// The content padding inside its border.
          final EdgeInsets padding;

          /// The decoration for [context] (see [ninepipeVariantKey]).
          Decoration resolve(BuildContext context) {
            final key = ninepipeVariantKey(context, variants.keys);
            return key.isEmpty ? decoration : variants[key]!;
          }

          /// The shape as a box for [context], [child] inside its padding.
          Widget box(
            BuildContext context, {
            double? width,
            double? height,
            Widget? child,
          }) {
            return Container(
              width: width ?? this.width,
              height: height ?? this.height,
              padding: padding,
              decoration: resolve(context),
              child: child,
            );
          }
        }

        """#

    /// The nine-patch classes: a file's slicing, a nine-patch's slicings by variant and
    /// density, and the widget that draws it.
    static let ninePatchClasses = #"""
        /// One file's stretch regions and padding, in that file's own pixels.
        class NinePatchSlicing {
          /// A slicing of a [width] × [height] file.
          const NinePatchSlicing({
            required this.width,
            required this.height,
            required this.xDivs,
            required this.yDivs,
            required this.padding,
          });

          /// The file's width in pixels.
          final double width;

          /// The file's height in pixels.
          final double height;

          /// Stretch regions across, as start and end pairs.
          final List<double> xDivs;

          /// Stretch regions down, as start and end pairs.
          final List<double> yDivs;

          /// The content padding.
          final EdgeInsets padding;

          /// This slicing for a file [factor] times as large.
          NinePatchSlicing scaled(double factor) => NinePatchSlicing(
                width: width * factor,
                height: height * factor,
                xDivs: [for (final x in xDivs) x * factor],
                yDivs: [for (final y in yDivs) y * factor],
                padding: padding * factor,
              );
        }

        /// A nine-patch: its asset, and each variant's slicing at each density,
        /// since a density drawn on its own may not be an exact multiple of 1.0x.
        class NinePatch {
          /// The nine-patch of [asset].
          const NinePatch(this.asset, this.slicings);

          /// Its asset.
          final NinepipeAsset asset;

          /// Variant key ('' for the standard one) → scale → slicing.
          final Map<String, Map<double, NinePatchSlicing>> slicings;

          /// The slicing of the file loaded at [scale] (`ImageInfo.scale`) for the
          /// variant [key]: the nearest density's, scaled, when none was written.
          NinePatchSlicing slicing(double scale, [String key = '']) {
            final byScale = slicings[key] ?? slicings['']!;
            final exact = byScale[scale];
            if (exact != null) return exact;
            final nearest = byScale.keys.reduce(
              (a, b) => (a - scale).abs() <= (b - scale).abs() ? a : b,
            );
            return byScale[nearest]!.scaled(scale / nearest);
          }

          /// The centre slice for `Image.asset(centerSlice:)` or a
          /// `DecorationImage`, in the pixels of the file loaded at [scale]
          /// (`ImageInfo.scale`, not the logical pixels `centerSlice` is often
          /// given in); `null` when an axis has several stretch regions.
          Rect? centerSlice(double scale, [String key = '']) {
            final s = slicing(scale, key);
            if (s.xDivs.length > 2 || s.yDivs.length > 2) return null;
            return Rect.fromLTRB(
              s.xDivs.isEmpty ? 0 : s.xDivs[0],
              s.yDivs.isEmpty ? 0 : s.yDivs[0],
              s.xDivs.isEmpty ? s.width : s.xDivs[1],
              s.yDivs.isEmpty ? s.height : s.yDivs[1],
            );
          }

          /// The content padding in logical pixels.
          EdgeInsets padding([String key = '']) => slicing(1.0, key).padding;
        }

        /// Draws a [NinePatch] at any size as Android does, with the slicing of the
        /// file loaded for the screen's density, and [child] inside its padding.
        class NinePatchImage extends StatefulWidget {
          /// Draws [ninePatch] around [child].
          const NinePatchImage(
            this.ninePatch, {
            super.key,
            this.width,
            this.height,
            this.child,
          });

          /// What to draw.
          final NinePatch ninePatch;

          /// The width, or the child's and padding's.
          final double? width;

          /// The height, or the child's and padding's.
          final double? height;

          /// What goes inside the padding.
          final Widget? child;

          @override
          State<NinePatchImage> createState() => _NinePatchImageState();
        }

        class _NinePatchImageState extends State<NinePatchImage> {
          ImageStream? _stream;
          ImageInfo? _info;
          String _key = '';
          late final ImageStreamListener _listener = ImageStreamListener(_loaded);

          @override
          void didChangeDependencies() {
            super.didChangeDependencies();
            _resolve();
          }

          @override
          void didUpdateWidget(NinePatchImage oldWidget) {
            super.didUpdateWidget(oldWidget);
            if (oldWidget.ninePatch != widget.ninePatch) _resolve();
          }

          void _resolve() {
            _key = widget.ninePatch.asset.variantKey(context);
            final image = AssetImage(widget.ninePatch.asset.resolve(context));
            final stream = image.resolve(createLocalImageConfiguration(context));
            if (stream.key == _stream?.key) return;
            _stream?.removeListener(_listener);
            _stream = stream..addListener(_listener);
          }

          void _loaded(ImageInfo info, bool synchronousCall) {
            setState(() {
              _info?.dispose();
              _info = info;
            });
          }

          @override
          void dispose() {
            _stream?.removeListener(_listener);
            _info?.dispose();
            super.dispose();
          }

          @override
          Widget build(BuildContext context) {
            final info = _info;
            final scale = info?.scale ?? 1.0;
            final slicing = widget.ninePatch.slicing(scale, _key);
            return CustomPaint(
              painter: info == null
                  ? null
                  : _NinePatchPainter(info.image, scale, slicing),
              child: SizedBox(
                width: widget.width,
                height: widget.height,
                child: Padding(
                  padding: slicing.padding / scale,
                  child: widget.child,
                ),
              ),
            );
          }
        }

        class _NinePatchPainter extends CustomPainter {
          _NinePatchPainter(this.image, this.scale, this.slicing);

          final ui.Image image;
          final double scale;
          final NinePatchSlicing slicing;

          @override
          void paint(Canvas canvas, Size size) {
            final columns =
                _spans(slicing.xDivs, image.width.toDouble(), size.width * scale);
            final rows =
                _spans(slicing.yDivs, image.height.toDouble(), size.height * scale);
            final paint = Paint()..filterQuality = FilterQuality.medium;
            canvas.save();
            canvas.scale(1 / scale);
            for (final row in rows) {
              for (final column in columns) {
                canvas.drawImageRect(
                  image,
                  Rect.fromLTRB(column.$1, row.$1, column.$2, row.$2),
                  Rect.fromLTRB(column.$3, row.$3, column.$4, row.$4),
                  paint,
                );
              }
            }
            canvas.restore();
          }

          /// Android's stretch along one axis, in device pixels, as (source start,
          /// source end, target start, target end): fixed spans keep their length
          /// (shrunk together when the target is shorter than they are), stretch
          /// regions share what is left in proportion to their lengths; an axis
          /// without regions is scaled whole.
          static List<(double, double, double, double)> _spans(
            List<double> divs,
            double length,
            double target,
          ) {
            if (divs.isEmpty) return [(0, length, 0, target)];
            final bounds = <double>[0, ...divs, length];
            var fixed = 0.0;
            var stretched = 0.0;
            for (var i = 0; i + 1 < bounds.length; i++) {
              final span = bounds[i + 1] - bounds[i];
              if (i.isOdd) {
                stretched += span;
              } else {
                fixed += span;
              }
            }
            final shrink = fixed > target ? target / fixed : 1.0;
            final free = target - fixed * shrink;
            final spans = <(double, double, double, double)>[];
            var at = 0.0;
            for (var i = 0; i + 1 < bounds.length; i++) {
              final span = bounds[i + 1] - bounds[i];
              if (span <= 0) continue;
              final drawn = i.isOdd
                  ? (stretched > 0 ? free * span / stretched : 0.0)
                  : span * shrink;
              spans.add((bounds[i], bounds[i + 1], at, at + drawn));
              at += drawn;
            }
            return spans;
          }

          @override
          bool shouldRepaint(_NinePatchPainter oldDelegate) =>
              oldDelegate.image != image ||
              oldDelegate.scale != scale ||
              oldDelegate.slicing != slicing;
        }

        """#
}
