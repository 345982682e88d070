"""One Chromium showing the console, for the Chromium tests of a panel: its panels shown from the edge controls,
its page errors collected, its screenshots kept as artifacts."""
from playwright.sync_api import expect

from test_console import BROWSER_ARGUMENTS, CHROMIUM, CONSOLE_READY, DESKTOP
from test_console_panels import ARTIFACTS
from test_console_tiling import SETTLED


class ConsolePage:
    """The console at `device`'s size on `port`; `panels` maps the edge controls' labels to the panels they show,
    and screenshots are named `prefix-NAME.png`."""

    def __init__(self, playwright, port, panels, prefix, device=DESKTOP):
        self.panels, self.prefix = panels, prefix
        self.browser = playwright.chromium.launch(executable_path=CHROMIUM, args=BROWSER_ARGUMENTS)
        self.page = self.browser.new_context(**device).new_page()
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

    def shoot(self, name):
        ARTIFACTS.mkdir(exist_ok=True)
        self.page.screenshot(path=str(ARTIFACTS / f"{self.prefix}-{name}.png"))

    def close(self):
        self.browser.close()
