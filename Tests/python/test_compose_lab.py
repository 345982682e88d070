"""The composition lab (`/compose`) in a real Chromium against the real `imager serve`, played with fingers
(CDP `Input.dispatchTouchEvent`, two at once), the mouse and the keyboard: events drawn, deleted and
cancelled on the editing plane, undone and redone; a pinch on the part ruler zooms time only, on the voice
ruler voices only; a fling coasts on and a tap stops it without drawing; seed 003's example library
navigated in the trees; "Make unique" on a shared score; Play moving the playhead while the canvas page
shows the visual voice's lumis and SDL2 plays the sound; two labs in step. Screenshots go to
Tests/python/artifacts/ (not kept in git)."""
import asyncio
import json
import struct

import pytest
from playwright.async_api import async_playwright, expect

from live import request, serving
from test_console import DESKTOP, TABLET, Browser, pytestmark, shoot  # noqa: F401 (pytestmark skips without Chromium)

LUMIA = "4C0A1D1A-0000-4000-8000-000000000001"
LAB_READY = "() => { const lab = window.imagerLab; return lab && lab.sender.connected && lab.store.music !== null && lab.plane.view !== null; }"


def music(port):
    status, _, answer = request(port, "/api/music")
    assert status == 200, answer
    return json.loads(answer)


def edits(port, *edits):
    status, _, answer = request(port, "/api/music/edits", method="POST", body=json.dumps({"edits": list(edits)}).encode())
    assert status == 200, answer
    return json.loads(answer)


def events(port, part, voice):
    """The events of the pair's score, as (start, end) ticks."""
    library = music(port)["library"]
    score = next((pair["score"] for pair in library["pairs"] if pair["part"] == part and pair["voice"] == voice), None)
    found = next((one["events"] for one in library["scores"] if one["id"] == score), [])
    return [(event["start"], event["start"] + event["length"]) for event in found]


def studio(port):
    """A part of one bar at 120 bpm ("Bar", 3,840 ticks) and a voice "Band" of four: "Veil" lights Lumia's first
    chord, "Tom", "Snare" and "Hat" are silent. Returns the ids."""
    made = edits(port,
                 {"type": "addPart", "name": "Bar", "beats": 4, "tempo": 120},
                 {"type": "addVoice", "name": "Band"},
                 *({"type": "addVoice", "name": name} for name in ["Veil", "Tom", "Snare", "Hat"]))
    ids = [result["id"] for result in made["results"]]
    bar, band, veil = ids[0], ids[1], ids[2]
    edits(port, {"type": "setLight", "voice": veil, "chordset": LUMIA, "chord": 0},
          *({"type": "addVoiceChild", "parent": band, "child": child} for child in ids[2:]))
    return {"bar": bar, "band": band, "veil": veil, "tom": ids[3]}


class Lab(Browser):
    """One Chromium (test_console.Browser); labs and canvas pages in contexts of their own."""

    async def open(self, fragment="", device=TABLET, live=None):
        """A lab in a context of its own; `live(route)` stands between it and /live when given."""
        context = await self.browser.new_context(**device)
        if live:
            await context.route_web_socket("**/live*", live)
        page = await context.new_page()
        page.on("pageerror", lambda error: self.errors.append(str(error)))
        await page.goto(f"http://127.0.0.1:{self.port}/compose{fragment}")
        await page.wait_for_function(LAB_READY, timeout=20_000)
        return page


class Fingers:
    """Touches on a page through CDP, in CSS pixels of the page."""

    def __init__(self, page, session):
        self.page, self.session = page, session

    @classmethod
    async def on(cls, page):
        return cls(page, await page.context.new_cdp_session(page))

    async def send(self, kind, points):
        await self.session.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": [
            {"x": x, "y": y, "id": index + 1} for index, (x, y) in enumerate(points)]})

    async def swipe(self, start, end, steps=8):
        await self.send("touchStart", [start])
        for step in range(1, steps + 1):
            await self.send("touchMove", [(start[0] + (end[0] - start[0]) * step / steps, start[1] + (end[1] - start[1]) * step / steps)])
        await self.send("touchEnd", [])

    async def two(self, starts, ends, steps=10, lift=True):
        await self.send("touchStart", starts)
        for step in range(1, steps + 1):
            await self.send("touchMove", [(a[0] + (b[0] - a[0]) * step / steps, a[1] + (b[1] - a[1]) * step / steps) for a, b in zip(starts, ends)])
        if lift:
            await self.send("touchEnd", [])


async def box(page, selector):
    return await page.locator(f"editing-plane {selector}").bounding_box()


async def view(page):
    return await page.evaluate("(() => { const v = window.imagerLab.plane.view; return { x: { ...v.x }, y: { ...v.y } }; })()")


async def revision_after(page, revision):
    await page.wait_for_function(f"window.imagerLab.store.music.revision > {revision}")


async def revision(page):
    return await page.evaluate("window.imagerLab.store.music.revision")


async def frames(page, count=2):
    """Waits for `count` animation frames of the page."""
    await page.evaluate(f"new Promise((done) => {{ let n = {count}; const step = () => (--n <= 0 ? done() : requestAnimationFrame(step)); requestAnimationFrame(step); }})")


def tick_at(v, x):
    return v["x"]["origin"] + x / v["x"]["scale"]


def test_events_are_drawn_deleted_and_cancelled_by_a_finger_and_undone(imager, tmp_path):
    with serving(imager, tmp_path / "library.sqlite", "--audio", "none") as server:
        ids = studio(server.port)

        async def run():
            async with async_playwright() as playwright, Lab(playwright, server.port) as lab:
                page = await lab.open(f"#part={ids['bar']}&voice={ids['band']}")
                await expect(page.locator("#pair")).to_have_text("Bar × Band")
                await expect(page.get_by_role("grid", name="Editing plane")).to_be_attached()
                fingers = await Fingers.on(page)
                plane = await box(page, "canvas.plane")
                v = await view(page)
                step = 480  # one bar in about 590 px: the raster is half a beat (a cell at least 44 px wide)
                assert step * v["x"]["scale"] >= 44 > step / 2 * v["x"]["scale"], v
                row = lambda index: plane["y"] + (index + 0.5) * v["y"]["scale"]  # rows: Veil, Tom, Snare, Hat

                # A swipe over Tom's row from a quarter of the bar to a half: one event over the cells it touched.
                x0, x1 = plane["x"] + 0.25 * plane["width"], plane["x"] + 0.5 * plane["width"]
                before = await revision(page)
                await fingers.swipe((x0, row(1)), (x1, row(1)))
                await revision_after(page, before)
                start = int(tick_at(v, x0 - plane["x"]) // step * step)
                end = int((tick_at(v, x1 - plane["x"]) // step + 1) * step)
                assert events(server.port, ids["bar"], ids["tom"]) == [(start, end)]
                await shoot(page, "compose-event-drawn")

                # Swiping over part of it deletes it.
                before = await revision(page)
                middle = plane["x"] + 0.4 * plane["width"]
                await fingers.swipe((middle, row(1)), (middle + 5, row(1)))
                await revision_after(page, before)
                assert events(server.port, ids["bar"], ids["tom"]) == []

                # Let go on another row, or past the part's end: nothing happens, and the range is gone.
                before = await revision(page)
                await fingers.swipe((x0, row(2)), (x1, row(3)))
                await fingers.swipe((x0, row(2)), (plane["x"] + plane["width"] + 60, row(2)))
                await frames(page)
                assert await revision(page) == before and music(server.port)["revision"] == before
                assert events(server.port, ids["bar"], ids["tom"]) == [] and events(server.port, ids["bar"], ids["veil"]) == []

                # Undo brings the event back, redo deletes it again; the buttons say when they can.
                await page.get_by_role("button", name="Undo").click()
                await revision_after(page, before)
                assert events(server.port, ids["bar"], ids["tom"]) == [(start, end)]
                await expect(page.get_by_role("button", name="Redo")).to_be_enabled()
                redone = await revision(page)
                await page.get_by_role("button", name="Redo").click()
                await revision_after(page, redone)
                assert events(server.port, ids["bar"], ids["tom"]) == []

                # The keyboard: a gridcell of Snare's row, Enter makes an event of one raster cell there.
                cells = page.get_by_role("row").filter(has=page.get_by_role("rowheader", name="Snare")).get_by_role("gridcell")
                assert await cells.count() == 8  # the bar's eight half-beats
                await cells.nth(2).focus()
                before = await revision(page)
                await page.keyboard.press("Enter")
                await revision_after(page, before)
                snare = next(one for one in music(server.port)["library"]["voices"] if one["name"] == "Snare")["id"]
                assert events(server.port, ids["bar"], snare) == [(960, 1440)]
                await expect(cells.nth(2)).to_have_attribute("aria-selected", "true")
                assert lab.errors == []

        asyncio.run(run())


@pytest.mark.alone  # a fling's speed comes from the touches' times
def test_a_pinch_on_a_ruler_zooms_its_axis_only_and_a_fling_coasts_until_a_tap_stops_it(imager, tmp_path):
    with serving(imager, tmp_path / "library.sqlite", "--audio", "none") as server:
        ids = studio(server.port)

        async def run():
            async with async_playwright() as playwright, Lab(playwright, server.port) as lab:
                page = await lab.open(f"#part={ids['bar']}&voice={ids['band']}")
                fingers = await Fingers.on(page)
                ruler = await box(page, "canvas.part-ruler")
                voices = await box(page, "canvas.voice-ruler")
                plane = await box(page, "canvas.plane")

                # The part ruler: fingers 80 px apart part to 320: time zooms in, voices stay.
                before = await view(page)
                y, middle = ruler["y"] + ruler["height"] / 2, ruler["x"] + ruler["width"] / 2
                await fingers.two([(middle - 40, y), (middle + 40, y)], [(middle - 160, y), (middle + 160, y)])
                await page.wait_for_function(f"window.imagerLab.plane.view.x.scale > {before['x']['scale'] * 2}")
                after = await view(page)
                assert after["y"]["scale"] == before["y"]["scale"] and after["y"]["origin"] == before["y"]["origin"]
                await shoot(page, "compose-time-zoomed")

                # The voice ruler: fingers apart up and down: voices zoom in, time stays.
                x, middle = voices["x"] + voices["width"] / 2, voices["y"] + voices["height"] / 2
                await fingers.two([(x, middle - 30), (x, middle + 30)], [(x, middle - 150), (x, middle + 150)])
                await page.wait_for_function(f"window.imagerLab.plane.view.y.scale > {after['y']['scale'] * 1.5}")
                zoomed = await view(page)
                assert zoomed["x"]["scale"] == after["x"]["scale"]

                # Two fingers panning the plane fast to the left, let go: it coasts on, with the overlay shown.
                revision_before = await revision(page)
                cx, cy = plane["x"] + plane["width"] * 0.7, plane["y"] + plane["height"] / 2
                await fingers.two([(cx, cy - 40), (cx, cy + 40)], [(cx - 240, cy - 40), (cx - 240, cy + 40)], steps=6)
                released = await view(page)
                assert released["y"]["scale"] == zoomed["y"]["scale"] and released["x"]["scale"] == zoomed["x"]["scale"], "a pan does not zoom"
                await page.wait_for_function(f"window.imagerLab.plane.view.x.origin > {released['x']['origin'] + 1}")
                assert await page.evaluate("window.imagerLab.plane.gestureMode") == "coasting"
                await expect(page.locator("editing-plane .held")).to_be_visible()
                # A tap stops it, and draws nothing.
                await fingers.send("touchStart", [(plane["x"] + 50, plane["y"] + 20)])
                await fingers.send("touchEnd", [])
                stopped = await view(page)
                await frames(page, 4)
                assert (await view(page))["x"]["origin"] == stopped["x"]["origin"]
                assert await page.evaluate("window.imagerLab.plane.gestureMode") == "idle"
                await expect(page.locator("editing-plane .held")).to_be_hidden()
                assert await revision(page) == revision_before and events(server.port, ids["bar"], ids["veil"]) == []

                # The mouse: ctrl+wheel zooms out about the pointer; shift+wheel pans time only.
                await page.mouse.move(plane["x"] + 100, plane["y"] + 100)
                wide = await view(page)
                await page.keyboard.down("Shift")
                await page.mouse.wheel(0, 200)
                await page.keyboard.up("Shift")
                await page.wait_for_function(f"window.imagerLab.plane.view.x.origin !== {wide['x']['origin']}")
                assert (await view(page))["y"]["origin"] == wide["y"]["origin"]
                await page.keyboard.down("Control")
                await page.mouse.wheel(0, 400)
                await page.keyboard.up("Control")
                await page.wait_for_function(f"window.imagerLab.plane.view.x.scale < {wide['x']['scale']}")
                assert lab.errors == []

        asyncio.run(run())


def paper_example(port):
    """Seed 003's example (§2.8): parts CP1 = [AP1, AP2], CP2 = [AP2, AP3, AP2]; voices CV1 = [AV1, CV3],
    CV2 = [CV3, AV4], CV3 = [AV2, AV3]. Returns the ids by name."""
    names = {}
    made = edits(port, *({"type": "addPart", "name": name, "beats": 2, "tempo": 120} for name in ["AP1", "AP2", "AP3", "CP1", "CP2"]),
                 *({"type": "addVoice", "name": name} for name in ["AV1", "AV2", "AV3", "AV4", "CV1", "CV2", "CV3"]))
    for name, result in zip(["AP1", "AP2", "AP3", "CP1", "CP2", "AV1", "AV2", "AV3", "AV4", "CV1", "CV2", "CV3"], made["results"]):
        names[name] = result["id"]
    part = lambda parent, child: {"type": "addPartChild", "parent": names[parent], "child": names[child]}
    voice = lambda parent, child: {"type": "addVoiceChild", "parent": names[parent], "child": names[child]}
    edits(port, part("CP1", "AP1"), part("CP1", "AP2"), part("CP2", "AP2"), part("CP2", "AP3"), part("CP2", "AP2"),
          voice("CV3", "AV2"), voice("CV3", "AV3"), voice("CV1", "AV1"), voice("CV1", "CV3"), voice("CV2", "CV3"), voice("CV2", "AV4"))
    return names


def test_the_papers_example_is_navigated_in_the_trees_and_a_shared_score_made_unique(imager, tmp_path):
    with serving(imager, tmp_path / "library.sqlite", "--audio", "none") as server:
        names = paper_example(server.port)

        async def run():
            async with async_playwright() as playwright, Lab(playwright, server.port) as lab:
                page = await lab.open()
                parts = page.get_by_role("tree", name="Parts")
                voices = page.get_by_role("tree", name="Voices")
                # A node reached by two paths is shown under both: AP2 under CP1 once and under CP2 twice.
                await expect(parts.get_by_role("treeitem", name="AP2", exact=True)).to_have_count(3)
                # CV3 is under CV1 and under CV2; opened under CV1, its children show there alone.
                await expect(voices.get_by_role("treeitem", name="CV3", exact=True)).to_have_count(2)
                await voices.get_by_role("treeitem", name="CV3", exact=True).first.click()
                await page.keyboard.press("ArrowRight")
                await expect(voices.get_by_role("treeitem", name="AV2", exact=True)).to_have_count(1)

                # CP2 × CV2: the cells of three columns (AP2, AP3, AP2) by two rows (CV3, AV4).
                await parts.get_by_role("treeitem", name="CP2", exact=True).click()
                await voices.get_by_role("treeitem", name="CV2", exact=True).click()
                await expect(page.locator("#pair")).to_have_text("CP2 × CV2")
                grid = page.get_by_role("grid", name="Editing plane")
                await expect(grid.get_by_role("gridcell")).to_have_count(6)
                await expect(grid.get_by_role("rowheader")).to_have_text(["CV3", "AV4"])
                # A tap mutes a cell; the engine keeps it.
                plane = await box(page, "canvas.plane")
                v = await view(page)
                before = await revision(page)
                fingers = await Fingers.on(page)
                await fingers.swipe((plane["x"] + plane["width"] / 2, plane["y"] + 1.5 * v["y"]["scale"]),
                                    (plane["x"] + plane["width"] / 2 + 2, plane["y"] + 1.5 * v["y"]["scale"]), steps=1)
                await revision_after(page, before)
                muted = music(server.port)["library"]["mutedCells"]
                assert [(cell["part"], cell["voice"], cell["row"] is not None) for cell in muted] == [(names["CP2"], names["CV2"], True)]
                await shoot(page, "compose-paper-example")

                # AP2 × AV2 and AP3 × AV2 share one score; Make unique gives the selected pair its own.
                edits(server.port, {"type": "editingRange", "part": names["AP2"], "voice": names["AV2"], "start": 0, "end": 960, "gain": 1},
                      {"type": "share", "from": {"part": names["AP2"], "voice": names["AV2"]}, "to": {"part": names["AP3"], "voice": names["AV2"]}})
                await parts.get_by_role("treeitem", name="AP3", exact=True).first.click()
                await voices.get_by_role("treeitem", name="CV3", exact=True).first.click()
                await expect(grid.get_by_role("rowheader", name="AV2 (shared by 2)")).to_be_visible()
                await expect(page.get_by_role("button", name="Make unique")).to_be_enabled()
                before = await revision(page)
                await page.get_by_role("button", name="Make unique").click()
                await revision_after(page, before)
                pairs = {(pair["part"], pair["voice"]): pair["score"] for pair in music(server.port)["library"]["pairs"]}
                assert pairs[(names["AP2"], names["AV2"])] != pairs[(names["AP3"], names["AV2"])]
                await expect(grid.get_by_role("rowheader", name="AV2", exact=True)).to_be_attached()
                await expect(page.get_by_role("button", name="Make unique")).to_be_disabled()
                assert lab.errors == []

        asyncio.run(run())


@pytest.mark.alone  # the light is seen within the 2 s bar
def test_play_moves_the_playhead_the_canvas_shows_the_light_and_sdl_plays_the_sound(imager, tmp_path):
    heard = tmp_path / "heard.raw"
    env = {"SDL_AUDIODRIVER": "disk", "SDL_DISKAUDIOFILE": str(heard)}
    with serving(imager, tmp_path / "library.sqlite", env=env) as server:
        ids = studio(server.port)
        # Demo's Kick (a sound of the library) plays in Band too, at every beat.
        kick = next(voice["id"] for voice in music(server.port)["library"]["voices"] if voice["name"] == "Kick" and "sound" in voice)
        edits(server.port, {"type": "addVoiceChild", "parent": ids["band"], "child": kick},
              {"type": "editingRange", "part": ids["bar"], "voice": ids["veil"], "start": 0, "end": 3840, "gain": 1},
              *({"type": "editingRange", "part": ids["bar"], "voice": kick, "start": beat * 960, "end": beat * 960 + 240, "gain": 1} for beat in range(4)))

        async def run():
            async with async_playwright() as playwright, Lab(playwright, server.port) as lab:
                canvas = await lab.canvas()
                page = await lab.open(f"#part={ids['bar']}&voice={ids['band']}")
                other = await lab.open(f"#part={ids['bar']}&voice={ids['band']}")
                await page.get_by_role("button", name="Play").click()
                await page.wait_for_function("(() => { const t = window.imagerLab.store.transport; return t && t.playing && t.seconds > 0.3; })()")
                assert await page.evaluate("window.imagerLab.store.transport.part") == ids["bar"]
                await expect(page.get_by_role("button", name="Play")).to_have_attribute("aria-pressed", "true")
                await canvas.wait_for_function("window.imagerCanvas.lastFrame.instanceCount > 0", timeout=10_000)
                await shoot(page, "compose-playing")
                # The other lab hears the edit while it plays; the sound device plays on.
                before = await revision(other)
                edits(server.port, {"type": "editingRange", "part": ids["bar"], "voice": ids["tom"], "start": 0, "end": 480, "gain": 1})
                await revision_after(other, before)
                await other.wait_for_function(f"window.imagerLab.plane.plane.rows[1].events.length === 1")
                await page.get_by_role("button", name="Stop").click()
                await page.wait_for_function("!window.imagerLab.store.transport.playing")
                await canvas.wait_for_function("window.imagerCanvas.lastFrame.instanceCount === 0", timeout=10_000)
                # Loop what the plane shows: the whole bar; Play plays it on.
                await page.get_by_role("button", name="Loop").click()
                await page.wait_for_function("(() => { const t = window.imagerLab.store.transport; return t && t.loop; })()")
                await page.get_by_role("button", name="Play").click()
                await page.wait_for_function("(() => { const t = window.imagerLab.store.transport; return t && t.loop && t.playing; })()")
                loop = await page.evaluate("window.imagerLab.store.transport.loop")
                assert loop[0] == 0 and abs(loop[1] - 2) < 1e-6, loop
                await expect(page.get_by_role("button", name="Loop")).to_have_attribute("aria-pressed", "true")
                await page.get_by_role("button", name="Stop").click()
                assert lab.errors == []

        asyncio.run(run())
    # SDL's disk driver wrote what was heard (float stereo): it is not all silence.
    data = heard.read_bytes()
    assert len(data) > 0
    assert max(abs(sample) for sample in struct.unpack(f"<{len(data) // 4}f", data[: len(data) // 4 * 4])) > 0.05


def test_two_labs_stay_in_step_when_either_edits(imager, tmp_path):
    """Each lab hears the other's edits and undos. The first's own edit is told to it only after the edit's answer
    came: it once stopped reading the library for good then, deaf to every change after."""
    with serving(imager, tmp_path / "library.sqlite", "--audio", "none") as server:
        ids = studio(server.port)
        told_late = {"holding": True, "held": []}

        def hold_music_until_answered(route):
            server_side = route.connect_to_server()

            def from_server(message):
                if told_late["holding"] and '"music"' in str(message):
                    told_late["held"].append(message)
                else:
                    route.send(message)
            server_side.on_message(from_server)
            told_late["route"] = route

        async def run():
            async with async_playwright() as playwright, Lab(playwright, server.port) as lab:
                first = await lab.open(f"#part={ids['bar']}&voice={ids['band']}", live=hold_music_until_answered)
                second = await lab.open(f"#part={ids['bar']}&voice={ids['band']}")
                cells = first.get_by_role("row").filter(has=first.get_by_role("rowheader", name="Hat")).get_by_role("gridcell")
                await cells.nth(0).focus()
                before = await revision(second)
                await first.keyboard.press("Enter")
                await revision_after(first, before)  # its answer taken…
                told_late["holding"] = False
                for message in told_late["held"]:  # …then the change told
                    told_late["route"].send(message)
                await revision_after(second, before)
                seen = second.get_by_role("row").filter(has=second.get_by_role("rowheader", name="Hat")).get_by_role("gridcell")
                await expect(seen.nth(0)).to_have_attribute("aria-selected", "true")
                await second.get_by_role("button", name="Undo").click()
                await expect(cells.nth(0)).to_have_attribute("aria-selected", "false")
                assert lab.errors == []

        asyncio.run(run())


def test_parts_are_made_renamed_nested_reordered_by_drag_taken_out_and_split_in_the_tree(imager, tmp_path):
    with serving(imager, tmp_path / "library.sqlite", "--audio", "none") as server:
        def part(name):
            return next((one for one in music(server.port)["library"]["parts"] if one["name"] == name), None)

        async def run():
            async with async_playwright() as playwright, Lab(playwright, server.port) as lab:
                page = await lab.open(device=DESKTOP)  # tall enough for the tree not to scroll while a row is dragged
                parts = page.get_by_role("tree", name="Parts")
                dialog = page.get_by_role("dialog")

                async def ask(button, fill=None, choose=None):
                    before = await revision(page)
                    await page.get_by_role("button", name=button, exact=True).first.click()
                    if fill:
                        await dialog.get_by_label(fill[0]).fill(fill[1])
                    if choose:
                        await dialog.get_by_label(choose[0]).select_option(label=choose[1])
                    if fill or choose:
                        await dialog.get_by_role("button", name="OK").click()
                    await revision_after(page, before)

                # A new part, an empty name refused in the dialog first.
                await page.get_by_role("button", name="New part").click()
                await dialog.get_by_label("Name").fill("  ")
                await dialog.get_by_role("button", name="OK").click()
                await expect(dialog.get_by_role("alert")).not_to_be_empty()
                await dialog.get_by_role("button", name="Cancel").click()
                await ask("New part", fill=("Name", "Bridge"))
                assert part("Bridge")["length"] == 16 * 960
                # Song gains it as its last child.
                await parts.get_by_role("treeitem", name="Song", exact=True).click()
                await ask("Add child", choose=("Child", "Bridge"))
                song = part("Song")
                assert song["children"][-1]["node"] == part("Bridge")["id"]
                # Renamed where it shows under Song: the same part everywhere.
                await parts.get_by_role("treeitem", name="Bridge", exact=True).first.click()
                await ask("Rename", fill=("Name", "Coda"))
                assert part("Coda")["id"] == song["children"][-1]["node"] and part("Bridge") is None
                # Dragged by its grip above Intro: Song's first child.
                coda = parts.get_by_role("treeitem", name="Coda", exact=True).first
                await coda.scroll_into_view_if_needed()
                intro = await parts.get_by_role("treeitem", name="Intro", exact=True).first.bounding_box()
                grip = await coda.locator(".grip").bounding_box()
                before = await revision(page)
                await page.mouse.move(grip["x"] + grip["width"] / 2, grip["y"] + grip["height"] / 2)
                await page.mouse.down()
                for step in range(1, 9):
                    await page.mouse.move(grip["x"] + grip["width"] / 2, grip["y"] + (intro["y"] + intro["height"] / 4 - grip["y"]) * step / 8)
                await page.mouse.up()
                await revision_after(page, before)
                assert part("Song")["children"][0]["node"] == part("Coda")["id"]
                await shoot(page, "compose-tree-edited")
                # Taken out of Song: it stays in the library, a root again.
                await parts.get_by_role("treeitem", name="Coda", exact=True).first.click()
                await ask("Remove from parent")
                assert all(child["node"] != part("Coda")["id"] for child in part("Song")["children"])
                assert part("Coda")["id"] in music(server.port)["rootParts"]
                # Split in two: an atomic part becomes composed of two halves.
                await parts.get_by_role("treeitem", name="Coda", exact=True).click()
                await ask("Split", fill=("Pieces", "2"))
                halves = [next(one for one in music(server.port)["library"]["parts"] if one["id"] == child["node"]) for child in part("Coda")["children"]]
                assert [one["length"] for one in halves] == [8 * 960, 8 * 960]
                await expect(parts.get_by_role("treeitem", name="Coda", exact=True)).to_have_attribute("aria-expanded", "true")
                assert lab.errors == []

        asyncio.run(run())
