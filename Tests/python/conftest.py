"""Shared fixtures: the imager binary the tests drive, the reference renderings in bench/, and a place for Art-Net
to go."""
import os
import pathlib
import socket
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "bench"))


def pytest_configure(config):
    config.addinivalue_line(
        "markers", "alone: the test needs the machine to itself — it takes a resource every process shares (Link's "
        "session, sACN's port, a mount) or judges time (a frame rate, a latency, a phase) — so `make test` runs it "
        "after the others, one test at a time, where the others run two at once (pytest-xdist)")


@pytest.fixture(scope="session", autouse=True)
def own_data_home(tmp_path_factory):
    """The tests' own XDG_DATA_HOME, for every process they start: a command that opens the default library (or
    reads the imported fixtures) finds a folder of the session's, never the user's, nor the other worker's."""
    os.environ["XDG_DATA_HOME"] = str(tmp_path_factory.mktemp("data-home"))


@pytest.fixture(scope="session")
def imager():
    """The imager binary: $IMAGER, or the debug build that `swift build` made."""
    path = pathlib.Path(os.environ.get("IMAGER", ROOT / ".build" / "debug" / "imager"))
    if not path.exists():
        pytest.fail(f"no imager binary at {path}: run `swift build` first (make test does)")
    return str(path)


@pytest.fixture
def artnet():
    """A UDP socket where the server sends Art-Net: the target is reachable (nothing here reads the packets)."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as receiver:
        receiver.bind(("127.0.0.1", 0))
        yield receiver.getsockname()[1]
