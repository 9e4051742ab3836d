#if canImport(Glibc)
import NinepipeHost
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The process's peak resident memory so far, as `--timings` prints it.
enum PeakMemory {
    /// Bytes (from `getrusage`: kilobytes on Linux, bytes on macOS).
    static var bytes: Int {
        var usage = rusage()
        #if canImport(Darwin)
        guard getrusage(RUSAGE_SELF, &usage) == 0 else { return 0 }
        return Int(usage.ru_maxrss)
        #else
        guard getrusage(RUSAGE_SELF.rawValue, &usage) == 0 else { return 0 }
        return Int(usage.ru_maxrss) * 1024
        #endif
    }

    /// `41.2 MiB`.
    static var description: String {
        let mebibytes = Double(bytes) / 1_048_576
        return "\((mebibytes * 10).rounded() / 10) MiB"
    }
}
