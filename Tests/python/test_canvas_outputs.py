"""Canvas pages as stage outputs (issue 35) in a real Chromium (Debian's, driven by Playwright; WebGL2 through
SwiftShader), checked on the pixels the page drew: a "white" test pattern through a corner-pin lights the
quadrilateral the homography gives and nothing outside it; Left and Right halves overlapping by 20 % of the
stage, blended at gamma 1, add up to full white at every column of the overlap; a mask is black; Identify
shows the output's name for 3 seconds; an output that does not exist is black and said until it appears; a
rename is followed; the page's edit mode drags a corner where the projector shines. Screenshots go to
Tests/python/artifacts/outputs-*.png (not kept in git)."""
import asyncio
import json
import pathlib
import urllib.parse

import numpy
import pytest
from playwright.async_api import async_playwright, expect

from live import api, live_socket, serving
from test_canvas import BROWSER_ARGUMENTS, CHROMIUM, HEIGHT, WIDTH, canvas_pixels, pytestmark  # noqa: F401 (pytestmark: Chromium or a skip)

ARTIFACTS = pathlib.Path(__file__).resolve().parent / "artifacts"

# Whether the page's pixel at (x, y) from the top left has every channel within `tolerance` of `value`.
PIXEL_IS = """([x, y, value, tolerance]) => {
  const canvas = document.querySelector('canvas'), gl = canvas.getContext('webgl2'), pixel = new Uint8Array(4);
  gl.readPixels(x, canvas.height - 1 - y, 1, 1, gl.RGBA, gl.UNSIGNED_BYTE, pixel);
  return [pixel[0], pixel[1], pixel[2]].every((channel) => Math.abs(channel - value) <= tolerance);
}"""

SHOWING = "window.imagerCanvas && window.imagerCanvas.connected && window.imagerCanvas.outputProblem === null"

PINNED = [[0.15, 0.1], [0.85, 0.2], [0.9, 0.85], [0.1, 0.9]]


def output(name, **fields):
    """An output named `name`: the defaults, with `fields` instead."""
    whole = {"name": name, "slice": {"x": 0, "y": 0, "width": 1, "height": 1}, "corners": [[0, 0], [1, 0], [1, 1], [0, 1]],
             "grid": None, "blend": {"left": 0, "right": 0, "top": 0, "bottom": 0, "gamma": 2.2}, "mask": None,
             "brightness": 1, "testPattern": None}
    return {**whole, **fields}


def put(server, body):
    """Stores `body` with PUT /api/outputs/{name}; it must be taken."""
    status, answer = api(server, "PUT", f"/api/outputs/{urllib.parse.quote(body['name'], safe='')}", body)
    assert status == 200, answer
    return answer


def stored(server, name):
    """The output `name` as the server keeps it (GET /api/outputs)."""
    status, answer = api(server, "GET", "/api/outputs")
    assert status == 200, answer
    return next(o for o in answer["outputs"] if o["name"] == name)


async def open_output(browser, port, name, wait_for_white_at=None):
    """A page showing the output `name` at full quality, once it shows it: it has drawn a frame of it, so the
    server has said what the output is (and, given `wait_for_white_at`, once that window point — window units —
    is white). Returns the page and its collected errors."""
    page = await browser.new_page(viewport={"width": WIDTH, "height": HEIGHT}, device_scale_factor=1)
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    await page.goto(f"http://127.0.0.1:{port}/canvas?output={urllib.parse.quote(name)}&quality=full")
    await page.wait_for_function(
        f"{SHOWING} && window.imagerCanvas.output === {json.dumps(name)} && window.imagerCanvas.framesDrawn > 0",
        timeout=20_000)
    if wait_for_white_at:
        x, y = wait_for_white_at
        await page.wait_for_function(PIXEL_IS, arg=[int(x * WIDTH), int(y * HEIGHT), 255, 2], timeout=20_000)
    return page, errors


def inside_distance(polygon):
    """For each pixel of the window, how far (pixels) its centre lies inside the convex `polygon` (window
    units; negative outside)."""
    points = [(x * WIDTH, y * HEIGHT) for x, y in polygon]
    ys, xs = numpy.mgrid[0:HEIGHT, 0:WIDTH] + 0.5
    cx, cy = numpy.mean([p[0] for p in points]), numpy.mean([p[1] for p in points])
    distance = numpy.full((HEIGHT, WIDTH), numpy.inf)
    for (ax, ay), (bx, by) in zip(points, points[1:] + points[:1]):
        length = numpy.hypot(bx - ax, by - ay)
        side = ((bx - ax) * (ys - ay) - (by - ay) * (xs - ax)) / length
        toward_inside = numpy.sign((bx - ax) * (cy - ay) - (by - ay) * (cx - ax))
        distance = numpy.minimum(distance, side * toward_inside)
    return distance


async def new_browser(playwright):
    return await playwright.chromium.launch(executable_path=CHROMIUM, args=BROWSER_ARGUMENTS)


def test_a_white_pattern_through_a_corner_pin_lights_the_quadrilateral_and_nothing_else(imager, tmp_path):
    with serving(imager, tmp_path / "library.sqlite") as server:
        put(server, output("Pin", corners=PINNED, testPattern="white"))

        async def run():
            async with async_playwright() as playwright:
                browser = await new_browser(playwright)
                page, errors = await open_output(browser, server.port, "Pin", wait_for_white_at=(0.5, 0.5))
                picture = await canvas_pixels(page)
                ARTIFACTS.mkdir(exist_ok=True)
                await page.screenshot(path=str(ARTIFACTS / "outputs-corner-pin.png"))
                assert errors == [] and await page.evaluate("window.imagerCanvas.lastError") is None
                await browser.close()
                return picture

        picture = asyncio.run(run())
    distance = inside_distance(PINNED)
    lightest = picture.max(axis=2)
    inside, outside = distance > 1.5, distance < -1.5
    assert (lightest[inside] >= 250).all(), f"{(lightest[inside] < 250).sum()} pixels inside the quadrilateral are not white"
    assert (lightest[outside] <= 5).all(), f"{(lightest[outside] > 5).sum()} pixels outside it are lit"


def test_left_and_right_overlapping_by_a_fifth_add_up_to_white_across_the_overlap(imager, tmp_path):
    with serving(imager, tmp_path / "library.sqlite") as server:
        # Left shows the stage's 0…0.6 and Right its 0.4…1: each feathers a third of its slice towards the other.
        put(server, output("Left", slice={"x": 0, "y": 0, "width": 0.6, "height": 1}, testPattern="white",
                           blend={"left": 0, "right": 0.2 / 0.6, "top": 0, "bottom": 0, "gamma": 1}))
        put(server, output("Right", slice={"x": 0.4, "y": 0, "width": 0.6, "height": 1}, testPattern="white",
                           blend={"left": 0.2 / 0.6, "right": 0, "top": 0, "bottom": 0, "gamma": 1}))

        async def run():
            async with async_playwright() as playwright:
                browser = await new_browser(playwright)
                left, left_errors = await open_output(browser, server.port, "Left", wait_for_white_at=(0.25, 0.5))
                right, right_errors = await open_output(browser, server.port, "Right", wait_for_white_at=(0.75, 0.5))
                pictures = [await canvas_pixels(left), await canvas_pixels(right)]
                ARTIFACTS.mkdir(exist_ok=True)
                await left.screenshot(path=str(ARTIFACTS / "outputs-left.png"))
                await right.screenshot(path=str(ARTIFACTS / "outputs-right.png"))
                for page, errors in ((left, left_errors), (right, right_errors)):
                    assert errors == [] and await page.evaluate("window.imagerCanvas.lastError") is None
                await browser.close()
                return pictures

        left, right = asyncio.run(run())
    rows = slice(HEIGHT // 4, 3 * HEIGHT // 4)
    left_row, right_row = left[rows, :, 0].mean(axis=0), right[rows, :, 0].mean(axis=0)
    checked = 0
    for column in range(WIDTH):
        stage = 0.6 * (column + 0.5) / WIDTH
        if stage < 0.4:
            assert left_row[column] >= 250, f"Left column {column} (stage {stage:.3f}) is outside the feather: white"
            continue
        # Where Right's window shows the same stage point, between two of its columns.
        at = (stage - 0.4) / 0.6 * WIDTH - 0.5
        below = min(max(int(numpy.floor(at)), 0), WIDTH - 2)
        share = min(max(at - below, 0.0), 1.0)
        right_value = right_row[below] * (1 - share) + right_row[below + 1] * share
        total = left_row[column] + right_value
        assert abs(total - 255) <= 0.04 * 255, f"stage x {stage:.3f}: Left {left_row[column]:.1f} + Right {right_value:.1f} = {total:.1f}"
        checked += 1
    assert checked > WIDTH / 4, checked
    assert (right_row[int(WIDTH * 0.34):] >= 250).all(), "Right is white beyond its feather"


def test_a_mask_is_black(imager, tmp_path):
    mask = [[0.3, 0.25], [0.75, 0.3], [0.5, 0.8]]
    with serving(imager, tmp_path / "library.sqlite") as server:
        put(server, output("Pillar", testPattern="white", mask=mask))

        async def run():
            async with async_playwright() as playwright:
                browser = await new_browser(playwright)
                page, errors = await open_output(browser, server.port, "Pillar", wait_for_white_at=(0.1, 0.1))
                picture = await canvas_pixels(page)
                ARTIFACTS.mkdir(exist_ok=True)
                await page.screenshot(path=str(ARTIFACTS / "outputs-mask.png"))
                assert errors == [] and await page.evaluate("window.imagerCanvas.lastError") is None
                await browser.close()
                return picture

        picture = asyncio.run(run())
    distance, lightest = inside_distance(mask), picture.max(axis=2)
    assert (lightest[distance > 1.5] <= 5).all(), "the mask is black"
    assert (lightest[distance < -1.5] >= 250).all(), "the rest is white"


@pytest.mark.alone  # the name is caught within its three seconds
def test_identify_shows_the_name_for_three_seconds_on_that_output_only(imager, tmp_path):
    with serving(imager, tmp_path / "library.sqlite") as server:
        put(server, output("Left", testPattern="white"))
        put(server, output("Right", testPattern="white"))

        async def run():
            async with async_playwright() as playwright:
                browser = await new_browser(playwright)
                left, errors = await open_output(browser, server.port, "Left", wait_for_white_at=(0.5, 0.5))
                right, _ = await open_output(browser, server.port, "Right", wait_for_white_at=(0.5, 0.5))
                with live_socket(server) as console:
                    console.send(json.dumps({"type": "identifyOutput", "name": "Left"}))
                await left.wait_for_function("window.imagerCanvas.identifying === true", timeout=5_000)
                # The name goes over the picture on a dark band across the middle.
                await left.wait_for_function(PIXEL_IS, arg=[5, HEIGHT // 2, 64, 12], timeout=5_000)
                ARTIFACTS.mkdir(exist_ok=True)
                await left.screenshot(path=str(ARTIFACTS / "outputs-identify.png"))
                assert await right.evaluate("window.imagerCanvas.identifying") is False
                # Three seconds on, the name goes and the picture is white again.
                await left.wait_for_function("window.imagerCanvas.identifying === false", timeout=6_000)
                await left.wait_for_function(PIXEL_IS, arg=[5, HEIGHT // 2, 255, 2], timeout=5_000)
                assert errors == [] and await left.evaluate("window.imagerCanvas.lastError") is None
                await browser.close()

        asyncio.run(run())


def test_an_output_that_does_not_exist_is_black_and_said_until_it_appears_and_a_rename_is_followed(imager, tmp_path):
    with serving(imager, tmp_path / "library.sqlite") as server:
        async def run():
            async with async_playwright() as playwright:
                browser = await new_browser(playwright)
                page = await browser.new_page(viewport={"width": WIDTH, "height": HEIGHT}, device_scale_factor=1)
                errors = []
                page.on("pageerror", lambda error: errors.append(str(error)))
                await page.goto(f"http://127.0.0.1:{server.port}/canvas?output=Later&quality=full")
                said = "output “Later” does not exist"
                await page.wait_for_function(f"window.imagerCanvas.outputProblem === {json.dumps(said)}", timeout=20_000)
                assert await page.evaluate("window.imagerCanvas.lastError") == said
                assert await page.evaluate(PIXEL_IS, [WIDTH // 2, HEIGHT // 2, 0, 0])
                put(server, output("Later", testPattern="white"))
                await page.wait_for_function(f"{SHOWING} && window.imagerCanvas.lastError === null", timeout=10_000)
                await page.wait_for_function(PIXEL_IS, arg=[WIDTH // 2, HEIGHT // 2, 255, 2], timeout=10_000)
                status, answer = api(server, "POST", "/api/outputs/Later/rename", {"name": "Stage left"})
                assert status == 200, answer
                await page.wait_for_function("window.imagerCanvas.output === 'Stage left'", timeout=10_000)
                assert "output=Stage+left" in page.url
                assert await page.evaluate("window.imagerCanvas.outputProblem") is None
                assert await page.evaluate(PIXEL_IS, [WIDTH // 2, HEIGHT // 2, 255, 2])
                assert errors == []
                await browser.close()

        asyncio.run(run())


def test_the_edit_mode_drags_a_corner_and_the_arrow_keys_move_it_a_pixel(imager, tmp_path):
    with serving(imager, tmp_path / "library.sqlite") as server:
        put(server, output("Pin", corners=PINNED, testPattern="grid"))

        async def until_stored(corner, expected, what):
            for _ in range(200):
                got = stored(server, "Pin")["corners"][corner]
                if all(abs(a - b) <= 0.5 / WIDTH for a, b in zip(got, expected)):
                    return
                await asyncio.sleep(0.05)
            raise AssertionError(f"{what}: the server keeps {got}, not {expected}")

        async def run():
            async with async_playwright() as playwright:
                browser = await new_browser(playwright)
                page, errors = await open_output(browser, server.port, "Pin")
                await page.keyboard.press("Shift+Space")
                handles = page.locator(".edit-handle")
                await expect(handles).to_have_count(4, timeout=10_000)
                box = await handles.nth(2).bounding_box()
                await page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
                await page.mouse.down()
                await page.mouse.move(0.8 * WIDTH, 0.75 * HEIGHT, steps=6)
                await page.mouse.up()
                await until_stored(2, [0.8, 0.75], "a dragged corner is stored where it was let go")
                await page.keyboard.press("ArrowLeft")
                await until_stored(2, [0.8 - 1 / WIDTH, 0.75], "an arrow key moves the chosen corner one device pixel")
                ARTIFACTS.mkdir(exist_ok=True)
                await page.screenshot(path=str(ARTIFACTS / "outputs-edit-mode.png"))
                await page.keyboard.press("Escape")
                await expect(page.locator(".edit-layer")).to_have_count(0, timeout=10_000)
                assert await page.evaluate("window.imagerCanvas.lastError") is None and errors == []
                await browser.close()

        asyncio.run(run())


def test_mains_test_pattern_and_brightness_apply_to_the_letterboxed_stage(imager, tmp_path):
    with serving(imager, tmp_path / "library.sqlite") as server:
        put(server, output("Main", testPattern="white", brightness=0.5))

        async def run():
            async with async_playwright() as playwright:
                browser = await new_browser(playwright)
                # A window taller than 16:9: the stage is letterboxed, black above and below it.
                page = await browser.new_page(viewport={"width": WIDTH, "height": 480}, device_scale_factor=1)
                errors = []
                page.on("pageerror", lambda error: errors.append(str(error)))
                await page.goto(f"http://127.0.0.1:{server.port}/canvas?quality=full")
                await page.wait_for_function(f"{SHOWING} && window.imagerCanvas.output === 'Main'", timeout=20_000)
                await page.wait_for_function(PIXEL_IS, arg=[WIDTH // 2, 240, 128, 2], timeout=20_000)
                picture = await canvas_pixels(page)
                ARTIFACTS.mkdir(exist_ok=True)
                await page.screenshot(path=str(ARTIFACTS / "outputs-main-dimmed.png"))
                assert errors == [] and await page.evaluate("window.imagerCanvas.lastError") is None
                await browser.close()
                return picture

        picture = asyncio.run(run())
    stage_top = (480 - 360) // 2
    lightest = picture.max(axis=2)
    assert (lightest[:stage_top - 1] == 0).all() and (lightest[stage_top + 361:] == 0).all(), "black around the stage"
    assert (abs(picture[stage_top + 1:stage_top + 359] - 128) <= 1).all(), "the stage white at half brightness"
