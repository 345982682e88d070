"""The console's Fixtures panel in a real Chromium against the real `imager serve --dmx artnet:127.0.0.1:PORT` (a UDP
socket of the test's own listening there), played as a performer plays it — controls found by their accessible
names, results read back from the server's `GET /api/fixtures`: the panel from its edge control, with where DMX goes
and its rate; an rgb par and a 60-pixel strip added through the form, in the list and in the patch; a clashing
fixture refused with the server's reason in the form, which keeps what was typed, and nothing changed; Blackout by
its button and by its key (B); the master; White, Identify for the selected fixture, and Off; the par dragged on the
stage's picture (its point moves) and moved by the arrow keys; an edit and a delete. How the panel tiles with the
others is test_console_side_panels's. The web files are the working copy's (IMAGER_WEB_ROOT). Screenshots go to
Tests/python/artifacts/fixtures-*.png."""
import json
import os

import pytest
from playwright.sync_api import expect, sync_playwright

from console_page import ALL_EDGE_CONTROLS, NO_SIDE_PANEL, ConsolePage
from live import api, serving
from test_console import CHROMIUM
from test_console_panels import WEB_ROOT

WITH_FIXTURES = {**NO_SIDE_PANEL, "fixtures": True}
# The server's answers come within milliseconds; a debug build busy drawing thumbnails can take seconds.
PATCH_SECONDS = 20
CLASH = "fixture “Clash” overlaps “Par 1” at channel 2 of universe 1"

pytestmark = pytest.mark.skipif(not os.path.exists(CHROMIUM), reason=f"no Chromium at {CHROMIUM} (make test installs it)")


def fixtures_server(imager, tmp_path, artnet_port):
    return serving(imager, tmp_path / "library.sqlite", "--audio", "none", "--dmx", f"artnet:127.0.0.1:{artnet_port}",
                   env={"IMAGER_WEB_ROOT": str(WEB_ROOT)})


def patch_of(server):
    status, answer = api(server, "GET", "/api/fixtures")
    assert status == 200, (status, answer)
    return answer


def answered(page, method):
    """Waits (within PATCH_SECONDS) for the answer to the fixtures request of `method` the block's action makes."""
    return page.expect_response(
        lambda response: "/api/fixtures" in response.url and response.request.method == method, timeout=PATCH_SECONDS * 1000)


def holds(server, predicate, what):
    """The server's patch, which must satisfy `predicate` (it was asked and answered before)."""
    patch = patch_of(server)
    assert predicate(patch), f"the server does not have {what}: {json.dumps(patch)}"
    return patch


def named(patch, name):
    return next((fixture for fixture in patch["fixtures"] if fixture["name"] == name), None)


def fill_form(panel, fields):
    """Types `fields` (label → value; a select's value for Kind and Place) into the panel's form."""
    form = panel.get_by_role("form")
    for label, value in fields.items():
        if label in ("Kind", "Place"):
            form.get_by_role("combobox", name=label, exact=True).select_option(value)
        elif label == "Fixture name":
            form.get_by_role("textbox", name=label, exact=True).fill(value)
        else:
            form.get_by_role("spinbutton", name=label, exact=True).fill(value)
    return form


def add_fixture(panel, fields):
    panel.get_by_role("button", name="Add fixture", exact=True).click()
    form = fill_form(panel, fields)
    form.get_by_role("button", name="Save fixture", exact=True).click()
    return form


def patch_a_par_and_a_strip(console, panel, patch_list, server):
    """An rgb par and a 60-pixel strip through the form: in the list, and in the patch."""
    form = add_fixture(panel, {"Fixture name": "Par 1", "Kind": "rgb", "Universe": "1", "Address": "1",
                               "Place": "point", "X": "0.25", "Y": "0.5"})
    expect(form).to_be_hidden()
    add_fixture(panel, {"Fixture name": "Strip", "Kind": "rgb", "Universe": "1", "Address": "4", "Place": "strip",
                        "From X": "0.1", "From Y": "0.9", "To X": "0.9", "To Y": "0.9", "Pixels": "60"})
    expect(form).to_be_hidden()
    expect(patch_list.get_by_role("listitem")).to_have_count(2)
    par_item = patch_list.get_by_role("listitem").filter(has_text="Par 1")
    expect(par_item).to_contain_text("rgb")
    expect(par_item).to_contain_text("1.1")
    expect(par_item).to_contain_text("point 0.25, 0.50")
    expect(patch_list.get_by_role("listitem").filter(has_text="Strip")).to_contain_text("strip of 60, 0.10, 0.90 → 0.90, 0.90")
    patch = patch_of(server)
    assert [f["name"] for f in patch["fixtures"]] == ["Par 1", "Strip"], patch
    assert named(patch, "Par 1") == {"name": "Par 1", "universe": 1, "address": 1, "kind": "rgb",
                                          "point": {"x": 0.25, "y": 0.5}, "gamma": 2.2, "level": 1}, patch
    assert named(patch, "Strip")["strip"] == {"from": {"x": 0.1, "y": 0.9}, "to": {"x": 0.9, "y": 0.9}, "pixels": 60}, patch
    assert named(patch, "Strip")["address"] == 4 and patch["universes"] == [1], patch
    expect(panel.get_by_role("button", name="Par 1 on the stage", exact=True)).to_be_visible()
    expect(panel.get_by_role("button", name="Strip on the stage", exact=True)).to_be_visible()
    console.shoot("patch")
    return patch


def refuse_a_clash(console, panel, patch_list, server, patch):
    """A clashing fixture: the server's reason in the form, what was typed kept, nothing changed."""
    form = add_fixture(panel, {"Fixture name": "Clash", "Address": "2", "Place": "point", "X": "0.5", "Y": "0.5"})
    expect(form.get_by_role("alert")).to_have_text(f"Not saved: {CLASH}")
    expect(form.get_by_role("textbox", name="Fixture name", exact=True)).to_have_value("Clash")
    expect(form.get_by_role("spinbutton", name="Address", exact=True)).to_have_value("2")
    assert patch_of(server)["fixtures"] == patch["fixtures"]
    expect(patch_list.get_by_role("listitem")).to_have_count(2)
    console.shoot("refused")
    form.get_by_role("button", name="Cancel", exact=True).click()
    expect(form).to_be_hidden()


def black_out_and_dim(console, page, panel, server):
    """Blackout, by its button and by its key; the master."""
    blackout = panel.get_by_role("button", name="Blackout", exact=True)
    expect(blackout).to_have_attribute("aria-pressed", "false")
    with answered(page, "PATCH"):
        blackout.click()
    expect(blackout).to_have_attribute("aria-pressed", "true")
    holds(server, lambda p: p["blackout"] is True, "the blackout on")
    console.shoot("blackout")
    page.evaluate("document.activeElement.blur()")
    with answered(page, "PATCH"):
        page.keyboard.press("b")
    expect(blackout).to_have_attribute("aria-pressed", "false")
    holds(server, lambda p: p["blackout"] is False, "the blackout off by its key")
    with answered(page, "PATCH"):
        panel.get_by_role("slider", name="Fixtures master", exact=True).fill("0.5")
    holds(server, lambda p: abs(p["master"] - 0.5) < 1e-9, "the master at 0.5")


def check_the_rig(console, page, panel, patch_list, server):
    """The tests: White on every fixture, Identify on the selected one, then Off."""
    with answered(page, "POST"):
        panel.get_by_role("button", name="White", exact=True).click()
    holds(server, lambda p: p.get("test") == {"mode": "white"}, "the white test on every fixture")
    expect(panel.get_by_role("button", name="White", exact=True)).to_have_attribute("aria-pressed", "true")
    expect(panel.get_by_text("Testing: White, every fixture.", exact=True)).to_be_visible()
    with answered(page, "POST"):
        panel.get_by_role("button", name="Off", exact=True).click()
    holds(server, lambda p: "test" not in p, "no test")
    patch_list.get_by_role("button", name="Par 1", exact=True).click()
    with answered(page, "POST"):
        panel.get_by_role("button", name="Identify", exact=True).click()
    holds(server, lambda p: p.get("test") == {"mode": "identify", "fixture": "Par 1"}, "Par 1 identified")
    console.shoot("identify")
    with answered(page, "POST"):
        panel.get_by_role("button", name="Off", exact=True).click()
    holds(server, lambda p: "test" not in p, "no test after identifying")


def drag_the_par(console, page, panel, server, patch):
    """The par dragged on the stage's picture: its point moves by the drag's share of the picture."""
    picture = panel.get_by_role("group", name="Stage", exact=True).bounding_box()
    par = panel.get_by_role("button", name="Par 1 on the stage", exact=True)
    start = (picture["x"] + 0.25 * picture["width"], picture["y"] + 0.5 * picture["height"])
    page.mouse.move(*start)
    page.mouse.down()
    page.mouse.move(start[0] + 0.2 * picture["width"], start[1] - 0.25 * picture["height"], steps=8)
    with answered(page, "PUT"):
        page.mouse.up()
    dragged = holds(server, lambda p: named(p, "Par 1")["point"]["x"] > 0.4, "Par 1 dragged right")
    point = named(dragged, "Par 1")["point"]
    assert abs(point["x"] - 0.45) < 0.01 and abs(point["y"] - 0.25) < 0.01, point
    assert named(dragged, "Strip") == named(patch, "Strip")
    expect(par).to_be_focused()
    console.shoot("dragged")

    # The arrow keys move the focused fixture a step (0.01) at a time.
    for key in ("ArrowRight", "ArrowRight", "ArrowRight", "Shift+ArrowDown"):
        with answered(page, "PUT"):
            page.keyboard.press(key)
    holds(server, lambda p: abs(named(p, "Par 1")["point"]["x"] - (point["x"] + 0.03)) < 1e-6
               and abs(named(p, "Par 1")["point"]["y"] - (point["y"] + 0.05)) < 1e-6, "Par 1 moved by the keys")


def edit_and_delete(page, panel, patch_list, server):
    """An edit and a delete, the whole patch each time."""
    patch_list.get_by_role("button", name="Edit Strip", exact=True).click()
    form = fill_form(panel, {"Fixture name": "Strip A", "Pixels": "30", "Level": "0.8"})
    with answered(page, "PUT"):
        form.get_by_role("button", name="Save fixture", exact=True).click()
    expect(form).to_be_hidden()
    edited = holds(server, lambda p: named(p, "Strip A") is not None, "the strip renamed")
    assert named(edited, "Strip A")["strip"]["pixels"] == 30 and named(edited, "Strip A")["level"] == 0.8, edited
    assert [f["name"] for f in edited["fixtures"]] == ["Par 1", "Strip A"], edited
    with answered(page, "PUT"):
        patch_list.get_by_role("button", name="Delete Strip A", exact=True).click()
    holds(server, lambda p: [f["name"] for f in p["fixtures"]] == ["Par 1"], "the strip deleted")
    expect(patch_list.get_by_role("listitem")).to_have_count(1)


def test_the_fixtures_panel_patches_and_plays_the_rig(imager, tmp_path, artnet):
    with fixtures_server(imager, tmp_path, artnet) as server, sync_playwright() as playwright:
        console = ConsolePage(playwright, server.port, ALL_EDGE_CONTROLS, "fixtures")
        page = console.page
        try:
            # 1. The panel from its edge control: where DMX goes and how often, an empty patch.
            expect(page.get_by_role("region", name="Fixtures panel", exact=True)).to_be_hidden()
            console.show(WITH_FIXTURES)
            panel = page.get_by_role("region", name="Fixtures", exact=True)
            expect(panel).to_be_visible()
            expect(panel.get_by_text(f"Sent to artnet:127.0.0.1:{artnet} at 40 frames a second.", exact=True)).to_be_visible()
            patch_list = panel.get_by_role("list", name="Fixtures patch", exact=True)
            expect(patch_list.get_by_role("listitem")).to_have_count(0)
            patch = patch_a_par_and_a_strip(console, panel, patch_list, server)
            refuse_a_clash(console, panel, patch_list, server, patch)
            black_out_and_dim(console, page, panel, server)
            check_the_rig(console, page, panel, patch_list, server)
            drag_the_par(console, page, panel, server, patch)
            edit_and_delete(page, panel, patch_list, server)
            assert console.errors == []
        finally:
            console.close()
