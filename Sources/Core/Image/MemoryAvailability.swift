#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Whether this process can take a large block of memory now.
///
/// A Swift program whose allocation fails stops at once (a trap and a crash dump), so code
/// about to allocate a whole image asks here first, and a refusal becomes an error naming what
/// needed the memory. The question is asked of the allocator itself: a block of the size is
/// taken and given back untouched (which maps no pages, so it costs microseconds), and it fails
/// exactly where the real allocation would, under an address-space limit (`ulimit -v`, a
/// container's) or when the size is more than the machine's memory and swap. The block is
/// mapped (`mmap`, read-write and private, as the allocator maps a block this large) and
/// unmapped, never `malloc` and `free`: an optimizer may delete a `malloc` whose pointer is only
/// freed, and in release builds it did, so the probe answered yes to everything. The block asked
/// for is half as large again plus 64 MiB: under an address-space limit, the allocator's
/// per-thread arenas and the worker threads' stacks take room too, and a step allocates in
/// several pieces (measured: `sharpen` on a 3000×3000 image passed a probe of exactly its need
/// under a 500 MB limit and then trapped). Blocks under ``probedSize`` are not asked about.
public enum MemoryAvailability {
    /// Smaller blocks are taken without asking: 16 MiB.
    public static let probedSize = 16 << 20

    /// Throws ``LimitError/memoryUnavailable(kind:size:addressSpaceLimit:)`` when a block of
    /// `size` bytes cannot be allocated now; `kind` says what it is for ("the 16383×16383
    /// decoded image").
    public static func check(_ kind: String, size: Int) throws(LimitError) {
        guard size >= probedSize else { return }
        let (probe, overflow) = size.addingReportingOverflow(size / 2 + 64 << 20)
        if !overflow {
            // The kernel's answer for a mapping like the allocator's own (same overcommit and
            // address-space accounting); no page is touched.
            let block = mmap(nil, probe, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0)
            if let block, block != MAP_FAILED {
                munmap(block, probe)
                return
            }
        }
        throw LimitError.memoryUnavailable(kind: kind, size: size, addressSpaceLimit: addressSpaceLimit)
    }

    /// The address-space limit of this process in bytes, or `nil` when there is none.
    public static var addressSpaceLimit: Int? {
        var limit = rlimit()
        #if canImport(Glibc)
        let resource = __rlimit_resource_t(RLIMIT_AS.rawValue)
        #else
        let resource = RLIMIT_AS
        #endif
        guard getrlimit(resource, &limit) == 0, limit.rlim_cur != rlim_t.max else { return nil }  // RLIM_INFINITY
        return Int(clamping: limit.rlim_cur)
    }
}
