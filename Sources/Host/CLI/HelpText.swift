/// The text of `ninepipe --help`.
enum HelpText {
    static let version = "0.1.0"

    static let usage = """
    ninepipe \(version): image pipelines for nine-patches, resizing and friends

    USAGE
      ninepipe run FILE [--set NAME=VALUE]...     run a pipeline file
      ninepipe run -e 'TEXT' [--set NAME=VALUE]... run pipeline text
      ninepipe run FILE|-e TEXT INPUT... --output DIR/|TEMPLATE [BATCH OPTIONS]
                                                  run the pipeline once per input image
      ninepipe FILE [ARGS]...                     same as ninepipe run FILE (for #!/usr/bin/env ninepipe)
      ninepipe check FILE | -e 'TEXT'             parse and validate only (no I/O)
      ninepipe plugins [NAME | --markdown]        list steps, show one step's parameters, or print the Markdown table
      ninepipe info IMAGE...                      describe image files without decoding pixels
      ninepipe ninepatch inspect FILE [--format json|ios|css|android]
      ninepipe ninepatch compile SRC.9.png OUT.png  strip the frame, write aapt's chunks
      ninepipe ninepatch decompile IN.png OUT.9.png draw the frame back from the chunks
      ninepipe ninepatch preview FILE --output preview.png  several sizes side by side, regions outlined
      ninepipe assets ios INPUT... --output Assets.xcassets   Android res/, .9.png, imagesets → asset catalog
      ninepipe assets android INPUT... --output res/ [--densities …] [--compiled]   → drawable-<density>/
      ninepipe assets web INPUT... --output DIR/      → name.png, name@2x.png, name.css, assets.json
                                                  (ninepipe assets for every option)
      ninepipe --plugin LIB.so [--plugin LIB.so]... COMMAND …   add transforms from plugin libraries
      ninepipe --help | --version

    OPTIONS
      --set NAME=VALUE       value for $NAME in the pipeline
      --max-pixels N         refuse images over N pixels (default 268435456 = 16384×16384)
      --max-dimension N      refuse images with a side over N pixels (default 65535)
      --timings              print each step's wall time and resulting size to stderr

    BATCH OPTIONS (inputs are files, directories or quoted globs such as 'photos/*.jpg')
      -o, --output TARGET    DIR/ (mirrors input folders) or a name with {name} {ext} {dir}
                             {width} {height} {index}, e.g. 'out/{name}-{width}x{height}.{ext}'
      -r, --recursive        read directories at any depth
      -j, --jobs N           files processed at once (default: number of cores)
      -q, --quiet            no progress or per-file lines; failures and the summary only
      --fail-fast            stop starting new files after the first failure
      -n, --dry-run          print INPUT → OUTPUT for each file, write nothing
      --shard I/N            process slice I (0…N-1) of the sorted inputs; auto/N reads JOB_COMPLETION_INDEX

    PIPELINES
      Steps are separated by line breaks or '|'; arguments are positional or name=value:
        load "card.png" | orient | save "card.jpg" quality=85
      '#' starts a comment (but #rrggbb inside a step is a colour). See Docs/DSL.md.
      load "-" reads standard input; save "-" format=png writes standard output.

    EXIT CODES
      0 success   1 runtime failure (bad input file, cannot write)   2 usage or pipeline error
      130 / 143 stopped by Ctrl-C / SIGTERM (files in flight abandoned, temporaries removed)
    """
}
