"""docs/outputs.md's pictures (`make pictures`, through tools/readme_pictures.py): its walkthrough set up from the
console as a newcomer would — the Outputs panel after "Two projectors", the two projectors' windows side by side,
a third output pinned by its corners, and that window's edit mode."""
import base64

from picture_pages import IMAGES, SCREEN, chromium
from playwright.sync_api import expect, sync_playwright
from live import serving


# The Outputs panel has nothing dragged, nothing under way and nothing shown that the server has not answered.
OUTPUTS_SETTLED = "() => document.querySelector('ip-outputs-panel')?.settled === true"
# A canvas page shows the output `name` as the server stores it, and has drawn a few frames of it since.
OUTPUT_SHOWN = """([name, frames]) => { const c = window.imagerCanvas;
  return c && c.connected && c.output === name && c.outputProblem === null && c.lastError === null
    && c.framesDrawn > frames; }"""
# How far the Outputs panel's contents reach below what it shows (it scrolls inside itself when they do).
PANEL_OVERFLOW = ("(() => { const panel = document.querySelector('ip-outputs-panel');"
                  " return panel.scrollHeight - panel.clientHeight; })()")
# Left's and Right's slices are 0.575 of the stage's width, its whole height: each window is given the slice's
# shape (0.575 × 16/9 ≈ 1.02 wide for 1 tall), so that neither picture is stretched.
PROJECTOR_WINDOW = {"width": 736, "height": 720}
CANVAS_WINDOW = {"width": 1280, "height": 720}
# Where Wall's corners are dragged to, in its window's units: a wall seen from off its axis.
WALL_CORNERS = [(0.12, 0.08), (0.86, 0.16), (0.92, 0.9), (0.06, 0.82)]


def answered(page, method, name):
    """Waits for the answer to the outputs request `method` for the output `name` that the block's action makes."""
    path = f"/api/outputs/{name}"
    return page.expect_response(lambda response: response.request.method == method and response.url.endswith(path))


def outputs_settled(page):
    page.wait_for_function(OUTPUTS_SETTLED)


def stored_output(page, name):
    """The output `name` as the server keeps it (GET /api/outputs, asked by `page`)."""
    return page.evaluate(
        "(name) => fetch('/api/outputs').then((r) => r.json()).then((a) => a.outputs.find((o) => o.name === name))", name)


def more_frames(canvas, count=5):
    """Waits until `canvas` (a canvas page) has drawn `count` frames more than it has now."""
    drawn = canvas.evaluate("window.imagerCanvas.framesDrawn")
    canvas.wait_for_function(f"() => window.imagerCanvas.framesDrawn > {drawn + count}")


def centre(locator):
    box = locator.bounding_box()
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def open_canvas(browser, panel, base, name, viewport):
    """A window on the output `name` as its "Open canvas" link opens it (at full quality, so that the picture
    is sharp), once it draws that output."""
    href = panel.get_by_role("link", name=f"Open canvas for {name}", exact=True).get_attribute("href")
    page = browser.new_page(viewport=viewport, device_scale_factor=1)
    page.set_default_timeout(60_000)
    page.goto(f"{base}{href}&quality=full")
    page.wait_for_function(OUTPUT_SHOWN, arg=[name, 5])
    return page


def choose_pattern(console, panel, name, pattern, canvas):
    """Shows the output `name` in the panel, picks its test pattern, and waits until `canvas` has drawn it."""
    panel.get_by_role("list", name="Outputs", exact=True).get_by_role("button", name=name, exact=True).click()
    with answered(console, "PUT", name):
        panel.get_by_role("combobox", name="Test pattern", exact=True).select_option(pattern)
    outputs_settled(console)
    stored = stored_output(console, name)
    assert stored["testPattern"] == (None if pattern == "none" else pattern), stored
    more_frames(canvas)


def panel_picture(console, path):
    """The Outputs panel, whole: the console's window made as tall as the panel's contents for the picture (so
    that the panel need not scroll inside itself), then given its size back."""
    extra = console.evaluate(PANEL_OVERFLOW)
    if extra > 0:
        console.set_viewport_size({"width": SCREEN["width"], "height": SCREEN["height"] + extra})
        console.wait_for_function(f"{PANEL_OVERFLOW} <= 0")
        console.evaluate("new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")
    console.locator("ip-outputs-panel").screenshot(path=str(path))
    console.set_viewport_size(SCREEN)


def side_by_side(browser, pictures, path):
    """The screenshots `pictures` (PNG bytes) next to each other on grey, 16 px apart, as one PNG."""
    images = "".join(f'<img src="data:image/png;base64,{base64.b64encode(picture).decode()}">' for picture in pictures)
    page = browser.new_page(device_scale_factor=1)
    style = "margin: 0; padding: 16px; background: #555; display: flex; gap: 16px; width: max-content"
    page.set_content(f"<body style='{style}'>{images}</body>")
    page.wait_for_function("[...document.images].every((image) => image.complete && image.naturalWidth > 0)")
    page.locator("body").screenshot(path=str(path))
    page.close()


def outputs_pictures(imager, folder):
    """docs/outputs.md's pictures: two blended projectors and a corner-pinned third, set up from the console."""
    with serving(imager, folder / "outputs.sqlite", "--audio", "none") as server, sync_playwright() as playwright:
        base = f"http://127.0.0.1:{server.port}"
        browser = chromium(playwright)
        console = browser.new_page(viewport=SCREEN, device_scale_factor=1)
        # A debug build on a busy machine answers slowly: every wait is given a minute.
        console.set_default_timeout(60_000)
        expect.set_options(timeout=60_000)
        console.goto(f"{base}/")
        console.get_by_role("button", name="Pad 1").wait_for()

        # The Outputs panel from its edge control; "Two projectors": Left and Right, Left shown.
        console.get_by_role("button", name="Outputs panel", exact=True).click()
        panel = console.get_by_role("region", name="Outputs", exact=True)
        expect(panel).to_be_visible()
        with answered(console, "PUT", "Right"):
            panel.get_by_role("button", name="Two projectors", exact=True).click()
        outputs_settled(console)
        listed = panel.get_by_role("list", name="Outputs", exact=True)
        expect(listed.get_by_role("listitem")).to_have_count(3)

        # A window for each, side by side, both showing the grid test pattern: the feathers fade towards each other.
        projectors = {name: open_canvas(browser, panel, base, name, PROJECTOR_WINDOW) for name in ["Left", "Right"]}
        for name, canvas in projectors.items():
            choose_pattern(console, panel, name, "grid", canvas)
        side_by_side(browser, [projectors[name].screenshot() for name in ["Left", "Right"]],
                     IMAGES / "outputs-two-projectors.png")

        # The panel with Left shown, each output's canvases counted (GET /api/outputs, read every 3 s).
        listed.get_by_role("button", name="Left", exact=True).click()
        for name in ["Left", "Right"]:
            expect(listed.get_by_role("listitem").filter(has_text=name).first).to_contain_text("1 canvas")
        outputs_settled(console)
        panel_picture(console, IMAGES / "outputs-panel.png")

        wall = pin_a_wall(browser, console, panel, listed, base)
        panel_picture(console, IMAGES / "outputs-calibration.png")
        more_frames(wall)
        wall.screenshot(path=str(IMAGES / "outputs-corner-pin.png"))
        show_through_the_pin(console, panel, wall)
        browser.close()


def pin_a_wall(browser, console, panel, listed, base):
    """A third output, Wall: "New output", its window, the grid test pattern, and its corners dragged in the
    calibration picture to where the wall is. Returns Wall's canvas page."""
    panel.get_by_role("button", name="New output", exact=True).click()
    panel.get_by_label("Output name", exact=True).fill("Wall")
    with answered(console, "PUT", "Wall"):
        panel.get_by_role("button", name="Create output", exact=True).click()
    outputs_settled(console)
    expect(listed.get_by_role("button", name="Wall", exact=True)).to_have_attribute("aria-pressed", "true")
    wall = open_canvas(browser, panel, base, "Wall", CANVAS_WINDOW)
    choose_pattern(console, panel, "Wall", "grid", wall)
    picture = panel.get_by_role("group", name="Output window", exact=True)
    picture.scroll_into_view_if_needed()
    corner = lambda number: panel.get_by_role("button", name=f"Corner {number} of Wall", exact=True)  # noqa: E731
    (left, top), (right, bottom) = centre(corner(1)), centre(corner(3))
    for number, (x, y) in enumerate(WALL_CORNERS, start=1):
        with answered(console, "PUT", "Wall"):
            console.mouse.move(*centre(corner(number)))
            console.mouse.down()
            console.mouse.move(left + x * (right - left), top + y * (bottom - top), steps=8)
            console.mouse.up()
        outputs_settled(console)
    stored = stored_output(console, "Wall")
    assert all(abs(a - b) < 0.01 for point, wanted in zip(stored["corners"], WALL_CORNERS)
               for a, b in zip(point, wanted)), stored
    console.mouse.move(0, 0)
    expect(listed.get_by_role("listitem").filter(has_text="Wall").first).to_contain_text("1 canvas")
    return wall


def show_through_the_pin(console, panel, wall):
    """The show through the corner-pin: the pattern off, pads held on Wall's own page (keys 1–8 play there too),
    and its edit mode (Shift+Space) showing the corners to drag where the projector shines."""
    choose_pattern(console, panel, "Wall", "none", wall)
    for pad in ["1", "3", "6"]:
        wall.keyboard.down(pad)
    wall.wait_for_function("() => { const c = window.imagerCanvas;"
                           " return c.lastFrame && c.lastFrame.instanceCount > 12 && c.framesDrawn > 90; }")
    wall.keyboard.press("Shift+Space")
    expect(wall.get_by_role("group", name="Edit output Wall", exact=True)).to_be_visible()
    more_frames(wall)
    wall.screenshot(path=str(IMAGES / "outputs-edit-mode.png"))
    wall.keyboard.press("Escape")
    for pad in ["1", "3", "6"]:
        wall.keyboard.up(pad)
