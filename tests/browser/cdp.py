"""cdp.py: headless Chromium driven over the DevTools protocol on a pipe (--remote-debugging-pipe:
the browser reads commands from fd 3 and writes answers and events to fd 4, each a JSON text ending
in a NUL byte), with the standard library alone. Used by the browser tests and bench/web_bench.sh.

    with Chrome(binary, profile_dir, width, height) as c:
        c.open(url)                      # the page's session: Page, Runtime, DOM, Network on
        c.eval("document.title")         # the value of an expression (awaited when a promise)
        c.wait("expr", timeout)          # polls until the expression is truthy
        c.set_files("#file", [paths])    # a file input's files, as if chosen (fires change)
        c.requests                       # every URL requested by the page and its workers
"""
import fcntl
import json
import os
import select
import subprocess
import time


class CdpError(Exception):
    pass


class Chrome:
    def __init__(self, binary, profile, width=1280, height=800, downloads=None):
        self.binary, self.profile = binary, profile
        self.width, self.height = width, height
        self.downloads = downloads
        self.next_id = 1
        self.buf = b""
        self.events = []
        self.requests = []       # (session kind, url)
        self.finished = {}       # download guid -> state
        self.session = None

    def __enter__(self):
        os.makedirs(self.profile, exist_ok=True)
        to_chrome_r, to_chrome_w = os.pipe()
        from_chrome_r, from_chrome_w = os.pipe()

        def child():
            # moved out of the way first: either may be 3 or 4 already
            a = fcntl.fcntl(to_chrome_r, fcntl.F_DUPFD, 10)
            b = fcntl.fcntl(from_chrome_w, fcntl.F_DUPFD, 10)
            os.dup2(a, 3)
            os.dup2(b, 4)
            os.set_inheritable(3, True)
            os.set_inheritable(4, True)

        args = [self.binary, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
                "--no-default-browser-check", "--disable-extensions", "--disable-background-networking",
                "--disable-component-update", "--disable-sync", "--metrics-recording-only",
                "--user-data-dir=" + self.profile, "--remote-debugging-pipe",
                "--window-size=%d,%d" % (self.width, self.height), "--hide-scrollbars", "about:blank"]
        self.proc = subprocess.Popen(args, preexec_fn=child, pass_fds=(3, 4),
                                     stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                     stderr=open(os.path.join(self.profile, "chrome.err"), "wb"))
        os.close(to_chrome_r)
        os.close(from_chrome_w)
        self.w, self.r = to_chrome_w, from_chrome_r
        return self

    def __exit__(self, *exc):
        try:
            self.send("Browser.close", timeout=10)
        except Exception:
            pass
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        os.close(self.w)
        os.close(self.r)

    # ---- the wire
    def _read_message(self, deadline):
        while b"\0" not in self.buf:
            left = deadline - time.monotonic()
            if left <= 0:
                raise CdpError("no answer from chromium in time")
            ready, _, _ = select.select([self.r], [], [], left)
            if ready:
                chunk = os.read(self.r, 1 << 20)
                if not chunk:
                    raise CdpError("chromium closed the pipe")
                self.buf += chunk
        msg, self.buf = self.buf.split(b"\0", 1)
        return json.loads(msg)

    def _event(self, m):
        method, p = m.get("method"), m.get("params", {})
        if method == "Network.requestWillBeSent":
            self.requests.append(p["request"]["url"])
        elif method == "Target.attachedToTarget":
            # a worker of the page: its requests are logged too
            sid = p["sessionId"]
            self._post("Network.enable", {}, sid)
            self._post("Runtime.runIfWaitingForDebugger", {}, sid)
        elif method == "Browser.downloadProgress" and p.get("state") in ("completed", "canceled"):
            self.finished[p["guid"]] = p["state"]
        self.events.append(m)

    def _post(self, method, params, session):
        i = self.next_id
        self.next_id += 1
        m = {"id": i, "method": method, "params": params}
        if session:
            m["sessionId"] = session
        os.write(self.w, json.dumps(m).encode() + b"\0")
        return i

    def send(self, method, params=None, session="page", timeout=60):
        sid = self.session if session == "page" else session
        i = self._post(method, params or {}, sid)
        deadline = time.monotonic() + timeout
        while True:
            m = self._read_message(deadline)
            if m.get("id") == i:
                if "error" in m:
                    raise CdpError("%s: %s" % (method, m["error"].get("message")))
                return m.get("result", {})
            if "method" in m:
                self._event(m)

    def pump(self, seconds):
        """Reads events for a while (downloads, requests)."""
        deadline = time.monotonic() + seconds
        try:
            while True:
                m = self._read_message(deadline)
                if "method" in m:
                    self._event(m)
        except CdpError as e:
            if "in time" not in str(e):
                raise

    # ---- the page
    def open(self, url):
        targets = self.send("Target.getTargets", session=None)["targetInfos"]
        page = [t for t in targets if t["type"] == "page"][0]
        self.session = self.send("Target.attachToTarget", {"targetId": page["targetId"], "flatten": True},
                                 session=None)["sessionId"]
        for domain in ("Page", "Runtime", "DOM", "Network"):
            self.send(domain + ".enable")
        self.send("Target.setAutoAttach", {"autoAttach": True, "waitForDebuggerOnStart": False, "flatten": True})
        if self.downloads:
            self.send("Browser.setDownloadBehavior", {"behavior": "allow", "downloadPath": self.downloads,
                                                      "eventsEnabled": True}, session=None)
        self.send("Emulation.setDeviceMetricsOverride", {"width": self.width, "height": self.height,
                                                          "deviceScaleFactor": 1, "mobile": self.width < 600})
        self.send("Page.navigate", {"url": url})

    def eval(self, expr, timeout=60):
        r = self.send("Runtime.evaluate", {"expression": expr, "returnByValue": True, "awaitPromise": True},
                      timeout=timeout)
        if "exceptionDetails" in r:
            raise CdpError("%s: %s" % (expr[:60], r["exceptionDetails"].get("exception", {}).get(
                "description", r["exceptionDetails"].get("text"))))
        return r["result"].get("value")

    def wait(self, expr, timeout=120, every=0.1):
        deadline = time.monotonic() + timeout
        while True:
            try:
                v = self.eval(expr)
            except CdpError:
                v = None
            if v:
                return v
            if time.monotonic() > deadline:
                raise CdpError("timed out waiting for: " + expr)
            self.pump(every)

    def set_files(self, selector, paths):
        root = self.send("DOM.getDocument", {"depth": 0})["root"]["nodeId"]
        node = self.send("DOM.querySelector", {"nodeId": root, "selector": selector})["nodeId"]
        self.send("DOM.setFileInputFiles", {"nodeId": node, "files": list(paths)})

    def screenshot(self, path, full=False):
        params = {"format": "png"}
        if full:
            m = self.send("Page.getLayoutMetrics")["cssContentSize"]
            params["clip"] = {"x": 0, "y": 0, "width": m["width"], "height": m["height"], "scale": 1}
            params["captureBeyondViewport"] = True
        import base64
        with open(path, "wb") as f:
            f.write(base64.b64decode(self.send("Page.captureScreenshot", params)["data"]))
