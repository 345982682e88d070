"""What the lab's picture scripts share (tools/readme_pictures.py, tools/light_from_sound_pictures.py): when the
lab is ready and its plane settled, the engine's answer to a change awaited, a tree's row chosen, and events
drawn on the plane with the mouse — each a wait for what it names, never for a fixed time."""
import json

from picture_pages import SCREEN, chromium
from playwright.sync_api import expect

LAB_READY = ("() => { const lab = window.imagerLab; return lab && lab.sender.connected && lab.store.music !== null"
             " && lab.plane.view !== null; }")
# Every sound's waveform miniature in the Sounds panel drawn (its viewBox no longer the empty one).
WAVEFORMS_DRAWN = """() => {
  const items = [...document.querySelector('sound-list').shadowRoot.querySelectorAll('li.sound')];
  return items.length > 0 && items.every((li) => li.querySelector('svg.wave').getAttribute('viewBox') !== '0 0 1 2');
}"""
# The editing plane's canvases at the size they show at (a canvas is blank between a resize and its drawing).
PLANE_SETTLED = """() => {
  const plane = window.imagerLab.plane, ratio = window.devicePixelRatio || 1;
  return [...plane.shadowRoot.querySelectorAll('canvas')].every((canvas) => {
    const box = canvas.getBoundingClientRect();
    return canvas.width === Math.max(1, Math.round(box.width * ratio))
      && canvas.height === Math.max(1, Math.round(box.height * ratio));
  });
}"""


def revision(page):
    return page.evaluate("window.imagerLab.store.music.revision")


def revision_after(page, before):
    """Waits for the engine's answer to a change: the lab's library past revision `before`."""
    page.wait_for_function(f"window.imagerLab.store.music.revision > {before}")


def settled(page):
    """The plane's canvases drawn at their size, and two animation frames more."""
    page.wait_for_function(PLANE_SETTLED)
    page.evaluate("new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")


def choose(page, tree, name):
    """Selects the row `name` in the Parts or Voices tree, and waits for the pair to show it."""
    page.get_by_role("tree", name=tree).get_by_role("treeitem", name=name, exact=True).first.click()
    side = 0 if tree == "Parts" else 1
    page.wait_for_function(f"document.getElementById('pair').textContent.split(' × ')[{side}] === {json.dumps(name)}")


def draw(page, start, end):
    """Drags the mouse along the plane's first row from beat `start` to beat `end` (both in view: a new pair's
    plane shows its whole part); waits for the engine's answer."""
    plane = page.locator("editing-plane canvas.plane").bounding_box()
    view = page.evaluate("(() => { const v = window.imagerLab.plane.view; return { x: { ...v.x }, y: { ...v.y } }; })()")
    x_at = lambda beat: plane["x"] + (beat * 960 - view["x"]["origin"]) * view["x"]["scale"]  # noqa: E731
    y = plane["y"] + (0.5 - view["y"]["origin"]) * view["y"]["scale"]
    x0, x1 = x_at(start) + 2, x_at(end) - 2
    before = revision(page)
    page.mouse.move(x0, y)
    page.mouse.down()
    for step in range(1, 11):
        page.mouse.move(x0 + (x1 - x0) * step / 10, y)
    page.mouse.up()
    revision_after(page, before)


def lab_page(playwright):
    """(browser, page): a 1920×1080 page in Chromium, every wait given a minute — a debug build on a busy machine
    answers slowly."""
    browser = chromium(playwright)
    page = browser.new_page(viewport=SCREEN, device_scale_factor=1)
    page.set_default_timeout(60_000)
    expect.set_options(timeout=60_000)
    return browser, page


def open_lab(page, port):
    """The lab at `port`, ready, with the factory composition's trees folded so that what a piece adds shows."""
    page.goto(f"http://127.0.0.1:{port}/compose")
    page.wait_for_function(LAB_READY)
    for tree, root in [("Parts", "Song"), ("Parts", "Loop"), ("Voices", "Band"), ("Voices", "Pulse")]:
        row = page.get_by_role("tree", name=tree).get_by_role("treeitem", name=root, exact=True).first
        row.locator(".twisty").click()
        expect(row).to_have_attribute("aria-expanded", "false")


def add_sound(page, path):
    """"Add sound" in the Sounds panel's heading, `path` chosen; waits for its voice in the Voices tree."""
    before = revision(page)
    with page.expect_file_chooser() as chooser:
        page.get_by_role("button", name="Add sound").click()
    chooser.value.set_files(str(path))
    revision_after(page, before)


def new_part(page, name, beats, tempo):
    """"New part" in the Parts tree: `name`, `beats` long at `tempo`; waits for the engine's answer."""
    before = revision(page)
    page.get_by_role("button", name="New part", exact=True).click()
    dialog = page.get_by_role("dialog")
    dialog.get_by_label("Name").fill(name)
    dialog.get_by_label("Beats").fill(str(beats))
    dialog.get_by_label("Tempo").fill(str(tempo))
    dialog.get_by_role("button", name="OK").click()
    revision_after(page, before)
