"""A moving head calibrated in the console's Fixtures panel (issue 46, items 3 and 7), in a real Chromium against the
real `imager serve --dmx artnet:127.0.0.1:PORT` (an Art-Net listener of the test's own there) with QLC+'s
definitions: an American DJ XS 400 found by typing "xs 400" and added in its "18 Channel" mode (pan 540° on channels
1–2, tilt 999° on 3–4, each 16-bit). Selected, it shows "Calibrate XS 400"; opened, the head is aimed by hand at the
middle of its travel, and the arrow keys (with Alt 10°, with Shift 0.1°) and the spinbuttons "Pan" and "Tilt" move it
— the listener hears its pan and tilt within 0.1° of what the panel shows, a held key's run of writes included. The
four corners are set at different pan and tilt (the picture says which are set), Follow is chord 1; a slew the server
refuses is said in its words, then "Save aim" puts the aim in the patch (read back from GET /api/fixtures), and "Stop
aiming" lets the head go (`aiming` gone from the server). Opened again, the focus leaving the region, the window
losing the focus and the panel hidden let it go too. With the region open, no panel lies over another's controls at 1920×1080 and 1024×768. Every
wait is on an event (an answer, a packet, a text), bounded. The web files are the working copy's (IMAGER_WEB_ROOT).
Screenshots go to Tests/python/artifacts/fixture-calibration-*.png."""
import os

import pytest
from playwright.sync_api import expect, sync_playwright

from console_page import ALL_EDGE_CONTROLS, NO_SIDE_PANEL, ConsolePage
from test_console import CHROMIUM
from test_console_fixture_profiles import find_and_pick, profiles_server
from test_console_fixtures import WITH_FIXTURES, answered, holds, named
from test_console_tiling import CONTROLS_HIT, SETTLED
from test_fixtures import ArtNetListener

PAN, TILT = 540, 999
CORNERS = [[100, 200], [200, 200], [200, 300], [100, 300]]

pytestmark = pytest.mark.skipif(not os.path.exists(CHROMIUM), reason=f"no Chromium at {CHROMIUM} (make test installs it)")


def degrees(levels, coarse, travel):
    return (levels[coarse] << 8 | levels[coarse + 1]) / 65535 * travel


def aimed_at(node, pan, tilt, what):
    """Waits for the listener to hear the head at `pan` and `tilt` (within 0.1°) on universe 1."""
    node.until(lambda p: p[0] == 0 and abs(degrees(p[2], 0, PAN) - pan) < 0.1 and abs(degrees(p[2], 2, TILT) - tilt) < 0.1,
               f"{what}: pan {pan}°, tilt {tilt}° on Art-Net")


def add_a_moving_head(page, panel, server):
    """The XS 400 by "xs 400", mode 18 Channel, added at address 1 and selected."""
    panel.get_by_role("button", name="Add fixture", exact=True).click()
    form = panel.get_by_role("form", name="Add a fixture", exact=True)
    find_and_pick(form, "xs 400", "American DJ XS 400", "18 Channel")
    expect(form.get_by_role("textbox", name="Fixture name", exact=True)).to_have_value("XS 400")
    with answered(page, "PUT"):
        form.get_by_role("button", name="Save fixture", exact=True).click()
    expect(form).to_be_hidden()
    head = named(holds(server, lambda p: named(p, "XS 400") is not None, "the XS 400 patched"), "XS 400")
    assert (head["profile"]["panDegrees"], head["profile"]["tiltDegrees"]) == (PAN, TILT), head["profile"]
    panel.get_by_role("list", name="Fixtures patch", exact=True).get_by_role("button", name="XS 400", exact=True).click()


def nudge(page, region, node, server):
    """Opened: aimed at the middle of its travel; the keys and the spinbuttons move it, the listener following."""
    pan, tilt = region.get_by_role("spinbutton", name="Pan", exact=True), region.get_by_role("spinbutton", name="Tilt", exact=True)
    expect(pan).to_have_value("270")
    expect(tilt).to_have_value("499.5")
    aimed_at(node, 270, 499.5, "the head in the middle of its travel")
    assert holds(server, lambda p: "aiming" in p, "the head aimed by hand")["aiming"] == {"fixture": "XS 400", "pan": 270, "tilt": 499.5}
    for key in ["ArrowRight", "Alt+ArrowRight", "Alt+ArrowRight", "Shift+ArrowUp", "Shift+ArrowUp", "ArrowDown"]:
        page.keyboard.press(key)
    expect(pan).to_have_value("291")
    expect(tilt).to_have_value("498.7")
    aimed_at(node, 291, 498.7, "the head nudged by the keys")
    # A held key: its repeats' writes coalesced, the last one arriving.
    for _ in range(25):
        page.keyboard.press("Shift+ArrowLeft")
    expect(pan).to_have_value("288.5")
    aimed_at(node, 288.5, 498.7, "the head where a held key left it")
    # Typed in the spinbuttons, and Up in "Tilt" turning the tilt.
    pan.fill("100")
    pan.press("Enter")
    tilt.fill("199")
    tilt.press("Enter")
    tilt.press("ArrowUp")
    expect(tilt).to_have_value("200")
    aimed_at(node, 100, 200, "the head where the numbers typed say")


def set_corners(page, region, node):
    """The four corners, at different pan and tilt, by the keys and the spinbuttons; the picture says which are set."""
    corners = region.get_by_role("group", name="Corners", exact=True)
    picture = region.get_by_role("img")
    expect(picture).to_have_accessible_name("No corner set yet. Not set: top-left, top-right, bottom-right, bottom-left. Next: top-left.")
    corners.get_by_role("button", name="Set corner top-left", exact=True).click()
    for _ in range(10):
        page.keyboard.press("Alt+ArrowRight")  # the focus on the corner's button: the keys still turn the head
    corners.get_by_role("button", name="Set corner top-right", exact=True).click()
    for _ in range(10):
        page.keyboard.press("Alt+ArrowUp")
    aimed_at(node, 200, 300, "the head at the bottom-right corner")
    corners.get_by_role("button", name="Set corner bottom-right", exact=True).click()
    pan = region.get_by_role("spinbutton", name="Pan", exact=True)
    pan.fill("100")
    pan.press("Enter")
    corners.get_by_role("button", name="Set corner bottom-left", exact=True).click()
    expect(picture).to_have_accessible_name("Corners set: top-left (100.0°, 200.0°), top-right (200.0°, 200.0°), "
                                            "bottom-right (200.0°, 300.0°), bottom-left (100.0°, 300.0°). Next: top-left.")


def save_the_aim(console, page, region, server):
    """Follow chord 1; a slew of 0 refused in the server's words, nothing changed; then saved at 90° a second."""
    region.get_by_role("combobox", name="Follow", exact=True).select_option("chord")
    region.get_by_role("combobox", name="Chord", exact=True).select_option("1")
    slew = region.get_by_role("spinbutton", name="Slew (° a second)", exact=True)
    save = region.get_by_role("button", name="Save aim", exact=True)
    slew.fill("0")
    with answered(page, "PUT"):
        save.click()
    expect(region.get_by_role("status").first).to_have_text(
        "Not saved: fixture “XS 400”: a slew is 1 to 3600 degrees a second; 0.0 is not")
    holds(server, lambda p: "aim" not in named(p, "XS 400"), "no aim after a refusal")
    slew.fill("90")
    with answered(page, "PUT"):
        save.click()
    expect(region.get_by_role("status").first).to_have_text("Aim saved: “XS 400” follows it once let go.")
    aim = named(holds(server, lambda p: "aim" in named(p, "XS 400"), "the aim saved"), "XS 400")["aim"]
    assert aim == {"calibration": CORNERS, "follow": {"chord": 1}, "slew": 90}, aim
    console.shoot("saved")


def no_control_covered(console, page, region):
    """With the region open, at 1920×1080 and 1024×768, its first and last controls scrolled to in turn: every control's
    centre is that control, and the page never scrolls sideways."""
    for width, height in [(1920, 1080), (1024, 768)]:
        page.set_viewport_size({"width": width, "height": height})
        page.evaluate("() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")  # laid out again
        page.wait_for_function(SETTLED)
        for name in ["Pan", "Stop aiming"]:
            role = "spinbutton" if name == "Pan" else "button"
            region.get_by_role(role, name=name, exact=True).scroll_into_view_if_needed()
            controls = page.evaluate(CONTROLS_HIT)
            assert any(f'"{name}" in fixtures' in c["control"] and c["ok"] for c in controls), (width, name, controls)
            covered = [f"{c['control']} at ({c['x']}, {c['y']}) is under {c['hit']}" for c in controls if not c["ok"]]
            assert covered == [], f"{width}×{height}:\n" + "\n".join(covered)
        console.shoot(f"{width}x{height}")
        assert page.evaluate("document.documentElement.scrollWidth <= innerWidth")


def let_go(console, page, panel, server):
    """Stop aiming, the focus leaving the region, the window losing the focus and the panel hidden (its edge control
    taking the focus) each let the head go."""
    toggle = panel.get_by_role("button", name="Calibrate XS 400", exact=True)
    region = panel.get_by_role("region", name="Calibrate XS 400", exact=True)
    with answered(page, "PATCH"):
        region.get_by_role("button", name="Stop aiming", exact=True).click()
    expect(region).to_be_hidden()
    expect(toggle).to_be_focused()
    holds(server, lambda p: "aiming" not in p, "no head aimed once Stop aiming is pressed")
    with answered(page, "PATCH"):
        toggle.click()
    expect(region.get_by_role("spinbutton", name="Pan", exact=True)).to_have_value("100")  # the corner worked on: top-left
    assert holds(server, lambda p: "aiming" in p, "the head aimed again")["aiming"] == {"fixture": "XS 400", "pan": 100, "tilt": 200}
    with answered(page, "PATCH"):
        panel.get_by_role("slider", name="Fixtures master", exact=True).focus()
    expect(region).to_be_hidden()
    holds(server, lambda p: "aiming" not in p, "no head aimed once the focus has left the region")
    with answered(page, "PATCH"):
        toggle.click()
    with answered(page, "PATCH"):
        page.evaluate("window.dispatchEvent(new FocusEvent('blur'))")
    expect(region).to_be_hidden()
    holds(server, lambda p: "aiming" not in p, "no head aimed once the window has lost the focus")
    with answered(page, "PATCH"):
        toggle.click()
    with answered(page, "PATCH"):
        console.show(NO_SIDE_PANEL)
    holds(server, lambda p: "aiming" not in p, "no head aimed once the panel is hidden")


def test_a_moving_head_is_calibrated_by_keys_its_corners_set_and_its_aim_saved(imager, tmp_path):
    with ArtNetListener() as node, profiles_server(imager, tmp_path, node.port) as server, sync_playwright() as playwright:
        console = ConsolePage(playwright, server.port, ALL_EDGE_CONTROLS, "fixture-calibration")
        page = console.page
        try:
            console.show(WITH_FIXTURES)
            panel = page.get_by_role("region", name="Fixtures", exact=True)
            add_a_moving_head(page, panel, server)
            toggle = panel.get_by_role("button", name="Calibrate XS 400", exact=True)
            expect(toggle).to_have_attribute("aria-expanded", "false")
            with answered(page, "PATCH"):
                toggle.click()
            region = panel.get_by_role("region", name="Calibrate XS 400", exact=True)
            expect(region).to_be_focused()
            nudge(page, region, node, server)
            set_corners(page, region, node)
            save_the_aim(console, page, region, server)
            no_control_covered(console, page, region)
            let_go(console, page, panel, server)
            assert console.errors == []
        finally:
            console.close()
