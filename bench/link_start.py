#!/usr/bin/env python3
"""How well the composition transport's start falls on an Ableton Link session's downbeat (issue 44, item 4),
against an independent peer (LinkPython-extern's `link` module, in a process of its own) on this machine.

`imager serve --audio none --link` runs on a temporary library with Demo loaded; the peer joins the session
with start/stop sync on. For each quantum (1 and 4 by default; the instrument's is set with the live message
{"type": "link", "enabled": true, "quantum": Q}) and each of N starts:

1. the peer stops the session; we wait until the server's transport says it stopped, and put it back to 0 s
   (`locate`, so that Demo never plays to its end);
2. we wait a random 0.2–2.2 s (seeded): the random phase the start falls at;
3. the peer starts the session: setIsPlayingAndRequestBeatAtTime(True, now, 0, Q) on its app session state,
   committed, and reads back timeForIsPlaying() t (Link's clock, microseconds). The expected start is the first
   downbeat at or after t: b = beatAtTime(t, Q); t itself when b is a multiple of Q (within 1e-6), else
   timeAtBeat(ceil(b / Q) * Q, Q);
4. we wait on /live for a `link` message with a new `transportStartedAtMicros` M (the moment the transport's
   playhead began to run, on the session's clock), and record M − expected.

The server starts the playhead one frame (the output latency, 1/fps: 16.7 ms at the default 60 fps) before the
downbeat, so that the light is *seen* on it (docs/listening.md, "Link"). Both are reported: `raw` = M − expected,
the brief's figure, and `seen` = M + 1/fps − expected, the error of the start as seen (the one that should be
about 0). A start more than half a bar (half the quantum, at the session's tempo then: Demo's parts set it to 100 BPM)
away from its downbeat is counted as a whole bar late. Percentiles are by nearest rank (the JSON has the
interpolated p99 too).

A second, server-independent reading of the same moment comes from the transport's playhead: each `transport`
message while playing says `seconds` played from where it stood (0 after the locate), so that its arrival on
Link's clock less those seconds is the playhead's start plus the message's delivery; the least over the first
three messages is kept (`playhead`, compared with the same downbeat, in the same raw terms). It works on builds
that do not say `transportStartedAtMicros` (the code before it: pass that binary with --binary), and then
the figures are the playhead's.

Both processes read Link's clock (CLOCK_MONOTONIC_RAW on Linux); the peer's clock and ours are checked to agree.

Link finds its peers by multicast on every interface, so any other Link app on this machine or its network (a
test of test_link.py, bench/night_soak.py, …) would join the session, move its tempo and start or stop it — and
be started and stopped by this bench. So the bench runs in a network namespace of its own (`unshare -n`, only
loopback, with multicast routed on it): the server and the peer alone in the session. `--shared-network` runs
it on the machine's network instead. Each start records how many peers the peer saw; the summary says how many
starts had any other than the server.

Usage: .venv/bin/python bench/link_start.py [--binary PATH] [--starts 100] [--seed N] [--quanta 1 4]
       [--tempo 120] [--fps 60] [--out FILE.json]
Not part of `make test`.
"""
import argparse
import json
import math
import os
import pathlib
import random
import subprocess
import sys
import tempfile
import time

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "Tests" / "python"))

from link_peer import LinkPeer  # noqa: E402
from live import live_socket, serving, until_message  # noqa: E402


# --- the parent --------------------------------------------------------------------------------------------

def link_clock_micros():
    """Link's clock on this machine (CLOCK_MONOTONIC_RAW on Linux), in microseconds."""
    return time.clock_gettime_ns(time.CLOCK_MONOTONIC_RAW) // 1000


def percentile(values, fraction):
    """The nearest rank: the smallest value with at least `fraction` of them at or below it (no interpolation,
    so that one start a bar late in a hundred is not smeared into the p99)."""
    ordered = sorted(values)
    if not ordered:
        return math.nan
    return ordered[max(0, math.ceil(fraction * len(ordered)) - 1)]


def interpolated(values, fraction):
    """Linear interpolation between the closest ranks (numpy's default), for the JSON."""
    ordered = sorted(values)
    if not ordered:
        return math.nan
    position = (len(ordered) - 1) * fraction
    low = math.floor(position)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (position - low)


def summary(errors, bars_ms):
    """|error| figures of `errors` (ms), and how many are more than half their start's bar (`bars_ms`, the
    quantum at the session's tempo then) away: a whole bar late (or early)."""
    magnitudes = [abs(e) for e in errors]
    return {
        "count": len(errors),
        "median_abs_ms": percentile(magnitudes, 0.5),
        "p95_abs_ms": percentile(magnitudes, 0.95),
        "p99_abs_ms": percentile(magnitudes, 0.99),
        "max_abs_ms": max(magnitudes) if magnitudes else math.nan,
        "p99_abs_ms_interpolated": interpolated(magnitudes, 0.99),
        "median_signed_ms": percentile(errors, 0.5),
        "bar_late": sum(1 for m, bar in zip(magnitudes, bars_ms) if m > 0.5 * bar),
    }


def is_transport(message, playing=None):
    return message["type"] == "transport" and (playing is None or message.get("playing") == playing)


class Console:
    """One /live socket, read only through until_message; every message is stamped on Link's clock on arrival."""

    def __init__(self, socket):
        self.socket = socket
        self.last_link = None
        self.last_transport = None

    def until(self, wanted, within=15):
        def seen(message):
            message["_at"] = link_clock_micros()
            if message["type"] == "link":
                self.last_link = message
            elif message["type"] == "transport":
                self.last_transport = message
            return wanted(message)
        return until_message(self.socket, seen, within=within)

    def send(self, message):
        self.socket.send(json.dumps(message))


def one_start(console, peer, quantum, rng, last_started, stamped, playhead_messages=3):
    """One stop, random wait and start; the record of it."""
    assert peer.command("stop")["ok"]
    if console.last_transport is None or console.last_transport.get("playing") or "startsIn" in console.last_transport:
        console.until(lambda m: is_transport(m, False) and "startsIn" not in m)
    console.send({"type": "transport", "action": "locate", "seconds": 0})
    stopped = console.until(lambda m: is_transport(m, False) and m.get("seconds") == 0 and "startsIn" not in m)
    wait = rng.uniform(0.2, 2.2)
    time.sleep(wait)  # the random phase: the point, not a synchronisation

    started = peer.command("start " + repr(float(quantum)))
    assert started.get("ok") and started["playing"], started
    playing, found = [], {}

    def done(message):
        if is_transport(message, True):
            playing.append((message["_at"], message["seconds"]))
        elif message["type"] == "link":
            m = message.get("transportStartedAtMicros")
            if m is not None and m != last_started:
                found["M"] = m
                found["link"] = message
        return len(playing) >= playhead_messages and ("M" in found or not stamped)

    console.until(done, within=20)
    expected = started["expected"]
    playhead = min(at - (seconds - stopped["seconds"]) * 1e6 for at, seconds in playing)
    record = {
        "quantum": quantum,
        "wait_s": wait,
        "committed_at": started["committed_at"],
        "time_for_is_playing": started["time_for_is_playing"],
        "beat_then": started["beat_then"],
        "expected": expected,
        "tempo": started["tempo"],
        "peers": started["peers"],
        "playhead_start": playhead,
        "playhead_raw_ms": (playhead - expected) / 1000,
    }
    if "M" in found:
        record["transportStartedAtMicros"] = found["M"]
        record["raw_ms"] = (found["M"] - expected) / 1000
    return record


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--binary", default=str(ROOT / ".build" / "debug" / "imager"))
    parser.add_argument("--starts", type=int, default=100)
    parser.add_argument("--seed", type=int, default=44)
    parser.add_argument("--quanta", type=int, nargs="+", default=[1, 4])
    parser.add_argument("--tempo", type=float, default=120.0,
                        help="the peer's tempo as it joins (Demo's parts then set the session's: 100 BPM)")
    parser.add_argument("--fps", type=int, default=60, help="imager serve --fps: the output latency is 1/fps")
    parser.add_argument("--out")
    parser.add_argument("--shared-network", action="store_true",
                        help="run on the machine's network (other Link apps there join the session) rather than alone")
    options = parser.parse_args()
    isolated = os.environ.get("LINK_START_ISOLATED") == "1"
    if not options.shared_network and not isolated:
        if subprocess.run(["unshare", "-n", "true"], capture_output=True).returncode == 0:
            # Alone: a network namespace with loopback up and multicast routed on it, where Link finds its peers.
            setup = "ip link set lo up && ip link set lo multicast on && ip route add 224.0.0.0/4 dev lo && exec \"$@\""
            command = ["unshare", "-n", "sh", "-c", setup, "sh", sys.executable, os.path.abspath(__file__), *sys.argv[1:]]
            sys.exit(subprocess.run(command, env={**os.environ, "LINK_START_ISOLATED": "1"}).returncode)
        print("warning: cannot make a network namespace (unshare -n); running on the machine's network, where other "
              "Link apps may join the session", file=sys.stderr)

    rng = random.Random(options.seed)
    latency_ms = 1000 / options.fps
    env = {}
    if "IMAGER_WEB_ROOT" not in os.environ:
        env["IMAGER_WEB_ROOT"] = str(ROOT / "Sources" / "WebClient" / "Web")
    results = {"binary": options.binary, "starts": options.starts, "seed": options.seed, "tempo": options.tempo,
               "isolated_network": isolated,
               "fps": options.fps, "output_latency_ms": latency_ms, "load_average_before": os.getloadavg(),
               "quanta": {}}

    with tempfile.TemporaryDirectory() as folder, \
            serving(options.binary, pathlib.Path(folder) / "library.sqlite", "--audio", "none", "--link",
                    "--fps", str(options.fps), env=env) as server, \
            LinkPeer(tempo=options.tempo) as peer, live_socket(server) as socket_:
        console = Console(socket_)
        # The clocks: ours and the peer's read Link's clock alike.
        before = link_clock_micros()
        theirs = peer.command("clock")["micros"]
        after = link_clock_micros()
        assert before - 1000 <= theirs <= after + 1000, ("the peer's clock is not ours", before, theirs, after)
        results["clock_check_us"] = {"before": before, "peer": theirs, "after": after}

        assert peer.wait_peers(1, timeout=10)["ok"], "the server did not join the peer's session"
        assert peer.command("startstop on")["ok"]
        assert peer.command(f"tempo {options.tempo}")["ok"]
        console.until(lambda m: m["type"] == "link" and m["peers"] >= 1 and abs(m["tempo"] - options.tempo) < 0.01)

        # Demo loaded and playing (the server starts the session on the downbeat), then stopped: below, every
        # start of the session plays it.
        console.send({"type": "transport", "action": "play", "composition": "Demo"})
        console.until(lambda m: is_transport(m, True))
        link_message = console.until(lambda m: m["type"] == "link" and m["playing"])
        stamped = "transportStartedAtMicros" in link_message
        if not stamped:
            # Give it a few more checks before deciding this build does not say it.
            try:
                link_message = console.until(lambda m: m["type"] == "link" and "transportStartedAtMicros" in m, within=2)
                stamped = True
            except AssertionError:
                pass
        status_link = server.status().get("link")
        results["server_says_start"] = stamped
        if not stamped:
            print("transportStartedAtMicros is not said by this server; the figures are the playhead's.")
            print("  /live link message:", json.dumps({k: v for k, v in console.last_link.items() if k != "_at"}))
            print("  /status link:      ", json.dumps(status_link))
            results["live_link_message"] = {k: v for k, v in console.last_link.items() if k != "_at"}
            results["status_link"] = status_link
        last_started = link_message.get("transportStartedAtMicros")

        for quantum in options.quanta:
            assert peer.command("stop")["ok"]
            console.until(lambda m: is_transport(m, False) and "startsIn" not in m)
            console.send({"type": "link", "enabled": True, "quantum": quantum})
            console.until(lambda m: m["type"] == "link" and m["quantum"] == quantum and m["peers"] >= 1
                          and not m["playing"])
            records = []
            for index in range(options.starts):
                record = one_start(console, peer, quantum, rng, last_started, stamped)
                if stamped:
                    last_started = record["transportStartedAtMicros"]
                    record["seen_ms"] = record["raw_ms"] + latency_ms
                records.append(record)
                shown = (f"raw {record['raw_ms']:+8.3f} ms, seen {record['seen_ms']:+8.3f} ms, " if stamped else "")
                print(f"  q{quantum} #{index + 1:3d}: waited {record['wait_s']:.2f} s, beat then "
                      f"{record['beat_then']:+.3f}, {shown}playhead {record['playhead_raw_ms']:+8.3f} ms", flush=True)
            # The session's tempo at each start (Demo's parts set the instrument's, which goes to the session).
            bars_ms = [quantum * 60_000 / r["tempo"] for r in records]
            figures = {"tempi": sorted({round(r["tempo"], 3) for r in records}),
                       "starts_with_other_peers": sum(1 for r in records if r["peers"] != 1), "records": records,
                       "playhead": summary([r["playhead_raw_ms"] for r in records], bars_ms)}
            if stamped:
                figures["raw"] = summary([r["raw_ms"] for r in records], bars_ms)
                figures["seen"] = summary([r["seen_ms"] for r in records], bars_ms)
                figures["playhead_minus_M_ms"] = summary([(r["playhead_start"] - r["transportStartedAtMicros"]) / 1000
                                                          for r in records], bars_ms)
            results["quanta"][str(quantum)] = figures
        results["status_link_after"] = server.status().get("link")
    results["load_average_after"] = os.getloadavg()

    print()
    tempi = sorted({t for figures in results["quanta"].values() for t in figures["tempi"]})
    print(f"Start error against an independent Link peer, {options.binary}, session at {tempi} BPM, "
          f"{options.starts} starts per quantum, seed {options.seed}; output latency {latency_ms:.3f} ms (1/{options.fps} s)")
    print()
    print("| quantum | measure | count | median |err| ms | p95 ms | p99 ms | max ms | median signed ms | a whole bar late |")
    # (percentiles by nearest rank; bar = the quantum at the session's tempo)
    print("|---|---|---|---|---|---|---|---|---|---|")
    measures = [("raw", "M − expected"), ("seen", "M + 1/fps − expected"), ("playhead", "playhead − expected")]
    for quantum, figures in results["quanta"].items():
        for key, label in measures:
            if key not in figures:
                continue
            s = figures[key]
            print(f"| {quantum} | {label} | {s['count']} | {s['median_abs_ms']:.3f} | {s['p95_abs_ms']:.3f} | "
                  f"{s['p99_abs_ms']:.3f} | {s['max_abs_ms']:.3f} | {s['median_signed_ms']:+.3f} | {s['bar_late']} |")
    print()
    crowded = {q: f["starts_with_other_peers"] for q, f in results["quanta"].items() if f["starts_with_other_peers"]}
    print("network: " + ("a namespace of its own (only the server and the peer in the session)" if isolated
                         else "the machine's (shared)")
          + (f"; starts with peers other than the server, per quantum: {crowded}" if crowded else
             "; every start had the server as the only other peer"))
    print(f"load average before {results['load_average_before'][0]:.2f}, after {results['load_average_after'][0]:.2f}")
    if options.out:
        pathlib.Path(options.out).write_text(json.dumps(results, indent=1))
        print(f"written: {options.out}")


if __name__ == "__main__":
    main()
