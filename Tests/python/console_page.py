"""One Chromium showing the console, for the Chromium tests of a panel: its panels shown from the edge controls,
its page errors collected, its screenshots kept as artifacts."""
from playwright.sync_api import expect

from test_console import (BROWSER_ARGUMENTS, CHROMIUM, CONSOLE_READY, DESKTOP, EDGE_CONTROLS, FIRST_RUN,
                          THUMBNAILS_DRAWN, THUMBNAILS_MILLISECONDS)
from test_console_panels import ARTIFACTS
from test_console_tiling import SETTLED

# Every edge control's label and the panel it shows: the first run's eight and the side column's three.
ALL_EDGE_CONTROLS = {**EDGE_CONTROLS, "Listening panel": "listening", "Fixtures panel": "fixtures",
                     "Outputs panel": "outputs"}
# The first run's panels with nothing in the side column; and every panel at once.
NO_SIDE_PANEL = {**FIRST_RUN, "listening": False, "fixtures": False, "outputs": False}
EVERYTHING = dict.fromkeys(ALL_EDGE_CONTROLS.values(), True)


class ConsolePage:
    """The console at `device`'s size on `port`; `panels` maps the edge controls' labels to the panels they show,
    and screenshots are named `prefix-NAME.png`."""

    def __init__(self, playwright, port, panels, prefix, device=DESKTOP, init_script=None):
        """`init_script`, when given, runs in the page before the console's own (a fake Web MIDI, say)."""
        self.panels, self.prefix = panels, prefix
        self.browser = playwright.chromium.launch(executable_path=CHROMIUM, args=BROWSER_ARGUMENTS)
        context = self.browser.new_context(**device)
        if init_script:
            context.add_init_script(init_script)
        self.page = context.new_page()
        self.errors = []
        self.page.on("pageerror", lambda error: self.errors.append(str(error)))
        self.page.goto(f"http://127.0.0.1:{port}/")
        self.page.wait_for_function(CONSOLE_READY, timeout=20_000)

    def show(self, shown):
        """Shows exactly the panels `shown` says from the edge controls, and waits for the layout to settle."""
        for label, panel in self.panels.items():
            button = self.page.get_by_role("button", name=label, exact=True)
            wanted = str(shown[panel]).lower()
            if button.get_attribute("aria-pressed") != wanted:
                button.click()
                expect(button).to_have_attribute("aria-pressed", wanted, timeout=20_000)
        self.page.wait_for_function(SETTLED)

    def list_drawn(self):
        """Waits for the chordset list that shows to have its thumbnails on screen (each drawn by the server's
        renderer: seconds, on a debug build) and the layout to settle around them."""
        expect(self.page.get_by_role("list", name="Chordsets", exact=True)).to_be_visible(timeout=20_000)
        self.page.wait_for_function(THUMBNAILS_DRAWN, timeout=THUMBNAILS_MILLISECONDS)
        self.page.wait_for_function(SETTLED)

    def shoot(self, name, prefix=None):
        """Keeps a screenshot as `prefix-NAME.png` (the page's own prefix unless another is given)."""
        ARTIFACTS.mkdir(exist_ok=True)
        self.page.screenshot(path=str(ARTIFACTS / f"{prefix or self.prefix}-{name}.png"))

    def close(self):
        self.browser.close()
