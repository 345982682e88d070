"""Light from sound in the composition lab (`/compose`), in a real Chromium against the real `imager serve`: a click
track at 123 bpm uploaded as a sound and played by an event over a whole part; "Tempo from sound" sets the part's
tempo to the clicks'; "Light from sound…" with New lights previews the beats it will light — as many as Apply
then scores — and Apply makes four light voices, the Beats one with an event a click, as one step that Undo takes
back whole.

The server serves the web client from the working copy (IMAGER_WEB_ROOT), as test_compose_lab_part3.py does.
Screenshots go to Tests/python/artifacts/ (not kept in git)."""
import asyncio
import io
import json
import re
import wave

import numpy
from playwright.async_api import async_playwright, expect

from live import request, serving
from test_compose_lab import LUMIA, Lab, edits, music, revision, revision_after
from test_compose_lab_part3 import snap
from test_console import DESKTOP, pytestmark  # noqa: F401 (pytestmark skips without Chromium)
from test_console_panels import WEB_ROOT

SERVED = {"IMAGER_WEB_ROOT": str(WEB_ROOT)}
RATE = 44_100
BPM = 123
FIRST_CLICK = 0.25
TRACK_SECONDS = 16
TICKS_PER_BEAT = 960
# The analysis of a sound runs in the server, a debug build's slowly: its answers are given time.
HEARING_MS = 60_000


def click_track():
    """(WAV bytes, click times in seconds): 44.1 kHz mono 16-bit, a 5 ms click every 60/123 s for 16 s, the first at
    0.25 s. Each click is the same decaying burst of noise, heard in every band."""
    samples = numpy.zeros(TRACK_SECONDS * RATE)
    length = round(0.005 * RATE)
    burst = 0.8 * numpy.random.default_rng(123).uniform(-1, 1, length) * numpy.exp(-4 * numpy.arange(length) / length)
    times, beat = [], 0
    while (first := round((FIRST_CLICK + beat * 60 / BPM) * RATE)) + length <= len(samples):
        samples[first:first + length] += burst
        times.append(first / RATE)
        beat += 1
    data = io.BytesIO()
    with wave.open(data, "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(RATE)
        out.writeframes((numpy.clip(samples, -1, 1) * 32767).astype("<i2").tobytes())
    return data.getvalue(), times


def upload(port, name, body):
    """POST /api/music/sounds?name=…: the new voice's id."""
    status, _, answer = request(port, f"/api/music/sounds?name={name}", method="POST", body=body,
                                headers={"Content-Type": "application/octet-stream"})
    assert status == 201, answer
    return json.loads(answer)["voice"]


def score_events(library, part, voice):
    """The events of the pair's score, as the library holds them (start, length, gain, offset…)."""
    score = next((pair["score"] for pair in library["pairs"] if pair["part"] == part and pair["voice"] == voice), None)
    return next((one["events"] for one in library["scores"] if one["id"] == score), [])


def clicks_heard(library, part_id, voice, times):
    """How many of the clicks (seconds into the sound) the pair plays within its part, as the library stands: the
    sound starts at its event's start (`offset` ticks into it) and plays until the event or the part ends."""
    part = next(one for one in library["parts"] if one["id"] == part_id)
    tick = 60 / part["tempo"] / TICKS_PER_BEAT
    [event] = score_events(library, part_id, voice)
    start, length, offset = event["start"] * tick, event["length"] * tick, event.get("offset", 0) * tick
    return sum(1 for t in times if offset <= t < offset + length and start + t - offset < part["length"] * tick)


async def tempo_from_sound(page, tempo):
    """Presses "Tempo from sound" and waits until the Tempo field reads within 1 of `tempo` — or the lab says why
    not, which fails the test with its line."""
    group = page.get_by_role("group", name="Part in time")
    button = group.get_by_role("button", name="Tempo from sound", exact=True)
    await expect(button).to_be_enabled()
    await button.click()
    await page.wait_for_function("""(tempo) => {
      const field = document.querySelector('#part-fields input[aria-label="Tempo"]');
      return Math.abs(Number(field.value) - tempo) < 1 || !document.getElementById('message').hidden;
    }""", arg=tempo, timeout=HEARING_MS)
    message = page.locator("#message")
    assert await message.is_hidden(), await message.inner_text()


async def preview_label(dialog):
    """The cues preview's label once the server has answered ("Cues preview: 16 s of sound, 33 beats, … to be lit");
    a refusal fails the test with the dialog's line."""
    preview = dialog.get_by_role("img", name="Cues preview")
    await expect(preview).to_have_attribute("aria-label", re.compile(r"s of sound|Nothing heard"), timeout=HEARING_MS)
    label = await preview.get_attribute("aria-label")
    assert "s of sound" in label, (label, await dialog.get_by_role("alert").all_inner_texts())
    return label


def test_tempo_and_new_lights_from_a_click_track_and_undo_takes_the_lights_back(imager, tmp_path):
    body, times = click_track()
    assert len(times) == 33 and times[0] == FIRST_CLICK
    with serving(imager, tmp_path / "library.sqlite", "--audio", "none", env=SERVED) as server:
        clicks = upload(server.port, "clicks.wav", body)
        part = edits(server.port, {"type": "addPart", "name": "Clicks part", "beats": 32, "tempo": 120})["results"][0]["id"]
        edits(server.port, {"type": "editingRange", "part": part, "voice": clicks, "start": 0, "end": 32 * TICKS_PER_BEAT})
        voices_before = {voice["id"] for voice in music(server.port)["library"]["voices"]}

        async def run():
            async with async_playwright() as playwright, Lab(playwright, server.port) as lab:
                page = await lab.open(f"#part={part}&voice={clicks}", device=DESKTOP)
                await expect(page.locator("#pair")).to_have_text("Clicks part × clicks")

                # "Tempo from sound": the part takes the clicks' tempo; one step of the library.
                await tempo_from_sound(page, BPM)
                library = music(server.port)["library"]
                tempo = next(one for one in library["parts"] if one["id"] == part)["tempo"]
                assert abs(tempo - BPM) < 1, tempo
                heard = clicks_heard(library, part, clicks, times)
                assert heard >= len(times) - 2, (heard, score_events(library, part, clicks))

                # "Light from sound…": New lights on Lumia; the preview counts the beats it will light.
                opener = page.get_by_role("button", name="Light from sound…", exact=True)
                await expect(opener).to_be_enabled()
                await opener.click()
                dialog = page.get_by_role("dialog", name="Light from sound")
                await expect(dialog).to_be_visible()
                apply = dialog.get_by_role("button", name="Apply", exact=True)
                await expect(apply).to_be_disabled()  # nothing chosen yet
                await dialog.get_by_role("checkbox", name="New lights").check()
                await dialog.get_by_role("combobox", name="Chordset").select_option(LUMIA)
                await expect(dialog.get_by_role("slider", name="Sensitivity")).to_have_value("0.5")
                label = await preview_label(dialog)
                match = re.search(r"\b(\d+) beats?\b", label)
                assert match, label
                beats = int(match.group(1))
                assert abs(beats - heard) <= 2, (label, heard)
                await expect(dialog.get_by_role("alert")).to_have_count(0)  # no refusal said
                await snap(page, "compose-light-from-sound-dialog")

                # Apply: one edit; the dialog closes and the lab selects the voice of the sound and its lights.
                before = await revision(page)
                await expect(apply).to_be_enabled()
                await apply.click()
                await revision_after(page, before)
                await expect(dialog).to_be_hidden()
                library = music(server.port)["library"]
                made = {voice["name"]: voice for voice in library["voices"] if voice["id"] not in voices_before}
                lights = [made.get(name) for name in ["Beats", "Onsets", "Low", "High"]]
                assert all(lights), sorted(made)
                assert [(one["chordset"], one["chord"]) for one in lights] == [(LUMIA, chord) for chord in range(4)], lights
                assert {"Lights", "clicks with lights"} <= set(made), sorted(made)
                beat_events = score_events(library, part, lights[0]["id"])
                assert abs(len(beat_events) - heard) <= 2, (len(beat_events), heard)
                assert len(beat_events) == beats, "the preview counts the beats Apply lights"
                assert score_events(library, part, lights[1]["id"]), "the onsets light too"
                await expect(page.locator("#pair")).to_have_text("Clicks part × clicks with lights")
                # The plane shows the lights' rhythm under the song: the Lights row, read only, with its four voices.
                lights_row = page.get_by_role("rowheader", name="Lights", exact=True)
                await expect(lights_row).to_have_attribute("aria-description", re.compile(r"^read only: \d+ events of 4 voices"))
                await snap(page, "compose-light-from-sound-applied")

                # Undo takes the whole Apply back: the four lights, "Lights" and "… with lights"; the tempo stays.
                applied = await revision(page)
                await page.get_by_role("button", name="Undo", exact=True).click()
                await revision_after(page, applied)
                library = music(server.port)["library"]
                assert {voice["id"] for voice in library["voices"]} == voices_before
                assert abs(next(one for one in library["parts"] if one["id"] == part)["tempo"] - BPM) < 1
                await expect(page.get_by_role("button", name="Redo", exact=True)).to_be_enabled()
                assert lab.errors == []

        asyncio.run(run())
