"""The console's Outputs panel in a real Chromium against the real `imager serve`, played as a performer plays it —
controls found by their accessible names, results read back from the server's `GET /api/outputs`: the panel from its
edge control with Main alone; "Two projectors" making Left and Right (halves of 57.5 %, 15 % overlapping, blended
across the overlap) on the server; a corner of Left dragged with the mouse, and moved by the arrow keys a pixel of the
picture at a time; a corner dragged where the quadrilateral is no longer convex, refused with the server's reason in
the panel, the output kept as stored and the handle back where it was; Right deleted. How the panel tiles with the
others is test_console_side_panels's. The web files are the working copy's (IMAGER_WEB_ROOT). Every wait is bounded and waits
on the page's own answers (its requests, or the panel's `settled`: nothing dragged, sent or shown unsent). Screenshots
go to Tests/python/artifacts/outputs-console-*.png."""
import json
import os
from urllib.parse import quote

import pytest
from playwright.sync_api import expect, sync_playwright

from console_page import ALL_EDGE_CONTROLS, NO_SIDE_PANEL, ConsolePage
from live import api, serving
from test_console import CHROMIUM
from test_console_panels import WEB_ROOT

WITH_OUTPUTS = {**NO_SIDE_PANEL, "outputs": True}
# The server's answers come within milliseconds; a debug build busy drawing thumbnails can take seconds.
ANSWER_SECONDS = 20
# The panel has nothing dragged, nothing under way and nothing shown that the server has not answered.
PANEL_SETTLED = "() => document.querySelector('ip-outputs-panel')?.settled === true"
FEATHER = 0.15 / 0.575

pytestmark = pytest.mark.skipif(not os.path.exists(CHROMIUM), reason=f"no Chromium at {CHROMIUM} (make test installs it)")


def outputs_server(imager, tmp_path):
    return serving(imager, tmp_path / "library.sqlite", "--audio", "none", env={"IMAGER_WEB_ROOT": str(WEB_ROOT)})


def outputs_of(server):
    status, answer = api(server, "GET", "/api/outputs")
    assert status == 200, (status, answer)
    return answer


def named(answer, name):
    return next((output for output in answer["outputs"] if output["name"] == name), None)


def answered(page, method, name=None):
    """Waits (within ANSWER_SECONDS) for the answer to the outputs request of `method` (for the output `name`) that
    the block's action makes."""
    path = "/api/outputs" if name is None else f"/api/outputs/{quote(name, safe='')}"

    def matches(response):
        url = response.url.split("?")[0]
        return response.request.method == method and (url.endswith(path) if name else "/api/outputs" in url)
    return page.expect_response(matches, timeout=ANSWER_SECONDS * 1000)


def settled(page):
    page.wait_for_function(PANEL_SETTLED, timeout=ANSWER_SECONDS * 1000)


def centre(locator):
    box = locator.bounding_box()
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def close(a, b, tolerance):
    return all(abs(x - y) <= tolerance for x, y in zip(a, b))


def window_of(panel, name):
    """The window's top-left and bottom-right in the page (CSS px): where Corners 1 and 3 of an unwarped output are."""
    top_left = centre(panel.get_by_role("button", name=f"Corner 1 of {name}", exact=True))
    bottom_right = centre(panel.get_by_role("button", name=f"Corner 3 of {name}", exact=True))
    return top_left, bottom_right


def at(window, x, y):
    """The page's point (CSS px) at window units (x, y)."""
    (left, top), (right, bottom) = window
    return left + x * (right - left), top + y * (bottom - top)


def drag(page, start, end, steps):
    page.mouse.move(*start)
    page.mouse.down()
    page.mouse.move(*end, steps=steps)
    page.mouse.up()


def make_two_projectors(page, panel, server):
    """ "Two projectors": Left and Right on the server, each half its slice and blended across the overlap."""
    with answered(page, "PUT", "Right"):
        panel.get_by_role("button", name="Two projectors", exact=True).click()
    settled(page)
    outputs = panel.get_by_role("list", name="Outputs", exact=True)
    expect(outputs.get_by_role("listitem")).to_have_count(3)
    answer = outputs_of(server)
    left, right = named(answer, "Left"), named(answer, "Right")
    assert left and right, answer
    assert left["slice"] == {"x": 0, "y": 0, "width": 0.575, "height": 1}, left
    assert right["slice"] == {"x": 0.425, "y": 0, "width": 0.575, "height": 1}, right
    assert abs(left["blend"]["right"] - FEATHER) < 1e-9 and left["blend"]["left"] == 0, left
    assert abs(right["blend"]["left"] - FEATHER) < 1e-9 and right["blend"]["right"] == 0, right
    assert left["blend"]["gamma"] == 2.2 and right["blend"]["gamma"] == 2.2
    assert left["corners"] == [[0, 0], [1, 0], [1, 1], [0, 1]] and left["grid"] is None
    expect(outputs.get_by_role("button", name="Left", exact=True)).to_have_attribute("aria-pressed", "true")
    link = outputs.get_by_role("link", name="Open canvas for Left", exact=True)
    expect(link).to_have_attribute("href", "/canvas?output=Left")
    expect(link).to_have_attribute("target", "_blank")
    return answer


def test_the_outputs_panel_maps_two_projectors(imager, tmp_path):
    with outputs_server(imager, tmp_path) as server, sync_playwright() as playwright:
        console = ConsolePage(playwright, server.port, ALL_EDGE_CONTROLS, "outputs-console")
        page = console.page
        try:
            # 1. The panel from its edge control: Main alone, neither renamed nor deleted.
            expect(page.get_by_role("region", name="Outputs panel", exact=True)).to_be_hidden()
            console.show(WITH_OUTPUTS)
            panel = page.get_by_role("region", name="Outputs", exact=True)
            expect(panel).to_be_visible()
            outputs = panel.get_by_role("list", name="Outputs", exact=True)
            expect(outputs.get_by_role("listitem")).to_have_count(1)
            expect(outputs.get_by_role("button", name="Main", exact=True)).to_have_attribute("aria-pressed", "true")
            expect(panel.get_by_role("button", name="Rename", exact=True)).to_be_disabled()
            expect(panel.get_by_role("button", name="Delete", exact=True)).to_be_disabled()
            expect(panel.get_by_role("combobox", name="Test pattern", exact=True)).to_be_enabled()

            # 2. "Two projectors": Left and Right on the server; Left shown.
            make_two_projectors(page, panel, server)
            console.shoot("two-projectors")

            # 3. Corner 2 of Left dragged with the mouse to (0.9, 0.1) of the window: the whole output sent, the
            #    last position kept.
            panel.get_by_role("group", name="Output window", exact=True).scroll_into_view_if_needed()
            window = window_of(panel, "Left")
            corner = panel.get_by_role("button", name="Corner 2 of Left", exact=True)
            drag(page, centre(corner), at(window, 0.9, 0.1), steps=8)
            settled(page)
            dragged = named(outputs_of(server), "Left")
            assert close(dragged["corners"][1], [0.9, 0.1], 0.01), dragged
            assert [dragged["corners"][i] for i in (0, 2, 3)] == [[0, 0], [1, 1], [0, 1]], dragged
            assert dragged["slice"]["width"] == 0.575, dragged
            expect(corner).to_be_focused()
            console.shoot("dragged")

            # 4. The arrow keys: a pixel of the picture left, ten down with shift.
            (left, top), (right, bottom) = window
            with answered(page, "PUT", "Left"):
                page.keyboard.press("ArrowLeft")
            with answered(page, "PUT", "Left"):
                page.keyboard.press("Shift+ArrowDown")
            settled(page)
            nudged = named(outputs_of(server), "Left")["corners"][1]
            expected = [dragged["corners"][1][0] - 1 / (right - left), dragged["corners"][1][1] + 10 / (bottom - top)]
            assert close(nudged, expected, 1e-4), (nudged, expected)

            # 5. Corner 1 dragged past the diagonal: the quadrilateral is no longer convex. Refused: the server's
            #    reason said in the panel, Left as stored, the handle back where it was.
            stored = named(outputs_of(server), "Left")
            first = panel.get_by_role("button", name="Corner 1 of Left", exact=True)
            before = centre(first)
            page.mouse.move(*before)
            page.mouse.down()
            with answered(page, "PUT", "Left") as refusal:
                page.mouse.move(*at(window, 0.8, 0.8), steps=1)
            assert refusal.value.status == 400, refusal.value.status
            page.mouse.up()
            settled(page)
            status = panel.get_by_role("status")
            expect(status).to_contain_text("Not changed: ")
            reason = json.loads(refusal.value.text())["error"]
            expect(status).to_contain_text(reason)
            assert named(outputs_of(server), "Left") == stored
            assert close(centre(first), before, 1.5), (centre(first), before)
            console.shoot("refused")

            # 6. Right deleted: Main and Left remain.
            outputs.get_by_role("button", name="Right", exact=True).click()
            with answered(page, "DELETE", "Right"):
                panel.get_by_role("button", name="Delete", exact=True).click()
            expect(outputs.get_by_role("listitem")).to_have_count(2)
            assert sorted(output["name"] for output in outputs_of(server)["outputs"]) == ["Left", "Main"]
            expect(outputs.get_by_role("button", name="Main", exact=True)).to_have_attribute("aria-pressed", "true")
            assert console.errors == []
        finally:
            console.close()
