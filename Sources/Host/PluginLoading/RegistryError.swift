import NinepipeCore
import NinepipePlugins

/// A registry that cannot be built.
public enum RegistryError: NinepipeError, Hashable {
    /// Two plugins claim the same step name.
    case duplicateName(String)
    /// A step name that is not a lower-case word.
    case invalidName(String)
    /// A step name the pipeline language keeps for itself (`param`).
    case reservedName(String)

    /// The message.
    public var description: String {
        switch self {
        case .duplicateName(let name): "two plugins register the step name '\(name)'; step names must be unique"
        case .invalidName(let name): "'\(name)' is not a valid step name (lower-case letters, digits, '-' and '_', starting with a letter)"
        case .reservedName(let name): "'\(name)' is reserved by the pipeline language; choose another step name"
        }
    }
}
