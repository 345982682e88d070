"""Firing a smoke machine from the console one fixture at a time, in a real Chromium against the real `imager serve`:
two consoles (two browsers) each hold a "Fire NAME" button of the Fixtures panel down — one by the mouse, one by
Space — and both fixtures stay fired until each lets go (each sends `{"fire": NAME, "on": …}`, never the whole set it
holds, so neither lets go of the other's). Then MIDI: a fake Web MIDI input (the page's `navigator.requestMIDIAccess`
replaced before the console loads) plays into the Preferences' MIDI mappings: "Learn Fire Smoke" takes a note, kept
in the preferences; the note held fires the smoke machine and let go it rests, as every client is told on /live; the
smoke machine taken out of the patch, its mapping is said to play nothing; back in the patch, the note fires it
again. Every wait is on an event (an answer, a live message, a text), bounded. The web files are the working copy's
(IMAGER_WEB_ROOT). Screenshots go to Tests/python/artifacts/fire-*.png."""
import os

import pytest
from playwright.sync_api import expect, sync_playwright

from console_page import ALL_EDGE_CONTROLS, NO_SIDE_PANEL, ConsolePage
from live import api, live_socket, serving, until_message
from test_console import CHROMIUM
from test_console_fixtures import WITH_FIXTURES, answered, holds
from test_console_panels import WEB_ROOT

pytestmark = pytest.mark.skipif(not os.path.exists(CHROMIUM), reason=f"no Chromium at {CHROMIUM} (make test installs it)")

SMOKE = {"name": "Smoke", "universe": 1, "address": 1, "point": {"x": 0.5, "y": 0.5},
         "profile": {"manufacturer": "Antari", "model": "Z-1520 RGB", "mode": "8 Channel"}}
HAZE = {**SMOKE, "name": "Haze", "address": 20}
PAR = {"name": "Par 1", "kind": "rgb", "universe": 1, "address": 40, "point": {"x": 0.25, "y": 0.5}}
WITH_PREFERENCES = {**NO_SIDE_PANEL, "settings": True}

# One MIDI input, "Test keys", whose messages the test plays with `playMidi([status, data1, data2])`.
FAKE_MIDI = """(() => {
  const input = { id: 'test-keys', name: 'Test keys', manufacturer: 'Test', state: 'connected', onmidimessage: null };
  const access = { inputs: new Map([[input.id, input]]), outputs: new Map(), onstatechange: null };
  Object.defineProperty(Navigator.prototype, 'requestMIDIAccess', { configurable: true, value: () => Promise.resolve(access) });
  window.playMidi = (bytes) => input.onmidimessage?.({ data: new Uint8Array(bytes), timeStamp: performance.now() });
})();"""


def fire_server(imager, tmp_path):
    return serving(imager, tmp_path / "library.sqlite", "--audio", "none",
                   env={"IMAGER_WEB_ROOT": str(WEB_ROOT), "XDG_DATA_HOME": str(tmp_path / "data")})


def patched(server, fixtures):
    status, answer = api(server, "PUT", "/api/fixtures", {"fixtures": fixtures})
    assert status == 200, answer
    return answer


def told_firing(socket, names):
    """The live `fixtures` message saying `names` fired (sorted), within 20 s."""
    return until_message(socket, lambda m: m["type"] == "fixtures" and m.get("firing") == names, within=20,
                         what=f"firing {names}")


def test_two_consoles_fire_a_fixture_each_and_neither_lets_go_of_the_other(imager, tmp_path):
    with fire_server(imager, tmp_path) as server, sync_playwright() as playwright:
        patched(server, [SMOKE, HAZE])
        one = ConsolePage(playwright, server.port, ALL_EDGE_CONTROLS, "fire-one")
        two = ConsolePage(playwright, server.port, ALL_EDGE_CONTROLS, "fire-two")
        try:
            for console in (one, two):
                console.show(WITH_FIXTURES)
            smoke = one.page.get_by_role("region", name="Fixtures", exact=True).get_by_role("button", name="Fire Smoke", exact=True)
            haze = two.page.get_by_role("region", name="Fixtures", exact=True).get_by_role("button", name="Fire Haze", exact=True)
            smoke.scroll_into_view_if_needed()
            box = smoke.bounding_box()
            one.page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
            with answered(one.page, "PATCH"):
                one.page.mouse.down()
            holds(server, lambda p: p["firing"] == ["Smoke"], "the smoke machine fired by the first console")
            haze.focus()
            with answered(two.page, "PATCH"):
                two.page.keyboard.down("Space")
            holds(server, lambda p: p["firing"] == ["Haze", "Smoke"], "both fired, each by its console")
            expect(smoke).to_have_attribute("aria-pressed", "true")
            expect(two.page.get_by_role("button", name="Fire Smoke", exact=True)).to_have_attribute("aria-pressed", "true")
            one.shoot("both")
            with answered(one.page, "PATCH"):
                one.page.mouse.up()
            holds(server, lambda p: p["firing"] == ["Haze"], "the hazer still fired once the first console let go")
            expect(haze).to_have_attribute("aria-pressed", "true")
            expect(smoke).to_have_attribute("aria-pressed", "false")
            with answered(two.page, "PATCH"):
                two.page.keyboard.up("Space")
            holds(server, lambda p: p["firing"] == [], "both resting once each let go")
            assert one.errors == [] and two.errors == []
        finally:
            one.close()
            two.close()


def learn_fire_smoke(page, server):
    """"Learn Fire Smoke" (a Par is not a target), a note on: kept in the preferences; its note off plays nothing."""
    expect(page.get_by_text("MIDI: Test keys")).to_be_visible(timeout=20_000)
    learn = page.get_by_role("button", name="Learn Fire Smoke", exact=True)
    expect(page.get_by_role("button", name="Learn Fire Par 1", exact=True)).to_have_count(0)
    learn.scroll_into_view_if_needed()
    learn.click()
    expect(page.get_by_text("Learning Fire Smoke: play a note on a MIDI device.")).to_be_visible()
    with page.expect_response(lambda r: "/api/preferences" in r.url and r.request.method == "PATCH", timeout=20_000):
        page.evaluate("playMidi([0x90, 60, 100])")
    page.evaluate("playMidi([0x80, 60, 0])")
    expect(page.get_by_text("Note C4 (60), channel 1 plays Fire Smoke.")).to_be_visible()
    status, preferences = api(server, "GET", "/api/preferences")
    assert status == 200 and preferences["midiMappings"] == {"note:1:60": "fire:Smoke"}, preferences


def test_a_note_learnt_for_fire_smoke_fires_it_while_held(imager, tmp_path):
    with fire_server(imager, tmp_path) as server, live_socket(server) as watcher, sync_playwright() as playwright:
        patched(server, [SMOKE, PAR])
        console = ConsolePage(playwright, server.port, ALL_EDGE_CONTROLS, "fire-midi", init_script=FAKE_MIDI)
        page = console.page
        try:
            console.show(WITH_PREFERENCES)
            learn_fire_smoke(page, server)
            console.shoot("learnt")
            page.evaluate("playMidi([0x90, 60, 100])")
            told_firing(watcher, ["Smoke"])
            page.evaluate("playMidi([0x90, 60, 0])")  # a note on at velocity 0 is a note off
            told_firing(watcher, [])
            assert api(server, "GET", "/api/fixtures")[1]["firing"] == []

            # Out of the patch: the mapping is kept, said to play nothing, and has no Learn.
            patched(server, [PAR])
            expect(page.get_by_text("Fire Smoke (not in the patch: plays nothing)")).to_be_visible(timeout=20_000)
            expect(page.get_by_role("button", name="Learn Fire Smoke", exact=True)).to_have_count(0)
            console.shoot("gone")
            # Back in the patch, the same note fires it again.
            patched(server, [SMOKE, PAR])
            expect(page.get_by_role("button", name="Learn Fire Smoke", exact=True)).to_be_visible(timeout=20_000)
            page.evaluate("playMidi([0x90, 60, 100])")
            told_firing(watcher, ["Smoke"])
            page.evaluate("playMidi([0x80, 60, 0])")
            told_firing(watcher, [])
            assert console.errors == [], console.errors
        finally:
            console.close()

