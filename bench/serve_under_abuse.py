#!/usr/bin/env python3
"""The real `imager serve` under abuse, as figures (the tests only check that it holds):
- a console's round trip (a hue change until its change comes back), quiet, while another client sends
  10,000 malformed messages, and while 100,000 malformed OSC packets arrive: medians, and the ratios to
  quiet measured in the same run;
- how long SIGTERM takes to stop it with a canvas, consoles, a recording under way and a client that never
  reads again (whose closing handshake can only time out): the median and the slowest of several runs.

Usage: bench/serve_under_abuse.py [IMAGER] [--runs N] [--consoles N]   (defaults: .build/release/imager, 7, 20)
"""
import asyncio
import http.client
import pathlib
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time

from websockets.asyncio.client import connect

from hostile_input import flood_osc, fuzz, round_trips, stalled_client

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1] / "Tests" / "python"))
from live import free_port  # noqa: E402

# The probe's hues and the fuzzer's marker, apart from each other.
QUIET_HUES, FUZZED_HUES, FLOODED_HUES, MARKER_HUE = 0.1, 0.3, 0.5, 0.777


def answers(port):
    try:
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=2)
        connection.request("GET", "/status")
        ok = connection.getresponse().status == 200
        connection.close()
        return ok
    except OSError:
        return False


def start(imager, folder, port, osc_port):
    process = subprocess.Popen([imager, "serve", "--port", str(port), "--osc-port", str(osc_port),
                                "--library", f"{folder}/library.sqlite", "--recordings", f"{folder}/recordings"],
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    while not answers(port):
        if process.poll() is not None:
            raise SystemExit(f"imager serve stopped with status {process.returncode}")
        time.sleep(0.05)
    return process


def latencies(imager, probes=200):
    """Median round trips (s): quiet, under fuzzed messages, under an OSC flood."""
    port = free_port()
    osc_port = free_port(socket.SOCK_DGRAM, avoiding={port})
    with tempfile.TemporaryDirectory() as folder:
        process = start(imager, folder, port, osc_port)
        try:
            quiet = asyncio.run(round_trips(port, probes, QUIET_HUES))

            async def fuzzed():
                fuzzing = asyncio.create_task(fuzz(port, 10_000, MARKER_HUE))
                times = await round_trips(port, probes, FUZZED_HUES)
                await fuzzing
                return times

            busy = asyncio.run(fuzzed())
            flooding = threading.Thread(target=flood_osc, args=(osc_port, 100_000))
            flooding.start()
            flooded = asyncio.run(round_trips(port, probes, FLOODED_HUES))
            flooding.join()
            return statistics.median(quiet), statistics.median(busy), statistics.median(flooded)
        finally:
            process.send_signal(signal.SIGINT)
            process.wait(timeout=60)


async def one_stop(imager, consoles):
    """Seconds from SIGTERM to the exit of a server with a canvas, `consoles` consoles and a stalled client."""
    port = free_port()
    with tempfile.TemporaryDirectory() as folder:
        process = start(imager, folder, port, free_port(socket.SOCK_DGRAM, avoiding={port}))
        try:
            stalled = stalled_client(port)  # it never answers the closing handshake
            clients = [await connect(f"ws://127.0.0.1:{port}/live?frames=1", max_size=1 << 24)]
            clients += [await connect(f"ws://127.0.0.1:{port}/live", max_size=1 << 24) for _ in range(consoles)]
            for client in clients:
                await client.recv()
            await clients[1].send('{"type":"record","on":true}')
            await clients[1].send('{"type":"padDown","pad":0,"velocity":0.9}')
            started = time.monotonic()
            process.send_signal(signal.SIGTERM)
            while process.poll() is None:
                await asyncio.sleep(0.001)
            stopped = time.monotonic() - started
            for client in clients:
                await client.close()
            stalled.close()
            return stopped
        finally:
            if process.poll() is None:
                process.kill()


def main(arguments):
    imager, runs, consoles = ".build/release/imager", 7, 20
    rest = list(arguments)
    while rest:
        argument = rest.pop(0)
        if argument == "--runs":
            runs = int(rest.pop(0))
        elif argument == "--consoles":
            consoles = int(rest.pop(0))
        else:
            imager = argument
    quiet, fuzzed, flooded = latencies(imager)
    print(f"serve: a console's round trip, median: {quiet * 1000:.2f} ms quiet, {fuzzed * 1000:.2f} ms under fuzzed "
          f"messages ({fuzzed / quiet:.2f}×), {flooded * 1000:.2f} ms under an OSC flood ({flooded / quiet:.2f}×)")
    times = [asyncio.run(one_stop(imager, consoles)) for _ in range(runs)]
    print(f"serve: stops on SIGTERM with a canvas, {consoles} consoles, a recording and a stalled client: "
          f"median {statistics.median(times) * 1000:.0f} ms, slowest {max(times) * 1000:.0f} ms ({runs} runs)")


if __name__ == "__main__":
    main(sys.argv[1:])
