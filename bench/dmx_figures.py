#!/usr/bin/env python3
"""Fixtures on DMX (issue 36's figures), against a real `imager serve` on this machine:

- DMX frames a second achieved against the rate asked: `/status`'s `dmx.frames` over a measured window, and the
  ArtDmx packets a plain listener on loopback receives for one universe, while the stage is kept lit (taps over
  OSC, ten a second, on the factory chordset);
- the live latency (a hue change over `/live` until its change comes back) at p50 and p99 with 10 universes of
  RGB strips (1,700 lights) sent at the rate, against the same server with no fixtures — alternated, in one run.

Usage: bench/dmx_figures.py IMAGER [--rate 40] [--universes 10] [--seconds 20] [--probes 400] [--rounds 2]
"""
import argparse
import asyncio
import pathlib
import socket
import statistics
import sys
import tempfile
import threading
import time

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "Tests" / "python"))
sys.path.insert(0, str(ROOT / "bench"))

from pythonosc.udp_client import SimpleUDPClient  # noqa: E402

from live import api, serving  # noqa: E402
from hostile_input import round_trips  # noqa: E402


def percentile(values, fraction):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * fraction))]


class Counter:
    """Counts the ArtDmx packets of port address 0 that reach a loopback UDP port."""

    def __init__(self):
        self.socket = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        self.socket.bind(("127.0.0.1", 0))
        self.port = self.socket.getsockname()[1]
        self.count = 0
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        while True:
            try:
                data = self.socket.recv(2048)
            except OSError:
                return
            self.take(data)

    def take(self, data):
        """Counts a packet for universe 1."""
        if data[14:16] == b"\x00\x00":
            self.count += 1


def patch(universes):
    return {"fixtures": [
        {"name": f"Strip {u + 1}", "universe": u + 1, "address": 1, "kind": "rgb",
         "strip": {"from": {"x": 0, "y": (u + 0.5) / universes}, "to": {"x": 1, "y": (u + 0.5) / universes}, "pixels": 170}}
        for u in range(universes)]}


def tapping(osc_port, stop):
    client, index = SimpleUDPClient("127.0.0.1", osc_port), 0
    while not stop.is_set():
        client.send_message("/imager/canvas/tap", [0.1 + 0.8 * ((index * 37) % 100) / 100, 0.5])
        index += 1
        stop.wait(0.1)  # the flood's pace, not a wait for anything


def measure(imager, library, arguments, universes, seconds, probes):
    counter = Counter() if arguments else None
    extra = ["--dmx", f"artnet:127.0.0.1:{counter.port}", *arguments] if counter else []
    with serving(imager, library, "--audio", "none", *extra) as server:
        api(server, "PUT", "/api/fixtures", patch(universes) if counter else {"fixtures": []})
        stop = threading.Event()
        threading.Thread(target=tapping, args=(server.osc_port, stop), daemon=True).start()
        try:
            time.sleep(2)  # the stage fills before the window opens: a settling time, not a wait for an event
            first, packets, started = api(server, "GET", "/status")[1].get("dmx", {}).get("frames", 0), counter.count if counter else 0, time.monotonic()
            latencies = asyncio.run(round_trips(server.port, probes, 0.2))
            remaining = seconds - (time.monotonic() - started)
            if remaining > 0:
                time.sleep(remaining)  # the rest of the window
            elapsed = time.monotonic() - started
            last = api(server, "GET", "/status")[1].get("dmx", {}).get("frames", 0)
            return {"fps": (last - first) / elapsed, "packets": ((counter.count - packets) / elapsed) if counter else 0,
                    "p50": percentile(latencies, 0.5) * 1000, "p99": percentile(latencies, 0.99) * 1000}
        finally:
            stop.set()


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("imager")
    parser.add_argument("--rate", type=int, default=40)
    parser.add_argument("--universes", type=int, default=10)
    parser.add_argument("--seconds", type=float, default=20)
    parser.add_argument("--probes", type=int, default=400)
    parser.add_argument("--rounds", type=int, default=2)
    options = parser.parse_args()
    results = {"dmx": [], "none": []}
    with tempfile.TemporaryDirectory() as folder:
        for round_ in range(options.rounds):
            for kind in ("dmx", "none"):
                arguments = ["--dmx-rate", str(options.rate)] if kind == "dmx" else []
                library = pathlib.Path(folder) / f"{kind}-{round_}.sqlite"
                results[kind].append(measure(options.imager, library, arguments, options.universes, options.seconds, options.probes))
                print(kind, round_ + 1, {k: round(v, 2) for k, v in results[kind][-1].items()}, flush=True)
    dmx, none = results["dmx"], results["none"]
    fps = statistics.median(r["fps"] for r in dmx)
    print(f"\nDMX frames a second: {fps:.2f} of {options.rate} asked ({100 * (fps / options.rate - 1):+.2f} %); "
          f"universe 1's packets a second at the listener: {statistics.median(r['packets'] for r in dmx):.2f}")
    for key in ("p50", "p99"):
        with_dmx, without = statistics.median(r[key] for r in dmx), statistics.median(r[key] for r in none)
        print(f"live latency {key}: {with_dmx:.2f} ms with {options.universes} universes at {options.rate} Hz, "
              f"{without:.2f} ms without ({with_dmx / without:.2f}×)")


if __name__ == "__main__":
    main()
