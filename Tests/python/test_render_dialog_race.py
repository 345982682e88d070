"""The lab's Render dialog when a render ends before the answer of the POST that started it reaches the page, in
a real Chromium against the real `imager serve` (issue 34, item 9): the server finishes a short render at once
and `/live` tells waiting → running → done while the POST's answer — the render as it was asked, waiting — is
still on its way. The dialog must show "Done" and the Download link, never go back to "Waiting…".

The answer is held back with Playwright's `page.route` until the page has heard "done" on `/live` (the
WebSocket frame seen, and the dialog showing it), then let through.

And when the page never hears "done" on `/live` (issue 44, item 6) — a slow page's outbox dropped it, or the
socket was down when it was sent — the dialog still ends at "Done" and its Download link, for it reads the
render again (GET /api/renders/ID) when the POST's answer comes and whenever `/live` connects again. `/live`
is relayed through Playwright's `page.route_web_socket`, which keeps every render record that says done from
the page and can close the page's connection as the server would.

Every wait is for an event, and bounded. The server serves the web client from the working copy
(IMAGER_WEB_ROOT), as test_compose_lab_part3.py does. Screenshots go to Tests/python/artifacts/ (not kept in
git)."""
import asyncio
import json
import re

from playwright.async_api import async_playwright, expect

from live import api, serving
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


def render_record(payload):
    """The render record R of a `/live` message `{"type": "render", "render": R}`, or None for any other."""
    if not isinstance(payload, str):
        return None
    try:
        message = json.loads(payload)
    except ValueError:
        return None
    if isinstance(message, dict) and message.get("type") == "render" and isinstance(message.get("render"), dict):
        return message["render"]
    return None


def heard_render_done(page, loop):
    """A future of the first render record heard ended as "done" on the page's `/live` (its WebSocket frames as
    the browser receives them). To be called before the page opens its socket."""
    done = loop.create_future()

    def frame(payload):
        render = render_record(payload)
        if not done.done() and render is not None and render.get("state") == "done":
            done.set_result(render)

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


class LiveRelay:
    """The page's `/live` relayed through Playwright's WebSocket routing (`page.route_web_socket`, installed by
    `on(page)` before the page opens its socket): every message passes but the render records that say done,
    which the page never hears. `done` is a future of the first of them (as the server sent it); `joined` gives
    the server's side of each connection the page makes, as it makes it; `cut()` ends the newest as a server
    going away would, and the page connects again (relayed too)."""

    def __init__(self, loop):
        self.done = loop.create_future()
        self.joined = asyncio.Queue()
        self.servers = []

    async def on(self, page):
        await page.route_web_socket("**/live", self.relay)
        return self

    def relay(self, page_side):
        server = page_side.connect_to_server()
        server.on_message(lambda message: self.from_server(page_side, message))
        self.servers.append(server)
        self.joined.put_nowait(server)

    def from_server(self, page_side, message):
        render = render_record(message)
        if render is not None and render.get("state") == "done":
            if not self.done.done():
                self.done.set_result(render)
            return
        page_side.send(message)

    async def cut(self):
        # The relay closes its connection to the server (a page may only close with 1000 or 3000…4999), and the
        # page hears the server's side closed.
        await self.servers[-1].close(code=1000, reason="cut by the test")


async def open_render_dialog(page, port, part, voice):
    """The lab on the pair, its Render dialog open on the selected pair, in WAV. Returns the dialog."""
    await page.goto(f"http://127.0.0.1:{port}/compose#part={part}&voice={voice}")
    await page.wait_for_function(LAB_READY, timeout=20_000)
    await expect(page.locator("#pair")).to_have_text("Bar × Kick")
    await page.get_by_role("button", name="Render", exact=True).click()
    dialog = page.get_by_role("dialog", name="Render")
    await expect(dialog).to_be_visible()
    await dialog.get_by_role("radio", name="Selected pair").check()
    await dialog.get_by_role("radio", name="WAV").check()
    return dialog


async def shows_done_and_its_download(dialog, done):
    """The dialog ends at "Done" with the Download link of the render `done` (its record as the server sent it)."""
    await expect(dialog.get_by_role("status")).to_have_text("Done", timeout=30_000)
    download = dialog.get_by_role("link", name="Download")
    await expect(download).to_be_visible()
    await expect(download).to_have_attribute("href", done["download"])
    await expect(dialog.get_by_role("button", name="Cancel")).to_be_hidden()
    await expect(dialog.get_by_role("button", name="Start")).to_be_enabled()


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
                dialog = await open_render_dialog(page, server.port, part, voice)
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


async def a_relayed_page(lab):
    """A tablet-sized page of `lab` whose /live goes through a LiveRelay, its errors kept in `lab.errors`: (page, relay)."""
    context = await lab.browser.new_context(**TABLET)
    page = await context.new_page()
    page.on("pageerror", lambda error: lab.errors.append(str(error)))
    return page, await LiveRelay(asyncio.get_running_loop()).on(page)


def test_a_render_whose_done_never_comes_on_live_is_read_again_when_the_posts_answer_comes(imager, tmp_path):
    with serving(imager, tmp_path / "library.sqlite", "--audio", "none", env=SERVED) as server:
        part, voice = a_short_pair(server.port)

        async def run():
            async with async_playwright() as playwright, Lab(playwright, server.port) as lab:
                page, relay = await a_relayed_page(lab)
                held, release = await hold_render_answers(page, asyncio.get_running_loop())
                dialog = await open_render_dialog(page, server.port, part, voice)
                await dialog.get_by_role("button", name="Start").click()

                # The server answered (waiting) and then told the render done on /live; the page heard neither.
                asked = (await (await asyncio.wait_for(held, 30)).json())["render"]
                done = await asyncio.wait_for(relay.done, RENDER_SECONDS)
                assert done["id"] == asked["id"], (asked, done)
                await expect(dialog.get_by_role("status")).not_to_have_text("Done")

                async with page.expect_response(lambda response: response.request.method == "POST" and response.url.endswith("/api/renders")):
                    release.set()
                await shows_done_and_its_download(dialog, done)
                await shoot(page, "render-done-unheard-read-after-answer")
                assert lab.errors == []

        asyncio.run(run())


def test_a_render_whose_done_was_lost_while_live_was_down_is_read_again_when_it_reconnects(imager, tmp_path):
    with serving(imager, tmp_path / "library.sqlite", "--audio", "none", env=SERVED) as server:
        part, voice = a_short_pair(server.port)

        async def run():
            async with async_playwright() as playwright, Lab(playwright, server.port) as lab:
                page, relay = await a_relayed_page(lab)
                dialog = await open_render_dialog(page, server.port, part, voice)
                await asyncio.wait_for(relay.joined.get(), 30)

                # Another performer starts the render (no POST of this page's, so no answer to read it again
                # after): the dialog, following none, follows it from /live; its "done" is kept from the page.
                status, answer = await asyncio.to_thread(api, server, "POST", "/api/renders", {"part": part, "voice": voice, "format": "wav"})
                assert status == 202, answer
                await expect(dialog.get_by_role("status")).to_have_text(re.compile("…"))
                done = await asyncio.wait_for(relay.done, RENDER_SECONDS)
                assert done["id"] == answer["render"]["id"], (answer, done)
                await expect(dialog.get_by_role("status")).not_to_have_text("Done")

                # The server closes the page's connection; the page connects again.
                await relay.cut()
                await asyncio.wait_for(relay.joined.get(), 30)
                await shows_done_and_its_download(dialog, done)
                await shoot(page, "render-done-unheard-read-after-reconnecting")
                assert lab.errors == []

        asyncio.run(run())
