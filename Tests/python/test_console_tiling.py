"""The console's layout is a tiling (console-layout.js): in a real Chromium against the real `imager serve`, at
1024×768, 1280×800, 1920×1080 and a portrait 768×1024 — the first-run layout, with the chordset list, with
every panel, and with every panel but the list — the centre of every control the performer can see (buttons,
fields, selects, sliders, the ribbons, the thumbnails) is that control or inside it (`elementFromPoint`,
through the panels' shadow roots): no panel, not the canvas preview and not an edge control lies over
another panel's controls, and no panel squeezes its controls out of reach. A control scrolled out of its
panel's view is skipped (the panel scrolls to it); one cut off by a box that does not scroll, or off the
screen, fails. Screenshots of the console with the list shown, at 1024×768 and 1920×1080, go to
Tests/python/artifacts/ (not kept in git)."""
import asyncio
import os

import pytest
from playwright.async_api import async_playwright, expect

from live import serving
from test_console import CHROMIUM, DESKTOP, EDGE_CONTROLS, FIRST_RUN, TABLET, Browser, shoot, thumbnails_drawn

LAPTOP = {"viewport": {"width": 1280, "height": 800}, "device_scale_factor": 1}
PORTRAIT = {"viewport": {"width": 768, "height": 1024}, "device_scale_factor": 1, "has_touch": True}
SIZES = {"1024x768": TABLET, "1280x800": LAPTOP, "1920x1080": DESKTOP, "768x1024": PORTRAIT}

EVERYTHING = dict.fromkeys(FIRST_RUN, True)
LAYOUTS = {
    "first-run": FIRST_RUN,
    "list": {**FIRST_RUN, "chordsetList": True},
    "everything": EVERYTHING,
    "everything-but-the-list": {**EVERYTHING, "chordsetList": False},
}

# Every control in the panels that show, through shadow roots: where its centre is, what is there, and whether
# that is the control (`ok`). One whose centre is scrolled out of its panel's view is left out (the panel
# scrolls to it); one whose centre is cut off by a box that does not scroll, or lies off the screen, is not ok.
CONTROLS_HIT = """() => {
  const CONTROL = 'button, input, select, textarea, a[href], [role="slider"], [role="button"], [role="checkbox"], '
    + '[role="switch"], [role="radio"], [tabindex]:not([tabindex="-1"])';
  const parentOf = (node) => node.parentElement ?? node.getRootNode()?.host ?? null;
  const describe = (node) => {
    if (!node) return null;
    const panel = node.closest?.('.panel') ?? (() => { let n = node; while (n && !n.classList?.contains('panel')) n = parentOf(n); return n; })();
    const name = node.getAttribute('aria-label') || node.getAttribute('title') || node.textContent.trim().slice(0, 30);
    return `${node.tagName.toLowerCase()}${node.className && typeof node.className === 'string' ? '.' + node.className.split(' ')[0] : ''}`
      + ` "${name}" in ${panel?.dataset?.panel ?? 'the page'}`;
  };
  function* walk(root) {
    for (const node of root.querySelectorAll('*')) {
      yield node;
      if (node.shadowRoot) yield* walk(node.shadowRoot);
    }
  }
  const results = [];
  for (const section of document.querySelectorAll('.panel:not(.is-hidden)')) {
    for (const control of walk(section)) {
      if (!control.matches(CONTROL)) continue;
      if (!control.checkVisibility({ visibilityProperty: true })) continue;
      const box = control.getBoundingClientRect();
      if (box.width < 2 || box.height < 2) continue;  // visually hidden
      const x = box.left + box.width / 2;
      const y = box.top + box.height / 2;
      let skipped = false;
      let cut = null;
      for (let node = parentOf(control); node; node = parentOf(node)) {
        const style = getComputedStyle(node);
        if (style.overflowX === 'visible' && style.overflowY === 'visible') continue;
        const outer = node.getBoundingClientRect();
        const left = outer.left + node.clientLeft, top = outer.top + node.clientTop;
        const outsideX = x < left || x > left + node.clientWidth;
        const outsideY = y < top || y > top + node.clientHeight;
        const scrolls = (value) => value === 'auto' || value === 'scroll';
        if ((outsideX && scrolls(style.overflowX)) || (outsideY && scrolls(style.overflowY))) { skipped = true; break; }
        if (outsideX || outsideY) { cut = node; break; }
      }
      if (skipped) continue;
      const onScreen = x >= 0 && y >= 0 && x < innerWidth && y < innerHeight;
      let hit = onScreen && !cut ? document.elementFromPoint(x, y) : null;
      while (hit?.shadowRoot) {
        const inner = hit.shadowRoot.elementFromPoint(x, y);
        if (!inner || inner === hit) break;
        hit = inner;
      }
      let ok = false;
      for (let node = hit; node; node = parentOf(node)) if (node === control) { ok = true; break; }
      results.push({ control: describe(control), x: Math.round(x), y: Math.round(y), ok,
                     hit: cut ? `cut off by ${describe(cut)}` : onScreen ? describe(hit) : 'off the screen' });
    }
  }
  return results;
}"""

# No panel is moving: the layout has settled (panels scale in and out, and move, over 260 ms).
SETTLED = "() => document.getAnimations().every((animation) => animation.playState !== 'running')"

pytestmark = pytest.mark.skipif(not os.path.exists(CHROMIUM), reason=f"no Chromium at {CHROMIUM} (make test installs it)")


async def show(page, panels):
    """Shows exactly `panels` from the edge controls."""
    for label, panel in EDGE_CONTROLS.items():
        button = page.get_by_role("button", name=label, exact=True)
        wanted = str(panels[panel]).lower()
        if await button.get_attribute("aria-pressed") != wanted:
            await button.click()
            await expect(button).to_have_attribute("aria-pressed", wanted)
    await page.wait_for_function(SETTLED)


@pytest.mark.parametrize("size", SIZES)
def test_every_visible_control_is_the_thing_under_its_centre(imager, tmp_path, size):
    with serving(imager, tmp_path / "library.sqlite") as server:
        async def run():
            async with async_playwright() as playwright, Browser(playwright, server.port) as browser:
                page = await browser.console(SIZES[size])
                failures = []
                for name, panels in LAYOUTS.items():
                    await show(page, panels)
                    if panels["chordsetList"]:
                        await expect(page.get_by_role("list", name="Chordsets", exact=True)).to_be_visible()
                        await thumbnails_drawn(page)
                        await page.wait_for_function(SETTLED)
                    controls = await page.evaluate(CONTROLS_HIT)
                    assert len(controls) > 20, (name, controls)
                    failures += [f"{name}: {c['control']} at ({c['x']}, {c['y']}) is under {c['hit']}" for c in controls if not c["ok"]]
                    if name == "list" and size in ("1024x768", "1920x1080"):
                        await shoot(page, f"console-tiling-list-{size}")
                assert failures == [], "\n".join(failures)
                assert await page.evaluate("document.documentElement.scrollWidth <= innerWidth")
                assert browser.errors == []

        asyncio.run(run())
