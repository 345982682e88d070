"""The Chromium the browser tests and the benches drive: Debian's (or $CHROMIUM), headless, WebGL2 through
SwiftShader."""
import os

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")

# Headless Chromium has no GPU: WebGL2 is drawn by SwiftShader, and so are the pages' layers. The benches measure
# the canvas this way, as they always have.
SWIFTSHADER_ARGUMENTS = ["--use-angle=swiftshader", "--enable-unsafe-swiftshader", "--use-gl=angle", "--no-sandbox"]

# The tests' Chromium composites its pages in software; WebGL2 is still drawn by SwiftShader, read back the same.
# SwiftShader compositing a console of 1920×1080 at every animation frame took 1.9 cores while the console sat
# idle (0.5 in software), and every test waited behind it: a console test took twice as long.
BROWSER_ARGUMENTS = [*SWIFTSHADER_ARGUMENTS, "--disable-gpu-compositing"]
