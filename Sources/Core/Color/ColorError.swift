/// Why a colour conversion failed.
public enum ColorError: NinepipeError, Hashable {
    /// This build has no LittleCMS.
    case unavailable
    /// LittleCMS could not read or use the profile.
    case unreadableProfile(String)
    /// The profile does not describe colours that can become sRGB here.
    case unsupportedProfile(String)

    /// The message.
    public var description: String {
        switch self {
        case .unavailable:
            "this ninepipe was built without colour management: install liblcms2-dev (Homebrew: little-cms2) and build it again"
        case .unreadableProfile(let reason):
            "the image's ICC profile cannot be used: \(reason); load it with icc=keep to leave the colours as they are"
        case .unsupportedProfile(let reason):
            "\(reason); load it with icc=keep to leave the colours as they are"
        }
    }
}
