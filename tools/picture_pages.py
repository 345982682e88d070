"""What the picture scripts share (tools/readme_pictures.py, tools/outputs_pictures.py): where pictures go, the
screen they are taken at, and a Chromium drawing WebGL2 through SwiftShader."""
import os
import pathlib
import sys

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "Tests" / "python"))

IMAGES = ROOT / "docs" / "images"
SCREEN = {"width": 1920, "height": 1080}


def chromium(playwright):
    return playwright.chromium.launch(
        executable_path=os.environ.get("CHROMIUM", "/usr/bin/chromium"),
        args=["--use-angle=swiftshader", "--enable-unsafe-swiftshader"])
