/// Why a colour conversion failed.
public enum ColorError: RemediableError, Hashable {
    /// This build has no LittleCMS.
    case unavailable
    /// This build uses LittleCMS, but it could not be loaded on this machine (the reason).
    case notLoaded(String)
    /// LittleCMS could not read or use the profile.
    case unreadableProfile(String)
    /// The profile does not describe colours that can become sRGB here.
    case unsupportedProfile(String)

    /// What is wrong.
    public var problem: String {
        switch self {
        case .unavailable:
            "this ninepipe was built without colour management: install liblcms2-dev (Homebrew: little-cms2) and build it again"
        case .notLoaded(let reason):
            "colour management is not available: \(reason)"
        case .unreadableProfile(let reason):
            "the image's ICC profile cannot be used: \(reason)"
        case .unsupportedProfile(let reason):
            reason
        }
    }

    /// Keeping the profile, for a profile that cannot be converted.
    public var remedy: Remedy? {
        switch self {
        case .unavailable, .notLoaded: nil
        case .unreadableProfile, .unsupportedProfile: .keepColorProfile
        }
    }
}
