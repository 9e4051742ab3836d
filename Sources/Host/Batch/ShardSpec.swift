/// A shard `I/N`: which of N deterministic slices of the sorted input list this machine processes.
///
/// `I` counts from 0, like Kubernetes' `JOB_COMPLETION_INDEX` and Slurm's array indices; `auto/N`
/// reads `JOB_COMPLETION_INDEX` from the environment. Input number `k` (in sorted order) belongs
/// to slice `k mod N`, so slices differ in size by at most one file.
public struct ShardSpec: Sendable, Hashable {
    /// The slice, or `nil` for `auto`.
    public var index: Int?
    /// How many slices.
    public var count: Int

    /// The environment variable `auto` reads.
    public static let environmentVariable = "JOB_COMPLETION_INDEX"

    /// Parses `I/N` or `auto/N`.
    public init(_ text: String) throws(BatchError) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let count = Int(parts[1]), count > 0 else {
            throw .badShard(text: text)
        }
        self.count = count
        if parts[0] == "auto" {
            index = nil
        } else {
            guard let index = Int(parts[0]), (0..<count).contains(index) else {
                throw .shardOutOfRange(text: text, count: count)
            }
            self.index = index
        }
    }

    /// The slice number, reading `JOB_COMPLETION_INDEX` from `environment` for `auto`.
    public func resolvedIndex(environment: [String: String]) throws(BatchError) -> Int {
        if let index { return index }
        guard let text = environment[Self.environmentVariable] else {
            throw .shardVariableMissing(count: count)
        }
        guard let index = Int(text), (0..<count).contains(index) else {
            throw .shardVariableInvalid(value: text, count: count)
        }
        return index
    }

    /// The inputs of slice `index`.
    public static func slice(_ inputs: [BatchInput], index: Int, count: Int) -> [BatchInput] {
        inputs.filter { $0.index % count == index }
    }
}
