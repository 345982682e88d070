"""The pictures of the README, of docs/composition.md and of docs/outputs.md, made afresh by the project rather
than by hand (`make pictures`):

- docs/images/console.png — the console at 1920×1080 in Chromium, playing a few pads of the factory
  chordsets, as a performer first sees it;
- docs/images/frame.png — a frame of the full-stage passage (Tests/fixtures/full-stage) drawn by the Swift
  renderer, as `imager render performance --headroom 1` exports it;
- docs/images/lab-own-sound.png — the composition lab (`/compose`) at 1920×1080 after a sound of one's own
  was added through "Add sound" (a few plucked tones this script synthesizes, Plucks.wav), a part made
  with "New part", the pair of the two selected, a few events drawn on the plane with the mouse, and the
  Sounds panel open showing the sound's waveform;
- docs/images/lab-render.png — the lab's Render dialog after that pair was rendered to an MP4 (320×180 at
  24 frames a second, so that it is quick): "Done" and "Download";
- docs/images/lab-light-from-sound.png and lab-light-from-sound-applied.png — docs/composition.md's "Light from
  the music": a drum song of Hydrogen's (rendered by h2cli) added with "Add sound" and drawn over a part, its
  tempo taken with "Tempo from sound", then "Light from sound…" with New lights on Lumia, its preview drawn; and
  the plane after Apply, the song with its lights (tools/light_from_sound_pictures.py);
- docs/images/outputs-panel.png, outputs-two-projectors.png, outputs-calibration.png, outputs-corner-pin.png
  and outputs-edit-mode.png — docs/outputs.md's walkthrough, set up from the console as a newcomer would: the
  Outputs panel (whole: the console's window made as tall as the panel's contents) after "Two projectors", with
  a canvas open for Left and for Right, each window the shape of its slice; those two windows side by
  side showing the grid test pattern, each feathered towards the other; a third output, Wall, made with "New
  output" and its four corners dragged in the panel's calibration picture; Wall's canvas window showing its
  corner-pinned grid test pattern; and that window in its edit mode (Shift+Space) with the show playing
  through the corner-pin.

The lab is driven as Tests/python/test_compose_lab_part3.py drives it, the Outputs panel as
Tests/python/test_console_outputs.py does, and every picture waits for what it shows (the engine's answer, the
waveform drawn, the plane's canvases at their size, the server's answer to a change of an output, the canvas
drawing the output as stored), never for a fixed time.

Usage: python tools/readme_pictures.py IMAGER [PICTURES …]  (Chromium from $CHROMIUM, else /usr/bin/chromium;
PICTURES: any of console, frame, lab, light, outputs — all of them when none is named).
"""
import pathlib
import random
import shutil
import struct
import subprocess
import sys
import tempfile
import wave

from picture_pages import IMAGES, ROOT, SCREEN, chromium
from live import serving  # noqa: E402 (picture_pages puts Tests/python on the path)
from lab_pages import WAVEFORMS_DRAWN, add_sound, choose, draw, lab_page, new_part, open_lab, settled
from light_from_sound_pictures import light_from_sound_pictures
from outputs_pictures import outputs_pictures
from playwright.sync_api import expect, sync_playwright


def console_picture(imager, folder):
    with serving(imager, folder / "library.sqlite") as server, sync_playwright() as playwright:
        browser = chromium(playwright)
        page = browser.new_page(viewport=SCREEN)
        page.goto(f"http://127.0.0.1:{server.port}/")
        page.get_by_role("button", name="Pad 1").wait_for()
        # Wait until the engine's state has reached the console (the chordset's title shows).
        page.wait_for_function("document.querySelector('[role=status]') !== null")
        for pad in ["1", "3", "6"]:
            page.keyboard.down(pad)
        # Let the lumis rise on the preview: wait for frames with instances rather than for a fixed time.
        page.wait_for_function(
            "() => { const c = document.querySelector('ip-canvas-preview')?.status;"
            " return c && c.lastFrame && c.lastFrame.instanceCount > 12 && c.framesDrawn > 90; }",
            timeout=60_000)
        page.screenshot(path=str(IMAGES / "console.png"))
        for pad in ["1", "3", "6"]:
            page.keyboard.up(pad)
        browser.close()


def frame_picture(imager, folder):
    frames = folder / "frames"
    subprocess.run(
        [imager, "render", "performance", str(ROOT / "Tests" / "fixtures" / "full-stage" / "performance.json"),
         "--size", "1280x720", "--fps", "4", "--tail", "0", "--headroom", "1", "-o", str(frames) + "/"],
        check=True, stdout=subprocess.DEVNULL)
    chosen = sorted(frames.glob("*.png"))
    # The stage filling, a quarter of the way in, through the output stage at its full strength.
    shutil.copy(chosen[len(chosen) // 4], IMAGES / "frame.png")


# ——— the composition lab ———

RATE = 48_000
# The lab has the library and the plane its view (test_compose_lab.py's LAB_READY).
def plucks_wav(path, rate=RATE):
    """A short musical sound of one's own: five plucked strings (Karplus–Strong, a seeded noise burst each)
    rising through A minor pentatonic and ringing together, mono 16-bit, written with Python's `wave`."""
    notes = [(0.0, 220.00), (0.35, 261.63), (0.7, 329.63), (1.05, 392.00), (1.4, 440.00)]
    seconds = 3.0
    mix = [0.0] * round(seconds * rate)
    noise = random.Random(3)
    for start, frequency in notes:
        period = round(rate / frequency)
        string = [noise.uniform(-1, 1) for _ in range(period)]
        at = round(start * rate)
        for i in range(len(mix) - at):
            sample = string[i % period]
            string[i % period] = 0.996 * 0.5 * (sample + string[(i + 1) % period])
            mix[at + i] += sample
    peak = max(abs(x) for x in mix)
    fade = round(0.05 * rate)
    samples = [x / peak * 0.7 * min(1.0, (len(mix) - i) / fade) for i, x in enumerate(mix)]
    with wave.open(str(path), "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(rate)
        out.writeframes(b"".join(struct.pack("<h", round(32767 * x)) for x in samples))
    return path


def lab_pictures(imager, folder):
    """lab-own-sound.png and lab-render.png, in one lab against one server."""
    sound = plucks_wav(folder / "Plucks.wav")
    with serving(imager, folder / "library.sqlite", "--audio", "none") as server, sync_playwright() as playwright:
        browser, page = lab_page(playwright)
        open_lab(page, server.port)

        # "Add sound" in the Sounds panel's heading: the file chooser; the sound becomes a voice named after it.
        page.get_by_role("button", name="Sounds", exact=True).click()
        add_sound(page, sound)
        expect(page.get_by_role("tree", name="Voices").get_by_role("treeitem", name="Plucks", exact=True)).to_be_visible()

        # "New part": Piece, 8 beats at 120 beats a minute; the pair Piece × Plucks.
        new_part(page, "Piece", 8, 120)
        choose(page, "Parts", "Piece")
        choose(page, "Voices", "Plucks")
        expect(page.locator("#pair")).to_have_text("Piece × Plucks")

        # A few events drawn with the mouse: a phrase of plucks.
        for start, end in [(0, 2), (2.5, 3.5), (4, 6), (6.5, 7.5)]:
            draw(page, start, end)
        page.mouse.move(0, 0)
        page.wait_for_function(WAVEFORMS_DRAWN)
        page.get_by_role("region", name="Sounds").get_by_role("listitem").filter(has_text="Plucks").scroll_into_view_if_needed()
        settled(page)
        page.screenshot(path=str(IMAGES / "lab-own-sound.png"))

        # "Render": the selected pair to an MP4, small and quick; "Done" and "Download" once it is made.
        page.get_by_role("button", name="Render", exact=True).click()
        render = page.get_by_role("dialog", name="Render")
        expect(render).to_be_visible()
        render.get_by_role("radio", name="Selected pair").check()
        render.get_by_role("radio", name="MP4").check()
        render.get_by_label("Size").select_option("custom")
        render.get_by_label("Width").fill("320")
        render.get_by_label("Height").fill("180")
        render.get_by_label("Frame rate").select_option("24")
        render.get_by_role("button", name="Start").click()
        expect(render.get_by_role("status")).to_have_text("Done", timeout=300_000)
        expect(render.get_by_role("link", name="Download")).to_be_visible()
        settled(page)
        page.screenshot(path=str(IMAGES / "lab-render.png"))
        browser.close()


PICTURES = {
    "console": (console_picture, ["console.png"]),
    "frame": (frame_picture, ["frame.png"]),
    "lab": (lab_pictures, ["lab-own-sound.png", "lab-render.png"]),
    "light": (light_from_sound_pictures, ["lab-light-from-sound.png", "lab-light-from-sound-applied.png"]),
    "outputs": (outputs_pictures, [f"outputs-{name}.png" for name in
                                   ["panel", "two-projectors", "calibration", "corner-pin", "edit-mode"]]),
}


def main():
    imager = sys.argv[1] if len(sys.argv) > 1 else str(ROOT / ".build" / "release" / "imager")
    chosen = sys.argv[2:] or list(PICTURES)
    unknown = [name for name in chosen if name not in PICTURES]
    if unknown:
        sys.exit(f"readme_pictures: no pictures called {', '.join(unknown)}; the pictures are {', '.join(PICTURES)}")
    IMAGES.mkdir(parents=True, exist_ok=True)
    written = []
    with tempfile.TemporaryDirectory() as folder:
        for name in chosen:
            make, files = PICTURES[name]
            make(imager, pathlib.Path(folder))
            written += files
    print("wrote " + ", ".join(str(IMAGES / name) for name in written))


if __name__ == "__main__":
    main()
