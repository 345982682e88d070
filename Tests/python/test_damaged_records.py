"""A library with damaged records, in a real Chromium against the real `imager serve`: the console's chordset
list and the composition lab show each damaged record with why ("Damaged records"), and mend it by a new name
or delete it; everything else plays meanwhile. `imager library check` lists and mends the same records.
Screenshots go to Tests/python/artifacts/."""
import asyncio
import json
import sqlite3
import subprocess

from playwright.async_api import async_playwright, expect

from live import request, serving
from test_compose_lab import LAB_READY, Lab
from test_console import Browser, pytestmark, shoot  # noqa: F401 (pytestmark skips without Chromium)


def damaged_library(imager, path):
    """A library made by `imager`, then damaged behind its back: a chordset's title and a voice's name broken."""
    subprocess.run([imager, "chordsets", "list", "--library", str(path)], check=True, capture_output=True)
    with sqlite3.connect(path) as db:
        db.execute("UPDATE chordset SET title = char(1) || title WHERE title = 'Prism'")
        db.execute("UPDATE musicVoice SET name = '' WHERE name = 'Pulse'")
    return path


def api(port, path):
    status, _, answer = request(port, path)
    assert status == 200
    return json.loads(answer)


def check(imager, path, *arguments):
    return subprocess.run([imager, "library", "check", "--library", str(path), *arguments], capture_output=True, text=True)


def test_the_console_and_the_lab_show_damaged_records_and_mend_them(imager, tmp_path):
    path = damaged_library(imager, tmp_path / "library.sqlite")
    with serving(imager, path) as server:
        listing = api(server.port, "/api/chordsets")
        assert [c["title"] for c in listing["chordsets"]] == ["Lumia", "Cole's Contrasts", "Pulse Garden"]
        assert [(d["kind"], d["name"], d["renamable"]) for d in listing["damaged"]] == [("chordset", "\\u{1}Prism", True)]
        music = api(server.port, "/api/music")
        assert any(d["kind"] == "voice" and d["name"] == "" for d in music["damaged"])

        async def run():
            async with async_playwright() as playwright, Browser(playwright, server.port) as browser:
                page = await browser.console()
                await page.get_by_role("button", name="Chordset list", exact=True).click()
                damaged = page.get_by_role("region", name="Damaged records", exact=True)
                await expect(damaged).to_be_visible()
                await expect(damaged).to_contain_text("Prism")
                await shoot(page, "console-damaged-records")
                await damaged.get_by_role("button", name="Rename", exact=True).click()
                await damaged.get_by_role("textbox", name="New name", exact=True).fill("\u0000")
                await damaged.get_by_role("button", name="Save name", exact=True).click()
                await expect(damaged.get_by_role("alert")).to_contain_text("NUL")
                await damaged.get_by_role("textbox", name="New name", exact=True).fill("Prism mended")
                await damaged.get_by_role("button", name="Save name", exact=True).click()
                await expect(damaged).to_be_hidden()
                await expect(page.get_by_role("button", name="Play Prism mended", exact=True)).to_be_visible()

            async with async_playwright() as playwright, Lab(playwright, server.port) as lab:
                page = await lab.open()
                damaged = page.get_by_role("region", name="Damaged records", exact=True)
                await expect(damaged).to_be_visible()
                await shoot(page, "lab-damaged-records")
                await damaged.get_by_role("button", name="Rename", exact=True).first.click()
                await damaged.get_by_role("textbox", name="New name", exact=True).fill("Pulse")
                await damaged.get_by_role("textbox", name="New name", exact=True).press("Enter")
                await expect(damaged).to_be_hidden()
                await expect(page.get_by_role("tree", name="Voices", exact=True).get_by_text("Pulse", exact=True).first).to_be_visible()
            assert not lab.errors

        asyncio.run(run())
        assert api(server.port, "/api/library/damaged")["damaged"] == []
    assert check(imager, path).stdout == ""


def test_imager_library_check_lists_and_mends(imager, tmp_path):
    path = damaged_library(imager, tmp_path / "library.sqlite")
    listed = check(imager, path)
    assert listed.returncode == 0
    lines = listed.stdout.splitlines()
    assert any(line.startswith("chordset:") and "\\u{1}Prism" in line and "control character" in line for line in lines)
    voice = next(line.split("\t")[0] for line in lines if line.startswith("voice:"))
    refused = check(imager, path, "--rename", voice, "--to", "\x01")
    assert refused.returncode == 2 and "control character" in refused.stderr and refused.stderr.count("\n") == 1
    assert check(imager, path, "--rename", voice, "--to", "Pulse").returncode == 0
    chordset = next(line.split("\t")[0] for line in lines if line.startswith("chordset:"))
    assert check(imager, path, "--delete", chordset).stdout == ""
    titles = subprocess.run([imager, "chordsets", "list", "--library", str(path)], capture_output=True, text=True, check=True).stdout
    assert "Prism" not in titles and "Lumia" in titles
    assert check(imager, path, "--delete", "part:999").returncode == 2


def test_unreadable_preferences_are_said_with_why_once_and_left_as_they_are(imager, tmp_path):
    path = tmp_path / "library.sqlite"
    subprocess.run([imager, "chordsets", "list", "--library", str(path)], check=True, capture_output=True)
    with sqlite3.connect(path) as db:
        db.execute("INSERT OR REPLACE INTO preference (key, value) VALUES ('tempo', '\"fast\"')")
        db.execute("INSERT OR REPLACE INTO preference (key, value) VALUES ('controls', '{\"broken\": ')")
    with serving(imager, path) as server:
        assert any("tempo" in line and "warning" in line for line in server.lines)
        assert any("controls" in line and "warning" in line for line in server.lines)
        preferences = api(server.port, "/api/preferences")
        assert preferences["tempo"] == 120  # the default, meanwhile
        assert [problem.split(" kept in")[0] for problem in preferences["problems"]] == \
            ["the preference tempo", "the preference controls"]

        async def run():
            async with async_playwright() as playwright, Browser(playwright, server.port) as browser:
                page = await browser.console()
                message = page.locator("#message")
                await expect(message).to_be_visible()
                await expect(message).to_contain_text("the preference tempo kept in the library cannot be read")
                await expect(message).to_contain_text("the preference controls")
                await message.get_by_role("button", name="Dismiss the message", exact=True).click()
                # Told once: the library's next change does not say it again.
                await page.get_by_role("button", name="Chordset list", exact=True).click()
                await page.wait_for_function("window.imagerConsole.store.preferences.panels.chordsetList === true")
                await expect(message).to_be_hidden()

        asyncio.run(run())
    with sqlite3.connect(path) as db:  # reading the library changed nothing
        assert db.execute("SELECT value FROM preference WHERE key = 'tempo'").fetchone() == ('"fast"',)


def test_a_composition_whose_chordset_is_damaged_plays_and_says_the_light_it_leaves_out(imager, tmp_path):
    """The demo lights a chord of Prism; with Prism's row damaged it plays on, its sound and Lumia's light, and
    the transport says which light is left out and why (it was left out in silence before)."""
    from test_compose_live import live, transport, until
    path = damaged_library(imager, tmp_path / "library.sqlite")
    with serving(imager, path, "--audio", "none") as server, live(server) as socket:
        until(socket, lambda m: m["type"] == "snapshot")
        socket.send(json.dumps({"type": "transport", "action": "play", "composition": "Demo"}))
        playing = until(socket, lambda m: transport(m, composition="Demo", playing=True))
        prism = "cannot be read"
        assert prism in playing.get("lightProblem", ""), playing
        assert "the light of its chords is left out" in playing["lightProblem"], playing
        assert until(socket, lambda m: m["type"] == "changed" and m.get("liveLumis", 0) > 0)  # Lumia's veil still lights
