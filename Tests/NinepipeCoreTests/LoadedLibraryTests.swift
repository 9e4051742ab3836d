import CLazyLoading
import Testing

@testable import NinepipeCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Optional libraries are loaded when first used: one that cannot be loaded is an error naming
/// it and what to install, never a crash or a process that cannot start.
@Suite("optional libraries loaded when used")
struct LoadedLibraryTests {
    /// `ninepipe_load_library` on one library and one symbol: its status and message.
    private func load(_ library: String, _ symbol: String) -> (status: Int32, failure: String) {
        var failure = [CChar](repeating: 0, count: 256)
        var slot: UnsafeMutableRawPointer?
        let status = library.withCString { name in
            symbol.withCString { symbol in
                var libraries: [UnsafePointer<CChar>?] = [name]
                var symbols: [UnsafePointer<CChar>?] = [symbol]
                return ninepipe_load_library(&libraries, 1, &symbols, 1, &slot, &failure, 256)
            }
        }
        return (status, String(decoding: failure.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
    }

    @Test("a missing library, and a library without a function, are named")
    func failures() {
        let missing = load("libninepipe-absent.so.1", "anything")
        #expect(missing.status == 1 && missing.failure.hasPrefix("libninepipe-absent.so.1 could not be loaded ("), "\(missing.failure)")
        let lacking = load("libz.so.1", "ninepipe_no_such_function")
        #expect(lacking.status == 1 && lacking.failure == "the libz.so.1 found has no ninepipe_no_such_function (an older version)")
        #expect(load("libz.so.1", "inflate").status == 0)
    }

    @Test("the error says what is missing and what to install")
    func error() throws {
        let library = LoadedLibrary<Int32>(name: "libnothing", package: "libnothing1 (Homebrew: nothing)") { reason in
            reason.pointee = UnsafePointer(strdup("libnothing.so.1: cannot open shared object file"))
            return nil
        }
        #expect(library.table == nil)
        #expect {
            _ = try library.functions()
        } throws: { error in
            String(describing: error) == "libnothing is not available: libnothing.so.1: cannot open shared object file; install libnothing1 (Homebrew: nothing)"
        }
    }

    @Test("the codecs' libraries load here, and say their versions")
    func loaded() {
        #expect(WebPCodec.isAvailable == WebPCodec.isCompiledIn)
        #expect(GIFCodec.isAvailable == GIFCodec.isCompiledIn)
        #expect(HEIFCodec.isAvailable == HEIFCodec.isCompiledIn)
        #expect(ImageCodecRegistry.builtIn.library(of: .webp)?.isLoadedAtRunTime == WebPCodec.isCompiledIn)
    }
}
