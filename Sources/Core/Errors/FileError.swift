/// An error tied to a file: reading, writing, or decoding its contents.
public enum FileError: NinepipeError {
    /// The file could not be opened or read.
    case cannotRead(path: String, reason: String)
    /// The file could not be written.
    case cannotWrite(path: String, reason: String)
    /// The file's name or contents name no format Ninepipe knows.
    case unknownFormat(path: String, detail: String)
    /// Decoding or encoding the file failed.
    case inFile(path: String, underlying: any Error)

    /// The message, starting with the path.
    public var description: String {
        switch self {
        case .cannotRead(let path, let reason): "\(path): cannot read: \(reason)"
        case .cannotWrite(let path, let reason): "\(path): cannot write: \(reason)"
        case .unknownFormat(let path, let detail): "\(path): \(detail)"
        case .inFile(let path, let underlying): "\(path): \(underlying)"
        }
    }

    /// The wrapped error of ``inFile(path:underlying:)``, or `nil`.
    public var underlying: (any Error)? {
        if case .inFile(_, let error) = self { return error }
        return nil
    }
}
