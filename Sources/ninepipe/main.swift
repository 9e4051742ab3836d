import NinepipeCLI

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// The executable only wires argv and the standard streams to the host library.
exit(CommandLineTool().run(Array(CommandLine.arguments.dropFirst()), console: .standard))
