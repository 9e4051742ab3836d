import Foundation
import NinepipeCore

/// A page of a folder served on the loopback and loaded in headless Chromium, driven over the
/// DevTools protocol (`--remote-debugging-pipe`) by a short Python script: the page's size, the
/// emulated `prefers-color-scheme` (`Emulation.setEmulatedMedia`), `Page.getAppManifest`'s
/// answer, the decoded widths of the page's images, and a screenshot taken once the page has
/// settled (the emulated scheme matching in the page, every image its styles name decoded, two
/// frames drawn), so a busy machine cannot photograph a half-drawn page.
public enum DevToolsPage {
    /// What the page showed.
    public struct Result {
        /// `Page.getAppManifest`'s answer (`errors`, `manifest` with the parsed icons…).
        public var manifest: [String: Any]
        /// Each `<img>`'s natural width once decoded, -1 for one that failed.
        public var imageWidths: [Int]
        /// The viewport, captured as PNG and decoded.
        public var screenshot: Image
    }

    /// Chromium, or `nil` (the caller skips, saying so) when it or python3 is missing.
    public static var chromium: String? {
        guard ChildProcess.tool("python3") != nil else { return nil }
        return ChildProcess.tool("chromium", "chromium-browser")
    }

    /// Loads `page` of `folder` at `width` × `height` CSS pixels (device scale 1), in the dark
    /// colour scheme when `dark`.
    public static func load(_ page: String, in folder: String, chromium: String, width: Int = 800, height: Int = 600, dark: Bool = false) throws -> Result {
        let script = try TemporaryFolder.make("devtools") + "/page.py"
        try Self.script.write(toFile: script, atomically: true, encoding: .utf8)
        let run = try ChildProcess.run("/usr/bin/env", ["python3", script, folder, chromium, page, "\(width)", "\(height)", dark ? "dark" : "light"])
        let output = String(decoding: run.out, as: UTF8.self)
        guard run.status == 0, let reply = try JSONSerialization.jsonObject(with: run.out) as? [String: Any],
            let shot = (reply["screenshot"] as? String).flatMap({ Data(base64Encoded: $0) })
        else {
            throw CocoaError(.fileReadCorruptFile, userInfo: [NSLocalizedDescriptionKey: "DevTools driver: \(output) \(run.err)"])
        }
        return Result(
            manifest: reply["manifest"] as? [String: Any] ?? [:], imageWidths: reply["images"] as? [Int] ?? [],
            screenshot: try ImageCodecRegistry.builtIn.decode(Array(shot)).converted(to: .rgb).converted(to: .eight))
    }

    static let script = #"""
        import functools, http.server, json, os, socketserver, subprocess, sys, threading, time
        folder, chromium, page, width, height, scheme = sys.argv[1:7]
        SETTLE = """(async () => {
            const dark = %s, query = matchMedia('(prefers-color-scheme: dark)');
            for (let i = 0; i < 600 && query.matches !== dark; i++) await new Promise(r => setTimeout(r, 50));
            const urls = new Set();
            for (const element of document.querySelectorAll('*')) {
                for (const match of getComputedStyle(element).backgroundImage.matchAll(/url\\("([^"]+)"\\)/g)) urls.add(match[1]);
            }
            await Promise.all([...urls].map(url => { const image = new Image(); image.src = url; return image.decode().catch(() => null); }));
            await Promise.all([...document.images].map(image => image.decode().catch(() => null)));
            await document.fonts.ready;
            await new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)));
            return query.matches === dark;
        })()"""
        class Quiet(http.server.SimpleHTTPRequestHandler):
            def log_message(self, *args): pass
        server = socketserver.TCPServer(("127.0.0.1", 0), functools.partial(Quiet, directory=folder))
        threading.Thread(target=server.serve_forever, daemon=True).start()
        to_child, from_chromium = os.pipe(), os.pipe()
        def pipes():
            os.dup2(to_child[0], 3)
            os.dup2(from_chromium[1], 4)
        child = subprocess.Popen([chromium, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--remote-debugging-pipe", "about:blank"],
                                 pass_fds=(3, 4), preexec_fn=pipes, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(to_child[0]); os.close(from_chromium[1])
        out, inp = os.fdopen(to_child[1], "wb"), os.fdopen(from_chromium[0], "rb")
        pending, counter = [b""], [0]
        def receive():
            while b"\0" not in pending[0]:
                chunk = inp.read1(65536)
                if not chunk: sys.exit("chromium closed the pipe")
                pending[0] += chunk
            message, pending[0] = pending[0].split(b"\0", 1)
            return json.loads(message)
        def call(method, params=None, session=None):
            counter[0] += 1
            message = {"id": counter[0], "method": method, "params": params or {}}
            if session: message["sessionId"] = session
            out.write(json.dumps(message).encode() + b"\0"); out.flush()
            while True:
                reply = receive()
                if reply.get("id") == counter[0]:
                    if "error" in reply: sys.exit(method + ": " + json.dumps(reply["error"]))
                    return reply["result"]
        try:
            target = call("Target.createTarget", {"url": "about:blank"})["targetId"]
            session = call("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
            call("Page.enable", session=session)
            call("Emulation.setDeviceMetricsOverride", {"width": int(width), "height": int(height), "deviceScaleFactor": 1, "mobile": False}, session=session)
            call("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": scheme}]}, session=session)
            call("Page.navigate", {"url": "http://127.0.0.1:%d/%s" % (server.server_address[1], page)}, session=session)
            deadline = time.time() + 30
            while time.time() < deadline and receive().get("method") != "Page.loadEventFired": pass
            # The picture is taken only once the page is settled: the emulated scheme matches in
            # the page, every image a style names is loaded and decoded, and two frames are drawn.
            settled = call("Runtime.evaluate", {"expression": SETTLE % json.dumps(scheme == "dark"), "awaitPromise": True, "returnByValue": True}, session=session)
            if settled["result"].get("value") is not True: sys.exit("the page did not settle: " + json.dumps(settled))
            manifest = call("Page.getAppManifest", session=session)
            images = call("Runtime.evaluate", {"expression": "Promise.all([...document.images].map(i => i.decode().then(() => i.naturalWidth, () => -1)))",
                                               "awaitPromise": True, "returnByValue": True}, session=session)
            shot = call("Page.captureScreenshot", {"format": "png"}, session=session)
            print(json.dumps({"manifest": manifest, "images": images["result"].get("value"), "screenshot": shot["data"]}))
        finally:
            child.kill()
        """#
}
