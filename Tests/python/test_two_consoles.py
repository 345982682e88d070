"""Two consoles, one rig (docs/fixtures.md and docs/outputs.md, "Two consoles at once"): two consoles in one real
Chromium (two contexts: two performers) against the real `imager serve`, played by accessible names, the results
read back from the server's API:

- the fixture patch changed over the API, before and after they load, shows on both without a reload — each
  panel follows /live: no GET of the patch after it was shown, and the change there well within the 5 s the
  panel used to poll at;
- console A edits "Par 1" and types a new address; console B adds a fixture meanwhile; A's Save is refused (409)
  with the server's line in the form, what A typed kept and B's fixture in A's list; A's second Save takes it —
  the server holds both changes, and so does the library, read again by a server started again on it;
- the outputs: two different outputs renamed from the two consoles' name forms, both opened on the same revision,
  and then changed by the two consoles' "Test pattern" from the same revision (what /live tells B held back a
  moment, so that B's copy is the one A's change came after) — neither refused, since neither output changed
  since; then the same output renamed from both: the second refused, the server's line said in its form, the
  name it typed kept, and sent again on the outputs as they now are.

The web files are the working copy's (IMAGER_WEB_ROOT). Every wait is bounded. Screenshots go to
Tests/python/artifacts/two-consoles-*.png."""
import os
import re
import time
from urllib.parse import quote

import pytest
from playwright.sync_api import expect, sync_playwright

from console_page import ALL_EDGE_CONTROLS, ConsolePage
from live import api, request, serving
from test_console import BROWSER_ARGUMENTS, CHROMIUM, CONSOLE_READY, DESKTOP
from test_console_panels import WEB_ROOT

# The server's answers come within milliseconds; a debug build on a busy machine can take seconds.
ANSWER_MS = 20_000
# What /live tells shows well within the old poll's 5 s.
FOLLOWED_MS = 3_000
NOTHING_ELSE = dict.fromkeys(ALL_EDGE_CONTROLS.values(), False)
PAR_1 = {"name": "Par 1", "universe": 1, "address": 1, "kind": "rgb", "point": {"x": 0.25, "y": 0.5}}
PAR_2 = {"name": "Par 2", "universe": 1, "address": 4, "kind": "rgb", "point": {"x": 0.75, "y": 0.5}}
# The Outputs panel has nothing dragged, nothing under way and nothing shown that the server has not answered.
PANEL_SETTLED = "() => document.querySelector('ip-outputs-panel')?.settled === true"
KEPT = "What you typed is kept: Save fixture sends it on the patch as it now is."

# Alone: a change is followed by both consoles within FOLLOWED_MS.
pytestmark = [pytest.mark.skipif(not os.path.exists(CHROMIUM), reason=f"no Chromium at {CHROMIUM} (make test installs it)"),
              pytest.mark.alone]


class Console(ConsolePage):
    """A console in a context of its own of a shared Chromium: one performer's browser profile."""

    def __init__(self, browser, port, prefix):
        self.panels, self.prefix, self.browser = ALL_EDGE_CONTROLS, prefix, None
        self.context = browser.new_context(**DESKTOP)
        self.page = self.context.new_page()
        self.errors, self.fetches = [], []
        # Its /live passes through the test, which can hold what the server tells it for a moment (`held`).
        self.live, self.held = None, None
        self.page.route_web_socket(re.compile(r"/live$"), self.route_live)
        self.page.on("pageerror", lambda error: self.errors.append(str(error)))
        self.page.on("request", lambda sent: self.fetches.append((time.monotonic(), sent.method, sent.url.split("?")[0])))
        self.page.goto(f"http://127.0.0.1:{port}/")
        self.page.wait_for_function(CONSOLE_READY, timeout=ANSWER_MS)

    def route_live(self, socket):
        self.live = socket
        socket.connect_to_server().on_message(lambda message: socket.send(message) if self.held is None else self.held.append(message))

    def hold_live(self):
        """What the server tells from now on is held back: this console's copies stay as they are."""
        self.held = []

    def release_live(self):
        held, self.held = self.held, None
        for message in held:
            self.live.send(message)

    def gets_since(self, since, path):
        return [url for at, method, url in self.fetches if at >= since and method == "GET" and url.endswith(path)]

    def close(self):
        self.context.close()


def shown_on_both(a, b, panel):
    """`panel` alone shown from A's edge controls; the layout is the library's, so B shows it too. Their regions."""
    a.show({**NOTHING_ELSE, panel: True})
    name = {"fixtures": "Fixtures", "outputs": "Outputs"}[panel]
    regions = [console.page.get_by_role("region", name=name, exact=True) for console in (a, b)]
    for region in regions:
        expect(region).to_be_visible(timeout=ANSWER_MS)
    return regions


def fixtures_server(imager, library, artnet):
    return serving(imager, library, "--audio", "none", "--dmx", f"artnet:127.0.0.1:{artnet}", env={"IMAGER_WEB_ROOT": str(WEB_ROOT)})


def patch_of(server):
    status, answer = api(server, "GET", "/api/fixtures")
    assert status == 200, (status, answer)
    return answer


def put_patch(server, fixtures, revision=None):
    """PUT /api/fixtures, If-Match the revision given (the ETag a GET gave); the answer's revision, checked against its ETag."""
    headers = {"If-Match": f'"{revision}"'} if revision is not None else None
    status, response_headers, _ = request(server.port, "/api/fixtures", headers, method="PUT", body={"fixtures": fixtures})
    assert status == 200, status
    answer = patch_of(server)
    assert response_headers.get("ETag") == f'"{answer["revision"]}"', (response_headers, answer["revision"])
    return answer


def named(items, name):
    return next((item for item in items if item["name"] == name), None)


def fixture_answer(page, method, status=None):
    return page.expect_response(
        lambda r: r.url.split("?")[0].endswith("/api/fixtures") and r.request.method == method and (status is None or r.status == status),
        timeout=ANSWER_MS)


def patch_list(region):
    return region.get_by_role("list", name="Fixtures patch", exact=True)


def outputs_list(region):
    return region.get_by_role("list", name="Outputs", exact=True)


def shows_fixture(region, name, timeout=ANSWER_MS):
    expect(patch_list(region).get_by_role("button", name=name, exact=True)).to_be_visible(timeout=timeout)
    expect(region.get_by_role("button", name=f"{name} on the stage", exact=True)).to_be_visible(timeout=timeout)


def test_both_consoles_follow_a_patch_changed_over_the_api(imager, tmp_path, artnet):
    with fixtures_server(imager, tmp_path / "library.sqlite", artnet) as server, sync_playwright() as playwright:
        first = put_patch(server, [PAR_1])  # before they load
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=BROWSER_ARGUMENTS)
        try:
            a, b = Console(browser, server.port, "two-consoles-a"), Console(browser, server.port, "two-consoles-b")
            regions = shown_on_both(a, b, "fixtures")
            for region in regions:
                shows_fixture(region, "Par 1")

            # After they load: a PUT made on the revision read, told on /live, shown by both without a GET.
            since = time.monotonic()
            second = put_patch(server, [PAR_1, PAR_2], first["revision"])
            assert second["revision"] == first["revision"] + 1, (first["revision"], second["revision"])
            for region in regions:
                shows_fixture(region, "Par 2", timeout=FOLLOWED_MS)
            # And one taken away.
            put_patch(server, [PAR_2], second["revision"])
            for region in regions:
                expect(region.get_by_role("button", name="Par 1 on the stage", exact=True)).to_be_hidden(timeout=FOLLOWED_MS)
                expect(patch_list(region).get_by_role("listitem")).to_have_count(1, timeout=FOLLOWED_MS)
            for console in (a, b):
                assert console.gets_since(since, "/api/fixtures") == [], f"{console.prefix} read the patch again: it polls"
            a.shoot("followed")
            assert a.errors == [] and b.errors == []
        finally:
            browser.close()


def test_a_save_from_a_stale_form_is_refused_keeps_what_was_typed_and_saves_on_the_patch_as_it_now_is(imager, tmp_path, artnet):
    library = tmp_path / "library.sqlite"
    with fixtures_server(imager, library, artnet) as server, sync_playwright() as playwright:
        put_patch(server, [PAR_1, PAR_2])
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=BROWSER_ARGUMENTS)
        try:
            a, b = Console(browser, server.port, "two-consoles-a"), Console(browser, server.port, "two-consoles-b")
            panel_a, panel_b = shown_on_both(a, b, "fixtures")
            for region in (panel_a, panel_b):
                shows_fixture(region, "Par 1")

            # A opens Par 1 and types a new address.
            patch_list(panel_a).get_by_role("button", name="Edit Par 1", exact=True).click()
            form_a = panel_a.get_by_role("form", name="Edit Par 1", exact=True)
            expect(form_a).to_be_visible(timeout=ANSWER_MS)
            address_a = form_a.get_by_role("spinbutton", name="Address", exact=True)
            expect(address_a).to_have_value("1")
            address_a.click()
            address_a.press("ControlOrMeta+a")
            address_a.press_sequentially("10")
            expect(address_a).to_have_value("10")

            # B adds a fixture meanwhile, through its form.
            panel_b.get_by_role("button", name="Add fixture", exact=True).click()
            form_b = panel_b.get_by_role("form", name="Add a fixture", exact=True)
            expect(form_b).to_be_visible(timeout=ANSWER_MS)
            form_b.get_by_role("textbox", name="Fixture name", exact=True).fill("Wash")
            form_b.get_by_role("combobox", name="Kind", exact=True).select_option("dimmer")
            form_b.get_by_role("spinbutton", name="Address", exact=True).fill("20")
            with fixture_answer(b.page, "PUT") as taken:
                form_b.get_by_role("button", name="Save fixture", exact=True).click()
            assert taken.value.status == 200, taken.value.status
            expect(form_b).to_be_hidden(timeout=ANSWER_MS)
            shows_fixture(panel_a, "Wash", timeout=FOLLOWED_MS)  # A's list follows; A's form is left alone
            expect(address_a).to_have_value("10")

            # A saves from its stale copy: refused, said, nothing typed lost.
            with fixture_answer(a.page, "PUT") as refused:
                form_a.get_by_role("button", name="Save fixture", exact=True).click()
            assert refused.value.status == 409, refused.value.status
            alert = form_a.get_by_role("alert")
            expect(alert).to_contain_text("was not changed", timeout=ANSWER_MS)
            expect(alert).to_contain_text(KEPT)
            expect(form_a).to_be_visible()
            expect(address_a).to_have_value("10")
            expect(form_a.get_by_role("textbox", name="Fixture name", exact=True)).to_have_value("Par 1")
            shows_fixture(panel_a, "Wash")
            patch = patch_of(server)
            assert named(patch["fixtures"], "Par 1")["address"] == 1 and named(patch["fixtures"], "Wash"), patch
            a.shoot("refused")

            # A saves again: on the patch as it now is, both changes kept.
            with fixture_answer(a.page, "PUT") as saved:
                form_a.get_by_role("button", name="Save fixture", exact=True).click()
            assert saved.value.status == 200, saved.value.status
            expect(form_a).to_be_hidden(timeout=ANSWER_MS)
            patch = patch_of(server)
            assert [f["name"] for f in patch["fixtures"]] == ["Par 1", "Par 2", "Wash"], patch
            assert named(patch["fixtures"], "Par 1")["address"] == 10, patch
            wash = named(patch["fixtures"], "Wash")
            assert wash["kind"] == "dimmer" and wash["address"] == 20, patch
            for region in (panel_a, panel_b):
                expect(patch_list(region).get_by_role("listitem").filter(has_text="Par 1")).to_contain_text("1.10", timeout=FOLLOWED_MS)
            assert a.errors == [] and b.errors == []
        finally:
            browser.close()
    # The library has what memory had: a server started again on it reads the same patch.
    with fixtures_server(imager, library, artnet) as again:
        assert patch_of(again)["fixtures"] == patch["fixtures"]


def outputs_of(server):
    status, answer = api(server, "GET", "/api/outputs")
    assert status == 200, (status, answer)
    return answer


def renamed(page, name, status):
    """Waits for the answer to the rename of the output `name` the block's action makes."""
    path = f"/api/outputs/{quote(name, safe='')}/rename"
    return page.expect_response(
        lambda r: r.request.method == "POST" and r.url.split("?")[0].endswith(path) and r.status == status, timeout=ANSWER_MS)


def put_answer(page, name):
    """Waits for the answer to the PUT of the output `name` the block's action makes."""
    path = f"/api/outputs/{quote(name, safe='')}"
    return page.expect_response(lambda r: r.request.method == "PUT" and r.url.split("?")[0].endswith(path), timeout=ANSWER_MS)


def open_rename(region, name):
    """The output `name` chosen in the list, and its name form opened: the form and its textbox."""
    outputs_list(region).get_by_role("button", name=name, exact=True).click()
    region.get_by_role("button", name="Rename", exact=True).click()
    form = region.get_by_role("form", name=f"Rename {name}", exact=True)
    expect(form).to_be_visible(timeout=ANSWER_MS)
    field = form.get_by_role("textbox", name="Output name", exact=True)
    expect(field).to_have_value(name)
    return form, field


def test_two_consoles_rename_two_outputs_at_once_and_the_same_one_from_a_stale_copy(imager, tmp_path):
    with serving(imager, tmp_path / "library.sqlite", "--audio", "none", env={"IMAGER_WEB_ROOT": str(WEB_ROOT)}) as server, \
            sync_playwright() as playwright:
        for side, x in (("Left", 0), ("Right", 0.425)):
            status, answer = api(server, "PUT", f"/api/outputs/{side}", {"name": side, "slice": {"x": x, "y": 0, "width": 0.575, "height": 1}})
            assert status == 200, answer
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=BROWSER_ARGUMENTS)
        try:
            a, b = Console(browser, server.port, "two-consoles-a"), Console(browser, server.port, "two-consoles-b")
            panel_a, panel_b = shown_on_both(a, b, "outputs")
            for region in (panel_a, panel_b):
                expect(outputs_list(region).get_by_role("listitem")).to_have_count(3, timeout=ANSWER_MS)

            # Two outputs, each renamed from a form opened on the same revision: neither is refused.
            form_a, field_a = open_rename(panel_a, "Left")
            form_b, field_b = open_rename(panel_b, "Right")
            field_a.fill("Stage left")
            field_b.fill("Stage right")
            with renamed(a.page, "Left", 200) as left:
                form_a.get_by_role("button", name="Save name", exact=True).click()
            expect(form_a).to_be_hidden(timeout=ANSWER_MS)
            expect(outputs_list(panel_b).get_by_role("button", name="Stage left", exact=True)).to_be_visible(timeout=FOLLOWED_MS)
            with renamed(b.page, "Right", 200) as right:
                form_b.get_by_role("button", name="Save name", exact=True).click()
            expect(form_b).to_be_hidden(timeout=ANSWER_MS)
            made_on = [answer.value.request.headers.get("if-match") for answer in (left, right)]
            assert made_on[0] is not None and made_on[0] == made_on[1], made_on
            assert sorted(o["name"] for o in outputs_of(server)["outputs"]) == ["Main", "Stage left", "Stage right"]
            for region in (panel_a, panel_b):
                for name in ("Stage left", "Stage right"):
                    expect(outputs_list(region).get_by_role("button", name=name, exact=True)).to_be_visible(timeout=FOLLOWED_MS)

            # And at once from the panel's controls, each its own output: B's copy is the one A's change came
            # after (what /live tells B is held back meanwhile), and neither is refused.
            revision = outputs_of(server)["revision"]
            b.page.wait_for_function(f"window.imagerConsole.store.outputsRevision === {revision}", timeout=ANSWER_MS)
            b.hold_live()
            with put_answer(a.page, "Stage left") as answer_a:
                panel_a.get_by_role("combobox", name="Test pattern", exact=True).select_option(label="Grid")
            with put_answer(b.page, "Stage right") as answer_b:
                panel_b.get_by_role("combobox", name="Test pattern", exact=True).select_option(label="White")
            b.release_live()
            assert (answer_a.value.status, answer_b.value.status) == (200, 200), (answer_a.value.text(), answer_b.value.text())
            made_on = [answer.value.request.headers.get("if-match") for answer in (answer_a, answer_b)]
            assert made_on == [f'"{revision}"'] * 2, made_on
            for console in (a, b):
                console.page.wait_for_function(PANEL_SETTLED, timeout=ANSWER_MS)
            outputs = outputs_of(server)["outputs"]
            assert [named(outputs, name)["testPattern"] for name in ("Stage left", "Stage right")] == ["grid", "white"], outputs
            for region in (panel_a, panel_b):
                expect(region.get_by_text("not changed")).to_have_count(0)  # nothing refused, nothing said

            # The same output renamed from both: A's taken, B's (from the same, now stale, copy) refused.
            form_a, field_a = open_rename(panel_a, "Stage right")
            form_b, field_b = open_rename(panel_b, "Stage right")
            field_a.fill("Right wall")
            field_b.fill("Back wall")
            with renamed(a.page, "Stage right", 200):
                form_a.get_by_role("button", name="Save name", exact=True).click()
            expect(form_a).to_be_hidden(timeout=ANSWER_MS)
            expect(outputs_list(panel_b).get_by_role("button", name="Right wall", exact=True)).to_be_visible(timeout=FOLLOWED_MS)
            expect(field_b).to_have_value("Back wall")  # the live message left the form alone
            with renamed(b.page, "Right wall", 409):  # the form follows the rename, and is refused
                form_b.get_by_role("button", name="Save name", exact=True).click()
            alert = form_b.get_by_role("alert")
            # The server's line, as the console shows it.
            expect(alert).to_contain_text(re.compile(r"^The output was not changed: another console changed it meanwhile"), timeout=ANSWER_MS)
            expect(alert).to_contain_text("The name typed is kept: Save name sends it again.")
            expect(field_b).to_have_value("Back wall")
            assert named(outputs_of(server)["outputs"], "Right wall") is not None
            b.shoot("outputs-refused")

            # Sent again, on the outputs as they now are: taken, and A follows.
            with renamed(b.page, "Right wall", 200):
                form_b.get_by_role("button", name="Save name", exact=True).click()
            expect(form_b).to_be_hidden(timeout=ANSWER_MS)
            assert sorted(o["name"] for o in outputs_of(server)["outputs"]) == ["Back wall", "Main", "Stage left"]
            expect(outputs_list(panel_a).get_by_role("button", name="Back wall", exact=True)).to_be_visible(timeout=FOLLOWED_MS)
            assert a.errors == [] and b.errors == []
        finally:
            browser.close()
