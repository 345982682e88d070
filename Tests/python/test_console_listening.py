"""The console's Listening panel in a real Chromium against the real `imager serve --listen FILE` (clicks at 123 BPM
over an 80 Hz sine, from sound_signals), played as a performer plays it — controls found by their accessible
names, results read back from the engine's `GET /state`: the meters Level and Low move, the Onset count rises and
the Tempo heard is 123; a feature and the background pulse (the Color panel's "Pulse follows") follow the low band;
onsets release the chord with no pad pressed; "Listen to" lists the server's inputs, and choosing none stills the
meters; "Clock from" (MIDI clock in) is there with none.
With `--link` and an independent Link peer (link_peer.py): the peers and the session's tempo shown, a tempo set by
the peer shown and taken by the engine, a session start that cannot play said in the Link section, and Link left
and joined again from the panel. At 1024×768 and 1920×1080
with the Listening panel shown, the centre of every control is that control (test_console_tiling's check). The
web files are the working copy's (IMAGER_WEB_ROOT). Screenshots go to Tests/python/artifacts/listening-*.png."""
import os
import re

import pytest
from playwright.sync_api import expect, sync_playwright

from link_peer import LinkPeer
from console_page import ConsolePage
from live import api, live_socket, serving, until_message
from sound_signals import clicks, sine, write_wav
from test_console import CHROMIUM, DESKTOP, EDGE_CONTROLS, FIRST_RUN, TABLET
from test_console_panels import WEB_ROOT, state, wait_state
from test_console_tiling import CONTROLS_HIT, SETTLED

BPM = 123.0
# Long enough that the tempo is heard well before the file starts again (it is listened to over and over).
SECONDS = 20
PANELS = {**EDGE_CONTROLS, "Listening panel": "listening"}
WITH_LISTENING = {**FIRST_RUN, "listening": True}
EVERYTHING = dict.fromkeys(WITH_LISTENING, True)
# The meters, the lamp and the tempo are heard about 33 times a second, and told to assistive technology at
# most four times a second; the first tempo needs a few seconds of onsets.
HEARD_MILLISECONDS = 20_000

pytestmark = pytest.mark.skipif(not os.path.exists(CHROMIUM), reason=f"no Chromium at {CHROMIUM} (make test installs it)")


@pytest.fixture
def clicks_wav(tmp_path):
    samples, _ = clicks(SECONDS, BPM)
    path = tmp_path / "set.wav"
    write_wav(path, samples + sine(SECONDS, 80))
    return path


def listening_server(imager, tmp_path, clicks_wav, *more):
    return serving(imager, tmp_path / "library.sqlite", "--audio", "none", "--listen", str(clicks_wav), *more,
                   env={"IMAGER_WEB_ROOT": str(WEB_ROOT)})


def wait_for(page, locator, predicate, timeout=HEARD_MILLISECONDS):
    """Waits until `predicate` (JavaScript, a function of the element) holds for the element `locator` finds."""
    page.wait_for_function(predicate, arg=locator.element_handle(), timeout=timeout)


def meter_moves(page, name):
    wait_for(page, page.get_by_role("meter", name=name, exact=True),
             "(meter) => Number(meter.getAttribute('aria-valuenow')) > 0 && meter.getAttribute('aria-valuetext') !== '0%'")


def meter_is_still(page, name):
    wait_for(page, page.get_by_role("meter", name=name, exact=True),
             "(meter) => meter.getAttribute('aria-valuenow') === '0' && meter.getAttribute('aria-valuetext').startsWith('0%')")


def onset_count(page):
    return int(page.get_by_role("status", name="Onset", exact=True).text_content())


def follow_of(s):
    return s["design"]["features"]["size"]["oscillator"].get("follow")


def pulse_follow_of(s):
    return s["pulse"].get("follow")


def test_the_listening_panel_shows_what_is_heard_and_the_performance_answers(imager, tmp_path, clicks_wav):
    with listening_server(imager, tmp_path, clicks_wav) as server, sync_playwright() as playwright:
        console = ConsolePage(playwright, server.port, PANELS, "listening")
        page, port = console.page, server.port
        try:
            # 1. The panel from its edge control: the meters move, onsets are counted, the tempo is heard.
            expect(page.get_by_role("region", name="Listening panel", exact=True)).to_be_hidden()
            console.show(WITH_LISTENING)
            expect(page.get_by_role("region", name="Listening panel", exact=True)).to_be_visible()
            meter_moves(page, "Level")
            meter_moves(page, "Low")
            lamp = page.get_by_role("status", name="Onset", exact=True)
            wait_for(page, lamp, "(lamp) => Number(lamp.textContent) > 0")
            first = onset_count(page)
            wait_for(page, lamp, f"(lamp) => Number(lamp.textContent) > {first}")
            tempo = page.get_by_role("status", name="Tempo heard", exact=True)
            wait_for(page, tempo, f"""(output) => {{
              const heard = /^(\\d+\\.\\d) BPM$/.exec(output.textContent);
              return heard !== null && Math.abs(Number(heard[1]) - {BPM}) <= 1;
            }}""")
            console.shoot("heard")

            # 2. The size follows the low band, by half.
            page.get_by_role("combobox", name="Size follows", exact=True).select_option("low")
            wait_state(port, lambda s: (follow_of(s) or {}).get("source") == "low", "the size following the low band",
                       shown=follow_of)
            amount = page.get_by_role("spinbutton", name="Size follow amount", exact=True)
            amount.fill("0.5")
            amount.press("Enter")
            followed = wait_state(port, lambda s: follow_of(s)["source"] == "low" and abs(follow_of(s)["amount"] - 0.5) < 1e-9,
                                  "the size following the low band by 0.5", shown=follow_of)
            assert follow_of(followed)["attack"] >= 0 and follow_of(followed)["release"] >= 0, follow_of(followed)

            # 2b. The background pulse (the Color panel) follows the low band too: by 0.25, then by half.
            page.get_by_role("combobox", name="Pulse follows", exact=True).select_option("low")
            wait_state(port, lambda s: pulse_follow_of(s)["source"] == "low", "the pulse following the low band",
                       shown=pulse_follow_of)
            pulse_amount = page.get_by_role("spinbutton", name="Pulse follow amount", exact=True)
            for wanted in (0.25, 0.5):
                pulse_amount.fill(str(wanted))
                pulse_amount.press("Enter")
                pulsed = wait_state(port, lambda s, wanted=wanted: pulse_follow_of(s) == {**pulse_follow_of(s), "source": "low", "amount": wanted},
                                    f"the pulse following the low band by {wanted}", shown=pulse_follow_of)
            assert pulsed["pulse"]["follow"]["attack"] >= 0 and pulsed["pulse"]["follow"]["release"] >= 0, pulsed["pulse"]
            assert follow_of(pulsed) == follow_of(followed), "the size's follow untouched"

            # 3. Onsets release the selected chord: lumis on the canvas with no pad pressed.
            before = state(port)
            assert before["soundResponse"] == {"tempoFollows": False, "onsetsRelease": False, "onsetGap": 0.1}, before["soundResponse"]
            assert before["liveLumis"] == 0, before["liveLumis"]
            page.get_by_role("checkbox", name="Onsets release chord", exact=True).check()
            wait_state(port, lambda s: s["soundResponse"]["onsetsRelease"] is True, "onsets releasing the chord",
                       shown=lambda s: s["soundResponse"])
            released = wait_state(port, lambda s: s["liveLumis"] > 0, "lumis released by onsets",
                                  shown=lambda s: {"liveLumis": s["liveLumis"], "pads": s["pads"]})
            assert not any(pad.get("isDown") for pad in released["pads"]["pads"]), released["pads"]
            expect(page.get_by_role("checkbox", name="Onsets release chord", exact=True)).to_be_checked()
            expect(page.get_by_role("checkbox", name="Tempo follows sound", exact=True)).not_to_be_checked()
            console.shoot("onsets-release")

            # MIDI clock in: the control is there, with none chosen (the browser has no MIDI to feed it).
            clock = page.get_by_role("combobox", name="Clock from", exact=True)
            expect(clock).to_be_visible()
            expect(clock).to_have_value("")
            assert "none" in clock.evaluate("(select) => [...select.options].map((option) => option.textContent)")
            expect(page.get_by_text("MIDI clock: off")).to_be_visible()

            # 5. "Listen to" lists the server's inputs; choosing none stills the meters.
            source = page.get_by_role("combobox", name="Listen to", exact=True)
            expect(source).to_have_value("file:set.wav")
            values = source.evaluate("(select) => [...select.options].map((option) => option.value)")
            devices = api(server, "GET", "/api/listening")[1]["devices"]
            assert "none" in values and "default" in values, values
            assert all(f"device:{device}" in values for device in devices), (values, devices)
            with page.expect_response(lambda r: r.url.endswith("/api/listening") and r.request.method == "POST") as posted:
                source.select_option("none")
            assert posted.value.ok and posted.value.json()["source"] == "none", posted.value.text()
            expect(source).to_have_value("none")
            expect(source).to_be_enabled()
            assert api(server, "GET", "/api/listening")[1]["source"] == "none"
            for meter in ("Level", "Low"):
                meter_is_still(page, meter)
            expect(page.get_by_role("status", name="Tempo heard", exact=True)).to_have_text("—")
            console.shoot("none")
            assert console.errors == []
        finally:
            console.close()


@pytest.mark.alone  # Link's session is the machine's: one peer, ours
def test_the_listening_panel_keeps_time_with_a_link_peer(imager, tmp_path, clicks_wav):
    with listening_server(imager, tmp_path, clicks_wav, "--link") as server, LinkPeer(tempo=120) as peer, \
            sync_playwright() as playwright:
        assert peer.wait_peers(1, timeout=10)["ok"]
        console = ConsolePage(playwright, server.port, PANELS, "listening")
        page, port = console.page, server.port
        try:
            console.show(WITH_LISTENING)
            link = page.get_by_role("group", name="Ableton Link", exact=True)
            box = link.get_by_role("checkbox", name="Link", exact=True)
            expect(box).to_be_checked()
            session = peer.query()["tempo"]
            expect(link.get_by_text(f"1 peer · {session:.1f} BPM", exact=True)).to_be_visible()
            expect(link.get_by_role("meter", name="Link beat", exact=True)).to_have_attribute("aria-valuetext", re.compile(r"^Beat [1-4] of 4$"))

            # The peer sets the session's tempo: the panel shows it, and the engine takes it.
            assert peer.set_tempo(133.5)["ok"]
            expect(link.get_by_text("1 peer · 133.5 BPM", exact=True)).to_be_visible()
            wait_state(port, lambda s: abs(s["tempo"] - 133.5) < 0.02, "the Link session's tempo, 133.5",
                       shown=lambda s: s["tempo"])
            console.shoot("link")

            # The peer starts the session with nothing loaded to play: the Link section says why, until it stops.
            assert peer.command("startstop on")["ok"]
            assert peer.command("play")["ok"]
            problem = link.get_by_role("status").filter(has_text="nothing could play")
            expect(problem).to_be_visible(timeout=10_000)
            expect(problem).to_contain_text("no composition is loaded")
            assert peer.command("stop")["ok"]
            expect(problem).to_be_hidden(timeout=10_000)

            # Left from the panel: no peers; joined again: the peer is back.
            with live_socket(server) as socket:
                box.uncheck()
                left = until_message(socket, lambda m: m["type"] == "link" and not m["enabled"], within=10)
            assert left["peers"] == 0, left
            expect(link.get_by_text("Off", exact=True)).to_be_visible()
            expect(box).not_to_be_checked()
            assert server.status()["link"]["peers"] == 0
            with live_socket(server) as socket:
                box.check()
                joined = until_message(socket, lambda m: m["type"] == "link" and m["enabled"] and m["peers"] >= 1, within=15)
            assert joined["peers"] == 1, joined
            expect(link.get_by_text(re.compile(r"^1 peer · \d+\.\d BPM$"))).to_be_visible()
            assert console.errors == []
        finally:
            console.close()


@pytest.mark.parametrize("size", ["1024x768", "1920x1080"])
def test_the_listening_panel_tiles_with_the_others(imager, tmp_path, clicks_wav, size):
    device = {"1024x768": TABLET, "1920x1080": DESKTOP}[size]
    with listening_server(imager, tmp_path, clicks_wav) as server, sync_playwright() as playwright:
        console = ConsolePage(playwright, server.port, PANELS, "listening", device)
        page = console.page
        try:
            failures = []
            for name, panels in {"listening": WITH_LISTENING, "everything": EVERYTHING}.items():
                console.show(panels)
                expect(page.get_by_role("combobox", name="Clock from", exact=True)).to_be_attached()
                if panels["chordsetList"]:
                    expect(page.get_by_role("list", name="Chordsets", exact=True)).to_be_visible(timeout=20_000)
                    page.wait_for_function("""() => [...document.querySelectorAll('.chord-thumb[src]')].every((image) => {
                      const box = image.getBoundingClientRect();
                      return image.complete || box.bottom < 0 || box.top > innerHeight || box.width === 0;
                    })""", timeout=90_000)
                    page.wait_for_function(SETTLED)
                meter_moves(page, "Level")
                controls = page.evaluate(CONTROLS_HIT)
                listening = [c for c in controls if c["control"].endswith("in listening")]
                assert len(listening) >= 4, (name, listening)
                console.shoot(f"{name}-{size}")
                # A panel given less than its controls need scrolls inside itself: its last control, scrolled to.
                page.get_by_role("combobox", name="Clock from", exact=True).scroll_into_view_if_needed()
                scrolled = page.evaluate(CONTROLS_HIT)
                assert any(c["control"] == 'select.listening-select "none" in listening' for c in scrolled), (name, scrolled)
                failures += [f"{name}: {c['control']} at ({c['x']}, {c['y']}) is under {c['hit']}"
                             for c in controls + scrolled if not c["ok"]]
            assert failures == [], "\n".join(failures)
            assert page.evaluate("document.documentElement.scrollWidth <= innerWidth")
            assert console.errors == []
        finally:
            console.close()
