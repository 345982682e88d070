"""Real fixtures in the console's Fixtures panel (issue 46, item 7), in a real Chromium against the real `imager serve
--dmx artnet:127.0.0.1:PORT` (an Art-Net listener of the test's own there) with QLC+'s definitions: a Chauvet SlimPAR
56 found by typing "slim" in "Find a fixture", its mode "7-Ch" picked (its channels listed with their roles), the
next free address suggested and the fixture added — in the patch as the server laid it out; a smoke machine found
and added after it (address 8, the SlimPAR's seven channels taken). The SlimPAR selected: its channels' roles and
live values; the DMX monitor shows universe 1 as the listener hears it (the strobe channel at 7, no function, and
the dimmer at 255: channels 5 and 7); a channel held from the panel reaches the patch and the monitor, marked as
changed, and is let go. "Allow strobe" toggled reaches the server; "Fire Smoke" held down by the mouse and by Space
fires the smoke machine and lets it rest when let go; the panel hidden asks for no more frames. Every wait is on
an event (an answer, a text), bounded. The web files are the working copy's (IMAGER_WEB_ROOT), the definitions
imported none (XDG_DATA_HOME is the test's). Screenshots go to Tests/python/artifacts/fixture-profiles-*.png."""
import os
import re

import pytest
from playwright.sync_api import expect, sync_playwright

from console_page import ALL_EDGE_CONTROLS, NO_SIDE_PANEL, ConsolePage
from live import serving
from test_console import CHROMIUM
from test_console_fixtures import WITH_FIXTURES, answered, holds, named
from test_console_panels import WEB_ROOT
from test_fixtures import ArtNetListener

ROLES = [("Red", "red"), ("Green", "green"), ("Blue", "blue"), ("Color Macros", "held"), ("Strobe", "shutter (open)"),
         ("Mode", "held"), ("Dimmer", "dimmer")]

pytestmark = pytest.mark.skipif(not os.path.exists(CHROMIUM), reason=f"no Chromium at {CHROMIUM} (make test installs it)")


def profiles_server(imager, tmp_path, artnet_port):
    return serving(imager, tmp_path / "library.sqlite", "--audio", "none", "--dmx", f"artnet:127.0.0.1:{artnet_port}",
                   env={"IMAGER_WEB_ROOT": str(WEB_ROOT), "XDG_DATA_HOME": str(tmp_path / "data")})


def find_and_pick(form, letters, option, mode):
    """Types `letters` into "Find a fixture" as a performer does, picks `option` among the profiles found, then `mode`."""
    form.get_by_role("textbox", name="Find a fixture", exact=True).press_sequentially(letters, delay=40)
    found = form.get_by_role("listbox", name="Fixture profiles", exact=True)
    found.get_by_role("option", name=option, exact=True).click()
    expect(found).to_be_hidden()
    form.get_by_role("combobox", name="Mode", exact=True).select_option(mode)


def add_a_slimpar(console, page, panel, server):
    """The SlimPAR by "slim", mode 7-Ch: its channels listed with their roles, address 1 suggested, the server's patch."""
    panel.get_by_role("button", name="Add fixture", exact=True).click()
    form = panel.get_by_role("form", name="Add a fixture", exact=True)
    find_and_pick(form, "slim", "Chauvet SlimPAR 56", "7-Ch")
    channels = form.get_by_role("list", name="Channels of the mode", exact=True).get_by_role("listitem")
    expect(channels).to_have_count(7)
    for index, (name, role) in enumerate(ROLES):
        expect(channels.nth(index)).to_have_text(f"{index + 1}{name}{role}")
    expect(form.get_by_role("spinbutton", name="Address", exact=True)).to_have_value("1")
    expect(form.get_by_role("textbox", name="Fixture name", exact=True)).to_have_value("SlimPAR 56")
    expect(form.get_by_role("combobox", name="Kind", exact=True)).to_have_value("profile")
    console.shoot("form")
    with answered(page, "PUT"):
        form.get_by_role("button", name="Save fixture", exact=True).click()
    expect(form).to_be_hidden()
    patch = holds(server, lambda p: named(p, "SlimPAR 56") is not None, "the SlimPAR patched")
    slim = named(patch, "SlimPAR 56")
    assert (slim["universe"], slim["address"]) == (1, 1), slim
    assert (slim["profile"]["manufacturer"], slim["profile"]["model"], slim["profile"]["mode"]) == ("Chauvet", "SlimPAR 56", "7-Ch")
    assert [c["name"] for c in slim["profile"]["channels"]] == [name for name, _ in ROLES]
    assert [(c["name"], c["role"]) for c in patch["channels"][0]] == ROLES, patch["channels"]
    item = panel.get_by_role("list", name="Fixtures patch", exact=True).get_by_role("listitem").filter(has_text="SlimPAR 56")
    expect(item).to_contain_text("Chauvet SlimPAR 56, 7-Ch")
    expect(item).to_contain_text("1.1")


def add_a_smoke_machine(page, panel, server):
    """A smoke machine after it: address 8 suggested (the SlimPAR takes 1 to 7), named Smoke."""
    panel.get_by_role("button", name="Add fixture", exact=True).click()
    form = panel.get_by_role("form", name="Add a fixture", exact=True)
    find_and_pick(form, "generic smoke", "Generic Generic Smoke", "Normal")
    expect(form.get_by_role("spinbutton", name="Address", exact=True)).to_have_value("8")
    form.get_by_role("textbox", name="Fixture name", exact=True).fill("Smoke")
    with answered(page, "PUT"):
        form.get_by_role("button", name="Save fixture", exact=True).click()
    expect(form).to_be_hidden()
    smoke = named(holds(server, lambda p: named(p, "Smoke") is not None, "the smoke machine patched"), "Smoke")
    assert (smoke["address"], smoke["profile"]["type"]) == (8, "Smoke"), smoke


def watch_the_slimpar(console, panel, node):
    """Its channels' roles and live values, and the DMX monitor showing universe 1 as the listener hears it."""
    node.until(lambda p: p[0] == 0 and p[2][4] == 7 and p[2][6] == 255, "the SlimPAR's strobe at 7 and dimmer at 255 on Art-Net")
    panel.get_by_role("list", name="Fixtures patch", exact=True).get_by_role("button", name="SlimPAR 56", exact=True).click()
    table = panel.get_by_role("table", name="Channels of SlimPAR 56", exact=True)
    rows = table.get_by_role("row")
    expect(rows).to_have_count(8)  # the header and seven channels
    for index, (name, role) in enumerate(ROLES):
        expect(rows.nth(index + 1).get_by_role("rowheader")).to_have_text(name)
        expect(rows.nth(index + 1)).to_contain_text(role)
    expect(rows.filter(has_text="Strobe").locator(".channel-value")).to_have_text("7")
    expect(rows.filter(has_text="Dimmer").locator(".channel-value")).to_have_text("255")
    monitor = panel.get_by_role("region", name="DMX monitor", exact=True)
    cells = monitor.get_by_role("listitem")
    expect(cells).to_have_count(512)
    expect(cells.nth(4)).to_have_text("7")
    expect(cells.nth(6)).to_have_text("255")
    expect(monitor).to_contain_text("Universe 1:")
    monitor.scroll_into_view_if_needed()
    console.shoot("monitor")
    return table, cells


def hold_a_channel(page, server, table, cells):
    """Mode held at 3 from the panel: in the patch, in the monitor marked as changed; then let go."""
    hold = table.get_by_role("spinbutton", name="Hold Mode", exact=True)
    hold.fill("3")
    with answered(page, "PUT"):
        hold.press("Enter")
    holds(server, lambda p: named(p, "SlimPAR 56").get("hold") == {"Mode": 3}, "Mode held at 3")
    expect(cells.nth(5)).to_have_text("3")
    expect(cells.nth(5)).to_have_class(re.compile(r"\bis-changed\b"))
    hold.fill("")
    with answered(page, "PUT"):
        hold.press("Enter")
    holds(server, lambda p: "hold" not in named(p, "SlimPAR 56"), "Mode let go")
    expect(cells.nth(5)).to_have_text("0")


def allow_strobe_and_fire(console, page, panel, server):
    """Allow strobe on and off; Fire Smoke held by the mouse, then by Space."""
    switch = panel.get_by_role("switch", name="Allow strobe", exact=True)
    expect(switch).to_have_attribute("aria-checked", "false")
    with answered(page, "PATCH"):
        switch.click()
    expect(switch).to_have_attribute("aria-checked", "true")
    holds(server, lambda p: p["allowStrobe"] is True, "strobing allowed")
    with answered(page, "PATCH"):
        switch.click()
    holds(server, lambda p: p["allowStrobe"] is False, "strobing no longer allowed")

    fire = panel.get_by_role("button", name="Fire Smoke", exact=True)
    fire.scroll_into_view_if_needed()
    box = fire.bounding_box()
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    with answered(page, "PATCH"):
        page.mouse.down()
    holds(server, lambda p: p["firing"] == ["Smoke"], "the smoke machine fired while held")
    expect(fire).to_have_attribute("aria-pressed", "true")
    console.shoot("firing")
    with answered(page, "PATCH"):
        page.mouse.up()
    holds(server, lambda p: p["firing"] == [], "the smoke machine resting once let go")
    expect(fire).to_have_attribute("aria-pressed", "false")
    fire.focus()
    with answered(page, "PATCH"):
        page.keyboard.down("Space")
    holds(server, lambda p: p["firing"] == ["Smoke"], "the smoke machine fired while Space is held")
    with answered(page, "PATCH"):
        page.keyboard.up("Space")
    holds(server, lambda p: p["firing"] == [], "the smoke machine resting once Space is let go")


def test_a_slimpar_found_by_typing_slim_is_patched_watched_held_and_a_smoke_machine_fired(imager, tmp_path):
    with ArtNetListener() as node, profiles_server(imager, tmp_path, node.port) as server, sync_playwright() as playwright:
        console = ConsolePage(playwright, server.port, ALL_EDGE_CONTROLS, "fixture-profiles")
        page = console.page
        try:
            console.show(WITH_FIXTURES)
            panel = page.get_by_role("region", name="Fixtures", exact=True)
            add_a_slimpar(console, page, panel, server)
            add_a_smoke_machine(page, panel, server)
            table, cells = watch_the_slimpar(console, panel, node)
            hold_a_channel(page, server, table, cells)
            allow_strobe_and_fire(console, page, panel, server)
            # Hidden, the panel asks for no more frames.
            console.show(NO_SIDE_PANEL)
            page.wait_for_function("document.querySelector('ip-fixtures-panel').live.running === false", timeout=5_000)
            assert console.errors == []
        finally:
            console.close()
