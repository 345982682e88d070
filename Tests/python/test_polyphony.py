"""Polyphony (issue 38) through the real server: the most lumis that sound at once, set over /live, OSC and the
console's Preferences ("Polyphony (lumis at once)"); `/status` tells how many lumis live, sound and were stolen;
a flood of taps, and onsets releasing a chord while a drum track is heard, keep the stage at or under the limit;
a chord's own polyphony ("Chord polyphony (releases at once)") retriggers it and is saved with it; hostile
polyphonies are refused and change nothing."""
import json

from playwright.sync_api import expect, sync_playwright
from pythonosc.udp_client import SimpleUDPClient

from hostile_input import hostile_chord_polyphonies, hostile_polyphonies
from live import api, live_socket, serving, until_message
from sound_signals import clicks, sine, write_wav
from test_console import FIRST_RUN
from console_page import ConsolePage
from test_console_listening import PANELS
from test_console_panels import WEB_ROOT


def tap(socket, x=0.5, y=0.5):
    socket.send(json.dumps({"type": "tap", "at": {"x": x, "y": y}, "velocity": 1}))


def snapshot_read(socket):
    """Waits for the snapshot a new connection is sent first: from then on, every change reaches it."""
    return until_message(socket, lambda m: m["type"] == "snapshot", within=30)


def all_refused(socket, messages, batch=16):
    """Sends `messages` a batch at a time and checks each is answered with an error. A client's outbox keeps
    at most 32 errors for it (the oldest go), so the answers are read before the next batch is sent."""
    for start in range(0, len(messages), batch):
        sent = messages[start:start + batch]
        for message in sent:
            socket.send(message)
        for message in sent:
            reply = until_message(socket, lambda m: m["type"] in ("error", "changed"), within=30)
            assert reply["type"] == "error", (message, reply)


def polyphony_said(socket, count):
    """Waits for the state change that says the polyphony is `count`."""
    return until_message(socket, lambda m: m["type"] == "changed" and m.get("polyphony") == count, within=30)


def test_a_flood_of_taps_steals_past_the_polyphony_and_status_counts_it(imager, tmp_path):
    with serving(imager, tmp_path / "library.sqlite", "--audio", "none") as server:
        assert server.status()["lumis"]["polyphony"] == 96, "a new performance plays at the default"
        with live_socket(server) as socket:
            snapshot_read(socket)
            socket.send(json.dumps({"type": "polyphony", "count": 12}))
            polyphony_said(socket, 12)
            for index in range(200):
                tap(socket, 0.1 + 0.8 * (index % 10) / 10, 0.5)
            until_message(socket, lambda m: m["type"] == "changed" and m.get("stolenLumis", 0) > 0, within=30)
            # Every tap is applied before the next message's answer: a round trip after the flood.
            socket.send(json.dumps({"type": "tempo", "bpm": 121}))
            until_message(socket, lambda m: m["type"] == "changed" and m.get("tempo") == 121, within=30)
            lumis = server.status()["lumis"]
        assert lumis["polyphony"] == 12 and lumis["sounding"] <= 12, lumis
        assert lumis["stolen"] > 100 and lumis["live"] >= lumis["sounding"], lumis


def test_hostile_polyphonies_are_refused_and_change_nothing(imager, tmp_path):
    with serving(imager, tmp_path / "library.sqlite", "--audio", "none") as server:
        osc = SimpleUDPClient("127.0.0.1", server.osc_port)
        with live_socket(server) as socket:
            snapshot_read(socket)
            socket.send(json.dumps({"type": "polyphony", "count": 40}))
            polyphony_said(socket, 40)
            all_refused(socket, hostile_polyphonies(400))
            for value in [0, -3, 4097, 1e12, float("nan"), float("inf")]:
                osc.send_message("/imager/canvas/polyphony", value)
            # OSC answers nothing; a valid value after the hostile ones is the first change.
            osc.send_message("/imager/canvas/polyphony", 41)
            polyphony_said(socket, 41)
        assert server.status()["lumis"]["polyphony"] == 41
        assert server.process.poll() is None


def chord_polyphony_said(socket, chord, count):
    """Waits for the state change that says chord `chord`'s own polyphony is `count` (None: it has none)."""
    return until_message(socket, lambda m: m["type"] == "changed" and "chordset" in m
                         and m["chordset"]["chords"][chord].get("polyphony") == count, within=30)


def saved_chord_polyphonies(server, chordset):
    status, shared = api(server, "GET", f"/api/chordsets/{chordset}/export")
    assert status == 200, shared
    return [chord.get("polyphony") for chord in shared["chordsets"][0]["chords"]]


def test_a_chord_played_past_its_own_polyphony_retriggers_and_is_saved_with_it(imager, tmp_path):
    with serving(imager, tmp_path / "library.sqlite", "--audio", "none") as server:
        with live_socket(server) as socket:
            chordset = snapshot_read(socket)["state"]["chordset"]
            group = len(chordset["chords"][0]["lumis"])
            socket.send(json.dumps({"type": "chordPolyphony", "chord": 0, "count": 1}))
            chord_polyphony_said(socket, 0, 1)
            for index in range(30):
                tap(socket, 0.1 + 0.8 * index / 30, 0.5)
            socket.send(json.dumps({"type": "tempo", "bpm": 119}))
            until_message(socket, lambda m: m["type"] == "changed" and m.get("tempo") == 119, within=30)
            lumis = server.status()["lumis"]
            assert lumis["sounding"] <= group and lumis["stolen"] >= group, (group, lumis)
            assert saved_chord_polyphonies(server, chordset["id"]) == [1, None, None, None, None, None, None, None]

            all_refused(socket, hostile_chord_polyphonies(300))
            assert saved_chord_polyphonies(server, chordset["id"]) == [1, None, None, None, None, None, None, None]

            socket.send(json.dumps({"type": "chordPolyphony", "chord": 0, "count": None}))
            chord_polyphony_said(socket, 0, None)
        assert saved_chord_polyphonies(server, chordset["id"]) == [None] * 8
        assert server.process.poll() is None


def test_onsets_releasing_a_chord_keep_the_stage_within_the_polyphony(imager, tmp_path):
    # A busy drum track: clicks at 174 BPM over a bass, each onset releasing the selected chord.
    samples, _ = clicks(30, 174.0)
    write_wav(tmp_path / "drums.wav", samples + sine(30, 60))
    arguments = ["--audio", "none", "--listen", str(tmp_path / "drums.wav")]
    with serving(imager, tmp_path / "library.sqlite", *arguments) as server:
        with live_socket(server) as socket:
            snapshot_read(socket)
            socket.send(json.dumps({"type": "polyphony", "count": 6}))
            polyphony_said(socket, 6)
            socket.send(json.dumps({"type": "soundResponse", "response": {"tempoFollows": False, "onsetsRelease": True}}))
            first = until_message(socket, lambda m: m["type"] == "heard", within=30)["onsets"]
            counts = []
            for wanted in range(first + 2, first + 26, 2):
                until_message(socket, lambda m: m["type"] == "heard" and m["onsets"] >= wanted, within=30)
                counts.append(server.status()["lumis"])
        assert all(lumis["sounding"] <= 6 for lumis in counts), counts
        assert counts[-1]["stolen"] > 0, counts


def typed_and_heard(server, field, text, heard):
    """Types `text` into `field` and presses Enter, as a performer does; `heard(socket)` waits, on a connection
    opened before, for the engine to say what it took."""
    with live_socket(server) as socket:
        snapshot_read(socket)
        field.fill(text)
        field.press("Enter")
        heard(socket)


def refused(field, text, kept):
    """A value out of range typed into `field` is said and not sent: the field shows the engine's `kept` again."""
    field.fill(text)
    field.press("Enter")
    expect(field).to_have_value(kept, timeout=20_000)


def test_the_console_sets_the_polyphony_and_the_onset_gap(imager, tmp_path):
    env = {"IMAGER_WEB_ROOT": str(WEB_ROOT)}
    with serving(imager, tmp_path / "library.sqlite", "--audio", "none", env=env) as server, sync_playwright() as playwright:
        console = ConsolePage(playwright, server.port, PANELS, "polyphony")
        try:
            # The Listening panel's "Onset gap (ms)": the engine's 100 ms, then 250 typed.
            console.show({**FIRST_RUN, "listening": True, "settings": False})
            gap = console.page.get_by_role("spinbutton", name="Onset gap (ms)", exact=True)
            expect(gap).to_have_value("100")
            typed_and_heard(server, gap, "250", lambda socket: until_message(
                socket, lambda m: m["type"] == "changed" and (m.get("soundResponse") or {}).get("onsetGap") == 0.25, within=30))
            console.page.wait_for_function("window.imagerConsole.store.state.soundResponse.onsetGap === 0.25", timeout=20_000)
            refused(gap, "5000", "250")
            # The Preferences' "Polyphony (lumis at once)".
            console.show({**FIRST_RUN, "listening": False, "settings": True})
            field = console.page.get_by_role("spinbutton", name="Polyphony (lumis at once)", exact=True)
            expect(field).to_have_value("96")
            typed_and_heard(server, field, "48", lambda socket: polyphony_said(socket, 48))
            # The console has heard it back too.
            console.page.wait_for_function("window.imagerConsole.store.state.polyphony === 48", timeout=20_000)
            refused(field, "5000", "48")
            assert server.status()["lumis"]["polyphony"] == 48
            # The selected chord's "Chord polyphony (releases at once)": blank (none of its own), 3, then blank again.
            own = console.page.get_by_role("spinbutton", name="Chord polyphony (releases at once)", exact=True)
            expect(own).to_have_value("")
            typed_and_heard(server, own, "3", lambda socket: chord_polyphony_said(socket, 0, 3))
            console.page.wait_for_function("window.imagerConsole.store.state.chordset.chords[0].polyphony === 3", timeout=20_000)
            refused(own, "40", "3")
            typed_and_heard(server, own, "", lambda socket: chord_polyphony_said(socket, 0, None))
            console.shoot("polyphony")
            assert console.errors == []
        finally:
            console.close()
