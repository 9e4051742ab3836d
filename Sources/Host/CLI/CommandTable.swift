import NinepipeCore

/// Every command and option of `ninepipe`, in the order help lists them. Parsing, help, the man
/// page and completions all read this table.
enum CommandTable {
    /// Options before the command.
    static let global: [OptionSpec] = [
        OptionSpec(name: "plugin", short: nil, value: .path("LIB.so"), summary: "add the transforms of a plugin library (repeatable)", repeatable: true),
        OptionSpec(name: "version", short: "V", value: nil, summary: "print the version"),
    ]

    static let limitOptions: [OptionSpec] = [
        OptionSpec(
            name: "max-pixels", short: nil, value: .number("N", 1...ImageLimits.largestPixelCount),
            summary: "refuse images over N pixels (default 268435456 = 16384×16384; at most 2^40)"),
        OptionSpec(
            name: "max-dimension", short: nil, value: .number("N", 1...ImageLimits.largestDimension),
            summary: "refuse images with a side over N pixels (default 65535; at most 2^31 − 1)"),
    ]

    /// `run` and `check`: the pipeline, its parameters, and batch options.
    static let pipelineOptions: [OptionSpec] =
        [
            OptionSpec(name: "expression", short: "e", value: .text("TEXT"), summary: "the pipeline as text instead of a file"),
            OptionSpec(name: "set", short: nil, value: .text("NAME=VALUE"), summary: "value for $NAME in the pipeline (repeatable)", repeatable: true),
        ] + limitOptions + [
            OptionSpec(name: "timings", short: nil, value: nil, summary: "print each step's wall time and resulting size, and the peak memory, to stderr"),
            OptionSpec(
                name: "stream", short: nil, value: .choice(["auto", "always", "never"]),
                summary: "pass bands of rows between steps instead of whole images: auto (default) for PNG files over 16 MiB of pixels"),
            OptionSpec(
                name: "output", short: "o", value: .path("TARGET"),
                summary: "DIR/ (mirrors input folders) or a name with {name} {ext} {dir} {width} {height} {index}, e.g. 'out/{name}-{width}x{height}.{ext}'",
                group: batchGroup),
            OptionSpec(name: "recursive", short: "r", value: nil, summary: "read directories at any depth", group: batchGroup),
            OptionSpec(
                name: "jobs", short: "j", value: .number("N", 1...BatchRunner.maximumJobs),
                summary: "files processed at once, 1…\(BatchRunner.maximumJobs) and never more than the inputs (default: number of cores)", group: batchGroup),
            OptionSpec(
                name: "quiet", short: "q", value: nil, summary: "no progress, per-file lines or warnings (still counted); failures and the summary only"),
            OptionSpec(
                name: "verbose", short: "v", value: nil, summary: "every warning (a batch otherwise shows each kind once and counts the files in the summary)"),
            OptionSpec(name: "fail-fast", short: nil, value: nil, summary: "stop starting new files after the first failure", group: batchGroup),
            OptionSpec(name: "dry-run", short: "n", value: nil, summary: "print INPUT → OUTPUT for each file, write nothing", group: batchGroup),
            OptionSpec(
                name: "skip-existing", short: nil, value: nil,
                summary: "leave out inputs whose outputs exist and are at least as new (resume a stopped batch); counted as up to date", group: batchGroup),
            OptionSpec(
                name: "report", short: nil, value: .path("FILE"),
                summary: "write one JSON line per input as it finishes (input, outputs, status, error, seconds, bytes); - for stdout", group: batchGroup),
            OptionSpec(
                name: "shard", short: nil, value: .text("I/N"),
                summary: "process slice I (0…N-1) of the sorted inputs; auto/N reads JOB_COMPLETION_INDEX", group: batchGroup),
        ]

    static let batchGroup = "BATCH OPTIONS (inputs are files, directories or quoted globs such as 'photos/*.jpg')"

    static let assetOptions: [OptionSpec] =
        [
            OptionSpec(
                name: "output", short: "o", value: .path("DIR"), summary: "where to write (Assets.xcassets for ios, res/ for android, a folder for web)"),
            OptionSpec(
                name: "source-density", short: nil, value: .choice(["mdpi", "hdpi", "xhdpi", "xxhdpi", "xxxhdpi"]),
                summary: "density of files whose folder and name say none (default mdpi = @1x)"),
            OptionSpec(name: "upscale", short: nil, value: nil, summary: "enlarge the densest file for scales no file is dense enough for"),
            OptionSpec(name: "strict", short: nil, value: nil, summary: "make slicing the target cannot express an error instead of a warning"),
            OptionSpec(
                name: "jobs", short: "j", value: .number("N", 1...BatchRunner.maximumJobs),
                summary: "assets converted at once, 1…\(BatchRunner.maximumJobs) and never more than the assets (default: number of cores)"),
            OptionSpec(name: "dry-run", short: "n", value: nil, summary: "list every file that would be written; write nothing"),
            OptionSpec(name: "quiet", short: "q", value: nil, summary: "no per-asset lines or warnings; failures and the summary only"),
            OptionSpec(name: "verbose", short: "v", value: nil, summary: "every warning (otherwise each kind once, counted in the summary)"),
            OptionSpec(name: "fail-fast", short: nil, value: nil, summary: "stop after the first failure"),
        ] + limitOptions

    static let centerOption = OptionSpec(
        name: "center", short: nil, value: .choice(["stretch", "tile"]),
        summary: "how the centre fills (default: an imageset's own mode, else stretch)")

    static let assetInputs = """
        INPUT: .png/.jpg files (.9.png sources or compiled), Android res/ or drawable-<density>/ folders,
               .imageset folders, .xcassets catalogs
        """

    static let borderOption = OptionSpec(
        name: "border", short: nil, value: nil,
        summary: "read the 1-pixel frame even when the name does not end in .9.png")

    /// The commands.
    static let commands: [CommandSpec] = [
        CommandSpec(
            name: "run", summary: "run a pipeline file or text, once or over many input images",
            usage: [
                "run FILE [--set NAME=VALUE]...", "run -e 'TEXT' [--set NAME=VALUE]...",
                "run FILE|-e TEXT INPUT... --output DIR/|TEMPLATE [BATCH OPTIONS]",
            ],
            options: pipelineOptions,
            notes: """
                A batch pipeline starts after load (each input is loaded for it), or with a load that
                has options and no path: -e 'load orient=keep | thumbnail 128'. It may end with a save
                that has options and no path; each result then goes to --output written that way:
                  -e 'thumbnail size=256 | save quality=85' photos/ --output thumbs/
                  -e 'thumbnail size=256 | save format=webp strip=all' photos/ --output 'w/{name}.{ext}'
                (format= changes the extension a folder target or {ext} gives; quality, metadata
                (strip=) and nine-patch options are set the same way).
                ninepipe FILE [ARGS]... is ninepipe run FILE (for #!/usr/bin/env ninepipe scripts).
                """),
        CommandSpec(
            name: "check", summary: "parse and validate a pipeline without reading or writing images",
            usage: ["check FILE | -e 'TEXT' [--set NAME=VALUE]...", "check FILE|-e TEXT INPUT... --output TARGET   (lists INPUT → OUTPUT)"],
            options: pipelineOptions),
        CommandSpec(
            name: "plugins", summary: "list the steps, show one step's parameters, or print the Markdown table",
            usage: ["plugins [NAME | --markdown]"],
            options: [OptionSpec(name: "markdown", short: nil, value: nil, summary: "print the step table as Markdown (Plugins.md)")],
            operands: .steps),
        CommandSpec(
            name: "info", summary: "describe image files without decoding pixels",
            usage: ["info IMAGE... [--alpha] [--trim] [--placeholder [--components XxY] [--approximate]]"],
            options: [
                OptionSpec(
                    name: "alpha", short: nil, value: nil,
                    summary: "also count the pixels that are not fully opaque (this decodes the pixels)"),
                OptionSpec(
                    name: "trim", short: nil, value: nil,
                    summary: "also print the rectangle the trim step would keep (default threshold and background; decodes the pixels)"),
                OptionSpec(
                    name: "placeholder", short: nil, value: nil,
                    summary: "also print the dominant colour and a 4×3 BlurHash of every decoded pixel (the reference encoders' string)"),
                OptionSpec(
                    name: "components", short: nil, value: .text("XxY"),
                    summary: "the BlurHash's components across and down, 1…9 each (default 4x3); implies --placeholder"),
                OptionSpec(
                    name: "approximate", short: nil, value: nil,
                    summary:
                        "hash a small copy decoded scaled down (many times faster on big photos; may differ from the reference's string in a few characters); implies --placeholder"
                ),
            ]
                + limitOptions),
        CommandSpec(
            name: "ninepatch", summary: "inspect, compile, decompile and preview nine-patch images",
            usage: ["ninepatch inspect|compile|decompile|preview …"],
            subcommands: [
                CommandSpec(
                    name: "inspect", summary: "print a nine-patch's regions as JSON, iOS cap insets, CSS border-image or Android XML",
                    usage: ["ninepatch inspect FILE [--format json|ios|css|android] [--border | --insets T,L,B,R]"],
                    options: [
                        OptionSpec(name: "format", short: nil, value: .choice(["json", "ios", "css", "android"]), summary: "what to print (default json)"),
                        borderOption,
                        OptionSpec(name: "insets", short: nil, value: .text("T,L,B,R"), summary: "treat a plain image as a nine-patch with these cap insets"),
                    ]),
                CommandSpec(
                    name: "compile", summary: "strip the 1-pixel frame and write aapt's npTc/npLb/npOl chunks (aapt singleCrunch)",
                    usage: ["ninepatch compile SRC.9.png OUT.png"],
                    options: [borderOption]),
                CommandSpec(
                    name: "decompile", summary: "draw the 1-pixel frame back from a compiled file's chunks",
                    usage: ["ninepatch decompile COMPILED.png OUT.9.png"],
                    options: [borderOption]),
                CommandSpec(
                    name: "preview", summary: "render several sizes side by side with the regions outlined",
                    usage: ["ninepatch preview FILE --output preview.png"],
                    options: [OptionSpec(name: "output", short: "o", value: .path("FILE.png"), summary: "the preview image to write"), borderOption]),
            ],
            operands: .words(["inspect", "compile", "decompile", "preview"])),
        CommandSpec(
            name: "assets", summary: "move resizable images and density sets between Android, iOS and the web",
            usage: ["assets ios|android|web INPUT... --output DIR …"],
            subcommands: [
                CommandSpec(
                    name: "ios", summary: "Android res/, .9.png files and imagesets → an Xcode asset catalog",
                    usage: ["assets ios INPUT... --output Assets.xcassets [--center stretch|tile] [--strict]"],
                    options: assetOptions + [centerOption], notes: assetInputs),
                CommandSpec(
                    name: "android", summary: "images, .9.png files and imagesets → drawable-<density>/ folders",
                    usage: ["assets android INPUT... --output res/ [--densities mdpi,hdpi,…] [--compiled]"],
                    options: assetOptions + [
                        OptionSpec(
                            name: "densities", short: nil, value: .text("LIST"),
                            summary: "comma list of mdpi, hdpi, xhdpi, xxhdpi, xxxhdpi (default all five)"),
                        OptionSpec(
                            name: "compiled", short: nil, value: nil,
                            summary: "write what aapt puts in an APK: chunks, no frame, .9.png names kept"),
                    ], notes: assetInputs),
                CommandSpec(
                    name: "web", summary: "images and nine-patches → name.png, name@2x.png, name.css, assets.json",
                    usage: ["assets web INPUT... --output DIR/ [--center stretch|tile] [--strict]"],
                    options: assetOptions + [centerOption], notes: assetInputs),
            ],
            operands: .words(["ios", "android", "web"])),
        CommandSpec(
            name: "completions", summary: "print a shell completion script (bash, zsh or fish)",
            usage: ["completions bash|zsh|fish"],
            operands: .words(["bash", "zsh", "fish"]),
            notes: """
                bash: source <(ninepipe completions bash)        (or save it in ~/.local/share/bash-completion/completions/ninepipe)
                zsh:  ninepipe completions zsh > "${fpath[1]}/_ninepipe"
                fish: ninepipe completions fish > ~/.config/fish/completions/ninepipe.fish
                Steps and their parameters complete inside -e '…', plugins given with --plugin included.
                """),
        CommandSpec(
            name: "help", summary: "show help for a command, or the manual page in roff (--man)",
            usage: ["help [COMMAND [SUBCOMMAND]]", "help --man"],
            options: [OptionSpec(name: "man", short: nil, value: nil, summary: "print the manual page as roff (man -l <(ninepipe help --man))")],
            operands: .commands),
    ]

    /// The command `path` names (`["ninepatch", "inspect"]`), if there is one.
    static func command(_ path: [String]) -> CommandSpec? {
        var candidates = commands
        var found: CommandSpec?
        for name in path {
            guard let next = candidates.first(where: { $0.name == name }) else { return nil }
            found = next
            candidates = next.subcommands
        }
        return found
    }
}
