#!/usr/bin/env python3
"""Playing with the band (issue 28's figures), against a real `imager serve` (a release build):

- sound in → intent: the delay from a block of sound coming in to its `heard` intent applied by the engine, as
  the server measures it over its last 500 hops (`/status` listening.delayMedianMilliseconds and
  delayP95Milliseconds), listening to a file of clicks played as an input — quiet, then while 6 other clients
  keep the library busy (each in a process of its own, as bench/live_under_load.py does). Before that delay come
  the input's buffer (256 frames, 5.3 ms at 48 kHz) and the analysis's hop: for an onset, from its first sample
  to the hop that tells it (`imager analyse` says how long: onsetDelayMilliseconds).
- Link: the engine's beat against the session's, with an independent peer (LinkPython-extern, its own process):
  the phase error the server finds at each check, ten a second, before it corrects it (p50, p99, max over ~30 s);
  and, seen from outside, the engine's beat read from /state against the peer's read just before (the two reads
  are a few milliseconds apart, and the engine runs a frame ahead for the light seen: both are in the figure).
- the live latency (intent → state over /live, 400 probes) without OSC out, and with OSC out to a receiver
  that is not there and to an address that swallows datagrams, while listening (OSC then flows at ~33 messages
  a second plus each beat): p50 and p99, and the ratio of p99s, in one run.

Usage: bench/band_figures.py IMAGER [--probes 400]
"""
import argparse
import asyncio
import json
import multiprocessing
import pathlib
import socket
import statistics
import sys
import tempfile
import time

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "Tests" / "python"))
sys.path.insert(0, str(ROOT / "bench"))

from hostile_input import round_trips  # noqa: E402
from link_peer import LinkPeer  # noqa: E402
from live import free_port, live_socket, request, serving, until_message  # noqa: E402
from live_under_load import busy_client, percentile  # noqa: E402
from sound_signals import clicks, sine, write_wav  # noqa: E402


def heard_for(server, onsets):
    """Waits on /live until `onsets` more onsets have been heard."""
    with live_socket(server) as socket_:
        first = until_message(socket_, lambda m: m["type"] == "heard")["onsets"]
        until_message(socket_, lambda m: m["type"] == "heard" and m["onsets"] >= first + onsets, limit=1_000_000)


def delays(server):
    listening = server.status()["listening"]
    return listening["delayMedianMilliseconds"], listening["delayP95Milliseconds"]


def busy(port, clients):
    stop, served = multiprocessing.Event(), multiprocessing.Value("l", 0)
    workers = [multiprocessing.Process(target=busy_client, args=(port, stop, served, seed)) for seed in range(clients)]
    for worker in workers:
        worker.start()
    return stop, served, workers


def settle(stop, workers):
    stop.set()
    for worker in workers:
        worker.join(timeout=30)


def sound_in(imager, folder, windows=3):
    print(f"sound in → heard intent applied (the server's own measure over 500 hops, median of {windows} windows):")
    samples, _ = clicks(300, 123)
    write_wav(folder / "set.wav", samples + sine(300, 80))
    with serving(imager, folder / "library.sqlite", "--audio", "none", "--listen", str(folder / "set.wav")) as server:
        heard_for(server, 12)  # past the start
        quiet = []
        for _ in range(windows):
            heard_for(server, 11)  # 5.4 s: a window of 500 hops and more
            quiet.append(delays(server))
        print(f"  quiet: p50 {statistics.median(d[0] for d in quiet):.2f} ms, p95 {statistics.median(d[1] for d in quiet):.2f} ms")
        stop, served, workers = busy(server.port, 6)
        heard_for(server, 2)  # the clients start asking meanwhile
        started, before = time.monotonic(), served.value
        loaded = []
        for _ in range(windows):
            heard_for(server, 11)
            loaded.append(delays(server))
        rate = (served.value - before) / (time.monotonic() - started)
        settle(stop, workers)
        print(f"  6 clients busy with the library ({rate:.0f} requests/s): p50 {statistics.median(d[0] for d in loaded):.2f} ms, "
              f"p95 {statistics.median(d[1] for d in loaded):.2f} ms")
    print("  before it: the input's buffer, 5.3 ms, and the hop (for an onset: imager analyse's onsetDelayMilliseconds)")


def link_phase(imager, folder):
    print("Link phase, the engine's beat against the session's (quantum 4):")
    with serving(imager, folder / "library-link.sqlite", "--audio", "none", "--link") as server:
        with LinkPeer(tempo=123) as peer, live_socket(server) as console:
            assert peer.wait_peers(1, timeout=10)["ok"]
            peer.set_tempo(123)
            until_message(console, lambda m: m["type"] == "link" and m["peers"] >= 1 and abs(m["tempo"] - 123) < 0.01, within=10, limit=600)
            errors = []
            while len(errors) < 300:
                message = until_message(console, lambda m: m["type"] == "link", within=10)
                errors.append(abs(message["phaseErrorMilliseconds"]))
            print(f"  found by the server before each correction, 300 checks: p50 {statistics.median(errors):.3f} ms, "
                  f"p99 {percentile(errors, 0.99):.3f} ms, max {max(errors):.3f} ms")
            outside = []
            for _ in range(100):
                session = peer.query(4)
                state = json.loads(request(server.port, "/state")[2])["state"]
                difference = (state["beat"] - session["phase"]) % 4
                outside.append(min(difference, 4 - difference) * 60_000 / state["tempo"])
            print(f"  seen from outside (/state after the peer's query), 100 reads: p50 {statistics.median(outside):.2f} ms, "
                  f"p99 {percentile(outside, 0.99):.2f} ms (the engine runs one frame, 16.7 ms, ahead)")


def osc_out_latency(imager, folder, probes, rounds=2):
    print(f"intent → state with OSC out, {probes} probes each, listening to clicks (OSC ~33 messages/s + beats), "
          f"{rounds} rounds alternating:")
    samples, _ = clicks(300, 123)
    write_wav(folder / "osc.wav", samples)
    nobody = free_port(socket.SOCK_DGRAM)
    settings = [("no OSC out", []),
                ("OSC out to a port nobody listens on and to 192.0.2.1",
                 ["--osc-out", f"127.0.0.1:{nobody}", "--osc-out", "192.0.2.1:9000"])]
    ratios = []
    for round_ in range(rounds):
        p99s = []
        for index, (label, extra) in enumerate(settings if round_ % 2 == 0 else list(reversed(settings))):
            library = folder / f"library-osc-{round_}-{index}.sqlite"
            with serving(imager, library, "--audio", "none", "--listen", str(folder / "osc.wav"), *extra,
                         avoiding={nobody}) as server:
                heard_for(server, 4)
                times = asyncio.run(round_trips(server.port, probes, 0.1 + 0.2 * index))
                sent = server.status().get("oscOut")
                p99s.append((label, percentile(times, 0.99)))
                print(f"  round {round_ + 1}, {label}: p50 {statistics.median(times) * 1000:.2f} ms, "
                      f"p99 {percentile(times, 0.99) * 1000:.2f} ms"
                      + (f"; sent {[t['sent'] for t in sent]}, dropped {[bool(t.get('problem')) for t in sent]}" if sent else ""))
        figures = dict(p99s)
        ratios.append(figures[settings[1][0]] / figures[settings[0][0]])
    print(f"  p99 with OSC out / without, each round: {', '.join(f'{ratio:.2f}' for ratio in ratios)}")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("imager")
    parser.add_argument("--probes", type=int, default=400)
    arguments = parser.parse_args()
    with tempfile.TemporaryDirectory() as name:
        folder = pathlib.Path(name)
        sound_in(arguments.imager, folder)
        link_phase(arguments.imager, folder)
        osc_out_latency(arguments.imager, folder, arguments.probes)


if __name__ == "__main__":
    main()
