"""The console's chordsets in a real Chromium against the real `imager serve` (test_console.py's pages and
helpers): the chordset panel stepping through the library; the chordset list's add, rename, reorder (chordsets
and chords, by drag and by key), duplicate, delete and undo; export and import, and a bad file refused plainly.
Screenshots go to Tests/python/artifacts/ (not kept in git)."""
import asyncio
import json

from playwright.async_api import async_playwright, expect

from live import serving
from test_console import Browser, chordset_list, engine, library, pytestmark, shoot, state, thumbnails_drawn  # noqa: F401


def test_the_chordset_panel_steps_through_the_library(imager, tmp_path):
    with serving(imager, tmp_path / "library.sqlite") as server:
        async def run():
            async with async_playwright() as playwright, Browser(playwright, server.port) as browser:
                page = await browser.console()
                chordsets = chordset_list(server.port)["chordsets"]
                assert len(chordsets) >= 2
                first_id = state(server.port)["chordset"]["id"].lower()
                place = next(i for i, c in enumerate(chordsets) if c["id"].lower() == first_id)
                following = chordsets[(place + 1) % len(chordsets)]
                title = page.get_by_role("status").filter(has_text=chordsets[place]["title"])
                await expect(title).to_be_visible()

                await page.get_by_role("button", name="Next chordset", exact=True).click()
                await engine(page, f"s.chordset.id.toLowerCase() === {json.dumps(following['id'].lower())}")
                await expect(page.get_by_role("status").filter(has_text=following["title"])).to_be_visible()
                await page.get_by_role("button", name="Previous chordset", exact=True).click()
                await engine(page, f"s.chordset.id.toLowerCase() === {json.dumps(first_id)}")
                assert state(server.port)["chordset"]["id"].lower() == first_id
                assert browser.errors == []

        asyncio.run(run())


async def reorder_chordsets(page, chordsets, item, port, count):
    """Reorder by keys, then by dragging its number to the top of the list."""
    await item("Dusk").get_by_role("button", name="Move up", exact=True).click()
    await library(page, f"list[{count - 1}].title === 'Dusk'")
    await expect(item("Dusk").get_by_role("button", name="Move up", exact=True)).to_be_focused()
    grip = item("Dusk").locator(".item-grip")
    await grip.scroll_into_view_if_needed()
    top = await chordsets.get_by_role("listitem").first.bounding_box()
    start = await grip.bounding_box()
    await page.mouse.move(start["x"] + start["width"] / 2, start["y"] + start["height"] / 2)
    await page.mouse.down()
    await page.mouse.move(start["x"] + start["width"] / 2, top["y"] + 4, steps=12)
    await page.mouse.up()
    await library(page, "list[0].title === 'Dusk'")
    assert chordset_list(port)["chordsets"][0]["title"] == "Dusk"


async def reorder_chords(page, item, port):
    """Chords reordered within a chordset (a factory one, whose chords differ): by a drag, then by Alt+Right."""
    second = chordset_list(port)["chordsets"][1]
    colors = [chord["color"] for chord in second["chords"]]
    row = item(second["title"])
    one = row.get_by_role("img", name=f"Chord 1 of {second['title']}", exact=True)
    three = await row.get_by_role("img", name=f"Chord 3 of {second['title']}", exact=True).bounding_box()
    start = await one.bounding_box()
    await page.mouse.move(start["x"] + start["width"] / 2, start["y"] + start["height"] / 2)
    await page.mouse.down()
    await page.mouse.move(three["x"] + three["width"] / 2, three["y"] + three["height"] / 2, steps=10)
    await page.mouse.up()
    moved = colors[1:3] + colors[:1] + colors[3:]
    await library(page, f"JSON.stringify(list[1].chords.map((c) => c.color)) === {json.dumps(json.dumps(moved, separators=(',', ':')))}")
    await row.get_by_role("img", name=f"Chord 1 of {second['title']}", exact=True).focus()
    await page.keyboard.press("Alt+ArrowRight")
    moved = moved[1:2] + moved[:1] + moved[2:]
    await library(page, f"JSON.stringify(list[1].chords.map((c) => c.color)) === {json.dumps(json.dumps(moved, separators=(',', ':')))}")
    assert [chord["color"] for chord in chordset_list(port)["chordsets"][1]["chords"]] == moved


def test_the_chordset_list_adds_renames_reorders_duplicates_deletes_and_undoes(imager, tmp_path):
    with serving(imager, tmp_path / "library.sqlite") as server:
        async def run():
            async with async_playwright() as playwright, Browser(playwright, server.port) as browser:
                page = await browser.console()
                await page.get_by_role("button", name="Chordset list", exact=True).click()
                chordsets = page.get_by_role("list", name="Chordsets", exact=True)
                await expect(chordsets).to_be_visible()
                await thumbnails_drawn(page)
                count = len(chordset_list(server.port)["chordsets"])

                def item(title):
                    return chordsets.get_by_role("listitem").filter(has=page.get_by_role("button", name=f"Play {title}", exact=True))

                # Add: a new chordset at the end, its title open for editing.
                await page.get_by_role("button", name="Add chordset", exact=True).click()
                editor = page.get_by_role("textbox", name=f"Title of chordset {count + 1}", exact=True)
                await expect(editor).to_be_focused()
                await editor.fill("Morning")
                await editor.press("Enter")
                await library(page, f"list.length === {count + 1} && list[{count}].title === 'Morning'")

                # Rename: Escape cancels, Enter keeps.
                await item("Morning").get_by_role("button", name="Rename", exact=True).click()
                await editor.fill("Evening")
                await editor.press("Escape")
                await expect(item("Morning")).to_be_visible()
                await item("Morning").get_by_role("button", name="Rename", exact=True).click()
                await editor.fill("Dusk")
                await editor.press("Enter")
                await library(page, f"list[{count}].title === 'Dusk'")
                assert chordset_list(server.port)["chordsets"][count]["title"] == "Dusk"

                await reorder_chordsets(page, chordsets, item, server.port, count)
                await reorder_chords(page, item, server.port)

                # Duplicate, delete, undo.
                await item("Dusk").get_by_role("button", name="Duplicate", exact=True).click()
                await library(page, "list.some((c) => c.title === 'Dusk (2)')")
                await item("Dusk (2)").get_by_role("button", name="Delete", exact=True).click()
                await library(page, "!list.some((c) => c.title === 'Dusk (2)')")
                undo = page.get_by_role("status").filter(has_text="Deleted “Dusk (2)”")
                await expect(undo).to_be_visible()
                await shoot(page, "console-chordset-list-undo")
                await undo.get_by_role("button", name="Undo", exact=True).click()
                await library(page, f"list.length === {count + 2} && list[{count + 1}].title === 'Dusk (2)'")
                await expect(undo).to_be_hidden()
                assert [c["title"] for c in chordset_list(server.port)["chordsets"]][-1] == "Dusk (2)"

                # Tapping a title plays that chordset.
                await item("Dusk").get_by_role("button", name="Play Dusk", exact=True).click()
                dusk = chordset_list(server.port)["chordsets"][0]["id"].lower()
                await engine(page, f"s.chordset.id.toLowerCase() === {json.dumps(dusk)}")
                assert browser.errors == []

        asyncio.run(run())


def test_a_chordset_exported_and_imported_comes_back_and_a_bad_file_is_refused_plainly(imager, tmp_path):
    with serving(imager, tmp_path / "library.sqlite") as server:
        async def run():
            async with async_playwright() as playwright, Browser(playwright, server.port) as browser:
                page = await browser.console()
                await page.get_by_role("button", name="Chordset list", exact=True).click()
                chordsets = page.get_by_role("list", name="Chordsets", exact=True)
                await thumbnails_drawn(page)
                before = chordset_list(server.port)["chordsets"]
                first = chordsets.get_by_role("listitem").first

                async with page.expect_download() as downloaded:
                    await first.get_by_role("link", name="Export", exact=True).click()
                exported = tmp_path / "exported.json"
                await (await downloaded.value).save_as(exported)
                assert json.loads(exported.read_text())

                async with page.expect_file_chooser() as chooser:
                    await page.get_by_role("button", name="Import", exact=True).click()
                await (await chooser.value).set_files(str(exported))
                await library(page, f"list.length === {len(before) + 1}")
                imported = chordset_list(server.port)["chordsets"][-1]
                assert [c["color"] for c in imported["chords"]] == [c["color"] for c in before[0]["chords"]]
                await expect(page.get_by_role("status").filter(has_text="Imported 1 chordset")).to_be_visible()

                bad = tmp_path / "not-a-chordset.json"
                bad.write_text('{"hello": "world"}')
                async with page.expect_file_chooser() as chooser:
                    await page.get_by_role("button", name="Import", exact=True).click()
                await (await chooser.value).set_files(str(bad))
                refusal = page.get_by_role("alert").filter(has_text="“not-a-chordset.json” was not imported:")
                await expect(refusal).to_be_visible()
                text = await refusal.inner_text()
                assert "\n" not in text.strip(), f"one line, never a trace: {text!r}"
                await shoot(page, "console-import-refused")
                assert len(chordset_list(server.port)["chordsets"]) == len(before) + 1
                assert browser.errors == []

        asyncio.run(run())
