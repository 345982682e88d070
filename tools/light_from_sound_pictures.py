"""docs/composition.md's "Light from the music" pictures (`make pictures`, through tools/readme_pictures.py):
a drum song of Hydrogen's demo songs, rendered by h2cli, added with "Add sound" and drawn over a part of its
length; the part's tempo taken with "Tempo from sound"; "Light from sound…" with New lights on Lumia and its
preview drawn (lab-light-from-sound.png); and the plane after Apply, the song with its lights
(lab-light-from-sound-applied.png). Every step waits for what it shows, never for a fixed time."""
import re
import subprocess

from picture_pages import IMAGES
from lab_pages import add_sound, choose, draw, lab_page, new_part, open_lab, revision, revision_after, settled
from live import serving
from playwright.sync_api import expect, sync_playwright
from test_compose_lab import LUMIA

SONG = "/usr/share/hydrogen/data/demo_songs/TR808kit-demo.h2song"  # 125 BPM, 23 s


def drum_song(folder):
    """The song rendered by h2cli (its null driver: `-d alsa` fails at once on a machine with no sound card)."""
    path = folder / "Drums.wav"
    subprocess.run(["h2cli", "-d", "alsa", "-s", SONG, "-o", str(path)], capture_output=True, timeout=300)
    if not path.exists():
        raise SystemExit(f"h2cli did not render {SONG}: install Hydrogen (make test does)")
    return path


def light_from_sound_pictures(imager, folder):
    song = drum_song(folder)
    with serving(imager, folder / "light.sqlite", "--audio", "none") as server, sync_playwright() as playwright:
        browser, page = lab_page(playwright)
        open_lab(page, server.port)
        add_sound(page, song)
        new_part(page, "Groove", 46, 120)
        choose(page, "Parts", "Groove")
        choose(page, "Voices", "Drums")
        draw(page, 0, 46)

        before = revision(page)
        page.get_by_role("button", name="Tempo from sound", exact=True).click()
        revision_after(page, before)

        page.get_by_role("button", name="Light from sound…", exact=True).click()
        dialog = page.get_by_role("dialog", name="Light from sound")
        dialog.get_by_role("checkbox", name="New lights").check()
        dialog.get_by_role("combobox", name="Chordset").select_option(LUMIA)
        expect(dialog.get_by_role("img", name="Cues preview")).to_have_attribute("aria-label", re.compile(r"s of sound"))
        page.screenshot(path=str(IMAGES / "lab-light-from-sound.png"))

        before = revision(page)
        dialog.get_by_role("button", name="Apply", exact=True).click()
        revision_after(page, before)
        expect(page.get_by_role("rowheader", name="Lights", exact=True)).to_have_attribute("aria-description", re.compile(r"^read only"))
        page.mouse.move(0, 0)
        settled(page)
        page.screenshot(path=str(IMAGES / "lab-light-from-sound-applied.png"))
        browser.close()
