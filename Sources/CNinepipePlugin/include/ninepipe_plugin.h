#ifndef NINEPIPE_PLUGIN_H
#define NINEPIPE_PLUGIN_H

#include <stdint.h>

/// The version of Ninepipe: the one place it is written. `ninepipe --version`, the core version a
/// plugin is checked against, the release tarball's name and the container image's label all
/// read it from here (`Scripts/version.sh` prints it for scripts).
#define NINEPIPE_VERSION "0.1.0"

/// The version of the plugin loading contract: the two entry points below and what they return.
/// Raise it whenever that contract changes.
#define NINEPIPE_PLUGIN_ABI 2

/// The toolchain compiling this header: Swift's built-in clang names the exact toolchain build.
/// Swift code that reads it gets the string of the compiler that built *that* code, so a plugin
/// and the host it is loaded into can compare the toolchains they were built with.
#define NINEPIPE_PLUGIN_TOOLCHAIN __clang_version__

/// What a plugin library declares about itself, read by the host before it touches any Swift type
/// from the library. Returned by the plugin's `ninepipe_plugin_header` C function.
typedef struct ninepipe_plugin_header {
    /// NINEPIPE_PLUGIN_ABI when the plugin was built.
    uint32_t abi_version;
    /// The NinepipeCore version the plugin was built against (NUL-terminated).
    const char *core_version;
    /// NINEPIPE_PLUGIN_TOOLCHAIN when the plugin was built (NUL-terminated).
    const char *toolchain;
    /// The interface fingerprint of the NinepipeCore and NinepipePlugins the plugin was compiled
    /// against: a hash of their sources, written at build time (NUL-terminated; since ABI 2).
    const char *interface_fingerprint;
} ninepipe_plugin_header;

/// Always empty; keeps the C target non-empty for SwiftPM.
void ninepipe_plugin_header_unused(void);

#endif
