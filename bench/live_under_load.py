#!/usr/bin/env python3
"""The live instrument while the library is busy (issue 26's figures), against a real `imager serve`:

- intent → state over `/live` (a hue change until its change comes back to the client that sent it): p50
  and p99 quiet, then while N other clients (2, then 6) keep asking the library for what a console and the
  lab ask for — the chordset list, its thumbnails (whatever the list names: one picture a chordset, or one a
  chord in earlier builds), a chordset's file, the music library — as fast as they are answered, each in a
  process of its own; the ratio to quiet is of the same run. The clients run on this machine's cores too, so
  the figures are harder than a stage's, where they are tablets.
- the time from a click on "Add chordset" to the new chordset in the list, in Chromium, on a fresh library
  whose thumbnails are not drawn yet (each run a new library, a new server, a new browser): the median and
  the slowest. The click is timed in the page, from the click event to the list's new item.

Usage: bench/live_under_load.py IMAGER [--probes 400] [--clients 2 6] [--add-runs 7] [--chordsets 20]
"""
import argparse
import asyncio
import http.client
import json
import multiprocessing
import os
import pathlib
import random
import statistics
import sys
import tempfile
import time

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "Tests" / "python"))
sys.path.insert(0, str(ROOT / "bench"))

from live import request, serving  # noqa: E402
from hostile_input import round_trips  # noqa: E402


def percentile(values, fraction):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * fraction))]


def busy_client(port, stop, served, seed):
    """Asks the library for what a console and the lab ask for, one request after another, until `stop`."""
    rng = random.Random(seed)
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)

    def get(path):
        connection.request("GET", path)
        response = connection.getresponse()
        body = response.read()
        with served.get_lock():
            served.value += 1
        return response.status, body

    while not stop.is_set():
        status, body = get("/api/chordsets")
        if status != 200:
            continue
        chordsets = json.loads(body)["chordsets"]
        chosen = rng.choice(chordsets)
        pictures = [chosen["thumbnails"]] if chosen.get("thumbnails") else \
            [chord["thumbnail"] for chord in chosen["chords"] if chord.get("thumbnail")]
        for picture in pictures:
            get(picture)
        get(f"/api/chordsets/{chosen['id']}/export")
        get("/api/music")


def latencies(port, probes, base):
    times = asyncio.run(round_trips(port, probes, base))
    return times


def under_load(port, clients, probes, base):
    stop, served = multiprocessing.Event(), multiprocessing.Value("l", 0)
    workers = [multiprocessing.Process(target=busy_client, args=(port, stop, served, seed)) for seed in range(clients)]
    for worker in workers:
        worker.start()
    while served.value < clients * 4:  # every client is asking
        time.sleep(0.01)
    started, before = time.monotonic(), served.value
    times = latencies(port, probes, base)
    rate = (served.value - before) / (time.monotonic() - started)
    stop.set()
    for worker in workers:
        worker.join(timeout=30)
    return times, rate


ADD_WATCH = """
() => {
  window.benchAdded = null;
  const list = document.querySelector('ip-chordset-list');
  const items = list.querySelector('ul[aria-label="Chordsets"]');
  const before = items.children.length;
  const button = list.querySelector('button[aria-label="Add chordset"]');
  button.addEventListener('click', (event) => {
    const clicked = event.timeStamp;
    const observer = new MutationObserver(() => {
      if (items.children.length > before) {
        window.benchAdded = performance.now() - clicked;
        observer.disconnect();
      }
    });
    observer.observe(items, { childList: true });
  }, { once: true, capture: true });
}
"""


def add_chordset_cold(imager, runs):
    """Milliseconds from a click on "Add chordset" to the new item, each on a fresh library and server."""
    from playwright.sync_api import sync_playwright
    times = []
    with sync_playwright() as playwright:
        for _ in range(runs):
            with tempfile.TemporaryDirectory() as folder, serving(imager, pathlib.Path(folder) / "library.sqlite") as server:
                browser = playwright.chromium.launch(
                    executable_path=os.environ.get("CHROMIUM", "/usr/bin/chromium"),
                    args=["--use-angle=swiftshader", "--enable-unsafe-swiftshader"])
                page = browser.new_page(viewport={"width": 1280, "height": 800})
                page.goto(f"http://127.0.0.1:{server.port}/")
                show = page.get_by_role("button", name="Chordset list", exact=True)
                show.wait_for()
                if show.get_attribute("aria-pressed") != "true":
                    show.click()
                chordsets = page.get_by_role("list", name="Chordsets", exact=True)
                chordsets.get_by_role("listitem").first.wait_for()
                page.evaluate(ADD_WATCH)
                page.get_by_role("button", name="Add chordset", exact=True).click()
                page.wait_for_function("window.benchAdded !== null", timeout=120_000)
                times.append(page.evaluate("window.benchAdded"))
                browser.close()
    return times


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("imager")
    parser.add_argument("--probes", type=int, default=400)
    parser.add_argument("--clients", type=int, nargs="+", default=[2, 6])
    parser.add_argument("--add-runs", type=int, default=7)
    parser.add_argument("--chordsets", type=int, default=20)
    arguments = parser.parse_args()

    with tempfile.TemporaryDirectory() as folder, serving(arguments.imager, pathlib.Path(folder) / "library.sqlite") as server:
        listing = json.loads(request(server.port, "/api/chordsets")[2])
        factory = [chordset["id"] for chordset in listing["chordsets"]]
        for index in range(max(0, arguments.chordsets - len(factory))):
            assert request(server.port, f"/api/chordsets/{factory[index % len(factory)]}/duplicate", method="POST")[0] == 201
        print(f"live under library load: imager serve, {arguments.chordsets} chordsets, {arguments.probes} probes each")
        quiet = latencies(server.port, arguments.probes, 0.1)
        quiet_p99 = percentile(quiet, 0.99)
        print(f"  intent → state, quiet: p50 {statistics.median(quiet) * 1000:.2f} ms, p99 {quiet_p99 * 1000:.2f} ms")
        for index, clients in enumerate(arguments.clients):
            times, rate = under_load(server.port, clients, arguments.probes, 0.3 + 0.2 * (index % 2))
            p99 = percentile(times, 0.99)
            print(f"  intent → state, {clients} clients busy with the library ({rate:.0f} requests/s): "
                  f"p50 {statistics.median(times) * 1000:.2f} ms, p99 {p99 * 1000:.2f} ms ({p99 / quiet_p99:.1f}× quiet's p99)")
    if arguments.add_runs > 0:
        times = add_chordset_cold(arguments.imager, arguments.add_runs)
        print(f"  \"Add chordset\" to the new item, fresh library, Chromium: median {statistics.median(times):.0f} ms, "
              f"slowest {max(times):.0f} ms ({len(times)} runs)")


if __name__ == "__main__":
    main()
