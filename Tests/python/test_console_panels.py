"""The console's form and motion panels, and the colour panel's pulse (`/`), in a real Chromium against the
real `imager serve`, played as a performer plays them — controls found by their accessible names, results
read back from the engine's `GET /state`: the pulse's depth, lag, rate and unit; a form picked from the
gallery; the design's size, morph and stroke width; Count, and a chord stored with Shift holding that many
lumis; the prism and its Light slider, whose drawing is played when it is let go; a motion kind and its
edges; a feature's waveform, rate and depth; the tempo set and tapped. The web files are the working copy's
(IMAGER_WEB_ROOT). Screenshots go to Tests/python/artifacts/ (not kept in git)."""
import json
import math
import os
import pathlib
import re
import time
import types

import pytest
from playwright.sync_api import expect, sync_playwright

from chromium import BROWSER_ARGUMENTS, CHROMIUM
from live import live_socket, request, serving, told, wait_until

WEB_ROOT = pathlib.Path(__file__).resolve().parents[2] / "Sources" / "WebClient" / "Web"
ARTIFACTS = pathlib.Path(__file__).resolve().parent / "artifacts"
DESKTOP = {"viewport": {"width": 1920, "height": 1080}, "device_scale_factor": 1}

# The console has the engine's state and the library's list.
CONSOLE_READY = """() => {
  const c = window.imagerConsole;
  return c && c.store.connected && c.store.state !== null && c.store.library !== null && c.store.preferences !== null;
}"""
# On a debug build the first chord thumbnails can hold the browser's connections for a while, and the panels
# wait for the engine's design: a generous wait.
PANELS_MILLISECONDS = 90_000
STATE_SECONDS = 15

pytestmark = pytest.mark.skipif(not os.path.exists(CHROMIUM), reason=f"no Chromium at {CHROMIUM} (make test installs it)")


def state(port):
    return json.loads(request(port)[2])["state"]


def wait_state(port, predicate, what, seconds=STATE_SECONDS, shown=None):
    """The engine's state once `predicate(state)` holds; fails saying `what` was awaited when it never does (and
    what `shown(state)` picks out of the states the engine had last)."""
    def holds(last):
        try:
            return predicate(last)
        except (KeyError, IndexError, TypeError):
            return False

    def detail(last):
        try:
            if shown is not None:
                return shown(last)
            return {key: last["design"].get(key) for key in ("form", "motion", "edges")} | {
                "lumiCount": last.get("lumiCount"), "tempo": last.get("tempo"), "selectedChord": last.get("selectedChord")}
        except (KeyError, IndexError, TypeError) as error:
            return f"(none: {error!r})"

    with live_socket(types.SimpleNamespace(port=port)) as socket:  # looked at again as the engine tells a change
        return wait_until(lambda: state(port), holds, seconds, f"the engine with {what}", told(socket), shown=detail)


def near(a, b, tolerance=1e-6):
    return a is not None and b is not None and abs(a - b) <= tolerance


def shoot(page, name):
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"))


def press(locator, key, times):
    for _ in range(times):
        locator.press(key)


def shown_number(x, digits):
    """A number as the panels show it (shared/numbers.js `formatNumber`): at most `digits` decimals, no trailing zeros."""
    text = f"{x:.{digits}f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text.replace("-", "−")


def next_rate(hertz, steps):
    """The rate slider's value `steps` steps of a hundredth of a decade above `hertz` (lumi-features.js)."""
    step = round(100 * (math.log10(hertz) + 2)) + steps
    return float(f"{10 ** (-2 + step / 100):.3g}")


class Console:
    """One Chromium showing the console; page errors collected."""

    def __init__(self, playwright, port):
        self.port = port
        self.browser = playwright.chromium.launch(executable_path=CHROMIUM, args=BROWSER_ARGUMENTS)
        self.context = self.browser.new_context(**DESKTOP)
        self.page = self.context.new_page()
        self.errors = []
        self.page.on("pageerror", lambda error: self.errors.append(str(error)))
        self.open()

    def open(self, reload=False):
        page = self.page
        if reload:
            page.reload()
        else:
            page.goto(f"http://127.0.0.1:{self.port}/")
        page.wait_for_function(CONSOLE_READY, timeout=20_000)
        for panel in ("Form panel", "Motion panel"):
            region = page.get_by_role("region", name=panel, exact=True)
            expect(region).to_be_visible(timeout=20_000)
        expect(page.get_by_role("slider", name="Count", exact=True)).to_be_enabled(timeout=PANELS_MILLISECONDS)
        expect(page.get_by_role("combobox", name="Motion", exact=True)).to_be_enabled(timeout=PANELS_MILLISECONDS)
        # Seed 000's canvas panel floats over the middle of the form and motion panels: the performer hides it
        # from its edge control to reach what is under it. (The layout is kept in the library first, and that
        # request may wait behind the chord thumbnails a debug build is still drawing: a generous wait.)
        canvas = page.get_by_role("button", name="Canvas panel", exact=True)
        if canvas.get_attribute("aria-pressed") == "true":
            canvas.click()
        expect(canvas).to_have_attribute("aria-pressed", "false", timeout=PANELS_MILLISECONDS)
        expect(page.get_by_role("region", name="Canvas panel", exact=True)).to_be_hidden()

    def close(self):
        self.browser.close()


@pytest.mark.alone  # the form's 1.5 s drawing is caught
def test_the_form_panel_designs_the_form_and_stores_a_chord_of_count_lumis(imager, tmp_path):
    with serving(imager, tmp_path / "library.sqlite", env={"IMAGER_WEB_ROOT": str(WEB_ROOT)}) as server, \
            sync_playwright() as playwright:
        console = Console(playwright, server.port)
        page, port = console.page, server.port
        try:
            # The gallery: the lumi being designed and the selected chord's lumis. Choosing a form of another
            # kind makes it the design's.
            gallery = page.get_by_role("group", name=re.compile(r"^Forms of chord 1$"))
            expect(gallery.get_by_role("button").nth(1)).to_be_visible()
            before = state(port)["design"]["form"]
            labels = gallery.get_by_role("button").evaluate_all(
                "buttons => buttons.map((b) => [b.getAttribute('aria-label'), b.getAttribute('aria-pressed')])")
            kinds = {"Circle": "circle", "Polygon": "polygon", "Star": "star", "Ring": "ring", "Line": "line",
                     "Rose": "rose", "Prism": "prism"}
            choice = next(((label, kinds[label.split(",")[0].split(" ")[0]]) for label, pressed in labels
                           if not label.startswith("Designed") and pressed == "false"
                           and kinds.get(label.split(",")[0].split(" ")[0]) not in (None, before["kind"])), None)
            assert choice, f"the gallery offers no form of another kind than the design's {before}: {labels}"
            label, kind = choice
            gallery.get_by_role("button", name=label, exact=True).click()
            wait_state(port, lambda s: s["design"]["form"]["kind"] == kind, f"the gallery's {label!r} as its form")
            expect(page.get_by_role("combobox", name="Form", exact=True)).to_have_value(kind)
            expect(gallery.get_by_role("button", name=label, exact=True)).to_have_attribute("aria-pressed", "true")

            # Size, morph and stroke width: each a feature's base, its oscillator kept as the engine had it.
            features = state(port)["design"]["features"]
            size, morph, stroke = (page.get_by_role("slider", name=name, exact=True) for name in ("Size", "Morph", "Stroke width"))
            press(size, "ArrowRight", 5)
            press(morph, "ArrowLeft", 10)
            press(stroke, "ArrowRight", 4)
            expected = {"size": round(features["size"]["base"] + 0.05, 4), "morph": round(features["morph"]["base"] - 0.1, 4),
                        "strokeWidth": round(features["strokeWidth"]["base"] + 0.02, 4)}
            designed = wait_state(port, lambda s: all(near(s["design"]["features"][name]["base"], value)
                                                      for name, value in expected.items()),
                                  f"size, morph and stroke width {expected}")
            for name in expected:
                assert designed["design"]["features"][name]["oscillator"] == features[name]["oscillator"], name
            expect(size).to_have_attribute("aria-valuetext", shown_number(expected["size"], 2))
            expect(stroke).to_have_attribute("aria-valuetext", shown_number(expected["strokeWidth"], 2))
            shoot(page, "console-form-panel")

            # Count: 4, then Shift and Chord 3 — the chord holds four lumis of the design's form.
            count = page.get_by_role("slider", name="Count", exact=True)
            expect(count).to_have_attribute("aria-valuetext", str(len(state(port)["chordset"]["chords"][0]["lumis"])))
            count.press("Home")
            press(count, "ArrowRight", 3)
            wait_state(port, lambda s: s.get("lumiCount") == 4, "a lumi count of 4")
            shift = page.get_by_role("button", name="Shift", exact=True)
            chord3 = page.get_by_role("button", name="Chord 3", exact=True)
            expect(shift).to_be_visible()
            expect(chord3).to_be_visible()
            shift.click()
            expect(shift).to_have_attribute("aria-pressed", "true")
            chord3.click()
            stored = wait_state(port, lambda s: len(s["chordset"]["chords"][2]["lumis"]) == 4, "chord 3 holding 4 lumis")
            design = stored["design"]
            assert stored["selectedChord"] == 0
            for lumi in stored["chordset"]["chords"][2]["lumis"]:
                assert lumi["form"] == design["form"] and lumi["motion"] == design["motion"]
            # Chord 3 recalled: the count is as many as it holds again, and the gallery shows its forms.
            chord3.click()
            wait_state(port, lambda s: s["selectedChord"] == 2 and s.get("lumiCount") is None, "chord 3 recalled")
            expect(page.get_by_role("group", name="Forms of chord 3", exact=True)).to_be_visible()
            expect(count).to_have_attribute("aria-valuetext", "4")

            # The prism: its Light slider; let go, its drawing is played.
            page.get_by_role("combobox", name="Form", exact=True).select_option("prism")
            prism = wait_state(port, lambda s: s["design"]["form"]["kind"] == "prism", "the prism as its form")["design"]["form"]
            light = page.get_by_role("slider", name="Light", exact=True)
            expect(light).to_be_visible()
            expect(page.get_by_role("slider", name="Rainbow", exact=True)).to_be_visible()
            press(light, "ArrowRight", 5)
            target = round(prism["lightFraction"] + 0.05, 4)
            drawn = wait_state(port, lambda s: near(s["design"]["form"].get("lightFraction"), target),
                               f"a prism of light {target}")["design"]["form"]
            assert {k: v for k, v in drawn.items() if k != "lightFraction"} == {k: v for k, v in prism.items() if k != "lightFraction"}
            page.wait_for_function("(() => { const p = document.querySelector('ip-form-panel'); return Boolean(p && p.animation); })()",
                                   polling="raf", timeout=10_000)
            shoot(page, "console-prism-drawing")
            page.wait_for_function("!document.querySelector('ip-form-panel').animation", timeout=10_000)
            expect(page.get_by_role("img", name="The form being designed: Prism", exact=True)).to_be_visible()
            shoot(page, "console-prism-drawn")

            # Count set again, and read back from the engine after a reload.
            press(count, "ArrowLeft", 2)
            wait_state(port, lambda s: s.get("lumiCount") == 2, "a lumi count of 2")
            console.open(reload=True)
            expect(page.get_by_role("slider", name="Count", exact=True)).to_have_attribute("aria-valuetext", "2")
            expect(page.get_by_role("slider", name="Light", exact=True)).to_have_attribute("aria-valuetext", shown_number(target, 2))
            assert console.errors == []
        finally:
            console.close()


def test_the_colour_panels_pulse_sets_its_depth_lag_rate_and_unit(imager, tmp_path):
    with serving(imager, tmp_path / "library.sqlite", env={"IMAGER_WEB_ROOT": str(WEB_ROOT)}) as server, \
            sync_playwright() as playwright:
        console = Console(playwright, server.port)
        page, port = console.page, server.port
        try:
            before = state(port)["pulse"]
            depth = before.get("depth", 1)  # the engine writes no depth of 1 (Pulse.swift)
            lag = before["purityLag"]
            shown = lambda s: s["pulse"]

            # Depth: each key a step of 0.05 less, read back from the engine; the rest of the pulse kept.
            depth_slider = page.get_by_role("slider", name="Pulse depth", exact=True)
            expect(depth_slider).to_have_value(shown_number(depth, 2))
            for step in range(1, 5):
                depth_slider.press("ArrowLeft")
                wait_state(port, lambda s: near(s["pulse"].get("depth", 1), round(depth - 0.05 * step, 4)),
                           f"a pulse depth of {depth - 0.05 * step:.2f}", shown=shown)
            depth = round(depth - 0.2, 4)
            pulse = state(port)["pulse"]
            assert {k: v for k, v in pulse.items() if k != "depth"} == {k: v for k, v in before.items() if k != "depth"}

            # Lag: three steps of 0.05 more; the depth just set is kept.
            lag_slider = page.get_by_role("slider", name="Pulse lag", exact=True)
            for step in range(1, 4):
                lag_slider.press("ArrowRight")
                wait_state(port, lambda s: near(s["pulse"]["purityLag"], round(lag + 0.05 * step, 4))
                           and near(s["pulse"].get("depth", 1), depth), f"a pulse lag of {lag + 0.05 * step:.2f}", shown=shown)
            lag = round(lag + 0.15, 4)

            # Rate: typed in beats per cycle; then the unit changed to hertz, the speed kept at the tempo.
            rate = page.get_by_role("spinbutton", name="Pulse rate", exact=True)
            rate.fill("4")
            rate.press("Tab")
            wait_state(port, lambda s: s["pulse"]["rate"] == {"beats": 4} and near(s["pulse"]["purityLag"], lag)
                       and near(s["pulse"].get("depth", 1), depth), "a pulse of 4 beats per cycle", shown=shown)
            page.get_by_role("combobox", name="Pulse rate unit", exact=True).select_option("hertz")
            tempo = state(port)["tempo"]
            hertz = tempo / (60 * 4)
            played = wait_state(port, lambda s: near(s["pulse"]["rate"].get("hertz"), hertz), f"a pulse of {hertz} Hz",
                                shown=shown)["pulse"]
            assert near(played["purityLag"], lag) and near(played.get("depth", 1), depth), played
            assert played["waveform"] == before["waveform"], played
            shoot(page, "console-pulse")

            # What the panel shows after a reload is what the engine holds.
            console.open(reload=True)
            expect(page.get_by_role("slider", name="Pulse depth", exact=True)).to_have_value(shown_number(depth, 2))
            expect(page.get_by_role("slider", name="Pulse lag", exact=True)).to_have_value(shown_number(lag, 2))
            expect(page.get_by_role("spinbutton", name="Pulse rate", exact=True)).to_have_value(shown_number(hertz, 4))
            expect(page.get_by_role("combobox", name="Pulse rate unit", exact=True)).to_have_value("hertz")
            assert console.errors == []
        finally:
            console.close()


def test_the_motion_panel_sets_the_motion_a_features_oscillator_and_the_tempo(imager, tmp_path):
    with serving(imager, tmp_path / "library.sqlite", env={"IMAGER_WEB_ROOT": str(WEB_ROOT)}) as server, \
            sync_playwright() as playwright:
        console = Console(playwright, server.port)
        page, port = console.page, server.port
        try:
            # A motion kind, one of its parameters, and the edges.
            page.get_by_role("combobox", name="Motion", exact=True).select_option("drift")
            drift = wait_state(port, lambda s: s["design"]["motion"]["kind"] == "drift", "a drift")["design"]["motion"]
            direction = page.get_by_role("slider", name="Drift direction", exact=True)
            press(direction, "ArrowRight", 10)
            target = round(drift["direction"] + 0.1, 4)
            wait_state(port, lambda s: near(s["design"]["motion"]["direction"], target), f"a drift in direction {target}")
            page.get_by_role("radio", name="Wrap", exact=True).check()
            wait_state(port, lambda s: s["design"]["edges"] == "wrap" and s["design"]["motion"]["kind"] == "drift",
                       "a drift that wraps at the edges")
            expect(page.get_by_role("radio", name="Wrap", exact=True)).to_be_checked()

            # One feature's oscillator: the hue's waveform, rate (in hertz, then in beats) and depth.
            page.get_by_role("combobox", name="Feature", exact=True).select_option("hue")
            expect(page.get_by_role("group", name="Hue: base and oscillator", exact=True)).to_be_visible()
            hue = state(port)["design"]["features"]["hue"]
            page.get_by_role("combobox", name="Hue waveform", exact=True).select_option("square")
            wait_state(port, lambda s: s["design"]["features"]["hue"]["oscillator"]["waveform"] == {"kind": "square"},
                       "a square wave on the hue")
            hertz = hue["oscillator"]["rate"]["hertz"]
            assert hertz > 0, hue
            press(page.get_by_role("slider", name="Hue rate", exact=True), "ArrowRight", 20)
            rate = next_rate(hertz, 20)
            press(page.get_by_role("slider", name="Hue depth", exact=True), "ArrowRight", 4)
            depth = round(hue["oscillator"]["depth"] + 4 * 0.5 / 200, 6)
            changed = wait_state(port, lambda s: near(s["design"]["features"]["hue"]["oscillator"]["rate"].get("hertz"), rate)
                                 and near(s["design"]["features"]["hue"]["oscillator"]["depth"], depth),
                                 f"the hue at {rate} Hz, depth {depth}", shown=lambda s: s["design"]["features"]["hue"])
            oscillator = changed["design"]["features"]["hue"]["oscillator"]
            assert oscillator["waveform"] == {"kind": "square"} and changed["design"]["features"]["hue"]["base"] == hue["base"]
            assert oscillator["phase"] == hue["oscillator"]["phase"]
            page.get_by_role("button", name="Beats", exact=True).click()
            in_beats = wait_state(port, lambda s: "beats" in s["design"]["features"]["hue"]["oscillator"]["rate"],
                                  "the hue's rate in beats")["design"]["features"]["hue"]["oscillator"]
            assert in_beats["depth"] == oscillator["depth"] and in_beats["waveform"] == {"kind": "square"}
            expect(page.get_by_role("button", name="Beats", exact=True)).to_have_attribute("aria-pressed", "true")
            shoot(page, "console-motion-panel")

            # The tempo: typed, then tapped.
            tempo = page.get_by_role("spinbutton", name="Tempo (BPM)", exact=True)
            # 25 BPM is a beat every 2.4 s, longer than the pause after which taps start afresh: no two taps
            # can give it, however late a loaded machine delivers them.
            tempo.fill("25")
            tempo.press("Enter")
            wait_state(port, lambda s: s["tempo"] == 25, "a tempo of 25 BPM")
            tap = page.get_by_role("button", name="Tap tempo", exact=True)
            tap.click()
            time.sleep(0.3)  # the performer's rhythm between two taps (about 200 BPM), not a wait for anything
            tap.click()
            tapped = wait_state(port, lambda s: s["tempo"] != 25, "a tapped tempo")["tempo"]
            assert 30 <= tapped <= 300
            expect(tempo).to_have_value(shown_number(tapped, 1).replace("−", "-"))
            assert console.errors == []
        finally:
            console.close()
