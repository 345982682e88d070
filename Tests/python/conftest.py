"""Shared fixtures: the imager binary the tests drive, and the reference renderings in bench/."""
import os
import pathlib
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "bench"))


@pytest.fixture(scope="session")
def imager():
    """The imager binary: $IMAGER, or the debug build that `swift build` made."""
    path = pathlib.Path(os.environ.get("IMAGER", ROOT / ".build" / "debug" / "imager"))
    if not path.exists():
        pytest.fail(f"no imager binary at {path}: run `swift build` first (make test does)")
    return str(path)
