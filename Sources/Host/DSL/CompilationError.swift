import NinepipeCore

/// The errors that stopped a pipeline text from compiling, all found in one pass.
public struct CompilationError: NinepipeError {
    /// Every diagnostic, errors and warnings, in source order.
    public var diagnostics: [Diagnostic]
    /// The file name the text came from (`<expression>` for `-e`).
    public var fileName: String
    /// The text.
    public var source: String

    /// The diagnostics rendered without colour.
    public var description: String {
        DiagnosticRenderer(fileName: fileName, source: source, colors: false).render(diagnostics)
    }
}
