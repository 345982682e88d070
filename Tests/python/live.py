"""Starting `imager serve` for a test, and talking to it: free ports, HTTP with chosen headers, WebSockets."""
import contextlib
import http.client
import json
import os
import queue
import re
import signal
import socket
import subprocess
import threading
import time


def free_port(kind=socket.SOCK_STREAM):
    with socket.socket(socket.AF_INET, kind) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def request(port, path="/state", headers=None, host=None, method="GET", body=None):
    """(status, headers, body) of a request with exactly these headers (Host defaults to ours); `body` (bytes,
    or an object sent as JSON) with its length."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    connection.putrequest(method, path, skip_host=True, skip_accept_encoding=True)
    all_headers = {"Host": host or f"127.0.0.1:{port}"}
    if body is not None and not isinstance(body, (bytes, bytearray)):
        body = json.dumps(body).encode()
        all_headers["Content-Type"] = "application/json"
    if body is not None:
        all_headers["Content-Length"] = str(len(body))
    all_headers.update(headers or {})
    for name, value in all_headers.items():
        connection.putheader(name, value)
    connection.endheaders(body)
    response = connection.getresponse()
    body = response.read()
    connection.close()
    return response.status, dict(response.getheaders()), body


class Server:
    """A running `imager serve`: its ports, the lines it printed, its process."""

    def __init__(self, process, port, osc_port, lines):
        self.process, self.port, self.osc_port, self.lines = process, port, osc_port, lines
        self.reader = None
        self.printed = queue.Queue()

    def until_line(self, text, timeout=30):
        """The first line the server prints from now on that contains `text`, within `timeout` seconds. From the
        first call, a thread reads what it prints (into `lines` too), so that a wait is bounded."""
        if self.reader is None:
            def read():
                for line in self.process.stdout:
                    self.lines.append(line)
                    self.printed.put(line)
                self.printed.put(None)
            self.reader = threading.Thread(target=read, daemon=True)
            self.reader.start()
        line = first_queued(self.printed, lambda line: line is None or text in line, timeout,
                            f"the server printed no line with {text!r} within {timeout} s")
        if line is None:
            raise AssertionError(f"the server stopped before it printed {text!r}: " + "".join(self.lines))
        return line

    @property
    def token(self):
        for line in self.lines:
            match = re.search(r"token[=:] ?([0-9a-f]{32})", line)
            if match:
                return match.group(1)
        return None

    def status(self, headers=None):
        return json.loads(request(self.port, "/status", headers)[2])

    def rss_kib(self):
        with open(f"/proc/{self.process.pid}/status") as status:
            for line in status:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1])
        return 0


def first_queued(items, wanted, timeout, nothing):
    """The first item of the queue `items` that satisfies `wanted`, within `timeout` seconds in all (other items
    may keep coming); an AssertionError saying `nothing` after that."""
    deadline = time.monotonic() + timeout
    while True:
        try:
            item = items.get(timeout=max(0.0, deadline - time.monotonic()))
        except queue.Empty:
            raise AssertionError(nothing) from None
        if wanted(item):
            return item


@contextlib.contextmanager
def serving(imager, library, *arguments, env=None, port=None):
    """`imager serve` on free ports (or HTTP on `port`, to start a server again where one was) with `library`,
    until the block ends (then SIGINT, and it must stop)."""
    port, osc_port = port or free_port(), free_port(socket.SOCK_DGRAM)
    process = subprocess.Popen(
        [imager, "serve", "--port", str(port), "--osc-port", str(osc_port), "--library", str(library), *arguments],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env={**os.environ, **(env or {})})
    lines, server = [], None
    try:
        # The addresses are printed before it listens; then wait until it answers.
        while not any("OSC:" in line for line in lines):
            line = process.stdout.readline()
            if not line:
                raise AssertionError("imager serve stopped: " + "".join(lines))
            lines.append(line)
        server = Server(process, port, osc_port, lines)
        for _ in range(200):
            try:
                request(port, "/status", {"Authorization": f"Bearer {server.token}"} if server.token else None)
                break
            except OSError:
                time.sleep(0.05)
        yield server
    finally:
        if process.poll() is None:
            process.send_signal(signal.SIGINT)
            try:
                if server is not None and server.reader is not None:
                    # Its reader has the output: it ends with the process.
                    process.wait(timeout=10)
                    server.reader.join(timeout=10)
                else:
                    rest, _ = process.communicate(timeout=10)
                    lines.extend(rest.splitlines(keepends=True))
            except subprocess.TimeoutExpired:
                process.kill()
                raise


def api(server, method, path, body=None, headers=None):
    """(status, answer) of a request to `server`'s HTTP API: the answer parsed when it is JSON, else its bytes."""
    status, response_headers, data = request(server.port, path, headers, method=method, body=body)
    if response_headers.get("Content-Type", "").startswith("application/json"):
        return status, json.loads(data)
    return status, data


def live_socket(server):
    """A WebSocket client of `server`'s /live, from its own origin (a `with` block closes it)."""
    from websockets.sync.client import connect
    return connect(f"ws://127.0.0.1:{server.port}/live", origin=f"http://127.0.0.1:{server.port}", open_timeout=30,
                   max_size=1 << 24)


def until_message(socket, wanted, timeout=60, limit=100_000, within=None):
    """Reads `socket`'s text messages (JSON) until one satisfies `wanted`, and returns it; an AssertionError
    when none has within `timeout` seconds of the one before (or after `limit` messages), or — while other
    messages keep coming — within `within` seconds in all, when given."""
    deadline = None if within is None else time.monotonic() + within
    for _ in range(limit):
        wait = timeout if deadline is None else min(timeout, deadline - time.monotonic())
        try:
            if wait <= 0:
                raise TimeoutError
            message = socket.recv(timeout=wait)
        except TimeoutError:
            raise AssertionError(f"no wanted message within {timeout if deadline is None else within} s") from None
        if isinstance(message, str):
            decoded = json.loads(message)
            if wanted(decoded):
                return decoded
    raise AssertionError("the wanted message never came")
