#!/usr/bin/env python3
"""The canvas page's pace against the instances on screen (issue 12, part 1): frames drawn a second and the
length of an animation frame (median, p95) in Chromium with SwiftShader (software WebGL2, as on the test
machines), with 0, 250, 500, 1,000, 2,000 and 5,000 instances on screen, at 1280×720 and 1920×1080.

The load is a recorded performance replayed, never random: Tests/fixtures/full-stage/performance.json, a
version-2 performance log recorded from `imager serve` on the factory chordset Lumia (its checkpoint: chord
0 selected, trail persistence 0.5, nothing on the canvas). Its 90 events — 30 `padDown`, 30 `padUp`, 30
`tap` — span 3.353 s. Each intent is sent over the live WebSocket as the JSON text of the log's `intent`
object, at its recorded time relative to the passage's first event (0.287 s into the log). The passage
loops with the period L = span × 90/89 = 3.390 s (the span plus one mean interval between events).

At the start: `{"type": "trailPersistence", "value": 0.5}` (the default); the fresh library's chordset must
be the checkpoint's (it is sent as `loadChordset` otherwise). Before each measurement: `padUp` for every pad
the replay left down, `{"type": "erase"}`, `{"type": "recallChord", "chord": 0}` (the checkpoint's
selection), and a wait until the page shows 0 instances. Then, per size, in this order:

- "empty": nothing sent, until its bin holds 4 s and 30 animation frames (at most 6 s).
- "once": the passage once, exactly as recorded (one voice, pads and taps), then watched until the canvas is
  empty again (at most 14 s). Its instances climb to about 470 and fall back to 0: the 250 and 500 bins.
- "2 voices", "5 voices", "13 voices" (aimed at 1,000, 2,000 and 5,000): the passage looped, played by V
  voices at once. Pads are shared: their events are sent once, on voice 0's times. Taps multiply: voice k
  (k = 0…V−1) sends every tap delayed by k/V of L, at a position transformed in a fixed way — x → 1 − x
  when k is odd, y → 1 − y when ⌊k/2⌋ is odd, then x → (x + 0.1·⌊k/4⌋) mod 1 — with its recorded velocity.
  The instances climb for about 8 s (a tap's lumis live about 9 s) to a plateau near 400 (the pads) plus
  about 355 a voice of taps. A run stops when its target's bin holds 4 s and 30 animation frames, or after
  its longest time (20–24 s) — the load is fixed, only how long it is watched is not.

Every animation frame of every run counts, wherever its instance count falls (a run's climb passes through
the lower bins): a script in the page records, per requestAnimationFrame, the timestamp and the page's
documented status fields (window.imagerCanvas: framesDrawn, framesReceived, lastFrame.instanceCount, and
framesFolded, stampsGivenUp, quality when present). Animation frame i's interval is the time to the next
one; it is binned by the instance count on screen during it (the frame drawn at i): exactly 0 (only from
"empty"), or within ±20 % of 250, 500, 1,000, 2,000, 5,000. Per bin: frames drawn a second (drawn frames /
time in the bin), frames received a second, the median and p95 interval, the number of animation frames
(fewer than 10: reported as too few, with no figures; 10 to 29: figures marked "few", whose p95 is about the
slowest), the page's framesFolded and stampsGivenUp (at the bin's last frame, and their increase within the
bin) and quality at the bin's last frame, and the page's own frameMilliseconds last read while in the bin.
The page lets animation frames go by while the GPU is still at its last frame, so the interval between
animation frames says little: per bin also the median and p95 of the time from one frame drawn to the next
(binned by the instances on screen when the later one was drawn, within one run).
Per run: how late the replay fell behind, the server's tick times, frames dropped and clients evicted (its
/status), and the CPU seconds of Chromium's processes (GPU — where SwiftShader draws —, renderer, browser).
"60 fps up to" is the largest bin with at least 30 frames drawn whose median time from one drawn frame to
the next is at most 17.5 ms. The
machine's load matters (the page, the server and this script share its cores): on a busy machine the
figures are only indicative.

Usage: bench/canvas_fps.py IMAGER [--sizes 1280x720,1920x1080] [--json PATH] [--quality auto|full|0.5]
                           [--budget SECONDS]
"""
import argparse
import asyncio
import json
import math
import os
import pathlib
import signal
import statistics
import sys
import tempfile
import threading
import time

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "Tests" / "python"))

from playwright.async_api import async_playwright  # noqa: E402
from websockets.asyncio.client import connect  # noqa: E402

from live import request, serving  # noqa: E402
from chromium import CHROMIUM, SWIFTSHADER_ARGUMENTS as BROWSER_ARGUMENTS  # noqa: E402 (the benches composite in SwiftShader, as always)
from test_canvas import DRAWING  # noqa: E402

PASSAGE = ROOT / "Tests" / "fixtures" / "full-stage" / "performance.json"
TARGETS = [0, 250, 500, 1000, 2000, 5000]
BAND = 0.2
# Fewer animation frames than this in a bin: too few, no figures; fewer than ENOUGH_SAMPLES: figures marked
# "few" (their p95 is about their slowest), and left out of "60 fps up to".
MIN_SAMPLES = 10
ENOUGH_SAMPLES = 30
SIXTY_FPS_MS = 17.5
# A run may stop once its target's bin holds this much.
GOAL_SECONDS, GOAL_SAMPLES = 4.0, ENOUGH_SAMPLES
# The empty stage is watched until its bin holds the goal, or this long.
EMPTY_SECONDS = 6.0
# (name, voices, looped, target, longest seconds)
RUNS = [("once", 1, False, None, 14.0),
        ("2 voices", 2, True, 1000, 20.0),
        ("5 voices", 5, True, 2000, 22.0),
        ("13 voices", 13, True, 5000, 24.0)]
# Every wait on the page is bounded.
EVALUATE_SECONDS = 15.0
EMPTY_WAIT_MS = 20_000
DRAIN_EVERY = 1.0

RECORD = """() => {
  if (window.__canvasBench) return;
  const status = window.imagerCanvas;
  const bench = window.__canvasBench = { t: [], n: [], d: [], r: [], f: [], g: [], q: [], qualities: [], last: undefined };
  const tick = (timestamp) => {
    requestAnimationFrame(tick);
    bench.t.push(timestamp);
    bench.n.push(status.lastFrame ? status.lastFrame.instanceCount : 0);
    bench.d.push(status.framesDrawn);
    bench.r.push(status.framesReceived);
    const folded = status.framesFolded, givenUp = status.stampsGivenUp, quality = status.quality;
    bench.f.push(typeof folded === 'number' ? folded : null);
    bench.g.push(typeof givenUp === 'number' ? givenUp : null);
    const q = quality === undefined ? null : JSON.stringify(quality);
    if (q !== bench.last) { bench.qualities.push(q); bench.last = q; }
    bench.q.push(bench.qualities.length - 1);
  };
  requestAnimationFrame(tick);
}"""

DRAIN = """() => {
  const bench = window.__canvasBench, status = window.imagerCanvas;
  const out = { t: bench.t, n: bench.n, d: bench.d, r: bench.r, f: bench.f, g: bench.g, q: bench.q,
                qualities: bench.qualities.slice(),
                frameMilliseconds: status.frameMilliseconds === undefined ? null : status.frameMilliseconds };
  bench.t = []; bench.n = []; bench.d = []; bench.r = []; bench.f = []; bench.g = []; bench.q = [];
  return out;
}"""

SHOWS_EMPTY = "window.imagerCanvas.lastFrame && window.imagerCanvas.lastFrame.instanceCount === 0"


class PageStopped(Exception):
    """The page did not answer an evaluate (or a wait) in time."""


# The load.

def load_passage():
    log = json.loads(PASSAGE.read_text())
    events = log["events"]
    first = events[0]["time"]
    span = events[-1]["time"] - first
    period = span * len(events) / (len(events) - 1)
    return log, [(event["time"] - first, event["intent"]) for event in events], span, period


def voice_tap(intent, k):
    x, y = intent["at"]["x"], intent["at"]["y"]
    if k % 2 == 1:
        x = 1 - x
    if (k // 2) % 2 == 1:
        y = 1 - y
    x = (x + 0.1 * (k // 4)) % 1
    return {**intent, "at": {"x": round(x, 4), "y": round(y, 4)}}


def schedule(events, voices, looped, period, seconds):
    """(time, intent) in time order: pads once (voice 0), taps of every voice; looped until `seconds`."""
    out = []
    loops = math.ceil(seconds / period) + 1 if looped else 1
    for loop in range(loops):
        for at, intent in events:
            if intent["type"] != "tap":
                out.append((loop * period + at, intent))
                continue
            for k in range(voices):
                out.append((loop * period + at + k * period / voices, voice_tap(intent, k)))
    out.sort(key=lambda item: item[0])
    return [(at, intent) for at, intent in out if not looped or at < seconds]


# Figures.

def bin_of(instances):
    if instances == 0:
        return 0
    for target in TARGETS[1:]:
        if abs(instances - target) <= BAND * target:
            return target
    return None


def p95(values):
    ordered = sorted(values)
    return ordered[max(0, math.ceil(0.95 * len(ordered)) - 1)]


class Samples:
    """The animation frames of one page, finished (interval known) and tagged with their measurement."""

    def __init__(self):
        self.frames = []   # dicts: n, interval, drawn, received, folded, givenUp, foldedTotal, givenUpTotal, quality, run
        self.pending = None
        self.previous = None
        self.highest = 0
        self.run_highest = {}
        self.page_ms = {}  # bin -> the page's own frameMilliseconds, last seen while in it
        # The time from each drawn frame to the next (the page may let animation frames go by while the GPU
        # is still at its last frame): dicts bin, interval, run.
        self.drawn_intervals = []
        self.last_drawn = None

    def add(self, chunk, run):
        qualities = chunk["qualities"]
        for i in range(len(chunk["t"])):
            raw = {"t": chunk["t"][i], "n": chunk["n"][i], "d": chunk["d"][i], "r": chunk["r"][i],
                   "f": chunk["f"][i], "g": chunk["g"][i], "q": qualities[chunk["q"][i]] if chunk["q"][i] >= 0 else None,
                   "run": run}
            if self.pending is not None:
                self.finish(self.pending, raw["t"] - self.pending["t"])
            if self.previous is not None:
                raw["dd"] = raw["d"] - self.previous["d"]
                raw["dr"] = raw["r"] - self.previous["r"]
                raw["df"] = raw["f"] - self.previous["f"] if raw["f"] is not None and self.previous["f"] is not None else None
                raw["dg"] = raw["g"] - self.previous["g"] if raw["g"] is not None and self.previous["g"] is not None else None
                self.pending = raw
                if raw["dd"] > 0:
                    if self.last_drawn is not None and run is not None and self.last_drawn["run"] == run:
                        b = bin_of(raw["n"])
                        if b is not None and (b != 0 or run == "empty"):
                            self.drawn_intervals.append({"bin": b, "interval": raw["t"] - self.last_drawn["t"], "run": run})
                    self.last_drawn = raw
            self.previous = raw
            if run is not None:
                self.highest = max(self.highest, raw["n"])
                self.run_highest[run] = max(self.run_highest.get(run, 0), raw["n"])
        if chunk["t"] and run is not None:
            b = bin_of(chunk["n"][-1])
            if b is not None and chunk.get("frameMilliseconds") is not None:
                self.page_ms[b] = chunk["frameMilliseconds"]

    def finish(self, raw, interval):
        if raw["run"] is None:
            return
        b = bin_of(raw["n"])
        if b is None or (b == 0 and raw["run"] != "empty"):
            return
        self.frames.append({"bin": b, "n": raw["n"], "interval": interval, "drawn": raw["dd"], "received": raw["dr"],
                            "folded": raw["df"], "givenUp": raw["dg"], "foldedTotal": raw["f"], "givenUpTotal": raw["g"],
                            "quality": raw["q"], "run": raw["run"]})

    def in_bin(self, target, run):
        frames = [f for f in self.frames if f["bin"] == target and f["run"] == run]
        return len(frames), sum(f["interval"] for f in frames) / 1000

    def figures(self):
        out = []
        for target in TARGETS:
            frames = [f for f in self.frames if f["bin"] == target]
            row = {"instances": target, "samples": len(frames), "enough": len(frames) >= ENOUGH_SAMPLES}
            if len(frames) >= MIN_SAMPLES:
                seconds = sum(f["interval"] for f in frames) / 1000
                intervals = [f["interval"] for f in frames]
                last = frames[-1]
                row.update({
                    "seconds": round(seconds, 2),
                    "meanInstances": round(statistics.mean(f["n"] for f in frames)),
                    "runs": sorted({f["run"] for f in frames}),
                    "drawnPerSecond": round(sum(f["drawn"] for f in frames) / seconds, 1) if seconds > 0 else None,
                    "receivedPerSecond": round(sum(f["received"] for f in frames) / seconds, 1) if seconds > 0 else None,
                    "medianMilliseconds": round(statistics.median(intervals), 2),
                    "p95Milliseconds": round(p95(intervals), 2),
                    "framesFoldedInBin": sum(f["folded"] for f in frames) if all(f["folded"] is not None for f in frames) else None,
                    "stampsGivenUpInBin": sum(f["givenUp"] for f in frames) if all(f["givenUp"] is not None for f in frames) else None,
                    "framesFolded": last["foldedTotal"],
                    "stampsGivenUp": last["givenUpTotal"],
                    "quality": json.loads(last["quality"]) if last["quality"] else None,
                    "pageFrameMilliseconds": self.page_ms.get(target),
                })
            drawn = [d["interval"] for d in self.drawn_intervals if d["bin"] == target]
            row["drawnSamples"] = len(drawn)
            if len(drawn) >= MIN_SAMPLES:
                row["drawnMedianMilliseconds"] = round(statistics.median(drawn), 2)
                row["drawnP95Milliseconds"] = round(p95(drawn), 2)
            elif frames:
                row["seconds"] = round(sum(f["interval"] for f in frames) / 1000, 2)
            out.append(row)
        return out


def sixty_up_to(rows):
    held = [row["instances"] for row in rows
            if row.get("drawnSamples", 0) >= ENOUGH_SAMPLES and row.get("drawnMedianMilliseconds", 1e9) <= SIXTY_FPS_MS]
    return max(held) if held else None


# The run.

def increase(before, after, name):
    """How much a counter of the server's /status grew (None when either reading lacks it)."""
    if isinstance(before.get(name), int) and isinstance(after.get(name), int):
        return after[name] - before[name]
    return None


class Bench:
    def __init__(self, args, server, log, events, period, deadline):
        self.args, self.server, self.log, self.events, self.period, self.deadline = args, server, log, events, period, deadline
        self.held = set()
        self.console = None

    async def send(self, intent):
        await self.console.send(json.dumps(intent))

    async def status(self):
        try:
            return json.loads((await asyncio.to_thread(request, self.server.port, "/status"))[2])
        except Exception as error:  # noqa: BLE001 (a figure we can do without)
            return {"error": str(error)}

    async def evaluate(self, page, script, *arguments):
        try:
            return await asyncio.wait_for(page.evaluate(script, *arguments), EVALUATE_SECONDS)
        except asyncio.TimeoutError:
            raise PageStopped() from None

    async def wait_empty(self, page):
        try:
            await asyncio.wait_for(page.wait_for_function(SHOWS_EMPTY, timeout=EMPTY_WAIT_MS), EMPTY_WAIT_MS / 1000 + 5)
        except asyncio.TimeoutError:
            raise PageStopped() from None
        except Exception as error:  # Playwright's own timeout
            if "Timeout" in type(error).__name__ or "timeout" in str(error).lower():
                raise PageStopped() from None
            raise

    async def clear_stage(self):
        for pad in sorted(self.held):
            await self.send({"type": "padUp", "pad": pad})
        self.held.clear()
        await self.send({"type": "erase"})
        await self.send({"type": "recallChord", "chord": self.log["checkpoint"]["selectedChord"]})

    async def reset(self, page):
        await self.clear_stage()
        await self.wait_empty(page)

    @staticmethod
    async def processes(cdp):
        """The browser's processes, as {pid: (type, CPU seconds)} (empty if the browser does not say in time)."""
        if cdp is None:
            return {}
        try:
            info = await asyncio.wait_for(cdp.send("SystemInfo.getProcessInfo"), 10)
        except Exception:  # noqa: BLE001 (a figure we can do without)
            return {}
        return {process["id"]: (process["type"], process["cpuTime"]) for process in info.get("processInfo", [])}

    async def replay(self, plan, progress):
        """Sends the plan's intents at their times; `progress`: how many were sent, how late the latest was."""
        loop = asyncio.get_running_loop()
        start = loop.time()
        for at, intent in plan:
            delay = start + at - loop.time()
            if delay > 0:
                await asyncio.sleep(delay)
            progress["late"] = max(progress["late"], loop.time() - start - at)
            if intent["type"] == "padDown":
                self.held.add(intent["pad"])
            elif intent["type"] == "padUp":
                self.held.discard(intent["pad"])
            await self.send(intent)
            progress["sent"] += 1

    async def measure(self, page, cdp, samples, name, voices, looped, target, longest):
        """One measurement: reset, then the load (or none), draining the page's samples every second."""
        await self.reset(page)
        samples.add(await self.evaluate(page, DRAIN), None)
        loop = asyncio.get_running_loop()
        longest = min(longest, self.deadline - time.monotonic() - 5)
        if longest < 3:
            return {"run": name, "skipped": "out of time"}
        plan = schedule(self.events, voices, looped, self.period, longest) if voices else []
        progress = {"sent": 0, "late": 0.0}
        before = await self.status()
        processes_before = await self.processes(cdp)
        replaying = asyncio.create_task(self.replay(plan, progress))
        start = loop.time()
        sent_all_at = None
        try:
            while loop.time() - start < longest:
                await asyncio.sleep(DRAIN_EVERY)
                chunk = await self.evaluate(page, DRAIN)
                samples.add(chunk, name)
                if replaying.done() and sent_all_at is None:
                    sent_all_at = loop.time()
                if target is not None:
                    count, seconds = samples.in_bin(target, name)
                    if count >= GOAL_SAMPLES and seconds >= GOAL_SECONDS:
                        break
                elif voices and sent_all_at is not None and chunk["n"] and chunk["n"][-1] == 0:
                    break  # the passage played once, and its lumis are gone
        finally:
            replaying.cancel()
            try:
                await replaying
            except asyncio.CancelledError:
                pass
        after = await self.status()
        processes_after = await self.processes(cdp)
        cpu = {}
        for pid, (kind, seconds) in processes_after.items():
            kind = kind if kind in ("browser", "GPU", "renderer") else "other"
            cpu[kind] = cpu.get(kind, 0) + seconds - processes_before.get(pid, (kind, 0))[1]
        return {"run": name, "voices": voices, "looped": looped, "seconds": round(loop.time() - start, 1),
                "intentsSent": progress["sent"],
                "replayLatestMilliseconds": round(progress["late"] * 1000, 1),
                "highest": samples.run_highest.get(name, 0),
                "serverTickMedianMilliseconds": after.get("tickMedianMilliseconds"),
                "serverTickP99Milliseconds": after.get("tickP99Milliseconds"),
                "serverDroppedFrames": increase(before, after, "droppedFrames"),
                "serverEvicted": increase(before, after, "evicted"),
                "chromiumCpuSeconds": {kind: round(seconds, 1) for kind, seconds in cpu.items()}}

    async def size(self, playwright, width, height):
        result = {"size": f"{width}x{height}", "runs": [], "stoppedAnswering": None, "pageErrors": []}
        samples = Samples()
        await self.clear_stage()  # what the size before left on the canvas
        browser = await asyncio.wait_for(playwright.chromium.launch(executable_path=CHROMIUM, args=BROWSER_ARGUMENTS), 60)
        pids = {}
        cdp = None
        try:
            try:
                cdp = await asyncio.wait_for(browser.new_browser_cdp_session(), 10)
            except Exception:  # noqa: BLE001 (then no CPU times, and no killing by id)
                cdp = None
            page = await browser.new_page(viewport={"width": width, "height": height}, device_scale_factor=1)
            page.on("pageerror", lambda error: result["pageErrors"].append(str(error)))
            query = "" if self.args.quality == "auto" else f"?quality={self.args.quality}"
            try:
                await page.goto(f"http://127.0.0.1:{self.server.port}/canvas{query}", timeout=30_000)
                await asyncio.wait_for(page.wait_for_function(DRAWING, timeout=30_000), 35)
                await self.evaluate(page, RECORD)
            except Exception as error:  # noqa: BLE001 (Playwright's timeouts among them: reported, and on)
                result["stoppedAnswering"] = f"the page did not start drawing: {type(error).__name__}: {str(error)[:200]}"
                print(f"  {width}x{height}: {result['stoppedAnswering']}", flush=True)
                return self.summary(result, samples)
            pids = await self.processes(cdp)
            await asyncio.sleep(2)  # the page's first moments (programs, first pictures) are slow whatever the load
            runs = [("empty", 0, False, 0, EMPTY_SECONDS)] + RUNS
            for name, voices, looped, target, longest in runs:
                try:
                    run = await self.measure(page, cdp, samples, name, voices, looped, target, longest)
                except PageStopped:
                    at = samples.previous["n"] if samples.previous else 0
                    result["stoppedAnswering"] = f"the page stopped answering at {at} instances (run {name})"
                    print(f"  {width}x{height}: {result['stoppedAnswering']}", flush=True)
                    break
                except Exception as error:  # noqa: BLE001 (the server or the browser gone: said, and the figures so far kept)
                    result["stoppedAnswering"] = f"run {name} failed: {type(error).__name__}: {str(error)[:200]}"
                    print(f"  {width}x{height}: {result['stoppedAnswering']}", flush=True)
                    break
                result["runs"].append(run)
                print(f"  {width}x{height} {name}: " + (run["skipped"] if run.get("skipped") else
                      f"{run['seconds']} s, up to {run['highest']} instances"), flush=True)
        finally:
            try:
                await self.clear_stage()
            except Exception as error:  # noqa: BLE001
                print(f"  clearing the stage: {error!r}", flush=True)
            pids.update(await self.processes(cdp))
            try:
                await asyncio.wait_for(browser.close(), 30)
            except Exception as error:  # noqa: BLE001
                # A browser buried under work does not close in time: its processes, which we started, are
                # killed by their ids (the browser's first), so that they do not weigh on the next size.
                print(f"  closing the browser: {error!r}; killing its processes {sorted(pids)}", flush=True)
                for pid in sorted(pids, key=lambda pid: pids[pid][0] != "browser"):
                    try:
                        os.kill(pid, signal.SIGKILL)
                    except OSError:
                        pass
        return self.summary(result, samples)

    @staticmethod
    def summary(result, samples):
        result["bins"] = samples.figures()
        result["highest"] = samples.highest
        result["sixtyFpsUpTo"] = sixty_up_to(result["bins"])
        return result

    async def run(self, sizes):
        async with connect(f"ws://127.0.0.1:{self.server.port}/live", max_size=1 << 26) as console:
            self.console = console
            snapshot = json.loads(await asyncio.wait_for(console.recv(), 10))

            async def discard():
                async for _ in console:
                    pass

            reader = asyncio.create_task(discard())
            checkpoint = self.log["checkpoint"]
            if snapshot["state"]["chordset"] != checkpoint["chordset"]:
                print("the library's chordset is not the passage's: loading it", flush=True)
                await self.send({"type": "loadChordset", "chordset": checkpoint["chordset"]})
            await self.send({"type": "trailPersistence", "value": checkpoint.get("trailPersistence", 0.5)})
            results = []
            async with async_playwright() as playwright:
                for width, height in sizes:
                    if time.monotonic() > self.deadline - 20:
                        results.append({"size": f"{width}x{height}", "skipped": "out of time"})
                        continue
                    results.append(await self.size(playwright, width, height))
            reader.cancel()
            return results


# Output.

def quality_text(quality):
    if quality is None:
        return "-"
    if isinstance(quality, dict) and "level" in quality:
        text = f"L{quality['level']}"
        if "resolution" in quality:
            text += f" r{quality['resolution']:g}"
        if "trailResolution" in quality:
            text += f"/{quality['trailResolution']:g}"
        if "stampBudget" in quality:
            text += f" s{quality['stampBudget']}"
        return text
    return json.dumps(quality)


def number(value):
    return f"{value:.1f}" if isinstance(value, (int, float)) else "-"


def table(result):
    lines = [f"{result['size']}:"]
    if result.get("skipped"):
        return lines + [f"  skipped: {result['skipped']}"]
    lines.append(f"  {'instances':>9} {'frames':>6} {'in bin s':>8} {'drawn/s':>7} {'recv/s':>6} {'median ms':>9} "
                 f"{'p95 ms':>7} {'drawn median/p95 ms':>19} {'folded':>7} {'given up':>8}  {'quality at end':<18} "
                 f"{'page median/p95 ms'}")
    for row in result["bins"]:
        if not row["samples"]:
            lines.append(f"  {row['instances']:>9} {'0':>6}  not reached")
            continue
        if row["samples"] < MIN_SAMPLES:
            lines.append(f"  {row['instances']:>9} {row['samples']:>6} {row['seconds']:>8.1f}  too few samples "
                         f"(fewer than {MIN_SAMPLES}): no figures")
            continue

        def total(value, delta):
            return "-" if value is None else f"{value}(+{delta})"

        page_ms = row["pageFrameMilliseconds"]
        page_text = (f"{number(page_ms.get('median'))}/{number(page_ms.get('p95'))}" if isinstance(page_ms, dict) else "-")
        if not row["enough"]:
            page_text += f"   few (<{ENOUGH_SAMPLES}): p95 ~ slowest"
        lines.append(f"  {row['instances']:>9} {row['samples']:>6} {row['seconds']:>8.1f} {row['drawnPerSecond']:>7.1f} "
                     f"{row['receivedPerSecond']:>6.1f} {row['medianMilliseconds']:>9.1f} {row['p95Milliseconds']:>7.1f} "
                     f"{number(row.get('drawnMedianMilliseconds')) + '/' + number(row.get('drawnP95Milliseconds')):>19} "
                     f"{total(row['framesFolded'], row['framesFoldedInBin']):>7} "
                     f"{total(row['stampsGivenUp'], row['stampsGivenUpInBin']):>8}  {quality_text(row['quality']):<18} {page_text}")
    up_to = result["sixtyFpsUpTo"]
    lines.append(f"  60 frames a second (median interval between frames drawn <= {SIXTY_FPS_MS} ms, {ENOUGH_SAMPLES} of them at least) hold up to: "
                 + (f"{up_to} instances" if up_to is not None else "no bin, not even the empty stage"))
    lines.append(f"  highest instance count reached: {result['highest']}"
                 + ("" if result["highest"] >= TARGETS[-1] * (1 - BAND) else f" (the {TARGETS[-1]} bin was not reached)"))
    for run in result["runs"]:
        if run.get("skipped"):
            lines.append(f"  run {run['run']}: skipped ({run['skipped']})")
            continue
        lines.append(f"  run {run['run']}: {run['seconds']} s, {run['intentsSent']} intents sent (latest "
                     f"{run['replayLatestMilliseconds']:.0f} ms behind its time), up to {run['highest']} instances; server "
                     f"tick median/p99 {number(run['serverTickMedianMilliseconds'])}/{number(run['serverTickP99Milliseconds'])} ms, "
                     f"{run['serverDroppedFrames']} frames dropped, {run['serverEvicted']} clients evicted; Chromium CPU s "
                     + (", ".join(f"{kind} {seconds}" for kind, seconds in sorted(run["chromiumCpuSeconds"].items())) or "-"))
    if result["stoppedAnswering"]:
        lines.append(f"  {result['stoppedAnswering']}")
    if result["pageErrors"]:
        lines.append(f"  page errors: {result['pageErrors'][:3]}")
    return lines


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("imager")
    parser.add_argument("--sizes", default="1280x720,1920x1080")
    parser.add_argument("--json", help="write the figures to this file")
    parser.add_argument("--quality", default="auto", help="the page's ?quality= (auto: the page's default)")
    parser.add_argument("--budget", type=float, default=225, help="seconds the runs may take in all")
    args = parser.parse_args()
    sizes = [tuple(int(v) for v in size.lower().split("x")) for size in args.sizes.split(",") if size]
    log, events, span, period = load_passage()
    started = time.monotonic()
    deadline = started + args.budget
    print(f"canvas_fps: {args.imager}, Chromium {CHROMIUM} with SwiftShader, page /canvas"
          f"{'' if args.quality == 'auto' else '?quality=' + args.quality}; the passage's {len(events)} events over "
          f"{span:.3f} s, looped every {period:.3f} s", flush=True)

    with tempfile.TemporaryDirectory() as folder, serving(args.imager, pathlib.Path(folder) / "library.sqlite") as server:
        # Whatever happens, the script ends: past the budget and a margin, the server is stopped and we leave
        # (the Playwright driver then takes its browser with it).
        def give_up():
            print(f"canvas_fps: still running {args.budget + 120:.0f} s after the start: giving up", flush=True)
            if server.process.poll() is None:
                server.process.send_signal(signal.SIGKILL)
            os._exit(3)

        watchdog = threading.Timer(args.budget + 120, give_up)
        watchdog.daemon = True
        watchdog.start()
        bench = Bench(args, server, log, events, period, deadline)
        results = asyncio.run(bench.run(sizes))
        watchdog.cancel()

    elapsed = time.monotonic() - started
    print()
    for result in results:
        print("\n".join(table(result)))
    print(f"\n{elapsed:.0f} s in all; load: the passage once, then looped by 2, 5 and 13 voices (see the docstring)")
    if args.json:
        pathlib.Path(args.json).write_text(json.dumps({
            "imager": args.imager, "chromium": CHROMIUM, "browserArguments": BROWSER_ARGUMENTS, "quality": args.quality,
            "passage": str(PASSAGE.relative_to(ROOT)), "passageSeconds": round(span, 3), "loopSeconds": round(period, 3),
            "band": BAND, "minimumSamples": MIN_SAMPLES, "enoughSamples": ENOUGH_SAMPLES, "seconds": round(elapsed, 1), "sizes": results}, indent=2) + "\n")


if __name__ == "__main__":
    main()
