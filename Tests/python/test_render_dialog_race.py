"""The lab's Render dialog when a render ends before the answer of the POST that started it reaches the page, in
a real Chromium against the real `imager serve` (issue 34, item 9): the server finishes a short render at once
and `/live` tells waiting → running → done while the POST's answer — the render as it was asked, waiting — is
still on its way. The dialog must show "Done" and the Download link, never go back to "Waiting…".

The answer is held back with Playwright's `page.route` until the page has heard "done" on `/live` (the
WebSocket frame seen, and the dialog showing it), then let through. Every wait is for an event, and bounded.
The server serves the web client from the working copy (IMAGER_WEB_ROOT), as test_compose_lab_part3.py does.
Screenshots go to Tests/python/artifacts/ (not kept in git)."""
import asyncio
import json

from playwright.async_api import async_playwright, expect

from live import serving
from test_compose_lab import LAB_READY, Lab, edits, music
from test_console import TABLET, pytestmark, shoot  # noqa: F401 (pytestmark skips without Chromium)
from test_console_panels import WEB_ROOT

SERVED = {"IMAGER_WEB_ROOT": str(WEB_ROOT)}
RENDER_SECONDS = 120  # the longest a short render may take on a slow machine


def a_short_pair(port):
    """A part of one bar ("Bar", 4 beats at 120 bpm) and Demo's "Kick" (a voice with a sound) struck on its first
    beat. Returns (part, voice)."""
    bar = edits(port, {"type": "addPart", "name": "Bar", "beats": 4, "tempo": 120})["results"][0]["id"]
    kick = next(voice["id"] for voice in music(port)["library"]["voices"] if voice["name"] == "Kick" and voice.get("sound") is not None)
    edits(port, {"type": "editingRange", "part": bar, "voice": kick, "start": 0, "end": 480, "gain": 1})
    return bar, kick


def heard_render_done(page, loop):
    """A future of the first render record heard ended as "done" on the page's `/live` (its WebSocket frames as
    the browser receives them). To be called before the page opens its socket."""
    done = loop.create_future()

    def frame(payload):
        if done.done() or not isinstance(payload, str):
            return
        try:
            message = json.loads(payload)
        except ValueError:
            return
        if isinstance(message, dict) and message.get("type") == "render" and message.get("render", {}).get("state") == "done":
            done.set_result(message["render"])

    page.on("websocket", lambda socket: socket.on("framereceived", frame) if socket.url.endswith("/live") else None)
    return done


async def hold_render_answers(page, loop):
    """Holds back the answer of POST /api/renders: (a future of the answer, fetched from the server but not yet
    given to the page; an event that lets it through). Other requests go on."""
    held, release = loop.create_future(), asyncio.Event()

    async def route(route):
        if route.request.method != "POST":
            await route.continue_()
            return
        answer = await route.fetch()
        if not held.done():
            held.set_result(answer)
        await release.wait()
        await route.fulfill(response=answer)

    await page.route("**/api/renders", route)
    return held, release


def test_a_render_done_before_the_posts_answer_reaches_the_page_shows_done_and_its_download(imager, tmp_path):
    with serving(imager, tmp_path / "library.sqlite", "--audio", "none", env=SERVED) as server:
        part, voice = a_short_pair(server.port)

        async def run():
            async with async_playwright() as playwright, Lab(playwright, server.port) as lab:
                loop = asyncio.get_running_loop()
                context = await lab.browser.new_context(**TABLET)
                page = await context.new_page()
                page.on("pageerror", lambda error: lab.errors.append(str(error)))
                done_heard = heard_render_done(page, loop)
                held, release = await hold_render_answers(page, loop)
                await page.goto(f"http://127.0.0.1:{server.port}/compose#part={part}&voice={voice}")
                await page.wait_for_function(LAB_READY, timeout=20_000)
                await expect(page.locator("#pair")).to_have_text("Bar × Kick")

                await page.get_by_role("button", name="Render", exact=True).click()
                dialog = page.get_by_role("dialog", name="Render")
                await expect(dialog).to_be_visible()
                await dialog.get_by_role("radio", name="Selected pair").check()
                await dialog.get_by_role("radio", name="WAV").check()
                start = dialog.get_by_role("button", name="Start")
                await start.click()

                # The server answered "waiting" (the render as asked), and the page has not seen that answer yet.
                answer = await asyncio.wait_for(held, 30)
                asked = (await answer.json())["render"]
                assert asked["state"] == "waiting", asked
                # Meanwhile /live tells the render done, and the page shows it.
                done = await asyncio.wait_for(done_heard, RENDER_SECONDS)
                assert done["id"] == asked["id"] and done["download"] == f"/api/renders/{asked['id']}/file", (asked, done)
                status = dialog.get_by_role("status")
                await expect(status).to_have_text("Done")
                await expect(start, "a Start waits for its answer").to_be_disabled()
                await shoot(page, "render-race-done-before-answer")

                # Now the older news arrives: the answer, waiting.
                async with page.expect_response(lambda response: response.request.method == "POST" and response.url.endswith("/api/renders")) as let_through:
                    release.set()
                assert (await (await let_through.value).json())["render"]["state"] == "waiting"
                await expect(start, "the answer read, the render has ended: Start again").to_be_enabled()
                await expect(status).to_have_text("Done")
                download = dialog.get_by_role("link", name="Download")
                await expect(download).to_be_visible()
                await expect(download).to_have_attribute("href", done["download"])
                await expect(dialog.get_by_role("button", name="Cancel")).to_be_hidden()
                await shoot(page, "render-race-answer-after-done")

                async with page.expect_download() as downloading:
                    await download.click()
                saved = tmp_path / "rendered.wav"
                await (await downloading.value).save_as(saved)
                assert lab.errors == []
                return saved

        saved = asyncio.run(run())

    data = saved.read_bytes()
    assert data[:4] == b"RIFF" and data[8:12] == b"WAVE", data[:12]
