import NinepipeCore

// The two C entry points `ninepipe --plugin libGlowPlugin.so` looks for.

/// What this library was built with: checked by the host before it touches any Swift type.
@_cdecl("ninepipe_plugin_header")
public func ninepipePluginHeader() -> UnsafeRawPointer { PluginExport.header() }

/// The transforms this library adds.
@_cdecl("ninepipe_plugin_transforms")
public func ninepipePluginTransforms() -> UnsafeMutableRawPointer { PluginExport.transforms([Glow.self]) }
