"""Keeping time with others (issue 28): `imager serve --link` joins the Ableton Link session on this machine, and an
independent peer (LinkPython-extern, in a process of its own: Tests/python/link_peer.py) sees it. A tempo set on
the peer reaches the engine; a tempo set in the console reaches the peer; a tempo Link allows but the instrument
does not (999 BPM) is clamped to the instrument's range; the console can leave and join again. Start and stop are
shared: a start waits for the quantum's next downbeat, and one that cannot play is said."""
import json
import time

import pytest

from link_peer import LinkPeer
from live import live_socket, request, serving, until_message

# Alone: a Link session is the machine's (every Link process on it joins), and the phases are judged in time.
pytestmark = pytest.mark.alone


def engine_tempo_becomes(socket, bpm):
    return until_message(socket, lambda m: m["type"] == "changed" and "tempo" in m and abs(m["tempo"] - bpm) < 0.02, within=10)


def test_tempo_travels_both_ways_with_a_link_peer(imager, tmp_path):
    with serving(imager, tmp_path / "library.sqlite", "--audio", "none", "--link") as server:
        assert any("joined the Link session" in line for line in server.lines)
        with LinkPeer(tempo=120) as peer, live_socket(server) as console:
            assert peer.wait_peers(1, timeout=10)["ok"]
            link = until_message(console, lambda m: m["type"] == "link" and m["peers"] >= 1, within=10)
            assert link["enabled"] and link["quantum"] == 4

            peer.set_tempo(133.5)
            engine_tempo_becomes(console, 133.5)
            assert abs(server.status()["link"]["tempo"] - 133.5) < 0.02

            # The engine's beat is kept in phase with the session's: a check finds (nearly) nothing left to correct.
            until_message(console, lambda m: m["type"] == "link" and abs(m["phaseErrorMilliseconds"]) < 1, within=10)
            # Seen from outside: the engine's beat and the peer's, read one after the other (a few ms apart on
            # loopback; the engine runs a frame ahead, for the light seen), agree in phase within 0.15 beat.
            session = peer.query(4)
            beat = json.loads(request(server.port, "/state")[2])["state"]["beat"]
            difference = (beat - session["phase"]) % 4
            assert min(difference, 4 - difference) < 0.15, (beat, session)

            console.send(json.dumps({"type": "tempo", "bpm": 97}))
            assert peer.wait_tempo(97, timeout=10)["ok"]

            # Link goes to 999 BPM; the instrument keeps to its own range.
            peer.set_tempo(999)
            engine_tempo_becomes(console, 300)

            console.send(json.dumps({"type": "link", "enabled": False}))
            until_message(console, lambda m: m["type"] == "link" and not m["enabled"], within=10)
            assert server.status()["link"]["peers"] == 0
            console.send(json.dumps({"type": "link", "enabled": True, "quantum": 99}))
            refused = until_message(console, lambda m: m["type"] == "error", within=10)
            assert "quantum" in refused["message"]
            console.send(json.dumps({"type": "link", "enabled": True, "quantum": 8}))
            rejoined = until_message(console, lambda m: m["type"] == "link" and m["enabled"] and m["peers"] >= 1, within=10)
            assert rejoined["quantum"] == 8 and 0 <= rejoined["phase"] < 8


def test_hostile_link_requests_are_refused_and_change_nothing(imager, tmp_path):
    """A seeded fuzz of `link` messages: each is refused with a reason, the session stays as it was, and the
    server answers on."""
    import random
    rng = random.Random(28)
    values = [None, "yes", 1, 0, -1, 1e308, float("nan"), [], {}, "4", 65, 0.5, 1e9]
    with serving(imager, tmp_path / "library.sqlite", "--audio", "none") as server, live_socket(server) as console:
        until_message(console, lambda m: m["type"] == "snapshot")
        for _ in range(60):
            message = {"type": "link"}
            if rng.random() < 0.8:
                message["enabled"] = rng.choice(values)
            if rng.random() < 0.8:
                message["quantum"] = rng.choice(values)
            if isinstance(message.get("enabled"), bool) and (message.get("quantum") is None or 1 <= message["quantum"] <= 64):
                continue  # a valid request: not what this test sends
            console.send(json.dumps(message, allow_nan=True))
            refusal = until_message(console, lambda m: m["type"] == "error", within=10)
            assert refusal["message"]
        status = server.status()["link"]
        assert not status["enabled"] and status["quantum"] == 4
        assert request(server.port, "/state")[0] == 200


def test_start_and_stop_are_shared_with_the_session(imager, tmp_path):
    """With start/stop shared: the composition transport playing starts the session, stopping stops it; the
    session starting plays what is loaded, and stopping stops it."""
    def transport(message, playing):
        return message["type"] == "transport" and message.get("playing") == playing

    with serving(imager, tmp_path / "library.sqlite", "--audio", "none", "--link") as server:
        with LinkPeer(tempo=120) as peer, live_socket(server) as console:
            assert peer.wait_peers(1, timeout=10)["ok"]
            assert peer.command("startstop on")["ok"]
            console.send(json.dumps({"type": "transport", "action": "play", "composition": "Demo"}))
            until_message(console, lambda m: transport(m, True), within=10)
            until_message(console, lambda m: m["type"] == "link" and m["playing"], within=10)
            assert peer.command("wait_playing on")["ok"]
            console.send(json.dumps({"type": "transport", "action": "stop"}))
            until_message(console, lambda m: m["type"] == "link" and not m["playing"], within=10)
            assert peer.command("wait_playing off")["ok"]
            # The other way: the session starts and stops the transport.
            assert peer.command("play")["ok"]
            until_message(console, lambda m: transport(m, True), within=10)
            assert peer.command("stop")["ok"]
            until_message(console, lambda m: transport(m, False), within=10)


def link_clock_micros():
    """Link's clock on this machine (CLOCK_MONOTONIC_RAW on Linux, as link_peer.py says), in microseconds."""
    return time.clock_gettime_ns(time.CLOCK_MONOTONIC_RAW) // 1000


def test_the_session_starting_plays_the_composition_from_the_next_downbeat(imager, tmp_path):
    """A peer starts the session mid-bar: the composition waits for the quantum's next downbeat, and its start
    (seconds 0) falls on the peer's bar — within 0.1 beat (the engine runs a frame ahead, for the light seen)."""
    def transport(message, playing):
        return message["type"] == "transport" and message.get("playing") == playing

    with serving(imager, tmp_path / "library.sqlite", "--audio", "none", "--link") as server:
        with LinkPeer(tempo=120) as peer, live_socket(server) as console:
            assert peer.wait_peers(1, timeout=10)["ok"]
            assert peer.command("startstop on")["ok"]
            # Demo loaded (its start, too, waits for a downbeat and starts the session), then stopped.
            console.send(json.dumps({"type": "transport", "action": "play", "composition": "Demo"}))
            until_message(console, lambda m: transport(m, True), within=10)
            console.send(json.dumps({"type": "transport", "action": "stop"}))
            until_message(console, lambda m: transport(m, False), within=10)
            assert peer.command("wait_playing off")["ok"]
            until_message(console, lambda m: m["type"] == "link" and not m["playing"], within=10)

            started = peer.command("play")
            assert started["ok"]
            waiting = until_message(console, lambda m: m["type"] == "transport", within=10)
            assert not waiting["playing"] and waiting.get("startsIn", 0) > 0, waiting
            playing = until_message(console, lambda m: transport(m, True), within=10)
            heard_at = link_clock_micros()
            session = peer.query(4)
            # The composition's start on Link's clock (it plays on from where it stopped), and the session's beat then.
            start = heard_at - (playing["seconds"] - waiting["seconds"]) * 1e6
            beat = session["beat"] - (session["micros"] - start) * session["tempo"] / 60e6
            phase = beat % 4
            assert min(phase, 4 - phase) < 0.1, (phase, playing, session)
            # It waited: not before the peer's start, and at its next downbeat (a bar later at most, when the
            # start was noticed only after that downbeat).
            waited = (start - started["micros"]) / 1e6
            bar = 4 * 60 / session["tempo"]
            assert -0.05 < waited < 2 * bar + 0.1, (waited, started, playing)
            assert waiting["startsIn"] < bar + 0.05, waiting


def test_a_session_start_that_cannot_play_is_said(imager, tmp_path):
    """The session starts with nothing loaded to play: the console and /status say why, until it stops."""
    with serving(imager, tmp_path / "library.sqlite", "--audio", "none", "--link") as server:
        with LinkPeer(tempo=120) as peer, live_socket(server) as console:
            assert peer.wait_peers(1, timeout=10)["ok"]
            assert peer.command("startstop on")["ok"]
            until_message(console, lambda m: m["type"] == "link" and m["peers"] >= 1, within=10)
            assert peer.command("play")["ok"]
            said = until_message(console, lambda m: m["type"] == "link" and m.get("problem"), within=10)
            assert "no composition is loaded" in said["problem"], said
            assert server.status()["link"]["problem"] == said["problem"]
            assert peer.command("stop")["ok"]
            until_message(console, lambda m: m["type"] == "link" and not m["playing"] and not m.get("problem"), within=10)
            assert server.status()["link"].get("problem") is None
