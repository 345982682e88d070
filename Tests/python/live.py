"""Starting `imager serve` for a test, and talking to it: free ports, HTTP with chosen headers, WebSockets; and
waiting, each wait bounded in all (`Deadline`, `until_message`, `first_queued`, `wait_until`, `Server.until_line`): a test waits for
the event itself, and one that never comes fails saying what came instead, never hangs."""
import asyncio
import collections
import contextlib
import http.client
import json
import os
import queue
import random
import re
import signal
import socket
import subprocess
import threading
import time


# The ports pytest-xdist's workers share out: below the ephemeral ports, and clear of Link's 20808.
_WORKER_PORTS = range(21000, 32000)
_PORT_CHOICE = random.Random()  # its own: a test's seeded `random` draws what it drew before


def free_port(kind=socket.SOCK_STREAM, avoiding=()):
    """A port free on 127.0.0.1 now, for a server to take, and none of `avoiding` (a server's OSC port is never its
    HTTP port, which it refuses: a UDP port drawn free may be the TCP one). Under pytest-xdist each worker draws
    from a range of its own, below the ephemeral ports (/proc/sys/net/ipv4/ip_local_port_range: 32768 and up), so
    tests running at once never pick the same port; run alone, the system picks one."""
    workers = int(os.environ.get("PYTEST_XDIST_WORKER_COUNT", "1"))
    if workers <= 1:
        for _ in range(1000):
            with socket.socket(socket.AF_INET, kind) as s:
                s.bind(("127.0.0.1", 0))
                port = s.getsockname()[1]
            if port not in avoiding:
                return port
        raise RuntimeError(f"no free port but {avoiding}")
    worker = int(os.environ["PYTEST_XDIST_WORKER"].removeprefix("gw")) % workers
    share = (_WORKER_PORTS.stop - _WORKER_PORTS.start) // workers
    ports = range(_WORKER_PORTS.start + worker * share, _WORKER_PORTS.start + (worker + 1) * share)
    for _ in range(1000):
        port = _PORT_CHOICE.choice(ports)
        if port in avoiding:
            continue
        with socket.socket(socket.AF_INET, kind) as s:
            try:
                s.bind(("127.0.0.1", port))
            except OSError:
                continue  # taken: another
        return port
    raise RuntimeError(f"no free port in {ports}")


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
    """A running `imager serve`: its ports, the lines it printed, its process. A thread reads what it prints from
    the start (into `lines`, and for `until_line`), so that no wait on it is unbounded and a full pipe never
    stops it."""

    def __init__(self, process, port, osc_port, lines):
        self.process, self.port, self.osc_port, self.lines = process, port, osc_port, lines
        self.printed = queue.Queue()

        def read():
            for line in self.process.stdout:
                self.lines.append(line)
                self.printed.put(line)
            self.printed.put(None)
        self.reader = threading.Thread(target=read, daemon=True)
        self.reader.start()

    def until_line(self, text, timeout=30):
        """The first line the server prints that contains `text` and that no wait before took, within `timeout`
        seconds in all; an AssertionError with what it printed, after that or when it stops first."""
        said = f"the server printed no line with {text!r} within {timeout} s"
        try:
            line = first_queued(self.printed, lambda line: line is None or text in line, timeout, said)
        except AssertionError:
            raise AssertionError(said + "; it printed:\n" + "".join(self.lines[-40:])) from None
        if line is None:
            raise AssertionError(f"the server stopped before it printed {text!r}: " + "".join(self.lines[-40:]))
        return line

    def stopped(self, timeout=10):
        """Waits for the process to end and for the reader to have every line it printed; its status."""
        status = self.process.wait(timeout=timeout)
        self.reader.join(timeout=timeout)
        return status

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


class Deadline:
    """An overall bound on one wait, and what came meanwhile: `left()` is the seconds left, `saw(item)` notes what
    came that was not awaited, and once no time is left (or at `fail`) an AssertionError says what was awaited, for
    how long, and what came instead (how many, of which types, the last few)."""

    def __init__(self, within, what):
        self.within, self.what = within, what
        self.end = time.monotonic() + within
        self.count, self.kinds, self.last = 0, collections.Counter(), collections.deque(maxlen=4)

    def left(self):
        left = self.end - time.monotonic()
        if left <= 0:
            self.fail()
        return left

    def saw(self, item):
        self.count += 1
        if isinstance(item, dict) and isinstance(item.get("type"), str):
            self.kinds[item["type"]] += 1
        self.last.append(item)

    def fail(self, why=None):
        seen = f"seen instead: {self.count}"
        if self.kinds:
            seen += " (" + ", ".join(f"{kind} ×{count}" for kind, count in self.kinds.most_common()) + ")"
        if self.last:
            seen += ", the last " + " | ".join(shortened(item) for item in self.last)
        raise AssertionError(f"{self.what}: not within {self.within:g} s{'' if why is None else f' ({why})'}; {seen}") from None


def shortened(item, length=300):
    text = item if isinstance(item, str) else repr(item)
    return text if len(text) <= length else text[:length] + "…"


def first_queued(items, wanted, timeout, nothing):
    """The first item of the queue `items` that satisfies `wanted`, within `timeout` seconds in all (other items
    may keep coming); an AssertionError saying `nothing`, and what came instead, after that."""
    deadline = Deadline(timeout, nothing)
    while True:
        try:
            item = items.get(timeout=deadline.left())
        except queue.Empty:
            deadline.fail()
        if wanted(item):
            return item
        deadline.saw(item)



# The longest between two looks while waiting for a state: a state may also change without anything being told
# (a lumi fading out), so a look is taken again at least this often.
LOOK_AGAIN = 0.25


def wait_until(probe, wanted, within, what, changes, shown=None):
    """The first value of `probe()` that satisfies `wanted` — for a state that another process or thread changes,
    such as the engine's `GET /state` — looked at now and again whenever `changes(timeout)` returns: when something
    changed (it blocks until then, as `told(socket)` does on /live), or after `timeout` seconds (at most
    `LOOK_AGAIN`); within `within` seconds in all, after that an AssertionError saying `what` was awaited and the
    values it had instead (as `shown(value)` tells them, when given)."""
    deadline = Deadline(within, what)
    while True:
        value = probe()
        if wanted(value):
            return value
        deadline.saw(value if shown is None else shown(value))
        changes(min(deadline.left(), LOOK_AGAIN))


async def wait_until_async(probe, wanted, within, what, changes, shown=None):
    """`wait_until` in a coroutine, `changes` a coroutine function: the other tasks run while it waits."""
    deadline = Deadline(within, what)
    while True:
        value = probe()
        if wanted(value):
            return value
        deadline.saw(value if shown is None else shown(value))
        await changes(min(deadline.left(), LOOK_AGAIN))


def told(socket):
    """`changes` for `wait_until`: returns when /live (the `socket`) tells anything — every change of the engine
    is told there — or after `timeout` seconds."""
    def next_told(timeout):
        try:
            socket.recv(timeout=timeout)
        except TimeoutError:
            pass
    return next_told


def told_async(socket):
    """`told` for `wait_until_async`: the socket is read on a thread of its own, the event loop running meanwhile."""
    next_told = told(socket)

    async def next_told_async(timeout):
        await asyncio.to_thread(next_told, timeout)
    return next_told_async

@contextlib.contextmanager
def serving(imager, library, *arguments, env=None, port=None, avoiding=()):
    """`imager serve` on free ports (or HTTP on `port`, to start a server again where one was) with `library`,
    until the block ends (then SIGINT, and it must stop). Its ports are none of `avoiding`: those the test has
    drawn for something else, not yet taken (a target nobody listens at yet)."""
    port = port or free_port(avoiding=avoiding)
    osc_port = free_port(socket.SOCK_DGRAM, avoiding={port, *avoiding})
    process = subprocess.Popen(
        [imager, "serve", "--port", str(port), "--osc-port", str(osc_port), "--library", str(library), *arguments],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env={**os.environ, **(env or {})})
    server = Server(process, port, osc_port, [])
    try:
        # It says when it answers.
        server.until_line("ready: answering", timeout=60)
        yield server
    finally:
        if process.poll() is None:
            process.send_signal(signal.SIGINT)
        try:
            server.stopped(timeout=10)  # its reader has the output: it ends with the process
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


def _taken(message, wanted, deadline, limit):
    """`message` decoded when it is text (JSON) that satisfies `wanted`; else None, and it is counted as seen (an
    AssertionError once `limit` messages have been)."""
    decoded = json.loads(message) if isinstance(message, str) else f"<a binary message of {len(message)} bytes>"
    if isinstance(message, str) and wanted(decoded):
        return decoded
    deadline.saw(decoded)
    if limit is not None and deadline.count >= limit:
        deadline.fail(f"none among {limit} messages")
    return None


def until_message(socket, wanted, within=60, limit=None, what="the wanted message"):
    """Reads `socket`'s text messages (JSON) until one satisfies `wanted`, and returns it; an AssertionError saying
    what came instead when none has within `within` seconds in all, while others keep coming, or among `limit`
    messages when given."""
    deadline = Deadline(within, what)
    while True:
        try:
            message = socket.recv(timeout=deadline.left())
        except TimeoutError:
            deadline.fail()
        taken = _taken(message, wanted, deadline, limit)
        if taken is not None:
            return taken


async def until_message_async(connection, wanted, within=60, limit=None, what="the wanted message"):
    """`until_message` for a connection of websockets' asyncio client: its first text message (JSON) that satisfies
    `wanted`, within `within` seconds in all (or among `limit` messages), else an AssertionError saying what came."""
    deadline = Deadline(within, what)
    while True:
        left = deadline.left()
        try:
            message = await asyncio.wait_for(connection.recv(), left)
        except asyncio.TimeoutError:
            deadline.fail()
        taken = _taken(message, wanted, deadline, limit)
        if taken is not None:
            return taken
