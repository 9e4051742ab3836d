import NinepipeCore

/// A pathless `load` run where no input is given (only a batch pipeline's first step may leave
/// the path out).
struct MissingLoadPathError: NinepipeError {
    var description: String { "load needs a path here: load \"in.png\" (only a batch pipeline's first step may leave it out)" }
}
