#!/usr/bin/env python3
"""browser_keys.py - drives a headless Chromium with real input events.

The pages' self-tests (?selftest=...) can only send synthetic events, which
a browser does not treat as a person's: a synthetic Tab moves no focus and
a synthetic Enter presses no button. This script speaks the DevTools
protocol over --remote-debugging-pipe (JSON messages ending in a NUL byte
on file descriptors 3 and 4; Python's standard library only) so that the
keys are the browser's own.

    browser_keys.py BROWSER URL < COMMANDS

One command a line:
    key NAME [COUNT]   press and release a key (Tab, Enter, Space,
                       ArrowLeft, ArrowRight, ArrowUp, ArrowDown, End...)
    eval EXPRESSION    print the JSON value of a JavaScript expression
    screenshot PATH    write a PNG of the page
Every line printed is the answer to one eval, in order. Exits non-zero on
a protocol error or when the page reports a script error.
"""
import base64
import json
import os
import subprocess
import sys
import tempfile
import time

KEYS = {
    "Tab": ("Tab", 9, "\t"),
    "Enter": ("Enter", 13, "\r"),
    "Space": ("Space", 32, " "),
    "ArrowLeft": ("ArrowLeft", 37, ""),
    "ArrowUp": ("ArrowUp", 38, ""),
    "ArrowRight": ("ArrowRight", 39, ""),
    "ArrowDown": ("ArrowDown", 40, ""),
    "Home": ("Home", 36, ""),
    "End": ("End", 35, ""),
}


class Browser:
    def __init__(self, binary, profile):
        to_browser_r, self.to_browser = os.pipe()
        self.from_browser, from_browser_w = os.pipe()

        # The browser reads fd 3 and writes fd 4. The pipes' own numbers
        # are 3 and up: move the write end out of the way first.
        from_browser_w2 = os.dup(from_browser_w)
        os.close(from_browser_w)
        from_browser_w = from_browser_w2

        def fds():
            os.dup2(to_browser_r, 3)
            os.dup2(from_browser_w, 4)

        self.proc = subprocess.Popen(
            [binary, "--headless", "--no-sandbox", "--disable-gpu",
             "--no-first-run", "--disable-background-networking",
             "--disable-component-update", "--disable-sync",
             "--user-data-dir=" + profile, "--window-size=1200,900",
             "--remote-debugging-pipe", "about:blank"],
            preexec_fn=fds, pass_fds=(3, 4),
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(to_browser_r)
        os.close(from_browser_w)
        self.buffer = b""
        self.next_id = 0
        self.session = None

    def send(self, method, params=None):
        self.next_id += 1
        message = {"id": self.next_id, "method": method, "params": params or {}}
        if self.session:
            message["sessionId"] = self.session
        os.write(self.to_browser, json.dumps(message).encode() + b"\0")
        while True:
            reply = self.read()
            if reply.get("id") == self.next_id:
                if "error" in reply:
                    raise RuntimeError(method + ": " + json.dumps(reply["error"]))
                return reply.get("result", {})

    def read(self):
        while b"\0" not in self.buffer:
            chunk = os.read(self.from_browser, 65536)
            if not chunk:
                raise RuntimeError("the browser closed the pipe")
            self.buffer += chunk
        message, self.buffer = self.buffer.split(b"\0", 1)
        return json.loads(message)

    def open(self, url):
        target = self.send("Target.createTarget", {"url": "about:blank"})
        attached = self.send("Target.attachToTarget",
                             {"targetId": target["targetId"], "flatten": True})
        self.session = attached["sessionId"]
        self.send("Page.enable")
        self.send("Page.navigate", {"url": url})
        for _ in range(200):
            if self.evaluate("document.readyState") == "complete":
                return
            time.sleep(0.05)
        raise RuntimeError("the page did not load")

    def evaluate(self, expression):
        result = self.send("Runtime.evaluate",
                           {"expression": expression, "returnByValue": True})
        if "exceptionDetails" in result:
            raise RuntimeError("eval " + expression + ": " +
                               json.dumps(result["exceptionDetails"]))
        return result["result"].get("value")

    def key(self, name):
        key, code, text = KEYS[name]
        down = {"type": "keyDown", "key": " " if name == "Space" else key,
                "code": key, "windowsVirtualKeyCode": code,
                "nativeVirtualKeyCode": code}
        if text:
            down["text"] = text
            down["unmodifiedText"] = text
        self.send("Input.dispatchKeyEvent", down)
        up = dict(down, type="keyUp")
        up.pop("text", None)
        up.pop("unmodifiedText", None)
        self.send("Input.dispatchKeyEvent", up)

    def screenshot(self, path):
        data = self.send("Page.captureScreenshot", {"format": "png"})["data"]
        with open(path, "wb") as out:
            out.write(base64.b64decode(data))

    def close(self):
        try:
            self.send("Browser.close")
        except RuntimeError:
            pass
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()


def main():
    binary, url = sys.argv[1], sys.argv[2]
    with tempfile.TemporaryDirectory() as profile:
        browser = Browser(binary, profile)
        try:
            browser.open(url)
            for line in sys.stdin:
                words = line.strip().split(" ", 1)
                if not words[0] or words[0].startswith("#"):
                    continue
                if words[0] == "key":
                    parts = words[1].split()
                    for _ in range(int(parts[1]) if len(parts) > 1 else 1):
                        browser.key(parts[0])
                elif words[0] == "eval":
                    print(json.dumps(browser.evaluate(words[1])), flush=True)
                elif words[0] == "screenshot":
                    browser.screenshot(words[1])
                else:
                    raise RuntimeError("unknown command: " + line.strip())
            errors = browser.evaluate(
                "(document.getElementById('errors') || {}).textContent || ''")
            if errors:
                raise RuntimeError("the page says: " + errors)
        finally:
            browser.close()


if __name__ == "__main__":
    try:
        main()
    except RuntimeError as e:
        print("browser_keys.py: " + str(e), file=sys.stderr)
        sys.exit(1)
