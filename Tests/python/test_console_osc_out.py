"""The Preferences panel's "OSC out" in a real Chromium against the real `imager serve`, played as a performer plays
it — controls found by their accessible names: a python-osc receiver on a free loopback port added ("Add OSC
target", "Add") is followed at once — a pad pressed in the console ("Pad 1") reaches it as /imager/pad/1 — and the
panel shows what was sent to it (from GET /status) beside the command line's own target (`--osc-out`), which it
cannot remove; removed ("Remove OSC target 127.0.0.1:PORT"), it is no longer followed; a target that is not one
("nowhere") is refused by the server and the refusal shown in the panel, the field keeping what was typed. At
1024×768 and 1920×1080 the panel tiles with the others: the centre of every control is that control
(test_console_tiling's check), the panel scrolls inside itself and the page does not. No sleeps: the browser's
waits, and the receiver's queue with a timeout. The web files are the working copy's (IMAGER_WEB_ROOT).
Screenshots go to Tests/python/artifacts/osc-out-*.png."""
import os
import queue
import re

import pytest
from playwright.sync_api import expect, sync_playwright

from live import api, serving
from test_console import CHROMIUM, DESKTOP, FIRST_RUN, TABLET
from console_page import ConsolePage
from test_console_listening import PANELS
from test_console_panels import ARTIFACTS, WEB_ROOT
from test_console_tiling import CONTROLS_HIT, SETTLED
from test_osc_out import Receiver

WITH_PREFERENCES = {**FIRST_RUN, "listening": False, "settings": True}
EVERYTHING = dict.fromkeys(WITH_PREFERENCES, True)
# The panel asks /status every 5 s while it shows.
STATUS_MILLISECONDS = 15_000

pytestmark = pytest.mark.skipif(not os.path.exists(CHROMIUM), reason=f"no Chromium at {CHROMIUM} (make test installs it)")


def osc_server(imager, tmp_path, *more):
    return serving(imager, tmp_path / "library.sqlite", "--audio", "none", *more, env={"IMAGER_WEB_ROOT": str(WEB_ROOT)})


def shoot(page, name):
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"osc-out-{name}.png"))


def pad_played(receiver, pad):
    """Waits for the pad's press (a velocity above 0) and then its release (0) at `receiver`."""
    address = f"/imager/pad/{pad}"
    _, (velocity,) = receiver.until(lambda a, arguments: a == address and arguments[0] > 0)
    receiver.until(lambda a, arguments: a == address and arguments == (0.0,))
    return velocity


def drained(receiver):
    """Every message `receiver` has had and not yet been asked for."""
    messages = []
    while True:
        try:
            messages.append(receiver.messages.get_nowait())
        except queue.Empty:
            return messages


def test_osc_targets_are_added_followed_and_removed_from_the_preferences(imager, tmp_path):
    with Receiver() as follower, Receiver() as command_line:
        target = f"127.0.0.1:{follower.port}"
        fixed = f"127.0.0.1:{command_line.port}"
        with osc_server(imager, tmp_path, "--osc-out", fixed) as server, sync_playwright() as playwright:
            console = ConsolePage(playwright, server.port, PANELS, "osc-out")
            page = console.page
            try:
                console.show(WITH_PREFERENCES)
                section = page.get_by_role("region", name="OSC out", exact=True)
                expect(section).to_be_visible()
                targets = section.get_by_role("list", name="OSC targets", exact=True)
                field = section.get_by_role("textbox", name="Add OSC target", exact=True)
                add = section.get_by_role("button", name="Add", exact=True)
                expect(field).to_have_attribute("placeholder", "host:port")
                # The command line's target is listed, and only the command line changes it.
                expect(targets.get_by_role("listitem")).to_have_count(1)
                expect(targets.get_by_role("listitem").first).to_contain_text(fixed)
                expect(targets.get_by_role("listitem").first).to_contain_text("command line")
                expect(section.get_by_role("button", name=re.compile("^Remove OSC target"))).to_have_count(0)

                # 1. Added: kept, followed at once, and a pad pressed in the console reaches the receiver.
                field.fill(f" {target} ")
                with page.expect_response(lambda r: r.url.endswith("/api/preferences") and r.request.method == "PATCH") as patched:
                    add.click()
                assert patched.value.ok and patched.value.json()["oscOut"] == [target], patched.value.text()
                remove = section.get_by_role("button", name=f"Remove OSC target {target}", exact=True)
                expect(remove).to_be_visible()
                expect(field).to_have_value("")
                assert api(server, "GET", "/api/preferences")[1]["oscOut"] == [target]
                assert [f["address"] for f in server.status()["oscOut"]] == [fixed, target]
                pad = page.get_by_role("button", name="Pad 1", exact=True)
                pad.click()
                assert pad_played(follower, 1) > 0
                pad_played(command_line, 1)
                # What was sent to it, as /status says (asked again every 5 s while the panel shows).
                row = targets.get_by_role("listitem").filter(has=page.get_by_role("button", name=f"Remove OSC target {target}", exact=True))
                expect(row).to_contain_text(re.compile(r"\b[1-9]\d* messages? sent"), timeout=STATUS_MILLISECONDS)
                shoot(page, "followed")

                # 2. The same target again is said in the panel, and nothing is sent.
                field.fill(target)
                add.click()
                expect(section.get_by_role("alert")).to_have_text(f"OSC already goes to {target}.")
                expect(field).to_have_value(target)
                field.fill("")
                expect(section.get_by_role("alert")).to_be_hidden()

                # 3. Removed: no longer kept nor followed; the command line's target still is.
                with page.expect_response(lambda r: r.url.endswith("/api/preferences") and r.request.method == "PATCH") as patched:
                    remove.click()
                assert patched.value.ok and patched.value.json()["oscOut"] == [], patched.value.text()
                expect(remove).to_have_count(0)
                expect(targets.get_by_role("listitem")).to_have_count(1)
                assert api(server, "GET", "/api/preferences")[1]["oscOut"] == []
                assert [f["address"] for f in server.status()["oscOut"]] == [fixed]
                drained(follower)
                page.get_by_role("button", name="Pad 2", exact=True).click()
                pad_played(command_line, 2)
                assert not [m for m in drained(follower) if m[0] == "/imager/pad/2"], "a removed target was sent to"

                # 4. A target that is not one: the server's refusal in the panel, the field keeping what was typed.
                field.fill("nowhere")
                with page.expect_response(lambda r: r.url.endswith("/api/preferences") and r.request.method == "PATCH") as patched:
                    field.press("Enter")
                assert patched.value.status == 400, patched.value.text()
                refusal = patched.value.json()["error"]
                alert = section.get_by_role("alert")
                expect(alert).to_contain_text("nowhere was not added")
                expect(alert).to_contain_text(refusal)
                expect(field).to_have_value("nowhere")
                expect(field).to_have_attribute("aria-invalid", "true")
                assert api(server, "GET", "/api/preferences")[1]["oscOut"] == []
                assert [f["address"] for f in server.status()["oscOut"]] == [fixed]
                shoot(page, "refused")
                assert console.errors == []
            finally:
                console.close()


@pytest.mark.parametrize("size", ["1024x768", "1920x1080"])
def test_the_osc_out_section_tiles_with_the_others(imager, tmp_path, size):
    device = {"1024x768": TABLET, "1920x1080": DESKTOP}[size]
    with Receiver() as follower, osc_server(imager, tmp_path) as server, sync_playwright() as playwright:
        # A long host name beside a short one: neither may widen the panel.
        kept = [f"127.0.0.1:{follower.port}", f"{'the-light-desk-at-the-back-of-the-hall.' * 4}invalid:53000"]
        status, answer = api(server, "PATCH", "/api/preferences", body={"oscOut": kept})
        assert status == 200 and answer["oscOut"] == kept, answer
        console = ConsolePage(playwright, server.port, PANELS, "osc-out", device)
        page = console.page
        try:
            failures = []
            for name, panels in {"preferences": WITH_PREFERENCES, "everything": EVERYTHING}.items():
                console.show(panels)
                if panels["chordsetList"]:
                    expect(page.get_by_role("list", name="Chordsets", exact=True)).to_be_visible(timeout=20_000)
                    page.wait_for_function("""() => [...document.querySelectorAll('.chord-thumb[src]')].every((image) => {
                      const box = image.getBoundingClientRect();
                      return image.complete || box.bottom < 0 || box.top > innerHeight || box.width === 0;
                    })""", timeout=90_000)
                    page.wait_for_function(SETTLED)
                section = page.get_by_role("region", name="OSC out", exact=True)
                expect(section.get_by_role("button", name=re.compile("^Remove OSC target"))).to_have_count(2)
                field = section.get_by_role("textbox", name="Add OSC target", exact=True)
                field.scroll_into_view_if_needed()
                controls = page.evaluate(CONTROLS_HIT)
                assert any(c["control"] == 'button.list-button "Add" in settings' for c in controls), (name, controls)
                # The long target is shown whole, wrapped; what /status says of it, beside it.
                expect(section.get_by_role("listitem").filter(has_text="invalid:53000")).to_contain_text("not sent", timeout=STATUS_MILLISECONDS)
                failures += [f"{name}: {c['control']} at ({c['x']}, {c['y']}) is under {c['hit']}" for c in controls if not c["ok"]]
                shoot(page, f"{name}-{size}")
                # The panel scrolls inside itself when it must, never sideways; the page not at all.
                grid = page.locator(".preferences-grid")
                assert grid.evaluate("(grid) => grid.scrollWidth <= grid.clientWidth"), name
                assert page.evaluate("document.documentElement.scrollWidth <= innerWidth"), name
            assert failures == [], "\n".join(failures)
            assert console.errors == []
        finally:
            console.close()
