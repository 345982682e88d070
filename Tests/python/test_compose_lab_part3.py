"""The composition lab's newer parts (`/compose`) as a performer uses them, in a real Chromium against the real
`imager serve`: a piece made from one's own sound file ("Add sound"), drawn with the mouse and rendered to a
WAV that is checked sample by sample; an Ogg dropped on a voice of the Voices tree; a part's "Length" and
"Tempo"; compositions made, renamed, deleted and brought back by Undo; scores pasted linked and as a copy; a
silent voice given a chord's light and the canvas page drawing it while the pair plays; and, at two screen
sizes, no control of the header, the selected pair's bar or the Sounds panel lying over another.

The server serves the web client from the working copy (IMAGER_WEB_ROOT), as test_console_panels.py does, so
that what is tested is the client in Sources/WebClient/Web/ whatever the binary embeds. Screenshots go to
Tests/python/artifacts/ (not kept in git)."""
import asyncio
import base64
import json
import math
import struct
import subprocess
import wave

import pytest
from playwright.async_api import async_playwright, expect

from live import request, serving
from test_compose_lab import LUMIA, Lab, edits, events, frames, music, revision, revision_after
from test_console import DESKTOP, TABLET, pytestmark, shoot  # noqa: F401 (pytestmark skips without Chromium)
from test_console_panels import WEB_ROOT

SERVED = {"IMAGER_WEB_ROOT": str(WEB_ROOT)}
RATE = 48_000
TICKS_PER_BEAT = 960


# ——— sound files ———

def sine_wav(path, frequency=440.0, seconds=2.0, rate=RATE, amplitude=0.5):
    """A mono 16-bit WAV of a sine (Python's `wave`)."""
    count = round(seconds * rate)
    with wave.open(str(path), "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(rate)
        out.writeframes(b"".join(struct.pack("<h", round(32767 * amplitude * math.sin(2 * math.pi * frequency * i / rate)))
                                 for i in range(count)))
    return path


def read_wav(data):
    """(rate, channels, frames as lists per channel of floats −1…1) of a RIFF WAV: PCM 16/24/32-bit or float 32."""
    assert data[:4] == b"RIFF" and data[8:12] == b"WAVE", data[:12]
    at, fmt, samples = 12, None, None
    while at + 8 <= len(data):
        kind, size = data[at:at + 4], struct.unpack("<I", data[at + 4:at + 8])[0]
        body = data[at + 8:at + 8 + size]
        if kind == b"fmt ":
            tag, channels, rate, _, _, bits = struct.unpack("<HHIIHH", body[:16])
            if tag == 0xFFFE:
                tag = struct.unpack("<H", body[24:26])[0]
            fmt = (tag, channels, rate, bits)
        elif kind == b"data":
            samples = body
        at += 8 + size + (size & 1)
    assert fmt and samples is not None, "no fmt or data chunk"
    tag, channels, rate, bits = fmt
    width = bits // 8
    count = len(samples) // width
    if tag == 3 and bits == 32:
        values = struct.unpack(f"<{count}f", samples[:count * 4])
    elif tag == 1 and bits == 16:
        values = [v / 32768 for v in struct.unpack(f"<{count}h", samples[:count * 2])]
    elif tag == 1 and bits == 24:
        values = [int.from_bytes(samples[i:i + 3], "little", signed=True) / 8388608 for i in range(0, count * 3, 3)]
    elif tag == 1 and bits == 32:
        values = [v / 2147483648 for v in struct.unpack(f"<{count}i", samples[:count * 4])]
    else:
        raise AssertionError(f"a WAV this test does not read: format {tag}, {bits} bits")
    return rate, channels, [list(values[channel::channels]) for channel in range(channels)]


def zero_crossing_frequency(samples, rate):
    """The frequency of a tone from its sign changes."""
    crossings = sum(1 for a, b in zip(samples, samples[1:]) if (a < 0) != (b < 0))
    return crossings / 2 / (len(samples) / rate)


# ——— the page ———

async def open_lab(lab, fragment="", device=DESKTOP):
    return await lab.open(fragment, device=device)


async def settled(page):
    """Waits until the editing plane's canvases have the size they show at (a canvas is blank for the frames
    between a resize of its box and its next drawing), and two frames more."""
    await page.wait_for_function("""(() => {
      const plane = window.imagerLab.plane, ratio = window.devicePixelRatio || 1;
      return [...plane.shadowRoot.querySelectorAll('canvas')].every((canvas) => {
        const box = canvas.getBoundingClientRect();
        return canvas.width === Math.max(1, Math.round(box.width * ratio)) && canvas.height === Math.max(1, Math.round(box.height * ratio));
      });
    })()""")
    await frames(page, 2)


async def snap(page, name):
    await settled(page)
    await shoot(page, name)


def voice_named(port, name):
    return next((voice for voice in music(port)["library"]["voices"] if voice["name"] == name), None)


def part_named(port, name):
    return next((part for part in music(port)["library"]["parts"] if part["name"] == name), None)


def score_of(port, part, voice):
    return next((pair["score"] for pair in music(port)["library"]["pairs"] if pair["part"] == part and pair["voice"] == voice), None)


async def draw(page, start, end, row=0):
    """Drags the mouse across the plane from `start` to `end` (fractions of its width) on row `row`; waits for the
    engine's answer."""
    plane = await page.locator("editing-plane canvas.plane").bounding_box()
    scale = await page.evaluate("window.imagerLab.plane.view.y.scale")
    origin = await page.evaluate("window.imagerLab.plane.view.y.origin")
    y = plane["y"] + (row + 0.5 - origin) * scale
    x0, x1 = plane["x"] + start * plane["width"], plane["x"] + end * plane["width"]
    before = await revision(page)
    await page.mouse.move(x0, y)
    await page.mouse.down()
    for step in range(1, 11):
        await page.mouse.move(x0 + (x1 - x0) * step / 10, y)
    await page.mouse.up()
    await revision_after(page, before)


async def new_node(page, kind, name, **fields):
    """"New part" or "New voice" in its tree's dialog; waits for the engine's answer."""
    dialog = page.get_by_role("dialog")
    before = await revision(page)
    await page.get_by_role("button", name=f"New {kind}", exact=True).click()
    await dialog.get_by_label("Name").fill(name)
    for label, value in fields.items():
        await dialog.get_by_label(label).fill(str(value))
    await dialog.get_by_role("button", name="OK").click()
    await revision_after(page, before)


def tree(page, kind):
    return page.get_by_role("tree", name=kind)


async def choose(page, kind, name):
    """Selects the row `name` in the Parts or Voices tree, and waits for the pair to show it."""
    await tree(page, kind).get_by_role("treeitem", name=name, exact=True).first.click()
    side = 0 if kind == "Parts" else 1
    await page.wait_for_function(f"document.getElementById('pair').textContent.split(' × ')[{side}] === {json.dumps(name)}")


# ——— 1. a piece from one's own sound ———

def test_a_piece_from_ones_own_sound_is_drawn_and_rendered_to_a_wav_with_the_tone_where_the_event_is(imager, tmp_path):
    tone = sine_wav(tmp_path / "tone.wav")
    with serving(imager, tmp_path / "library.sqlite", "--audio", "none", env=SERVED) as server:

        async def run():
            async with async_playwright() as playwright, Lab(playwright, server.port) as lab:
                page = await open_lab(lab)
                # "Add sound": the file chooser; a voice named after the file appears, selected.
                await page.get_by_role("button", name="Sounds", exact=True).click()
                before = await revision(page)
                async with page.expect_file_chooser() as chooser:
                    await page.get_by_role("button", name="Add sound").click()
                await (await chooser.value).set_files(str(tone))
                await revision_after(page, before)
                voices = tree(page, "Voices")
                await expect(voices.get_by_role("treeitem", name="tone", exact=True)).to_be_visible()
                voice = voice_named(server.port, "tone")
                assert voice is not None and voice["sound"] is not None, voice
                sound = next(one for one in music(server.port)["library"]["sounds"] if one["id"] == voice["sound"])
                assert (sound["sampleRate"], sound["channelCount"], sound["frameCount"]) == (RATE, 1, 2 * RATE), sound
                await expect(page.get_by_role("region", name="Sounds").get_by_role("listitem").filter(has_text="tone")).to_have_count(1)

                # A part of its own ("New part": 8 beats at 120 bpm), and the pair Piece × tone.
                await new_node(page, "part", "Piece", Beats=8, Tempo=120)
                piece = part_named(server.port, "Piece")
                assert (piece["length"], piece["tempo"]) == (8 * TICKS_PER_BEAT, 120), piece
                await choose(page, "Parts", "Piece")
                await choose(page, "Voices", "tone")
                await expect(page.locator("#pair")).to_have_text("Piece × tone")

                # An event drawn with the mouse over a stretch of the plane.
                await draw(page, 0.3, 0.42)
                [(start, end)] = events(server.port, piece["id"], voice["id"])
                assert 0 < start < end < 8 * TICKS_PER_BEAT
                await snap(page, "compose3-own-sound-drawn")

                # Render the selected pair to a WAV, wait for "Done", download it.
                await page.get_by_role("button", name="Render", exact=True).click()
                dialog = page.get_by_role("dialog", name="Render")
                await expect(dialog).to_be_visible()
                await dialog.get_by_role("radio", name="Selected pair").check()
                await dialog.get_by_role("radio", name="WAV").check()
                await dialog.get_by_role("button", name="Start").click()
                await expect(dialog.get_by_role("status")).to_have_text("Done", timeout=120_000)
                await expect(dialog.get_by_role("progressbar", name="Render progress")).to_be_visible()
                await snap(page, "compose3-render-done")
                async with page.expect_download() as download:
                    await dialog.get_by_role("link", name="Download").click()
                saved = tmp_path / "rendered.wav"
                await (await download.value).save_as(saved)
                await dialog.get_by_role("button", name="Close").click()
                await expect(dialog).to_be_hidden()
                assert lab.errors == []
                return start, end

        start, end = asyncio.run(run())

    rate, channels, data = read_wav((tmp_path / "rendered.wav").read_bytes())
    assert rate == RATE, rate
    seconds_per_tick = 60 / 120 / TICKS_PER_BEAT
    begin = round(start * seconds_per_tick * rate)
    finish = min(round(end * seconds_per_tick * rate), begin + 2 * RATE)  # the sound lasts 2 s
    edge = round(0.004 * rate)
    assert len(data[0]) >= finish, (len(data[0]), finish)
    for channel in data:
        inside = channel[begin + edge:finish - edge]
        assert abs(zero_crossing_frequency(inside, rate) - 440) < 2, zero_crossing_frequency(inside, rate)
        assert 0.3 < max(abs(x) for x in inside) < 0.7  # the file's 0.5, at gain 1 (a mono sound on both channels)
        outside = channel[:max(begin - edge, 0)] + channel[finish + edge:]
        loudest = max((abs(x) for x in outside), default=0)
        assert loudest < 1e-4, f"not silent outside the event: {loudest}"


# ——— 2. an Ogg dropped on a voice ———

async def drop_files(locator, files):
    """Drops `files` ([(name, bytes, type)]) on the element: dragenter, dragover and drop with a DataTransfer."""
    await locator.evaluate("""(element, files) => {
      const transfer = new DataTransfer();
      for (const [b64, name, type] of files) {
        const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
        transfer.items.add(new File([bytes], name, { type }));
      }
      const box = element.getBoundingClientRect();
      const at = { clientX: box.left + box.width / 2, clientY: box.top + box.height / 2 };
      for (const kind of ['dragenter', 'dragover', 'drop']) {
        element.dispatchEvent(new DragEvent(kind, { dataTransfer: transfer, bubbles: true, composed: true, cancelable: true, ...at }));
      }
    }""", [[base64.b64encode(data).decode(), name, kind] for name, data, kind in files])


def test_an_ogg_dropped_on_a_voice_becomes_a_voice_under_it(imager, tmp_path):
    ogg = tmp_path / "Rain drops.ogg"
    subprocess.run(["ffmpeg", "-loglevel", "error", "-y", "-f", "lavfi", "-i", "sine=frequency=330:duration=1:sample_rate=44100",
                    "-c:a", "libvorbis", str(ogg)], check=True)
    with serving(imager, tmp_path / "library.sqlite", "--audio", "none", env=SERVED) as server:
        band = voice_named(server.port, "Band")
        children_before = [child["node"] for child in band["children"]]

        async def run():
            async with async_playwright() as playwright, Lab(playwright, server.port) as lab:
                page = await open_lab(lab)
                voices = tree(page, "Voices")
                row = voices.get_by_role("treeitem", name="Band", exact=True).first
                before = await revision(page)
                await drop_files(row, [(ogg.name, ogg.read_bytes(), "audio/ogg")])
                await revision_after(page, before)
                made = voice_named(server.port, "Rain drops")
                assert made is not None and made["sound"] is not None, made
                band_now = voice_named(server.port, "Band")
                assert [child["node"] for child in band_now["children"]] == children_before + [made["id"]]
                assert made["id"] not in music(server.port)["rootVoices"]
                sound = next(one for one in music(server.port)["library"]["sounds"] if one["id"] == made["sound"])
                assert abs(sound["frameCount"] / sound["sampleRate"] - 1.0) < 0.05, sound
                # The tree shows it under Band (one level deeper than Band's row).
                item = voices.get_by_role("treeitem", name="Rain drops", exact=True)
                await expect(item).to_have_count(1)
                band_level = int(await row.get_attribute("aria-level"))
                await expect(item).to_have_attribute("aria-level", str(band_level + 1))
                await snap(page, "compose3-ogg-dropped")
                assert lab.errors == []

        asyncio.run(run())


# ——— 3. parts in time ———

def test_a_parts_length_and_tempo_are_set_and_an_impossible_tempo_is_refused_in_the_page(imager, tmp_path):
    with serving(imager, tmp_path / "library.sqlite", "--audio", "none", env=SERVED) as server:
        made = edits(server.port, {"type": "addPart", "name": "Bar", "beats": 4, "tempo": 120}, {"type": "addVoice", "name": "Drum"})
        bar, drum = (result["id"] for result in made["results"])

        async def run():
            async with async_playwright() as playwright, Lab(playwright, server.port) as lab:
                page = await open_lab(lab, f"#part={bar}&voice={drum}")
                group = page.get_by_role("group", name="Part in time")
                length, tempo = group.get_by_role("spinbutton", name="Length"), group.get_by_role("spinbutton", name="Tempo")
                await expect(length).to_have_value("4")
                await expect(tempo).to_have_value("120")

                before = await revision(page)
                await length.fill("6")
                await length.press("Enter")
                await revision_after(page, before)
                assert part_named(server.port, "Bar")["length"] == 6 * TICKS_PER_BEAT
                before = await revision(page)
                await tempo.fill("90")
                await tempo.press("Enter")
                await revision_after(page, before)
                assert part_named(server.port, "Bar")["tempo"] == 90
                assert abs(music(server.port)["durations"][str(bar)] - 6 * 60 / 90) < 1e-6
                await expect(length).to_have_value("6")
                await expect(tempo).to_have_value("90")

                # A tempo of 5: refused in the page with a line; the field shows the library's 90 again.
                before = await revision(page)
                await tempo.fill("5")
                await tempo.press("Enter")
                message = page.locator("#message .message-text")
                await expect(message).to_contain_text("20 to 400")
                await expect(tempo).to_have_value("90")
                await frames(page, 3)
                assert await revision(page) == before and music(server.port)["revision"] == before
                assert part_named(server.port, "Bar")["tempo"] == 90
                await snap(page, "compose3-tempo-refused")

                # Shorter than an event it holds: the engine refuses, said; the field shows 6 beats again.
                await page.locator("#message .message-dismiss").click()
                edits(server.port, {"type": "editingRange", "part": bar, "voice": drum, "start": 4 * 960, "end": 5 * 960, "gain": 1})
                await page.wait_for_function(f"window.imagerLab.store.music.revision > {before}")
                before = await revision(page)
                await length.fill("2")
                await length.press("Enter")
                await expect(message).not_to_be_empty()
                await expect(page.locator("#message")).to_be_visible()
                await expect(length).to_have_value("6")
                assert part_named(server.port, "Bar")["length"] == 6 * TICKS_PER_BEAT and music(server.port)["revision"] == before
                assert lab.errors == []

        asyncio.run(run())


# ——— 4. compositions ———

def test_a_composition_is_made_renamed_deleted_and_brought_back_by_undo(imager, tmp_path):
    with serving(imager, tmp_path / "library.sqlite", "--audio", "none", env=SERVED) as server:
        made = edits(server.port, {"type": "addPart", "name": "Bar", "beats": 4, "tempo": 120}, {"type": "addVoice", "name": "Drum"})
        bar, drum = (result["id"] for result in made["results"])

        def compositions():
            return {one["name"]: one for one in music(server.port)["library"]["compositions"]}

        async def run():
            async with async_playwright() as playwright, Lab(playwright, server.port) as lab:
                page = await open_lab(lab, f"#part={bar}&voice={drum}")
                group = page.get_by_role("group", name="Compositions")
                chooser = group.get_by_role("combobox", name="Composition", exact=True)
                field = group.get_by_role("textbox", name="Composition name")
                await expect(chooser).to_have_value("")  # Bar × Drum is no composition yet

                # New: the name field in place of the chooser; Enter makes it.
                await group.get_by_role("button", name="New composition").click()
                await expect(field).to_be_focused()
                await expect(chooser).to_be_hidden()
                before = await revision(page)
                await field.fill("Night piece")
                await field.press("Enter")
                await revision_after(page, before)
                night = compositions()["Night piece"]
                assert (night["part"], night["voice"]) == (bar, drum)
                await expect(field).to_be_hidden()
                await expect(chooser).to_have_value(str(night["id"]))
                assert "Night piece" in await chooser.locator("option").all_text_contents()
                # A taken name (whatever its case) is refused, the field staying open.
                await group.get_by_role("button", name="New composition").click()
                await field.fill("demo")
                await field.press("Enter")
                await expect(page.locator("#message .message-text")).not_to_be_empty()
                await expect(field).to_be_visible()
                await field.press("Escape")
                await expect(field).to_be_hidden()

                # Rename.
                await group.get_by_role("button", name="Rename composition").click()
                await expect(field).to_have_value("Night piece")
                before = await revision(page)
                await field.fill("Night song")
                await field.press("Enter")
                await revision_after(page, before)
                assert "Night piece" not in compositions() and compositions()["Night song"]["id"] == night["id"]
                await expect(chooser.locator("option:checked")).to_have_text("Night song")
                await snap(page, "compose3-composition-renamed")

                # Delete, then Undo brings it back.
                before = await revision(page)
                await group.get_by_role("button", name="Delete composition").click()
                await revision_after(page, before)
                assert "Night song" not in compositions()
                await expect(page.locator("#message .message-text")).to_contain_text("Night song")
                assert "Night song" not in await chooser.locator("option").all_text_contents()
                before = await revision(page)
                await page.get_by_role("button", name="Undo").click()
                await revision_after(page, before)
                back = compositions()["Night song"]
                assert (back["id"], back["part"], back["voice"]) == (night["id"], bar, drum)
                await expect(chooser.locator("option:checked")).to_have_text("Night song")
                assert lab.errors == []

        asyncio.run(run())


# ——— 5. linked scores ———

def test_a_score_pasted_linked_is_one_score_and_pasted_as_a_copy_is_another_with_the_same_events(imager, tmp_path):
    with serving(imager, tmp_path / "library.sqlite", "--audio", "none", env=SERVED) as server:
        made = edits(server.port, {"type": "addPart", "name": "Bar", "beats": 4, "tempo": 120},
                     *({"type": "addVoice", "name": name} for name in ["Duo", "Alto", "Bass", "Cello"]))
        bar, duo, alto, bass, cello = (result["id"] for result in made["results"])
        edits(server.port, *({"type": "addVoiceChild", "parent": duo, "child": child} for child in [alto, bass, cello]))

        async def run():
            async with async_playwright() as playwright, Lab(playwright, server.port) as lab:
                page = await open_lab(lab, f"#part={bar}&voice={alto}")
                await expect(page.locator("#pair")).to_have_text("Bar × Alto")
                clipboard = page.get_by_role("group", name="Score clipboard")
                copy = clipboard.get_by_role("button", name="Copy", exact=True)
                linked, copied = clipboard.get_by_role("button", name="Paste linked"), clipboard.get_by_role("button", name="Paste as copy")
                await expect(copy).to_be_disabled()  # no score yet
                await draw(page, 0.1, 0.3)
                [first] = events(server.port, bar, alto)
                await expect(copy).to_be_enabled()
                await copy.click()
                await expect(clipboard.get_by_role("status")).to_have_text("Copied: Bar × Alto")
                await expect(linked).to_be_disabled()  # the pair copied itself

                # Bar × Bass: Paste linked — both pairs play one score.
                await choose(page, "Voices", "Bass")
                await expect(linked).to_be_enabled()
                before = await revision(page)
                await linked.click()
                await revision_after(page, before)
                assert score_of(server.port, bar, alto) is not None
                assert score_of(server.port, bar, bass) == score_of(server.port, bar, alto)
                await expect(page.get_by_role("grid", name="Editing plane").get_by_role("rowheader")).to_have_text("Bass (shared by 2)")
                await expect(linked).to_be_disabled()  # already plays that score
                # One more event drawn on Bass is Alto's too.
                await draw(page, 0.6, 0.8)
                assert len(events(server.port, bar, bass)) == 2
                assert events(server.port, bar, alto) == events(server.port, bar, bass)
                assert first in events(server.port, bar, alto)
                await snap(page, "compose3-pasted-linked")

                # Bar × Cello: Paste as copy — a score of its own with the same events.
                await choose(page, "Voices", "Cello")
                before = await revision(page)
                await copied.click()
                await revision_after(page, before)
                assert score_of(server.port, bar, cello) not in (None, score_of(server.port, bar, alto))
                assert events(server.port, bar, cello) == events(server.port, bar, alto)
                await expect(page.get_by_role("grid", name="Editing plane").get_by_role("rowheader")).to_have_text("Cello")
                # It is its own: an event drawn on Cello is not Alto's.
                await draw(page, 0.4, 0.5)
                assert len(events(server.port, bar, cello)) == 3 and len(events(server.port, bar, alto)) == 2
                await snap(page, "compose3-pasted-copy")
                assert lab.errors == []

        asyncio.run(run())


# ——— 6. a voice's light on the canvas ———

CANVAS_PIXELS = """(background) => {
  const canvas = document.querySelector('canvas');
  const gl = canvas.getContext('webgl2');
  const pixels = new Uint8Array(canvas.width * canvas.height * 4);
  gl.readPixels(0, 0, canvas.width, canvas.height, gl.RGBA, gl.UNSIGNED_BYTE, pixels);
  const counts = new Map();
  let away = 0;
  for (let i = 0; i < pixels.length; i += 4) {
    const key = (pixels[i] << 16) | (pixels[i + 1] << 8) | pixels[i + 2];
    counts.set(key, (counts.get(key) ?? 0) + 1);
    if (background && Math.abs(pixels[i] - background[0]) + Math.abs(pixels[i + 1] - background[1]) + Math.abs(pixels[i + 2] - background[2]) > 48) away += 1;
  }
  const [common] = [...counts.entries()].sort((a, b) => b[1] - a[1]);
  return { common: [common[0] >> 16, (common[0] >> 8) & 255, common[0] & 255], share: common[1] / (canvas.width * canvas.height),
           away: away / (canvas.width * canvas.height) };
}"""


@pytest.mark.alone  # the light is seen within the 2 s bar
def test_a_silent_voice_given_a_chords_light_is_drawn_on_the_canvas_while_its_pair_plays(imager, tmp_path):
    with serving(imager, tmp_path / "library.sqlite", "--audio", "none", env=SERVED) as server:
        made = edits(server.port, {"type": "addPart", "name": "Bar", "beats": 4, "tempo": 120})
        bar = made["results"][0]["id"]
        band = voice_named(server.port, "Band")["id"]

        async def run():
            async with async_playwright() as playwright, Lab(playwright, server.port) as lab:
                canvas = await lab.canvas()
                page = await open_lab(lab, f"#part={bar}&voice={band}")
                # "New voice" in the Voices tree: a silent atomic voice.
                await new_node(page, "voice", "Glow")
                await choose(page, "Voices", "Glow")
                actions = page.get_by_role("group", name="Selected voice")
                await expect(actions).to_contain_text("is silent")
                await expect(actions.get_by_role("button", name="Replace sound")).to_be_enabled()
                await actions.get_by_role("button", name="Light").click()
                menu = page.get_by_role("dialog", name="Light")
                await expect(menu).to_be_visible()
                chord = menu.get_by_role("button", name="Chord 1 of Lumia")
                await expect(chord).to_be_visible()
                await expect(menu.get_by_role("button", name="No light")).to_have_attribute("aria-pressed", "true")
                await snap(page, "compose3-light-menu")
                before = await revision(page)
                await chord.click()
                await revision_after(page, before)
                await expect(menu).to_be_hidden()
                glow = voice_named(server.port, "Glow")
                assert (glow["chordset"], glow["chord"]) == (LUMIA, 0), glow
                await expect(page.locator("#pair-light")).to_have_text("Light: Lumia, chord 1")

                # An event over most of the bar, then Play: the canvas draws the chord's lumis.
                await draw(page, 0.02, 0.95)
                [(start, end)] = events(server.port, bar, glow["id"])
                assert start < 960 and end > 3 * 960
                still = await canvas.evaluate(CANVAS_PIXELS, None)
                assert still["share"] > 0.95, still  # nothing lit yet: the background alone
                await page.get_by_role("button", name="Play").click()
                await page.wait_for_function("(() => { const t = window.imagerLab.store.transport; return t && t.playing && t.seconds > 0.6; })()")
                await canvas.wait_for_function("window.imagerCanvas.lastFrame && window.imagerCanvas.lastFrame.instanceCount > 0", timeout=10_000)
                lit = await canvas.evaluate(CANVAS_PIXELS, still["common"])
                assert lit["away"] > 0.005, (still, lit)  # the lumis, away from the background's colour
                await shoot(canvas, "compose3-light-on-canvas")
                await snap(page, "compose3-light-playing")
                await page.get_by_role("button", name="Stop").click()
                await page.wait_for_function("!window.imagerLab.store.transport.playing")
                assert lab.errors == []

        asyncio.run(run())


# ——— 7. the tiling ———

CONTROLS = """() => {
  const deepHit = (x, y) => {
    let hit = document.elementFromPoint(x, y);
    while (hit && hit.shadowRoot) {
      const inner = hit.shadowRoot.elementFromPoint(x, y);
      if (!inner || inner === hit) break;
      hit = inner;
    }
    return hit;
  };
  const controls = (root) => {
    const found = [];
    const walk = (node) => {
      for (const element of node.querySelectorAll('*')) {
        if (element.matches('button, input, select, a[href], [role="button"]')) found.push(element);
        if (element.shadowRoot) walk(element.shadowRoot);
      }
    };
    if (root.matches?.('button, input, select')) found.push(root);
    if (root.shadowRoot) walk(root.shadowRoot);
    walk(root);
    return found;
  };
  const describe = (element) => {
    if (!element) return 'nothing';
    const name = element.getAttribute('aria-label') || element.textContent.trim().slice(0, 30) || element.id || '';
    return `${element.tagName.toLowerCase()}${element.className && typeof element.className === 'string' ? '.' + element.className.split(' ').join('.') : ''} “${name}”`;
  };
  const areas = {
    header: document.querySelector('header.bar'),
    'selected pair': document.querySelector('section.work .pair-bar'),
    'selected voice': document.querySelector('voice-actions'),
    sounds: document.querySelector('sound-list'),
  };
  const report = { checked: 0, covered: [], clipped: [], pageScrolls: document.scrollingElement.scrollHeight > innerHeight + 1 || document.scrollingElement.scrollWidth > innerWidth + 1 };
  for (const [area, root] of Object.entries(areas)) {
    for (const element of controls(root)) {
      if (element.type === 'file' || element.type === 'hidden') continue;
      if (!element.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) continue;
      element.scrollIntoView({ block: 'nearest', inline: 'nearest' });
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      const x = box.left + box.width / 2, y = box.top + box.height / 2;
      report.checked += 1;
      if (x < 0 || y < 0 || x >= innerWidth || y >= innerHeight) {
        report.clipped.push(`${area}: ${describe(element)} at ${Math.round(x)},${Math.round(y)}`);
        continue;
      }
      const hit = deepHit(x, y);
      if (hit !== element && !element.contains(hit) && !(hit && hit.control === element)) {
        report.covered.push(`${area}: ${describe(element)} at ${Math.round(x)},${Math.round(y)} is under ${describe(hit)}`);
      }
    }
  }
  return report;
}"""


@pytest.mark.parametrize("device", [TABLET, DESKTOP], ids=["1024x768", "1920x1080"])
def test_no_control_of_the_header_the_pair_bar_or_the_sounds_lies_over_another(imager, tmp_path, device):
    with serving(imager, tmp_path / "library.sqlite", "--audio", "none", env=SERVED) as server:
        made = edits(server.port, {"type": "addPart", "name": "Bar", "beats": 4, "tempo": 120})
        bar = made["results"][0]["id"]
        kick = voice_named(server.port, "Kick")["id"]
        size = f"{device['viewport']['width']}x{device['viewport']['height']}"

        async def run():
            async with async_playwright() as playwright, Lab(playwright, server.port) as lab:
                page = await open_lab(lab, f"#part={bar}&voice={kick}", device=device)
                toggle = page.get_by_role("button", name="Sounds", exact=True)
                await toggle.click()
                await expect(toggle).to_have_attribute("aria-expanded", "true")
                await expect(page.get_by_role("region", name="Sounds").get_by_role("listitem")).to_have_count(4)  # Demo's sounds
                await expect(page.get_by_role("dialog", name="Render")).to_be_hidden()
                await snap(page, f"compose3-tiling-{size}")
                report = await page.evaluate(CONTROLS)
                assert report["checked"] >= 24, report
                assert report["covered"] == [], "\n".join(report["covered"])
                assert report["clipped"] == [], "\n".join(report["clipped"])
                assert not report["pageScrolls"], "the page scrolls: the lab should fit the screen"
                # The composition's name field, in place of the chooser, lies over nothing either.
                group = page.get_by_role("group", name="Compositions")
                await group.get_by_role("button", name="New composition").click()
                field = group.get_by_role("textbox", name="Composition name")
                await expect(field).to_be_focused()
                await snap(page, f"compose3-tiling-{size}-naming")
                naming = await page.evaluate(CONTROLS)
                assert naming["covered"] == [] and naming["clipped"] == [], "\n".join(naming["covered"] + naming["clipped"])
                await field.press("Escape")
                await expect(field).to_be_hidden()
                assert lab.errors == []

        asyncio.run(run())
