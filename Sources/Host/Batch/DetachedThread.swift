#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// A thread of its own for a long-lived loop (a batch worker, the signal watcher), started with
/// `pthread_create` so that starting one needs no Foundation.
package enum DetachedThread {
    /// The closure a started thread runs, kept alive until it ends.
    fileprivate final class Body: Sendable {
        let run: @Sendable () -> Void
        let name: String
        init(run: @escaping @Sendable () -> Void, name: String) {
            self.run = run
            self.name = name
        }
    }

    /// Starts a detached thread that runs `body`, named `name` where the platform's module lets
    /// a thread name itself (Darwin); `false` when the system refused a thread.
    @discardableResult
    package static func start(name: String, _ body: @escaping @Sendable () -> Void) -> Bool {
        let context = Unmanaged.passRetained(Body(run: body, name: name)).toOpaque()
        #if canImport(Darwin)
        var thread: pthread_t?
        #else
        var thread = pthread_t()
        #endif
        guard pthread_create(&thread, nil, threadMain, context) == 0 else {
            Unmanaged<Body>.fromOpaque(context).release()
            return false
        }
        #if canImport(Darwin)
        if let thread { pthread_detach(thread) }
        #else
        pthread_detach(thread)
        #endif
        return true
    }
}

#if canImport(Darwin)
private func threadMain(_ context: UnsafeMutableRawPointer) -> UnsafeMutableRawPointer? {
    runBody(context)
    return nil
}
#else
private func threadMain(_ context: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? {
    if let context { runBody(context) }
    return nil
}
#endif

private func runBody(_ context: UnsafeMutableRawPointer) {
    let body = Unmanaged<DetachedThread.Body>.fromOpaque(context).takeRetainedValue()
    #if canImport(Darwin)
    pthread_setname_np(body.name)
    #endif
    body.run()
}
