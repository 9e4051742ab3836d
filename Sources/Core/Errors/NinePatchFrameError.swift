/// A `.9.png` source whose 1-pixel frame cannot be read, with what and where.
public struct NinePatchFrameError: RemediableError, Hashable {
    /// Why no frame could be read.
    public enum Reason: Sendable, Hashable {
        /// The frame's pixels break the rules (colours, order, missing stretch regions).
        case invalidFrame
        /// The file is compiled (it carries `npTc`): aapt already removed its frame.
        case compiled
        /// The image has no frame at all: its edge is part of the picture.
        case noFrame
    }

    /// What is wrong (and, for an invalid frame, how to fix it).
    public var message: String
    /// Why no frame could be read.
    public var reason: Reason

    /// Creates the error.
    public init(_ message: String, reason: Reason = .invalidFrame) {
        self.message = message
        self.reason = reason
    }

    /// `nine-patch frame: pixel (0, 17) on the left edge is #7f000000; …`.
    public var problem: String { "nine-patch frame: " + message }

    /// Using the chunk of a compiled file; drawing a frame or giving insets for a picture without one.
    public var remedy: Remedy? {
        switch reason {
        case .invalidFrame: nil
        case .compiled: .useCompiledChunk
        case .noFrame: .giveCapInsets
        }
    }
}
