"""The side column's Fixtures and Outputs panels tile with the others, in a real Chromium against the real
`imager serve --dmx artnet:127.0.0.1:PORT` with a patch of three fixtures (a par, a wash, a strip) and "Two
projectors" made in the Outputs panel: at 1024×768 and 1920×1080 — the Fixtures panel alone in the side column, the
Outputs panel alone, and every panel at once — the centre of every control is that control (test_console_tiling's
check), each panel's last control too once scrolled to ("Delete Strip", "Blend gamma"), and the page never scrolls
sideways. One server and one browser a size, so the chord thumbnails (the slow part: a debug build draws them in
seconds) are waited for once, when every panel shows. The web files are the working copy's (IMAGER_WEB_ROOT).
Screenshots go to Tests/python/artifacts/fixtures-*.png and outputs-console-*.png."""
import os

import pytest
from playwright.sync_api import expect, sync_playwright

from console_page import ALL_EDGE_CONTROLS, EVERYTHING, ConsolePage
from live import api
from test_console import CHROMIUM, DESKTOP, TABLET
from test_console_fixtures import WITH_FIXTURES, fixtures_server
from test_console_outputs import WITH_OUTPUTS, make_two_projectors
from test_console_tiling import CONTROLS_HIT

SIZES = {"1024x768": TABLET, "1920x1080": DESKTOP}
PATCH = [
    {"name": "Par 1", "universe": 1, "address": 1, "kind": "rgb", "point": {"x": 0.2, "y": 0.3}},
    {"name": "Wash", "universe": 1, "address": 4, "kind": "rgbw",
     "area": {"x": 0.55, "y": 0.1, "width": 0.3, "height": 0.35}},
    {"name": "Strip", "universe": 2, "address": 1, "kind": "rgb",
     "strip": {"from": {"x": 0.1, "y": 0.85}, "to": {"x": 0.9, "y": 0.7}, "pixels": 60}},
]

pytestmark = pytest.mark.skipif(not os.path.exists(CHROMIUM), reason=f"no Chromium at {CHROMIUM} (make test installs it)")


def fixtures_hit(console, layout, size):
    """Where every control is with the Fixtures panel shown (CONTROLS_HIT), and again with its last control scrolled
    to; a screenshot between, `fixtures-LAYOUT-SIZE.png`."""
    page = console.page
    panel = page.get_by_role("region", name="Fixtures", exact=True)
    expect(panel.get_by_role("list", name="Fixtures patch", exact=True).get_by_role("listitem")).to_have_count(3)
    controls = page.evaluate(CONTROLS_HIT)
    fixtures = [c for c in controls if c["control"].endswith("in fixtures")]
    assert len(fixtures) >= 5, (layout, fixtures)
    console.shoot(f"{layout}-{size}", prefix="fixtures")
    # A panel given less than its controls need scrolls inside itself: its last control, scrolled to.
    panel.get_by_role("button", name="Delete Strip", exact=True).scroll_into_view_if_needed()
    scrolled = page.evaluate(CONTROLS_HIT)
    assert any(c["control"] == 'button.list-button "Delete Strip" in fixtures' for c in scrolled), (layout, scrolled)
    return controls + scrolled


def outputs_hit(console, layout, size):
    """Where every control is with the Outputs panel shown, scrolled to its top (CONTROLS_HIT), and again with its
    last control scrolled to; a screenshot between, `outputs-console-LAYOUT-SIZE.png`."""
    page = console.page
    panel = page.get_by_role("region", name="Outputs", exact=True)
    expect(panel.get_by_role("list", name="Outputs", exact=True).get_by_role("listitem")).to_have_count(3)
    panel.get_by_role("button", name="Two projectors", exact=True).scroll_into_view_if_needed()
    controls = page.evaluate(CONTROLS_HIT)
    mine = [c for c in controls if c["control"].endswith("in outputs")]
    assert len(mine) >= 5, (layout, mine)
    console.shoot(f"{layout}-{size}", prefix="outputs-console")
    # A panel given less than its controls need scrolls inside itself: its last control, scrolled to.
    panel.get_by_role("slider", name="Blend gamma", exact=True).scroll_into_view_if_needed()
    scrolled = page.evaluate(CONTROLS_HIT)
    assert any(c["control"].endswith('"Blend gamma" in outputs') and c["ok"] for c in scrolled), (layout, scrolled)
    return controls + scrolled


def misplaced(layout, controls):
    return [f"{layout}: {c['control']} at ({c['x']}, {c['y']}) is under {c['hit']}" for c in controls if not c["ok"]]


@pytest.mark.parametrize("size", SIZES)
def test_the_fixtures_and_outputs_panels_tile_with_the_others(imager, tmp_path, artnet, size):
    with fixtures_server(imager, tmp_path, artnet) as server, sync_playwright() as playwright:
        status, answer = api(server, "PUT", "/api/fixtures", {"fixtures": PATCH})
        assert status == 200, answer
        console = ConsolePage(playwright, server.port, ALL_EDGE_CONTROLS, "side-panels", SIZES[size])
        page = console.page
        try:
            console.show(WITH_OUTPUTS)
            make_two_projectors(page, page.get_by_role("region", name="Outputs", exact=True), server)
            failures = misplaced("outputs", outputs_hit(console, "outputs", size))
            console.show(WITH_FIXTURES)
            failures += misplaced("fixtures", fixtures_hit(console, "fixtures", size))
            # Every panel: the one layout with the chordset list, so its thumbnails are waited for once. The
            # Outputs panel, hidden meanwhile, comes back into another size: its handles are drawn for that one.
            console.show(EVERYTHING)
            console.list_drawn()
            failures += misplaced("everything", fixtures_hit(console, "everything", size))
            failures += misplaced("everything", outputs_hit(console, "everything", size))
            assert failures == [], "\n".join(failures)
            assert page.evaluate("document.documentElement.scrollWidth <= innerWidth")
            assert console.errors == []
        finally:
            console.close()
