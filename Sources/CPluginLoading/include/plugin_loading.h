#ifndef NINEPIPE_PLUGIN_LOADING_H
#define NINEPIPE_PLUGIN_LOADING_H

/// The shared object (executable or library) loaded in this process that holds `address`: its
/// load address, or NULL when none does. `*file` is set to its path as the loader knows it
/// (owned by the loader). dladdr, which Swift's Glibc module does not show (it is a GNU
/// extension).
const void *ninepipe_object_containing(const void *address, const char **file);

#endif
