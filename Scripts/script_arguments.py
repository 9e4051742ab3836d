"""Command-line handling shared by the dev-only comparison scripts."""
import sys


def split_ninepipe(default=".build/release/ninepipe"):
    """The script's arguments without `--ninepipe PATH`, and that path (or the release build)."""
    arguments = sys.argv[1:]
    ninepipe = default
    if "--ninepipe" in arguments:
        at = arguments.index("--ninepipe")
        ninepipe = arguments[at + 1]
        del arguments[at:at + 2]
    return arguments, ninepipe
