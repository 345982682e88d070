"""Light beyond the screen (issue 36): `imager serve --dmx` sends the fixture patch's DMX, sampled from the stage, to
independent receivers — a plain Art-Net listener that reads the packets byte by byte, and PyPI's `sacn` receiver
for E1.31 — and the patch, its master, blackout and tests are set over `/api/fixtures`. Hostile patches are refused
whole with a one-line reason and change nothing; bad `--dmx` arguments stop the command with the reason."""
import json
import queue
import socket
import subprocess
import sys
import threading
import pathlib

import pytest
import sacn

from live import api, first_queued, free_port, serving, shortened, wait_until

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[2] / "bench"))
from hostile_input import hostile_fixture_patches  # noqa: E402

PAR = {"name": "Par", "universe": 1, "address": 1, "kind": "rgb", "point": {"x": 0.5, "y": 0.5}, "gamma": 1}
STRIP = {"name": "Strip", "universe": 2, "address": 1, "kind": "rgbw",
         "strip": {"from": {"x": 0, "y": 0.5}, "to": {"x": 1, "y": 0.5}, "pixels": 130}}


class ArtNetListener:
    """A UDP socket on a loopback port that reads every ArtDmx packet it gets onto a queue as (port address,
    sequence, levels), checking each packet's header on the way."""

    def __init__(self, port=0):
        self.packets = queue.Queue()
        self.socket = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        self.socket.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self.socket.bind(("127.0.0.1", port))
        self.port = self.socket.getsockname()[1]
        self.thread = threading.Thread(target=self._read, daemon=True)

    def _read(self):
        while True:
            try:
                data = self.socket.recv(2048)
            except OSError:
                return
            assert data[:8] == b"Art-Net\x00" and data[8:10] == b"\x00\x50" and data[10:12] == b"\x00\x0e"
            length = data[16] << 8 | data[17]
            assert length % 2 == 0 and 2 <= length <= 512 and len(data) == 18 + length
            self.packets.put((data[14] | data[15] << 8, data[12], list(data[18:])))

    def __enter__(self):
        self.thread.start()
        return self

    def __exit__(self, *exc):
        self.socket.close()

    def until(self, wanted, nothing, timeout=10):
        return first_queued(self.packets, wanted, timeout, nothing)


class SacnReceiver:
    """PyPI's `sacn` receiver (E1.31), an independent one, on `port` (sACN's own unless said) for `universes`: the
    last levels each was heard at and from whom — it calls back only when a universe's levels change, so a state
    is awaited in what was last heard (`until`), not in the changes — and each universe's comings and goings
    (`availability`: (universe, "available" or "timeout"), a stream's end a timeout at once)."""

    def __init__(self, universes=(1,), port=5568):
        self.port, self.heard, self.availability = port, {}, queue.Queue()
        self.changed = threading.Condition()  # notified as the receiver's thread hears new levels
        self.receiver = sacn.sACNreceiver(bind_address="127.0.0.1", bind_port=port)
        for universe in universes:
            self.receiver.register_listener("universe", self._heard, universe=universe)
        self.receiver.register_listener("availability", lambda universe, changed: self.availability.put((universe, changed)))

    def _heard(self, packet):
        with self.changed:
            self.heard[packet.universe] = (packet.sourceName, packet.priority, list(packet.dmxData))
            self.changed.notify_all()

    def _next_change(self, timeout):
        with self.changed:
            self.changed.wait(timeout)

    def __enter__(self):
        self.receiver.start()
        return self

    def __exit__(self, *exc):
        self.receiver.stop()

    def until(self, universe, wanted, what, within=10):
        """(source name, priority, levels) last heard of `universe` once its 512 levels satisfy `wanted`, within
        `within` seconds in all; an AssertionError saying `what` was awaited, and what was heard instead, after that."""
        return wait_until(lambda: self.heard.get(universe), lambda heard: heard is not None and wanted(heard[2]), within, what,
                          self._next_change, shown=lambda heard: "nothing" if heard is None else shortened(heard[2][:40]))


def test_the_patch_reaches_an_artnet_node_tested_blacked_out_and_after_the_node_comes_back(imager, tmp_path):
    with ArtNetListener() as node, serving(
            imager, tmp_path / "library.sqlite", "--audio", "none", "--dmx", f"artnet:127.0.0.1:{node.port}", "--dmx-rate", "20") as server:
        status, answer = api(server, "PUT", "/api/fixtures", {"fixtures": [PAR, STRIP]})
        assert status == 200 and answer["universes"] == [1, 2, 3] and answer["fixtures"][1]["gamma"] == 2.2
        # The stage's middle, as drawn: the par shows it on universe 1 (port address 0), channels 1–3.
        shown = node.until(lambda p: p[0] == 0, "universe 1 was never sent")
        assert len(shown[2]) >= 4 and shown[1] >= 1
        # The strip: 128 lights of 4 channels fill universe 2 (Art-Net 1); the last 2 are in universe 3 (Art-Net 2).
        assert len(node.until(lambda p: p[0] == 2, "the strip's second universe was never sent")[2]) >= 8

        assert api(server, "POST", "/api/fixtures/test", {"mode": "white"})[0] == 200
        node.until(lambda p: p[0] == 0 and p[2][:3] == [255, 255, 255], "white did not reach the par")
        node.until(lambda p: p[0] == 1 and p[2][:512] == [255] * 512, "white did not reach the strip")
        assert api(server, "POST", "/api/fixtures/test", {"mode": "identify", "fixture": "Par"})[0] == 200
        node.until(lambda p: p[0] == 1 and set(p[2]) == {0}, "identifying the par did not darken the strip")
        assert api(server, "POST", "/api/fixtures/test", {"mode": "off"})[0] == 200
        status, answer = api(server, "PATCH", "/api/fixtures", {"blackout": True})
        assert status == 200 and answer["blackout"] is True and "test" not in answer
        node.until(lambda p: p[0] == 1 and set(p[2]) == {0}, "the blackout did not darken the strip")
        node.until(lambda p: p[0] == 0 and set(p[2]) == {0}, "the blackout did not darken the par")

    # A node that goes and comes back is sent to again (each universe at least once a second).
    port = free_port(socket.SOCK_DGRAM)
    with serving(imager, tmp_path / "library.sqlite", "--audio", "none", "--dmx", f"artnet:127.0.0.1:{port}",
                 avoiding={port}) as server:
        assert api(server, "GET", "/api/fixtures")[1]["universes"] == [1, 2, 3]  # the patch was kept
        with ArtNetListener(port) as node:
            node.until(lambda p: p[0] == 0, "nothing came before the node went")
        with ArtNetListener(port) as node:
            sequences = {node.until(lambda p: p[0] == 0, "nothing came after the node was back")[1] for _ in range(2)}
            assert len(sequences) == 2
        dmx = api(server, "GET", "/status")[1]["dmx"]
        assert dmx["rate"] == 40 and dmx["fixtures"] == 2 and dmx["targets"][0]["packets"] > 0 and "problem" not in dmx["targets"][0]


@pytest.mark.alone  # sACN's port 5568 is the machine's
def test_an_sacn_receiver_hears_the_patch_and_the_stream_end(imager, tmp_path):
    with SacnReceiver() as receiver:
        with serving(imager, tmp_path / "library.sqlite", "--audio", "none", "--dmx", "sacn:127.0.0.1") as server:
            rgbw = {**PAR, "kind": "rgbw"}
            assert api(server, "PUT", "/api/fixtures", {"fixtures": [rgbw]})[0] == 200
            assert api(server, "POST", "/api/fixtures/test", {"mode": "white", "fixture": "Par"})[0] == 200
            source, priority, _ = receiver.until(1, lambda levels: levels[:4] == [255] * 4, "white reaching the sACN receiver")
            assert source == "Image Performer" and priority == 100
            assert api(server, "PATCH", "/api/fixtures", {"master": 0.5})[1]["master"] == 0.5
        # The server stopped: its stream was ended (three terminated packets), not left to time out.
        first_queued(receiver.availability, lambda e: e == (1, "timeout"), 10, "the stream's end was never heard")


def test_hostile_patches_are_refused_whole_and_change_nothing(imager, tmp_path):
    with serving(imager, tmp_path / "library.sqlite", "--audio", "none", "--dmx", "sacn:127.0.0.1:9") as server:
        assert api(server, "PUT", "/api/fixtures", {"fixtures": [PAR]})[0] == 200
        before = api(server, "GET", "/api/fixtures")[1]
        for body in hostile_fixture_patches(300):
            status, answer = api(server, "PUT", "/api/fixtures", body.encode(), {"Content-Type": "application/json"})
            assert status in (400, 404) and isinstance(answer, dict), (body[:200], status, answer)
            assert "\n" not in answer["error"] and len(answer["error"]) < 600, answer
        for body, reason in [({"mode": "strobe"}, "a test's mode"), ({"mode": "white", "fixture": "Nobody"}, "no fixture “Nobody”"),
                             ({}, '"mode" is missing')]:
            status, answer = api(server, "POST", "/api/fixtures/test", body)
            assert status in (400, 404) and reason in answer["error"], answer
        for body in [{"master": 1.5}, {"master": "NaN"}, {}, {"blackout": "yes"}]:
            assert api(server, "PATCH", "/api/fixtures", body)[0] == 400
        assert api(server, "GET", "/api/fixtures")[1] == before
        assert api(server, "GET", "/status")[0] == 200


def test_bad_dmx_arguments_stop_the_command_with_the_reason(imager, tmp_path):
    for arguments, says in [(["--dmx", "dmx:1.2.3.4"], "a DMX target is artnet:HOST[:PORT]"),
                            (["--dmx", "artnet:host:70000"], "a DMX target is"),
                            (["--dmx-rate", "45"], "--dmx-rate takes 1 to 44"), (["--dmx-rate", "0"], "--dmx-rate takes 1 to 44")]:
        result = subprocess.run([imager, "serve", "--library", str(tmp_path / "library.sqlite"), *arguments],
                                capture_output=True, text=True, timeout=60)
        assert result.returncode != 0 and says in result.stderr, (arguments, result.stderr)


def test_a_recorded_set_renders_its_dmx_to_a_csv_without_a_rig(imager, tmp_path):
    library, log = tmp_path / "library.sqlite", tmp_path / "demo.json"
    assert subprocess.run([imager, "demo", "--seconds", "2", "--record", str(log)], capture_output=True, timeout=120).returncode == 0
    render = [imager, "render", "performance", str(log), "--library", str(library), "--tail", "0"]
    # No patch yet: said, and no file.
    result = subprocess.run([*render, "--dmx", str(tmp_path / "none.csv")], capture_output=True, text=True, timeout=120)
    assert result.returncode != 0 and "no fixtures" in result.stderr and not (tmp_path / "none.csv").exists()
    with serving(imager, library, "--audio", "none") as server:
        assert api(server, "PUT", "/api/fixtures", {"fixtures": [PAR, STRIP]})[0] == 200
    result = subprocess.run([*render, "--dmx", str(tmp_path / "set.csv"), "--dmx-rate", "10"], capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stderr
    lines = (tmp_path / "set.csv").read_text().splitlines()
    assert lines[0] == "seconds,universe," + ",".join(str(c) for c in range(1, 513))
    rows = [line.split(",") for line in lines[1:]]
    # 0 … 2 s at 10 a second: 21 DMX frames, each of the three universes the patch fills.
    assert len(rows) == 21 * 3 and all(len(row) == 514 for row in rows)
    assert [row[1] for row in rows[:3]] == ["1", "2", "3"] and rows[-1][0] == "2.000"
    assert all(0 <= int(level) <= 255 for row in rows for level in row[2:])
    pars = [tuple(row[2:5]) for row in rows if row[1] == "1"]
    assert len(set(pars)) > 1, "the par never changed while the demo played"
    for arguments in (["--dmx-rate", "45"], ["--dmx-rate", "x"]):
        result = subprocess.run([*render, "--dmx", str(tmp_path / "bad.csv"), *arguments], capture_output=True, text=True, timeout=60)
        assert result.returncode != 0 and "--dmx-rate" in result.stderr


def test_dmx_targets_kept_in_the_preferences_are_followed_at_once_and_at_the_next_start(imager, tmp_path):
    library = tmp_path / "library.sqlite"
    with ArtNetListener() as node:
        target = f"artnet:127.0.0.1:{node.port}"
        with serving(imager, library, "--audio", "none") as server:
            assert api(server, "PUT", "/api/fixtures", {"fixtures": [PAR]})[0] == 200
            assert api(server, "GET", "/api/fixtures")[1]["targets"] == []
            for bad in [["dmx:x"], ["artnet:h:0"], [f"ArtNet:127.0.0.1:{node.port}"], ["sacn:multicast"] * 17, "artnet:h", [3]]:
                status, answer = api(server, "PATCH", "/api/preferences", {"dmx": bad})
                assert status == 400 and "\n" not in answer["error"], (bad, answer)
            status, preferences = api(server, "PATCH", "/api/preferences", {"dmx": [target]})
            assert status == 200 and preferences["dmx"] == [target]
            node.until(lambda p: p[0] == 0, "a target kept in the preferences was not sent to")
            assert api(server, "GET", "/api/fixtures")[1]["targets"] == [target]
        with serving(imager, library, "--audio", "none") as server:
            node.until(lambda p: p[0] == 0, "a kept target was not sent to at the next start")
            assert api(server, "PATCH", "/api/preferences", {"dmx": []})[1]["dmx"] == []
            assert api(server, "GET", "/api/fixtures")[1]["targets"] == []
