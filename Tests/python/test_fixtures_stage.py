"""Fixtures show what the canvas shows (issue 36): chords whose panes light the stage in flat colours are played
on the pads, a real canvas page in Chromium draws them, and an Art-Net listener reads what the server sends its
fixtures — an `rgb` par in a stage flooded with one colour, and a strip across a stage split in two — each light
within ±6 of the canvas's pixel under it. The blackout and the master, sent over the live socket as MIDI's
Blackout button and Fixtures master control send them, darken and dim that light, and every client is told."""
import asyncio
import json
import uuid

import numpy
from playwright.async_api import async_playwright
from websockets.asyncio.client import connect

from live import api, live_socket, serving, until_message
from test_canvas import HEIGHT, WIDTH, canvas_pixels, open_canvas
from test_fixtures import ArtNetListener

PAR = {"name": "Par", "universe": 1, "address": 1, "kind": "rgb", "point": {"x": 0.5, "y": 0.5}, "gamma": 1}
STRIP_PIXELS = 8
STRIP = {"name": "Strip", "universe": 2, "address": 1, "kind": "rgb", "gamma": 1,
         "strip": {"from": {"x": 0.05, "y": 0.5}, "to": {"x": 0.95, "y": 0.5}, "pixels": STRIP_PIXELS}}
TOLERANCE = 6


def flat_chord(position, hue, purity, pane):
    """A chord that lights `pane` (canvas fractions) in one steady colour: no lumis, no range, a pulse of no depth."""
    x, y, width, height = pane
    return {
        "position": position, "title": f"Flat {position}",
        "background": {"hue": {"center": hue, "range": 0}, "purity": {"center": purity, "range": 0}},
        "pulse": {"waveform": {"kind": "triangle"}, "rate": {"beats": 8}, "purityLag": 0.25, "depth": 0},
        "lumis": [], "panes": [{"frame": {"origin": {"x": x, "y": y}, "size": {"width": width, "height": height}}}],
    }


def import_flat_chordset(server):
    """A chordset of flat chords — 1: the whole stage, 2: its left half, 3: its right half in another colour —
    imported and played."""
    _, listing = api(server, "GET", "/api/chordsets")
    status, file = api(server, "GET", f"/api/chordsets/{listing['chordsets'][0]['id']}/export")
    assert status == 200
    chordset = file["chordsets"][0]
    chordset.update(id=str(uuid.uuid4()).upper(), title="Flat stage")
    panes = {0: (0.30, 0.35, (0, 0, 1, 1)), 1: (0.55, 0.4, (0, 0, 0.5, 1)), 2: (0.05, 0.3, (0.5, 0, 0.5, 1))}
    chordset["chords"] = [flat_chord(position, *panes.get(position, panes[0])) for position in range(8)]
    status, answer = api(server, "POST", "/api/chordsets/import", {"formatVersion": 1, "chordsets": [chordset]})
    assert status == 201, answer
    assert api(server, "POST", f"/api/chordsets/{answer['imported'][0]['id']}/play")[0] == 200


async def steady_picture(page):
    """The canvas's picture once the lit panes have reached their level: two seconds of the engine's time on."""
    await page.wait_for_function("window.imagerCanvas.lastFrame && window.imagerCanvas.lastFrame.paneCount > 0", timeout=20_000)
    lit = await page.evaluate("window.imagerCanvas.lastFrame.time")
    await page.wait_for_function(f"window.imagerCanvas.lastFrame.time >= {lit + 2}", timeout=20_000)
    return await canvas_pixels(page)


def pixel_at(picture, x, y):
    """The canvas's colour at stage fractions (x, y): the page is 16:9, the stage fills it."""
    return [int(v) for v in picture[min(HEIGHT - 1, int(y * HEIGHT)), min(WIDTH - 1, int(x * WIDTH))]]


def steady_par(node):
    """The par's colour once it holds: sent again unchanged (a universe that does not change is sent once a second)."""
    last = [None]

    def repeated(packet):
        if packet[0] != 0:
            return False
        before, last[0] = last[0], packet[2][:3]
        return before == last[0] and max(last[0]) > 60

    return node.until(repeated, "the par's colour never held", timeout=20)[2][:3]


def near(levels, colour):
    return all(abs(level - shown) <= TOLERANCE for level, shown in zip(levels, colour))


def strip_points():
    start, end = STRIP["strip"]["from"], STRIP["strip"]["to"]
    return [(start["x"] + (end["x"] - start["x"]) * i / (STRIP_PIXELS - 1), 0.5) for i in range(STRIP_PIXELS)]


def test_a_flooded_stage_and_a_split_one_reach_the_fixtures_as_the_canvas_shows_them(imager, tmp_path):
    with ArtNetListener() as node, serving(
            imager, tmp_path / "library.sqlite", "--audio", "none", "--dmx", f"artnet:127.0.0.1:{node.port}", "--dmx-rate", "20") as server:
        assert api(server, "PUT", "/api/fixtures", {"fixtures": [PAR, STRIP]})[0] == 200
        import_flat_chordset(server)

        async def run():
            async with async_playwright() as playwright, connect(f"ws://127.0.0.1:{server.port}/live") as performer:
                browser, page, errors = await open_canvas(playwright, server.port, "/canvas?quality=full")
                await performer.send(json.dumps({"type": "trailPersistence", "value": 0}))
                # Flooded: the stage is one colour, and the par (at its middle) shows it.
                await performer.send(json.dumps({"type": "padDown", "pad": 0, "velocity": 1}))
                flooded = await steady_picture(page)
                colour = pixel_at(flooded, 0.5, 0.5)
                assert numpy.abs(flooded - numpy.array(colour)).max() <= 2 and max(colour) > 60, colour
                await asyncio.to_thread(node.until, lambda p: p[0] == 0 and near(p[2][:3], colour),
                                        f"the par never showed the flooded stage's {colour}")
                # Split: the left half in one colour, the right in another; each light of the strip shows its half.
                await performer.send(json.dumps({"type": "padUp", "pad": 0}))
                await performer.send(json.dumps({"type": "erase"}))
                for pad in (1, 2):
                    await performer.send(json.dumps({"type": "padDown", "pad": pad, "velocity": 1}))
                await page.wait_for_function("window.imagerCanvas.lastFrame.paneCount === 2", timeout=20_000)
                split = await steady_picture(page)
                await page.screenshot(path="Tests/python/artifacts/fixtures-split-stage.png")
                left, right = pixel_at(split, 0.25, 0.5), pixel_at(split, 0.75, 0.5)
                assert max(abs(a - b) for a, b in zip(left, right)) > 40, (left, right)
                expected = [pixel_at(split, x, y) for x, y in strip_points()]
                lights = lambda levels: [levels[i * 3:i * 3 + 3] for i in range(STRIP_PIXELS)]  # noqa: E731
                shown = await asyncio.to_thread(
                    node.until, lambda p: p[0] == 1 and all(near(light, want) for light, want in zip(lights(p[2]), expected)),
                    f"the strip never showed the split stage {expected}")
                assert lights(shown[2])[0] != lights(shown[2])[-1]
                assert errors == []
                await browser.close()

        asyncio.run(run())


def test_blackout_and_the_master_over_the_live_socket_as_midi_sends_them_and_every_client_is_told(imager, tmp_path):
    with ArtNetListener() as node, serving(
            imager, tmp_path / "library.sqlite", "--audio", "none", "--dmx", f"artnet:127.0.0.1:{node.port}", "--dmx-rate", "20") as server:
        assert api(server, "PUT", "/api/fixtures", {"fixtures": [PAR]})[0] == 200
        import_flat_chordset(server)
        with live_socket(server) as midi, live_socket(server) as console:
            # The stage flooded with one colour (pad 1 held), which the par shows.
            midi.send(json.dumps({"type": "padDown", "pad": 0, "velocity": 1}))
            colour = steady_par(node)
            # MIDI's Blackout button: a note toggles it; another console is told at once.
            midi.send(json.dumps({"type": "fixtures", "toggleBlackout": True}))
            told = until_message(console, lambda m: m["type"] == "fixtures", within=10)
            assert told["blackout"] is True and told["master"] == 1 and "test" not in told
            node.until(lambda p: p[0] == 0 and p[2][:3] == [0] * 3, "the blackout did not darken the par")
            assert api(server, "GET", "/api/fixtures")[1]["blackout"] is True
            midi.send(json.dumps({"type": "fixtures", "toggleBlackout": True}))
            assert until_message(console, lambda m: m["type"] == "fixtures", within=10)["blackout"] is False
            node.until(lambda p: p[0] == 0 and near(p[2][:3], colour), "the par did not come back from the blackout")
            # The Fixtures master, as a MIDI control sends it: the colour at half (the par's gamma is 1).
            midi.send(json.dumps({"type": "fixtures", "master": 0.5}))
            assert until_message(console, lambda m: m["type"] == "fixtures", within=10)["master"] == 0.5
            half = [round(level / 2) for level in colour]
            node.until(lambda p: p[0] == 0 and all(abs(a - b) <= 1 for a, b in zip(p[2][:3], half)), f"the master did not halve the par's {colour}")
            # A change made over HTTP is told too.
            assert api(server, "PATCH", "/api/fixtures", {"blackout": True})[0] == 200
            assert until_message(console, lambda m: m["type"] == "fixtures", within=10)["blackout"] is True
            # Refused, with the reason, changing nothing.
            for bad, says in [({"type": "fixtures"}, "say what to change"), ({"type": "fixtures", "master": 2}, "master is 0 to 1"),
                              ({"type": "fixtures", "blackout": "yes"}, "not a request")]:
                midi.send(json.dumps(bad))
                assert says in until_message(midi, lambda m: m["type"] == "error", within=10)["message"], bad
            answer = api(server, "GET", "/api/fixtures")[1]
            assert answer["blackout"] is True and answer["master"] == 0.5
