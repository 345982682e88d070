#!/usr/bin/env python3
"""A night in miniature: `imager serve` with everything on at once, for --minutes of real time, measured
every minute. Not part of `make test`.

Everything on at once:
- the instrument served on free loopback ports, with a temporary library and recordings folder (--keep: a
  folder of yours, kept), `--audio none`, listening (`--listen FILE`, played as the input over and over,
  docs/listening.md) to a Hydrogen demo song rendered by h2cli (bench/hydrogen_tempo.py's helpers);
- a Link session (`--link`) joined by an independent LinkPython peer in its own process (Tests/python/link_peer.py),
  set to the song's tempo;
- OSC out (`--osc-out`) to a python-osc receiver on loopback (Tests/python/test_osc_out.py's), which counts
  what it gets;
- DMX over Art-Net (`--dmx artnet:127.0.0.1:PORT`) for a patch of RGB strips over 10 universes
  (bench/dmx_figures.py's), to a loopback listener that counts every universe's ArtDmx packets;
- two mapped outputs, Left and Right, as the console's "Two projectors" makes them (57.5 % of the stage each,
  overlapping in the middle 15 %, feathered; docs/outputs.md), each shown in a headless Chromium of its own
  (`/canvas?output=Left`, SwiftShader: Tests/python/test_canvas.py's arguments);
- a recording, started once everything is up and stopped at the end;
- a seeded random player: pads (held 0.15 to 1.5 s) and taps, about --rate a second, each sent over the live
  WebSocket or over OSC (the seed chooses).

Every minute: the server's resident memory (/proc/PID/status VmRSS) and CPU; the live latency over the minute —
each pad pressed or let go, from its send (WebSocket or OSC) to the `changed` message on /live that shows the
pad in its new state (the p50, p99 and the count; a change not seen within 5 s counts as missing); the frames
each canvas page drew in the minute (its window.imagerCanvas.framesDrawn) and the sum of the canvases' own
reports in /status; the ArtDmx packets received for universe 1 (one a DMX frame) and for the least-served of
the 10 universes; the frames /status says were dropped and the clients evicted in the minute, and its tick p99;
the OSC messages received; the onsets heard; Link's peers; the recording's events and its bytes on the disk.

At the end: the recording is stopped and rendered (`imager render performance LOG -o out.mp4`, with the soak's
library; --render-size and --render-fps, else imager's defaults), timed, and the video's duration is held
against the recording's (ffprobe); the recording's log, hearings and sound are reported in MB per hour of set.
Prints a markdown table (a row a minute) and a summary; --out writes it all as JSON.

Every wait has a deadline; the server, the browsers and the Link peer are always stopped; a watchdog ends the
soak (killing what it started, by process id) if it runs far past its time. A failure names the step that
failed, and what was measured until then is still printed (and written with --out), with exit status 1.

Usage: .venv/bin/python bench/night_soak.py --minutes 30 [--binary PATH] [--seed N] [--out FILE.json]
           [--song TR808kit-demo] [--rate 3] [--canvas-size 640x360] [--dmx-rate 40]
           [--render-size WxH] [--render-fps N] [--render-timeout S] [--keep DIR]
"""
import argparse
import asyncio
import collections
import contextlib
import json
import os
import pathlib
import queue
import random
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "Tests" / "python"))
sys.path.insert(0, str(ROOT / "bench"))

from playwright.async_api import async_playwright  # noqa: E402
from pythonosc.udp_client import SimpleUDPClient  # noqa: E402
from websockets.asyncio.client import connect  # noqa: E402

from canvas_fps import Bench  # noqa: E402 (Bench.processes: the browser's processes, their ids and CPU)
from dmx_figures import Counter, patch  # noqa: E402
from link_peer import LinkPeer  # noqa: E402
from live import api, serving  # noqa: E402
from live_under_load import percentile  # noqa: E402
from chromium import CHROMIUM, SWIFTSHADER_ARGUMENTS as BROWSER_ARGUMENTS  # noqa: E402 (the benches composite in SwiftShader, as always)
from test_canvas import DRAWING  # noqa: E402
from test_canvas_outputs import SHOWING, output, put  # noqa: E402
from test_osc_out import Receiver  # noqa: E402
from hearings import heard_events  # noqa: E402

UNIVERSES = 10
PAD_DEADLINE = 5.0          # seconds: a pad's change not seen on /live by then counts as missing
STATUS_SECONDS = 30         # every /status read
EVALUATE_SECONDS = 15       # every evaluate in a canvas page
PAGE_START_MS = 90_000      # a canvas page's first frame drawn (a debug server, SwiftShader, a busy machine)
SETUP_SECONDS = 900         # the song's rendering and the start of everything, at most (for the watchdog)
FEATHER = 0.15 / 0.575      # "Two projectors": each output's feather, as a share of its slice


class SoakFailed(Exception):
    """A step of the soak failed: the message names it."""


@contextlib.contextmanager
def step(name):
    """Names the step in any failure inside it."""
    try:
        yield
    except SoakFailed:
        raise
    except Exception as error:  # noqa: BLE001 (every failure is told with the step it failed in)
        raise SoakFailed(f"{name}: {type(error).__name__}: {error}") from error


def log(message):
    print(message, file=sys.stderr, flush=True)


# --- the song ----------------------------------------------------------------------------------------------

def hydrogen_helpers():
    """bench/hydrogen_tempo.py, for its demo songs and h2cli rendering (its librosa figures are not used here)."""
    import hydrogen_tempo
    return hydrogen_tempo


def prepare_song(name, folder):
    """The demo song `name` rendered by h2cli into `folder`: (wav, its name, its BPM, seconds to render)."""
    hydrogen = hydrogen_helpers()
    try:  # its helpers end the program with a reason (SystemExit) when Hydrogen or h2cli fails
        songs = {song.stem: song for song in hydrogen.demo_songs()}
        if name not in songs:
            raise SoakFailed(f"no Hydrogen demo song {name!r}; there are: {', '.join(sorted(songs))}")
        song = songs[name]
        bpm, _ = hydrogen.song_tempo(song)
        home = folder / "h2cli-home"
        home.mkdir(exist_ok=True)
        wav = folder / f"{song.stem}.wav"
        seconds = hydrogen.render(song, wav, home)
    except SystemExit as exit_:
        raise SoakFailed(str(exit_)) from None
    return wav, song.stem, bpm, seconds


# --- listeners on loopback ---------------------------------------------------------------------------------

class ArtNetUniverses(Counter):
    """dmx_figures' loopback listener, counting every universe's ArtDmx packets (its `count` stays port
    address 0's, universe 1's)."""

    def __init__(self):
        self.universes = collections.Counter()
        self.strange = 0
        super().__init__()
        with contextlib.suppress(OSError):
            self.socket.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 1 << 22)

    def take(self, data):
        """Counts an ArtDmx packet for its universe (and universe 1's as the frames); anything else as strange."""
        if data[:8] == b"Art-Net\x00" and data[8:10] == b"\x00\x50" and len(data) >= 18:
            address = data[14] | (data[15] << 8)
            self.universes[address] += 1
            if address == 0:
                self.count += 1
        else:
            self.strange += 1

    def close(self):
        self.socket.close()


def drain_osc(receiver):
    """The OSC messages the receiver got since the last call, counted by address."""
    counts = collections.Counter()
    while True:
        try:
            address, _ = receiver.messages.get_nowait()
        except queue.Empty:
            return counts
        counts[address] += 1


# --- the server process ------------------------------------------------------------------------------------

def process_figures(pid):
    """(VmRSS KiB, CPU seconds, threads, open files) of a process, from /proc."""
    rss = threads = 0
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                rss = int(line.split()[1])
            elif line.startswith("Threads:"):
                threads = int(line.split()[1])
    with open(f"/proc/{pid}/stat") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    cpu = (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    try:
        files = len(os.listdir(f"/proc/{pid}/fd"))
    except OSError:
        files = None
    return rss, cpu, threads, files


def folder_bytes(folder):
    """The bytes of the files in `folder`, in all and by their ending (.journal, .heard, .hearings, …)."""
    total, by_suffix = 0, collections.Counter()
    for path in pathlib.Path(folder).glob("*"):
        with contextlib.suppress(OSError):
            size = path.stat().st_size
            total += size
            by_suffix[path.suffix or path.name] += size
    return total, dict(by_suffix)


def udp_drops(port):
    """The datagrams the kernel dropped at our loopback UDP socket on `port` (its receive buffer full: the
    listener's loss, not the server's), from /proc/net/udp; None when it cannot be read."""
    try:
        with open("/proc/net/udp") as table:
            next(table)
            for line in table:
                fields = line.split()
                if int(fields[1].split(":")[1], 16) == port:
                    return int(fields[-1])
    except (OSError, ValueError, IndexError, StopIteration):
        return None
    return None


# --- the live socket: the player's, and the latency probe ------------------------------------------------

class Live:
    """One client of /live: it sends the player's intents and reads everything, timing each pad's change from
    its send to the `changed` message that shows it."""

    def __init__(self, socket_):
        self.socket = socket_
        self.pending = {}       # pad (0…7) -> (down, sent at, route)
        self.latencies = []     # (route, seconds), since the last take()
        self.missing = 0        # pad changes not seen within PAD_DEADLINE, since the last take()
        self.types = collections.Counter()
        self.errors = []        # the server's error messages to us
        self.waiters = []       # (predicate, future)

    async def read(self):
        async for message in self.socket:
            if not isinstance(message, str):
                continue
            now = time.perf_counter()
            decoded = json.loads(message)
            kind = decoded.get("type")
            self.types[kind] += 1
            if kind == "changed" and isinstance(decoded.get("pads"), dict):
                pads = decoded["pads"]["pads"]
                for pad, (down, sent, route) in list(self.pending.items()):
                    if pads[pad]["isDown"] == down:
                        self.latencies.append((route, now - sent))
                        del self.pending[pad]
            elif kind == "error":
                self.errors.append(decoded.get("message"))
            for waiter in list(self.waiters):
                predicate, future = waiter
                if not future.done() and predicate(decoded):
                    future.set_result(decoded)
                    self.waiters.remove(waiter)

    async def until(self, predicate, timeout, what):
        """The first message from now on that satisfies `predicate`, within `timeout` seconds."""
        future = asyncio.get_running_loop().create_future()
        waiter = (predicate, future)
        self.waiters.append(waiter)
        try:
            return await asyncio.wait_for(future, timeout)
        except asyncio.TimeoutError:
            raise SoakFailed(f"no {what} on /live within {timeout} s") from None
        finally:
            if waiter in self.waiters:
                self.waiters.remove(waiter)

    async def send(self, intent):
        await self.socket.send(json.dumps(intent))

    def expect(self, pad, down, route):
        previous = self.pending.get(pad)
        if previous is not None:  # its last change was never seen
            self.missing += 1
        self.pending[pad] = (down, time.perf_counter(), route)

    def expire(self):
        now = time.perf_counter()
        for pad, (_, sent, _) in list(self.pending.items()):
            if now - sent > PAD_DEADLINE:
                del self.pending[pad]
                self.missing += 1

    def take(self):
        self.expire()
        latencies, missing = self.latencies, self.missing
        self.latencies, self.missing = [], 0
        return latencies, missing


class Player:
    """A seeded random player: pads and taps, about `rate` a second, each over the live WebSocket or OSC."""

    def __init__(self, live, osc_port, seed, rate):
        self.live, self.rate = live, rate
        self.osc = SimpleUDPClient("127.0.0.1", osc_port)
        self.rng = random.Random(seed)
        self.held = {}  # pad -> (release at, route)
        self.sent = collections.Counter()
        self.stop = asyncio.Event()

    async def pad(self, pad, velocity, route):
        self.live.expect(pad, velocity > 0, route)
        if route == "osc":
            self.osc.send_message(f"/imager/pad/{pad + 1}", float(velocity))
        elif velocity > 0:
            await self.live.send({"type": "padDown", "pad": pad, "velocity": round(velocity, 3)})
        else:
            await self.live.send({"type": "padUp", "pad": pad})
        self.sent["pad down" if velocity > 0 else "pad up"] += 1

    async def tap(self, route):
        x, y = round(self.rng.uniform(0.05, 0.95), 4), round(self.rng.uniform(0.05, 0.95), 4)
        if route == "osc":
            self.osc.send_message("/imager/canvas/tap", [x, y])
        else:
            await self.live.send({"type": "tap", "at": {"x": x, "y": y}, "velocity": round(self.rng.uniform(0.5, 1), 3)})
        self.sent["tap"] += 1

    async def play(self):
        loop = asyncio.get_running_loop()
        next_action = loop.time() + self.rng.expovariate(self.rate)
        while not self.stop.is_set():
            now = loop.time()
            # A pad whose last change has not come back yet is left as it is (a press and a release closer
            # than the server's 4 ms merge would be one change, and neither could be timed).
            for pad, (at, route) in sorted(self.held.items()):
                if at <= now and pad not in self.live.pending:
                    del self.held[pad]
                    await self.pad(pad, 0.0, route)
            if next_action <= now:
                route = "osc" if self.rng.random() < 0.5 else "ws"
                free = [pad for pad in range(8) if pad not in self.held and pad not in self.live.pending]
                if self.rng.random() < 0.55 and free:
                    pad = self.rng.choice(free)
                    self.held[pad] = (now + self.rng.uniform(0.15, 1.5), route)
                    await self.pad(pad, self.rng.uniform(0.4, 1.0), route)
                else:
                    await self.tap(route)
                next_action = now + self.rng.expovariate(self.rate)
            self.live.expire()
            wake = min([next_action] + [max(at, now + 0.01) for at, _ in self.held.values()])
            with contextlib.suppress(asyncio.TimeoutError):
                await asyncio.wait_for(self.stop.wait(), max(0.0, wake - loop.time()))

    async def let_go(self):
        for pad, (_, route) in sorted(self.held.items()):
            await self.pad(pad, 0.0, route)
        self.held.clear()


# --- the canvases ------------------------------------------------------------------------------------------

def outputs():
    """Left and Right as the console's "Two projectors" makes them (docs/outputs.md)."""
    return [output("Left", slice={"x": 0, "y": 0, "width": 0.575, "height": 1},
                   blend={"left": 0, "right": round(FEATHER, 4), "top": 0, "bottom": 0, "gamma": 2.2}),
            output("Right", slice={"x": 0.425, "y": 0, "width": 0.575, "height": 1},
                   blend={"left": round(FEATHER, 4), "right": 0, "top": 0, "bottom": 0, "gamma": 2.2})]


class Canvas:
    """A Chromium of its own showing one output."""

    def __init__(self, name):
        self.name = name
        self.browser = self.page = self.cdp = None
        self.pids = {}
        self.errors = []
        self.crashed = False

    async def open(self, playwright, port, width, height):
        self.browser = await asyncio.wait_for(
            playwright.chromium.launch(executable_path=CHROMIUM, args=BROWSER_ARGUMENTS), 60)
        with contextlib.suppress(Exception):
            self.cdp = await asyncio.wait_for(self.browser.new_browser_cdp_session(), 10)
        self.pids = await Bench.processes(self.cdp)
        self.page = await asyncio.wait_for(
            self.browser.new_page(viewport={"width": width, "height": height}, device_scale_factor=1), 30)
        self.page.on("pageerror", lambda error: self.errors.append(str(error)[:300]))

        def crashed(_):
            self.crashed = True
        self.page.on("crash", crashed)
        await self.page.goto(f"http://127.0.0.1:{port}/canvas?output={urllib.parse.quote(self.name)}", timeout=60_000)
        showing = f"{SHOWING} && window.imagerCanvas.output === {json.dumps(self.name)}"
        await asyncio.wait_for(self.page.wait_for_function(f"{showing} && ({DRAWING})", timeout=PAGE_START_MS),
                               PAGE_START_MS / 1000 + 10)
        self.pids.update(await Bench.processes(self.cdp))

    async def status(self):
        """The page's own counts, or an error's text."""
        if self.crashed:
            return {"error": "the page crashed"}
        try:
            return await asyncio.wait_for(self.page.evaluate(
                """() => { const s = window.imagerCanvas; return { drawn: s.framesDrawn, received: s.framesReceived,
                  connected: s.connected, instances: s.lastFrame ? s.lastFrame.instanceCount : 0,
                  quality: s.quality === undefined ? null : s.quality, lastError: s.lastError === undefined ? null : s.lastError } }"""),
                EVALUATE_SECONDS)
        except asyncio.TimeoutError:
            return {"error": f"the page did not answer within {EVALUATE_SECONDS} s"}
        except Exception as error:  # noqa: BLE001 (said in the row, and the soak goes on)
            return {"error": f"{type(error).__name__}: {str(error)[:200]}"}

    async def cpu_seconds(self):
        return sum(seconds for _, seconds in (await Bench.processes(self.cdp)).values())

    async def close(self):
        if self.browser is None:
            return
        with contextlib.suppress(Exception):
            self.pids.update(await Bench.processes(self.cdp))
        try:
            await asyncio.wait_for(self.browser.close(), 30)
        except Exception as error:  # noqa: BLE001 (then its processes, which we started, are killed by their ids)
            log(f"closing {self.name}'s browser: {error!r}; killing its processes {sorted(self.pids)}")
            kill(self.pids)


def kill(pids):
    """SIGKILL to these process ids (the browser's first)."""
    for pid in sorted(pids, key=lambda pid: pids[pid][0] != "browser"):
        with contextlib.suppress(OSError):
            os.kill(pid, signal.SIGKILL)


# --- the soak ----------------------------------------------------------------------------------------------

async def status(server):
    try:
        return await asyncio.wait_for(asyncio.to_thread(server.status), STATUS_SECONDS)
    except asyncio.TimeoutError:
        raise SoakFailed(f"/status did not answer within {STATUS_SECONDS} s") from None


def dropped_and_more(status_):
    reports = status_.get("canvasReports") or []
    return {"droppedFrames": status_.get("droppedFrames"), "evicted": status_.get("evicted"),
            "dmxFrames": (status_.get("dmx") or {}).get("frames"),
            "onsets": (status_.get("listening") or {}).get("onsets"),
            "reportedDrawn": sum(report.get("framesDrawn", 0) for report in reports),
            "oscOutSent": sum(target.get("sent", 0) for target in status_.get("oscOut") or [])}


def increase(before, after, name):
    if isinstance(before.get(name), (int, float)) and isinstance(after.get(name), (int, float)):
        return after[name] - before[name]
    return None


class Soak:
    def __init__(self, options, server, peer, dmx, receiver, work):
        self.options, self.server, self.peer, self.dmx, self.receiver, self.work = options, server, peer, dmx, receiver, work
        self.rows = []
        self.canvases = []
        self.notes = []           # what looked wrong, as it happened
        self.recording = None     # the saved log's path
        self.soak_seconds = None

    def note(self, text):
        if text not in self.notes:
            self.notes.append(text)
            log(f"note: {text}")

    async def run(self):
        options, server = self.options, self.server
        width, height = (int(v) for v in options.canvas_size.lower().split("x"))
        with step("setting up the fixture patch (10 universes) and the outputs Left and Right"):
            status_, answer = await asyncio.to_thread(api, server, "PUT", "/api/fixtures", patch(UNIVERSES))
            if status_ != 200:
                raise SoakFailed(f"PUT /api/fixtures answered {status_}: {answer}")
            for body in outputs():
                await asyncio.to_thread(put, server, body)
        with step("connecting to /live"):
            socket_ = await asyncio.wait_for(
                connect(f"ws://127.0.0.1:{server.port}/live", origin=f"http://127.0.0.1:{server.port}", max_size=1 << 24), 30)
        live = Live(socket_)
        reader = asyncio.create_task(live.read())
        player = None
        try:
            async with async_playwright() as playwright:
                try:
                    for name in ("Left", "Right"):
                        with step(f"opening the canvas page for {name} in Chromium"):
                            canvas = Canvas(name)
                            self.canvases.append(canvas)
                            await canvas.open(playwright, server.port, width, height)
                    await self.everything_on()
                    with step("starting the recording"):
                        await live.send({"type": "record", "on": True})
                        await live.until(lambda m: m["type"] == "recording" and m.get("on"), 30, "recording started")
                    player = Player(live, server.osc_port, options.seed, options.rate)
                    playing = asyncio.create_task(player.play())
                    await self.minutes(live, player, playing, reader)
                    with step("stopping the player"):
                        player.stop.set()
                        await asyncio.wait_for(playing, 10)
                        await player.let_go()
                    with step("stopping the recording"):
                        await live.send({"type": "record", "on": False})
                        stopped = await live.until(lambda m: m["type"] == "recording" and not m.get("on") and m.get("file"),
                                                   180, "recording saved")
                        self.recording = stopped["file"]
                finally:
                    if player is not None:
                        player.stop.set()
                    for canvas in self.canvases:
                        await canvas.close()
        finally:
            reader.cancel()
            with contextlib.suppress(BaseException):
                await asyncio.wait_for(socket_.close(), 10)
            self.live_types = dict(live.types)
            self.live_errors = live.errors[-20:]
            self.player_sent = dict(player.sent) if player else {}

    async def everything_on(self):
        """Waits until the song is heard, the Link peer is in the session and each output has its canvas."""
        server, deadline = self.server, time.monotonic() + 60
        with step("waiting for the song to be heard, Link's peer and the two canvases in /status"):
            while True:
                now = await status(server)
                listening, link = now.get("listening") or {}, now.get("link") or {}
                counts = {entry["name"]: entry["canvases"] for entry in now.get("outputs") or []}
                ready = (listening.get("hearing") and listening.get("onsets", 0) > 0 and link.get("peers", 0) >= 1
                         and counts.get("Left", 0) >= 1 and counts.get("Right", 0) >= 1)
                if ready:
                    return
                if time.monotonic() > deadline:
                    raise SoakFailed(f"not everything was on within 60 s: listening {listening}, link {link}, outputs {counts}")
                await asyncio.sleep(0.5)  # polling /status, with the deadline above

    async def sample(self, minute, live, player, before):
        """The row of the minute that just ended; `before` is the last sample's raw figures."""
        server = self.server
        if server.process.poll() is not None:
            raise SoakFailed(f"the server exited with status {server.process.returncode} in minute {minute}: "
                             + "".join(server.lines[-10:]))
        # The server's counts and ours are read together, the pages' after them.
        now_status = await status(server)
        raw = {"t": time.monotonic(), "status": dropped_and_more(now_status), "dmx0": self.dmx.count,
               "universes": dict(self.dmx.universes), "sent": dict(player.sent), "drops": self.drops()}
        osc = drain_osc(self.receiver)
        latencies, missing = live.take()
        rss, raw["cpu"], threads, files = process_figures(server.process.pid)
        pages = raw["pages"] = [await canvas.status() for canvas in self.canvases]
        chromium_cpu = raw["chromiumCpu"] = [await canvas.cpu_seconds() for canvas in self.canvases]
        recording_bytes, recording_files = folder_bytes(self.work / "recordings")
        seconds = raw["t"] - before["t"]
        times = [latency for _, latency in latencies]
        by_route = {route: [latency for r, latency in latencies if r == route] for route in ("ws", "osc")}
        drawn = []
        for index, page in enumerate(pages):
            earlier = before["pages"][index]
            if "error" in page or "error" in earlier:
                drawn.append(None)
                self.note(f"canvas {self.canvases[index].name} in minute {minute}: {page.get('error') or earlier.get('error')}")
            else:
                drawn.append(page["drawn"] - earlier["drawn"])
                if not page.get("connected"):
                    self.note(f"canvas {self.canvases[index].name} was not connected at minute {minute}")
        universes = [raw["universes"].get(u, 0) - before["universes"].get(u, 0) for u in range(UNIVERSES)]
        link = now_status.get("link") or {}
        listening = now_status.get("listening") or {}
        row = {
            "minute": minute, "seconds": round(seconds, 1),
            "rssMiB": round(rss / 1024, 1), "serverCpuPercent": round(100 * (raw["cpu"] - before["cpu"]) / seconds, 1),
            "threads": threads, "openFiles": files,
            "padChangesTimed": len(times), "padChangesMissing": missing,
            "latencyP50Ms": round(1000 * statistics.median(times), 2) if times else None,
            "latencyP99Ms": round(1000 * percentile(times, 0.99), 2) if times else None,
            "latencyMaxMs": round(1000 * max(times), 2) if times else None,
            "latencyP99MsByRoute": {route: round(1000 * percentile(values, 0.99), 2) if values else None
                                    for route, values in by_route.items()},
            "canvasFramesDrawn": {canvas.name: count for canvas, count in zip(self.canvases, drawn)},
            "canvasFps": {canvas.name: round(count / seconds, 1) if count is not None else None
                          for canvas, count in zip(self.canvases, drawn)},
            "canvasFramesReportedToServer": increase(before["status"], raw["status"], "reportedDrawn"),
            "canvasInstances": {canvas.name: page.get("instances") for canvas, page in zip(self.canvases, pages)},
            "canvasQuality": {canvas.name: page.get("quality") for canvas, page in zip(self.canvases, pages)},
            "chromiumCpuPercent": [round(100 * (after - earlier) / seconds, 1)
                                   for after, earlier in zip(chromium_cpu, before["chromiumCpu"])],
            "dmxFramesReceived": raw["dmx0"] - before["dmx0"],
            "dmxFramesReceivedLeastUniverse": min(universes),
            "dmxFramesSent": increase(before["status"], raw["status"], "dmxFrames"),
            "droppedFrames": increase(before["status"], raw["status"], "droppedFrames"),
            "droppedFramesTotal": raw["status"]["droppedFrames"],
            "evicted": increase(before["status"], raw["status"], "evicted"),
            "tickMedianMs": now_status.get("tickMedianMilliseconds"), "tickP99Ms": now_status.get("tickP99Milliseconds"),
            "oscOutReceived": sum(osc.values()), "oscOutBeats": osc.get("/imager/beat", 0),
            "oscOutSent": increase(before["status"], raw["status"], "oscOutSent"),
            "oscOutProblems": [target.get("problem") for target in now_status.get("oscOut") or [] if target.get("problem")],
            "onsetsHeard": increase(before["status"], raw["status"], "onsets"),
            "hearing": listening.get("hearing"), "listeningProblem": listening.get("problem"), "lost": listening.get("lost"),
            "linkPeers": link.get("peers"), "linkTempo": link.get("tempo"), "linkProblem": link.get("problem"),
            "lumis": now_status.get("lumis"),
            "recordedEvents": now_status.get("recordedEvents"), "recordingIsFull": now_status.get("recordingIsFull"),
            "recordingProblem": now_status.get("recordingProblem"),
            "recordingMB": round(recording_bytes / 1e6, 2),
            "recordingMBByFile": {suffix: round(size / 1e6, 2) for suffix, size in recording_files.items()},
            "listenerDrops": {name: (raw["drops"][name] - before["drops"][name])
                              if raw["drops"][name] is not None and before["drops"][name] is not None else None
                              for name in raw["drops"]},
            "clients": now_status.get("clients"), "canvases": now_status.get("canvases"),
            "sent": {kind: raw["sent"].get(kind, 0) - before["sent"].get(kind, 0) for kind in raw["sent"]},
        }
        for key, text in [("listeningProblem", "listening"), ("linkProblem", "Link"), ("recordingProblem", "the recording")]:
            if row[key]:
                self.note(f"minute {minute}: {text} said: {row[key]}")
        if row["lost"]:
            self.note(f"minute {minute}: the input listened to was lost")
        if row["oscOutProblems"]:
            self.note(f"minute {minute}: OSC out said: {row['oscOutProblems']}")
        if row["linkPeers"] is not None and row["linkPeers"] != 1:
            self.note(f"minute {minute}: Link has {row['linkPeers']} peers (1 expected: another Link app on this machine?)")
        if missing:
            self.note(f"minute {minute}: {missing} pad change(s) never seen on /live within {PAD_DEADLINE:.0f} s")
        if row["evicted"]:
            self.note(f"minute {minute}: {row['evicted']} client(s) evicted")
        if any(row["listenerDrops"].values()):
            self.note(f"minute {minute}: our own loopback listeners dropped datagrams (their figures are low by that): "
                      f"{row['listenerDrops']}")
        return row, raw

    def drops(self):
        return {"dmx": udp_drops(self.dmx.port), "oscOut": udp_drops(self.receiver.port)}

    async def first_sample(self, player):
        now_status = await status(self.server)
        raw = {"t": time.monotonic(), "status": dropped_and_more(now_status), "dmx0": self.dmx.count,
               "universes": dict(self.dmx.universes), "sent": dict(player.sent), "drops": self.drops()}
        drain_osc(self.receiver)
        _, raw["cpu"], _, _ = process_figures(self.server.process.pid)
        raw["pages"] = [await canvas.status() for canvas in self.canvases]
        raw["chromiumCpu"] = [await canvas.cpu_seconds() for canvas in self.canvases]
        return raw

    async def minutes(self, live, player, playing, reader):
        live.take()
        before = await self.first_sample(player)
        start = before["t"]
        for minute in range(1, self.options.minutes + 1):
            remaining = start + 60 * minute - time.monotonic()
            if remaining > 0:
                done, _ = await asyncio.wait([playing, reader], timeout=remaining, return_when=asyncio.FIRST_COMPLETED)
                for task in done:
                    what = "the player" if task is playing else "the /live reader"
                    error = task.exception() if not task.cancelled() else None
                    exited = self.server.process.poll()
                    why = (f"; the server exited with status {exited}: " + "".join(self.server.lines[-5:]).strip()
                           if exited is not None else "")
                    raise SoakFailed(f"{what} stopped in minute {minute}: {error!r}{why}" if error else
                                     f"{what} stopped in minute {minute} (the server closed /live){why}")
            with step(f"sampling minute {minute}"):
                row, before = await self.sample(minute, live, player, before)
            self.rows.append(row)
            log(f"minute {minute}: " + table_line(row))
        self.soak_seconds = time.monotonic() - start


# --- the recording, rendered ------------------------------------------------------------------------------

def ffprobe(path):
    result = subprocess.run(["ffprobe", "-v", "error", "-show_entries", "format=duration:stream=codec_type,duration",
                             "-of", "json", str(path)], capture_output=True, text=True, timeout=60)
    if result.returncode != 0:
        raise SoakFailed(f"ffprobe could not read {path}: {result.stderr.strip()[:300]}")
    return json.loads(result.stdout)


def recording_figures(log_path):
    log_path = pathlib.Path(log_path)
    performance = json.loads(log_path.read_text())
    seconds = performance["recordedUntil"] - performance["recordedFrom"]
    hearings = performance.get("hearings") or {}
    hearings_path = log_path.parent / hearings["file"] if hearings.get("file") else None
    sound = log_path.with_suffix(".flac")
    sizes = {"log": log_path.stat().st_size,
             "hearings": hearings_path.stat().st_size if hearings_path and hearings_path.exists() else 0,
             "sound": sound.stat().st_size if sound.exists() else 0}
    hour = 3600 / seconds if seconds > 0 else 0
    events = performance.get("events") or []
    # What grows with the set is the log's events (as Tests/python/test_listening_recording.py measures them);
    # the checkpoint it starts from is written once, so an hour of it is not 60 times a minute's log.
    events_bytes = len(json.dumps(events, indent=2))
    growing = {"logEvents": events_bytes, "hearings": sizes["hearings"], "sound": sizes["sound"]}
    figures = {"log": str(log_path), "formatVersion": performance.get("formatVersion"), "seconds": round(seconds, 2),
               "events": len(events), "eventsByType": dict(collections.Counter(event["intent"]["type"] for event in events)),
               "hearings": hearings.get("count"), "bytes": sizes, "logFixedBytes": sizes["log"] - events_bytes,
               "MBPerHour": {name: round(size * hour / 1e6, 2) for name, size in growing.items()}}
    figures["MBPerHour"]["total"] = round(sum(growing.values()) * hour / 1e6, 2)
    if sound.exists():
        streams = ffprobe(sound)
        figures["soundSeconds"] = round(float(streams["format"]["duration"]), 2)
    else:
        figures["soundSeconds"] = None
    figures["lastEventSeconds"] = round(events[-1]["time"] - performance["recordedFrom"], 2) if events else None
    figures["soundLongerBySeconds"] = round(figures["soundSeconds"] - seconds, 3) if figures["soundSeconds"] else None
    figures["soundAgainstHearings"] = sound_against_hearings(log_path, performance, seconds)
    return figures


def sound_window(path, start, seconds, rate=48_000):
    """`seconds` of an audio file from `start`, mono float samples at `rate`, through ffmpeg (seeking exactly)."""
    import numpy
    result = subprocess.run(["ffmpeg", "-v", "error", "-ss", f"{start:.3f}", "-t", f"{seconds:.3f}", "-i", str(path),
                             "-f", "f32le", "-ac", "1", "-ar", str(rate), "-"], capture_output=True, timeout=300)
    if result.returncode != 0:
        raise SoakFailed(f"ffmpeg could not decode {path}: {result.stderr.decode(errors='replace').strip()[:300]}")
    return numpy.frombuffer(result.stdout, dtype="<f4")


def sound_onsets(samples, rate=48_000):
    """Where drum hits begin in `samples` (seconds): a 5 ms frame ten times louder than the 40 ms before it (and
    above -50 dBFS), at least 60 ms after the last; each refined to the first sample past a fifth of the hit's
    peak."""
    import numpy
    frame = rate // 200
    count = len(samples) // frame
    if count < 10:
        return []
    energy = (samples[:count * frame].astype(numpy.float64).reshape(count, frame) ** 2).mean(axis=1)
    onsets, last = [], -100
    for index in range(8, count - 1):
        before = energy[index - 8:index].mean()
        if energy[index] > 1e-5 and energy[index] > 10 * before + 1e-12 and index - last >= 12:
            last = index
            span = numpy.abs(samples[(index - 1) * frame:(index + 2) * frame])
            first = int(numpy.argmax(span > 0.2 * span.max()))
            onsets.append(((index - 1) * frame + first) / rate)
    return onsets


def sound_against_hearings(log_path, performance, seconds):
    """Whether the sound kept (the FLAC beside the log) stays in step with the hearings (the light's clock): in a
    window at the start and one at the end, the median time from each drum hit in the sound to the onset heard
    nearest it (within 40 ms); the difference is how far the sound drifted from the light over the set. Also the
    digital silence at the sound's start."""
    import numpy
    sound = pathlib.Path(log_path).with_suffix(".flac")
    if not sound.exists():
        return {"problem": "no sound beside the log"}
    start = performance["recordedFrom"]
    heard = numpy.array(sorted(event["time"] - start for event in heard_events(str(log_path))
                               if event["intent"]["heard"]["onset"] > 0))
    width = min(60.0, seconds / 2 - 1)
    windows = [("start", 0.0), ("end", max(0.0, seconds - width - 0.5))]
    figures = {"windowSeconds": round(width, 1)}
    for name, at in windows:
        samples = sound_window(sound, at, width)
        if name == "start":
            loud = numpy.flatnonzero(samples != 0)
            figures["leadingSilenceSeconds"] = round((loud[0] if len(loud) else len(samples)) / 48_000, 3)
        offsets = []
        for onset in sound_onsets(samples):
            t = at + onset
            if len(heard) == 0:
                break
            nearest = heard[numpy.argmin(numpy.abs(heard - t))]
            if abs(nearest - t) <= 0.04:
                offsets.append(nearest - t)
        figures[name] = {"at": round(at + width / 2, 1), "matched": len(offsets),
                         "heardAfterSoundMs": round(1000 * statistics.median(offsets), 2) if len(offsets) >= 8 else None}
    early, late = figures["start"]["heardAfterSoundMs"], figures["end"]["heardAfterSoundMs"]
    if early is not None and late is not None and figures["end"]["at"] > figures["start"]["at"]:
        figures["driftMs"] = round(late - early, 2)
        figures["driftPpm"] = round(1000 * (late - early) / (figures["end"]["at"] - figures["start"]["at"]), 1)
        figures["driftMsPerHour"] = round(figures["driftPpm"] * 3.6, 1)
    return figures


def render(options, imager, library, log_path, work):
    video = work / "out.mp4"
    command = [imager, "render", "performance", str(log_path), "--library", str(library), "-o", str(video)]
    if options.render_size:
        command += ["--size", options.render_size]
    if options.render_fps:
        command += ["--fps", str(options.render_fps)]
    log("rendering: " + " ".join(command))
    started = time.monotonic()
    try:
        result = subprocess.run(command, capture_output=True, text=True, timeout=options.render_timeout)
    except subprocess.TimeoutExpired:
        raise SoakFailed(f"`imager render performance` did not finish within {options.render_timeout} s "
                         "(--render-timeout; --render-size and --render-fps make it lighter)") from None
    seconds = time.monotonic() - started
    if result.returncode != 0:
        raise SoakFailed(f"`imager render performance` exited {result.returncode}: {result.stderr.strip()[-600:]}")
    probed = ffprobe(video)
    streams = {stream["codec_type"]: float(stream.get("duration", "nan")) for stream in probed["streams"]}
    return {"command": command[1:], "seconds": round(seconds, 1), "videoBytes": video.stat().st_size,
            "duration": round(float(probed["format"]["duration"]), 2),
            "videoStreamSeconds": round(streams.get("video", float("nan")), 2),
            "audioStreamSeconds": round(streams["audio"], 2) if "audio" in streams else None,
            "stderrTail": result.stderr.strip().splitlines()[-3:]}


# --- output ------------------------------------------------------------------------------------------------

def number(value, form=".1f"):
    return "–" if value is None else format(value, form)


def table_line(row):
    fps = "/".join(number(row["canvasFps"].get(name)) for name in ("Left", "Right"))
    return (f"RSS {row['rssMiB']:.1f} MiB, CPU {row['serverCpuPercent']:.0f} %, latency p99 {number(row['latencyP99Ms'], '.2f')} ms "
            f"({row['padChangesTimed']} timed, {row['padChangesMissing']} missing), canvas fps {fps}, "
            f"DMX {row['dmxFramesReceived']} frames, dropped {row['droppedFrames']}, evicted {row['evicted']}")


HEADER = ("| min | RSS MiB | server CPU % | pad changes | p50 ms | p99 ms | max ms | canvas frames Left / Right | "
          "DMX frames (least universe) | dropped | evicted | tick p99 ms | OSC out in | onsets | Link peers | rec. events | rec. on disk MB |")


def markdown_rows(rows):
    lines = [HEADER, "|" + "|".join(["---"] * (HEADER.count("|") - 1)) + "|"]
    for row in rows:
        frames = " / ".join(number(row["canvasFramesDrawn"].get(name), "d") for name in ("Left", "Right"))
        lines.append(
            f"| {row['minute']} | {row['rssMiB']:.1f} | {row['serverCpuPercent']:.0f} | "
            f"{row['padChangesTimed']}" + (f" ({row['padChangesMissing']} missing)" if row["padChangesMissing"] else "") + " | "
            f"{number(row['latencyP50Ms'], '.2f')} | {number(row['latencyP99Ms'], '.2f')} | {number(row['latencyMaxMs'], '.2f')} | "
            f"{frames} | {row['dmxFramesReceived']} ({row['dmxFramesReceivedLeastUniverse']}) | {number(row['droppedFrames'], 'd')} | "
            f"{number(row['evicted'], 'd')} | {number(row['tickP99Ms'], '.2f')} | {row['oscOutReceived']} | "
            f"{number(row['onsetsHeard'], 'd')} | {number(row['linkPeers'], 'd')} | {number(row['recordedEvents'], 'd')} | "
            f"{row['recordingMB']:.2f} |")
    return lines


def summarise(rows, options, seconds):
    if not rows:
        return {}
    rss = [row["rssMiB"] for row in rows]
    p99s = [row["latencyP99Ms"] for row in rows if row["latencyP99Ms"] is not None]
    summary = {"minutes": len(rows), "rssMiB": {"first": rss[0], "last": rss[-1], "max": max(rss)},
               "latencyP99Ms": {"median": round(statistics.median(p99s), 2) if p99s else None,
                                "worst": max(p99s) if p99s else None,
                                "worstMinute": rows[[row["latencyP99Ms"] for row in rows].index(max(p99s))]["minute"] if p99s else None},
               "padChangesTimed": sum(row["padChangesTimed"] for row in rows),
               "padChangesMissing": sum(row["padChangesMissing"] for row in rows),
               "droppedFrames": sum(row["droppedFrames"] or 0 for row in rows),
               "evicted": sum(row["evicted"] or 0 for row in rows)}
    # Memory's growth: a least-squares line through the minutes after the first (the first holds the start).
    later = [(row["minute"], row["rssMiB"]) for row in rows[1:]]
    if len(later) >= 2:
        mean_x = statistics.mean(x for x, _ in later)
        mean_y = statistics.mean(y for _, y in later)
        slope = sum((x - mean_x) * (y - mean_y) for x, y in later) / sum((x - mean_x) ** 2 for x, _ in later)
        summary["rssMiB"]["slopePerHour"] = round(slope * 60, 1)
    for name in ("Left", "Right"):
        counts = [row["canvasFramesDrawn"].get(name) for row in rows]
        known = [count for count in counts if count is not None]
        summary.setdefault("canvasFps", {})[name] = round(sum(known) / sum(row["seconds"] for row, count in zip(rows, counts)
                                                                           if count is not None), 1) if known else None
    total_seconds = sum(row["seconds"] for row in rows)
    summary["dmxFps"] = {"received": round(sum(row["dmxFramesReceived"] for row in rows) / total_seconds, 2),
                         "leastUniverse": round(sum(row["dmxFramesReceivedLeastUniverse"] for row in rows) / total_seconds, 2),
                         "sent": round(sum(row["dmxFramesSent"] or 0 for row in rows) / total_seconds, 2),
                         "asked": options.dmx_rate}
    summary["oscOutPerSecond"] = round(sum(row["oscOutReceived"] for row in rows) / total_seconds, 1)
    # The recordings folder while the recording runs: its journals (the sound's among them) grow until it stops.
    summary["recordingOnDisk"] = {"MB": rows[-1]["recordingMB"], "byFile": rows[-1]["recordingMBByFile"],
                                  "MBPerHour": round(rows[-1]["recordingMB"] * 3600 / total_seconds, 1)}
    summary["canvasQualityAtEnd"] = rows[-1]["canvasQuality"]
    return summary


def print_report(result):
    print()
    print(f"## Night soak: {result['minutesAsked']} minute(s), {result['binary']}")
    print()
    song = result.get("song") or {}
    if song:
        print(f"Listening to Hydrogen's {song['name']} ({song['bpm']:g} BPM, {song['seconds']:.1f} s, looped); Link peer at "
              f"{song['bpm']:g} BPM; DMX to {UNIVERSES} universes at {result['options']['dmx_rate']} Hz; canvases Left and Right "
              f"at {result['options']['canvas_size']}; player seed {result['options']['seed']}, ~{result['options']['rate']:g} actions/s.")
        print()
    if result["rows"]:
        print("\n".join(markdown_rows(result["rows"])))
        print()
    summary = result.get("summary") or {}
    if summary:
        rss = summary["rssMiB"]
        print(f"- server RSS: {rss['first']:.1f} MiB after minute 1, {rss['last']:.1f} MiB at the end, max {rss['max']:.1f} MiB"
              + (f"; slope after minute 1: {rss['slopePerHour']:+.1f} MiB an hour" if "slopePerHour" in rss else ""))
        latency = summary["latencyP99Ms"]
        print(f"- live latency (pad sent → its change on /live): p99 by minute, median {number(latency['median'], '.2f')} ms, "
              f"worst {number(latency['worst'], '.2f')} ms (minute {latency['worstMinute']}); {summary['padChangesTimed']} changes timed, "
              f"{summary['padChangesMissing']} missing")
        print(f"- canvas frames a second: Left {number(summary['canvasFps']['Left'])}, Right {number(summary['canvasFps']['Right'])}")
        dmx = summary["dmxFps"]
        print(f"- DMX frames a second: {dmx['received']} received for universe 1 (least-served universe {dmx['leastUniverse']}), "
              f"{dmx['sent']} sent by the server's count, {dmx['asked']} asked")
        quality = {name: (q or {}).get("level") for name, q in (summary["canvasQualityAtEnd"] or {}).items()}
        print(f"- the canvas pages' quality level at the end (0 = full): {quality}")
        print(f"- frames dropped: {summary['droppedFrames']}; clients evicted: {summary['evicted']}; OSC out received: "
              f"{summary['oscOutPerSecond']} messages a second")
        disk = summary["recordingOnDisk"]
        print(f"- the recordings folder while recording: {disk['MB']} MB at the last minute {disk['byFile']}, "
              f"{disk['MBPerHour']} MB an hour")
    recording = result.get("recording")
    if recording:
        mb = recording["MBPerHour"]
        print(f"- recording: {recording['seconds']:.2f} s, {recording['events']} events {recording['eventsByType']}, "
              f"{recording['hearings']} hearings, sound {number(recording['soundSeconds'], '.2f')} s; files: log "
              f"{recording['bytes']['log'] / 1e6:.2f} MB (its checkpoint, written once, {recording['logFixedBytes'] / 1e6:.2f} MB), "
              f"hearings {recording['bytes']['hearings'] / 1e6:.2f} MB, sound {recording['bytes']['sound'] / 1e6:.2f} MB")
        print(f"- MB per hour of set (what grows with it): log events {mb['logEvents']}, hearings {mb['hearings']}, "
              f"sound {mb['sound']}, total {mb['total']}")
        step_ = recording["soundAgainstHearings"]
        if "problem" in step_:
            print(f"- the sound against the hearings: {step_['problem']}")
        else:
            print(f"- the sound against the hearings (the light's clock): the onsets heard come "
                  f"{number(step_['start']['heardAfterSoundMs'], '.1f')} ms after the sound's hits around {step_['start']['at']} s "
                  f"({step_['start']['matched']} matched), {number(step_['end']['heardAfterSoundMs'], '.1f')} ms around "
                  f"{step_['end']['at']} s ({step_['end']['matched']} matched)"
                  + (f": a drift of {step_['driftMs']:+.1f} ms ({step_['driftPpm']:+.0f} ppm, {step_['driftMsPerHour']:+.0f} ms an hour)"
                     if "driftMs" in step_ else "")
                  + f"; the sound is {number(recording['soundLongerBySeconds'], '+.3f')} s longer than the recording, and "
                  f"starts with {step_['leadingSilenceSeconds']} s of digital silence")
        sent = result.get("playerSent") or {}
        kinds = recording["eventsByType"]
        played = {"padDown": sent.get("pad down", 0), "padUp": sent.get("pad up", 0), "tap": sent.get("tap", 0)}
        if any(kinds.get(kind, 0) != count for kind, count in played.items()):
            print(f"- the log's pads and taps {[kinds.get(kind, 0) for kind in played]} differ from what the player sent "
                  f"{list(played.values())} (padDown, padUp, tap)")
        else:
            print(f"- every pad and tap the player sent is in the log ({sum(played.values())})")
    rendered = result.get("render")
    if rendered:
        print(f"- render: {rendered['seconds']:.1f} s for a video of {rendered['duration']:.2f} s (video stream "
              f"{rendered['videoStreamSeconds']} s, audio {number(rendered['audioStreamSeconds'], '.2f')} s) against the "
              f"recording's {recording['seconds']:.2f} s (+ the render's 4 s tail by default: "
              f"{rendered['duration'] - recording['seconds']:+.2f} s); {rendered['seconds'] / max(rendered['duration'], 1e-9):.2f} s "
              f"of rendering a second of video")
    if result.get("serverLines"):
        print(f"- the server printed {len(result['serverLines'])} line(s) during the soak:")
        for line in result["serverLines"][:20]:
            print(f"    {line}")
    if result.get("pageErrors"):
        print(f"- page errors: {result['pageErrors']}")
    if result.get("liveErrors"):
        print(f"- errors sent to the player on /live: {result['liveErrors']}")
    for note in result.get("notes", []):
        print(f"- note: {note}")
    if result.get("failed"):
        print(f"\n**FAILED**: {result['failed']}")


# --- main --------------------------------------------------------------------------------------------------

def default_binary():
    if os.environ.get("IMAGER"):
        return os.environ["IMAGER"]
    release = ROOT / ".build" / "release" / "imager"
    return str(release if release.exists() else ROOT / ".build" / "debug" / "imager")


def parse():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--minutes", type=int, default=30, help="real minutes of the soak (a row each)")
    parser.add_argument("--binary", default=default_binary(),
                        help="the imager binary ($IMAGER, else .build/release/imager if built, else .build/debug/imager)")
    parser.add_argument("--seed", type=int, default=1, help="the player's seed")
    parser.add_argument("--out", metavar="FILE.json", help="write the figures here as JSON")
    parser.add_argument("--song", default="TR808kit-demo", help="the Hydrogen demo song listened to, looped")
    parser.add_argument("--rate", type=float, default=3.0, help="the player's actions a second (pads and taps)")
    parser.add_argument("--canvas-size", default="640x360", help="each canvas page's viewport, WIDTHxHEIGHT")
    parser.add_argument("--dmx-rate", type=int, default=40, help="DMX frames a second (imager serve --dmx-rate)")
    parser.add_argument("--render-size", help="imager render performance --size (default: imager's own, 1920x1080)")
    parser.add_argument("--render-fps", type=int, help="imager render performance --fps (default: imager's own, 60)")
    parser.add_argument("--render-timeout", type=float, help="seconds the render may take (default: 600 + 20 × the set)")
    parser.add_argument("--keep", metavar="DIR", help="work in this folder and keep it (library, recordings, out.mp4)")
    options = parser.parse_args()
    if options.minutes < 1:
        parser.error("--minutes must be at least 1")
    if not options.rate > 0:
        parser.error("--rate must be above 0")
    try:
        width, height = (int(v) for v in options.canvas_size.lower().split("x"))
        assert width > 0 and height > 0
    except (ValueError, AssertionError):
        parser.error("--canvas-size must be WIDTHxHEIGHT")
    if options.render_timeout is None:
        options.render_timeout = 600 + 20 * 60 * options.minutes
    return options


def check_tools(binary):
    path = pathlib.Path(binary)
    if not path.is_file() or not os.access(path, os.X_OK):
        raise SoakFailed(f"no imager binary at {binary} (build it, or give --binary)")
    missing = [tool for tool in ("ffmpeg", "ffprobe", "h2cli") if shutil.which(tool) is None]
    if missing:
        raise SoakFailed(f"missing {', '.join(missing)} (apt-get install ffmpeg hydrogen, as `make test-deps` does)")
    if not pathlib.Path(CHROMIUM).exists():
        raise SoakFailed(f"no Chromium at {CHROMIUM} (set CHROMIUM)")
    version = subprocess.run([binary, "--version"], capture_output=True, text=True, timeout=30)
    if version.returncode != 0:
        raise SoakFailed(f"{binary} --version exited {version.returncode}: {version.stderr.strip()}")
    return version.stdout.strip()


def main():
    options = parse()
    binary = os.path.abspath(options.binary)
    result = {"binary": binary, "minutesAsked": options.minutes, "options": vars(options), "rows": [], "notes": []}
    started = time.monotonic()
    exit_status = 0
    watchdog = None
    stop_everything = []  # callables the watchdog calls: the processes we started, killed by id

    def give_up():
        log(f"night_soak: still running {budget:.0f} s after the start: giving up, killing what it started")
        for stop in stop_everything:
            with contextlib.suppress(Exception):
                stop()
        os._exit(3)

    budget = SETUP_SECONDS + 60 * options.minutes + 300
    try:
        with step("checking the tools"):
            result["version"] = check_tools(binary)
            built = time.strftime("%Y-%m-%d %H:%M", time.localtime(pathlib.Path(binary).stat().st_mtime))
            log(f"night_soak: {binary} ({result['version']}, built {built}), {options.minutes} minute(s), seed {options.seed}")
        context = contextlib.nullcontext(options.keep) if options.keep else tempfile.TemporaryDirectory(prefix="night-soak-")
        with context as folder:
            work = pathlib.Path(folder)
            work.mkdir(parents=True, exist_ok=True)
            if options.keep and any(work.iterdir()):
                raise SoakFailed(f"--keep {work}: the folder is not empty")
            watchdog = threading.Timer(budget, give_up)
            watchdog.daemon = True
            watchdog.start()
            with step(f"rendering Hydrogen's {options.song} with h2cli"):
                song, name, bpm, render_seconds = prepare_song(options.song, work)
                result["song"] = {"name": name, "bpm": bpm, "renderSeconds": round(render_seconds, 1),
                                  "seconds": round(float(ffprobe(song)["format"]["duration"]), 2)}
            library, recordings = work / "library.sqlite", work / "recordings"
            soak = None
            with contextlib.ExitStack() as stack:
                with step("starting the loopback listeners (Art-Net, OSC out)"):
                    dmx = ArtNetUniverses()
                    stack.callback(dmx.close)
                    receiver = stack.enter_context(Receiver())
                arguments = ["--audio", "none", "--recordings", str(recordings), "--listen", str(song), "--link",
                             "--osc-out", f"127.0.0.1:{receiver.port}", "--dmx", f"artnet:127.0.0.1:{dmx.port}",
                             "--dmx-rate", str(options.dmx_rate)]
                with step("starting imager serve"):
                    server = stack.enter_context(serving(binary, library, *arguments))
                    stop_everything.append(lambda: server.process.kill())
                    # Read what it prints from now on (else a full pipe would stop it): until_line starts the reader.
                    with contextlib.suppress(AssertionError):
                        server.until_line("listening on", timeout=10)
                    printed_at_start = len(server.lines)
                    result["serverStart"] = [line.rstrip() for line in server.lines[:printed_at_start]]
                with step("starting the Link peer (Tests/python/link_peer.py)"):
                    peer = stack.enter_context(LinkPeer(tempo=bpm))
                    stop_everything.append(lambda: peer.process.kill())
                    joined = peer.wait_peers(1, timeout=15)
                    if not joined.get("ok"):
                        raise SoakFailed(f"the Link peer saw no peer within 15 s: {joined}")
                    peer.set_tempo(bpm)
                soak = Soak(options, server, peer, dmx, receiver, work)

                def kill_browsers():
                    for canvas in soak.canvases:
                        kill(canvas.pids)
                stop_everything.insert(0, kill_browsers)
                try:
                    with step("the soak"):
                        asyncio.run(soak.run())
                finally:
                    result["rows"] = soak.rows
                    result["notes"] = soak.notes
                    result["serverLines"] = [line.rstrip() for line in server.lines[printed_at_start:]]
                    result["pageErrors"] = {canvas.name: canvas.errors[:10] for canvas in soak.canvases if canvas.errors}
                    result["liveMessages"] = getattr(soak, "live_types", None)
                    result["liveErrors"] = getattr(soak, "live_errors", None)
                    result["playerSent"] = getattr(soak, "player_sent", None)
                    with contextlib.suppress(Exception):
                        result["linkPeerAtEnd"] = peer.query(4)
            # The server has stopped (SIGINT): what it printed while stopping is in its lines too.
            result["serverLines"] = [line.rstrip() for line in server.lines[printed_at_start:]]
            watchdog.cancel()
            result["summary"] = summarise(soak.rows, options, soak.soak_seconds)
            with step("reading the recording"):
                result["recording"] = recording_figures(soak.recording)
            with step("rendering the recording"):
                result["render"] = render(options, binary, library, soak.recording, work)
    except SoakFailed as failure:
        result["failed"] = str(failure)
        exit_status = 1
    except KeyboardInterrupt:
        result["failed"] = "interrupted"
        exit_status = 130
    finally:
        if watchdog is not None:
            watchdog.cancel()
    if result["rows"] and "summary" not in result:
        result["summary"] = summarise(result["rows"], options, None)
    result["wallSeconds"] = round(time.monotonic() - started, 1)
    print_report(result)
    if options.out:
        pathlib.Path(options.out).write_text(json.dumps(result, indent=2, default=str) + "\n")
        print(f"\nfigures written to {options.out}")
    sys.exit(exit_status)


if __name__ == "__main__":
    main()
