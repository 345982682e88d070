"""The installed Debian package, as a performer meets it (`make package-check`): the .deb named by --deb is
installed with dpkg for the session, run with no Swift reachable, and removed at the end (the last test checks
that nothing is left behind)."""
import os
import pathlib
import shutil
import subprocess
import sys
import time

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "Tests" / "python"))

# What must not be reachable while the installed binary runs: the toolchain and the build folders.
HIDDEN = ["/opt/swift", str(ROOT / ".build"), str(ROOT / ".build-package")]
FIGURES = {}


def pytest_addoption(parser):
    parser.addoption("--deb", required=True, help="the .deb to install and check")


def pytest_terminal_summary(terminalreporter):
    for name, value in FIGURES.items():
        terminalreporter.write_line(f"package figure: {name}: {value}")


def run(*command, **options):
    """A command's completed process (text), failing with what it printed when it fails."""
    result = subprocess.run(command, capture_output=True, text=True, timeout=options.pop("timeout", 300), **options)
    assert result.returncode == 0, f"{' '.join(command)} failed ({result.returncode}): {result.stdout}{result.stderr}"
    return result


def installed_files():
    """The paths dpkg says the installed package holds."""
    return [line for line in run("dpkg", "-L", "imager").stdout.splitlines() if line.startswith("/") and line != "/."]


@pytest.fixture(scope="session")
def deb(request):
    path = pathlib.Path(request.config.getoption("--deb")).resolve()
    assert path.is_file(), f"no package at {path}: run `make package` first"
    return path


@pytest.fixture(scope="session")
def hidden_imager(tmp_path_factory):
    """A command that runs the installed /usr/bin/imager as a performer's machine would: in a mount namespace
    of its own where the Swift toolchain and the build folders are empty, with a bare environment (no
    LD_LIBRARY_PATH, /opt/swift not on PATH). Signals reach imager itself (each step execs the next)."""
    home = tmp_path_factory.mktemp("home")
    hide = " ".join(f'[ -d "{folder}" ] && mount -t tmpfs hidden "{folder}";' for folder in HIDDEN)
    wrapper = home / "imager"
    wrapper.write_text(
        "#!/bin/sh\n"
        f"exec unshare --mount --propagation private sh -c '{hide} exec env -i PATH=/usr/bin:/bin HOME={home} "
        f"XDG_DATA_HOME={home}/data XDG_STATE_HOME={home}/state /usr/bin/imager \"$@\"' imager \"$@\"\n")
    wrapper.chmod(0o755)
    return str(wrapper)


@pytest.fixture(scope="session")
def package(deb, hidden_imager, tmp_path_factory):
    """The package installed with dpkg -i for the session; the folders it touches, as they were before; the time
    from `dpkg -i` to the installed console answering."""
    from live import serving

    if subprocess.run(["dpkg", "-s", "imager"], capture_output=True).returncode == 0:
        run("dpkg", "--purge", "imager")
    contents = run("dpkg-deb", "-c", str(deb)).stdout.splitlines()
    paths = ["/" + line.split()[-1].lstrip("./").rstrip("/") for line in contents if line.split()[-1] not in ("./",)]
    existed = {path for path in paths if os.path.lexists(path)}
    started = time.monotonic()
    run("dpkg", "-i", str(deb))
    with serving(hidden_imager, tmp_path_factory.mktemp("first") / "library.sqlite", "--audio", "none"):
        FIGURES["from dpkg -i to the console answering"] = f"{time.monotonic() - started:.2f} s"
    yield {"paths": paths, "existed": existed, "files": installed_files()}
    if subprocess.run(["dpkg", "-s", "imager"], capture_output=True).returncode == 0:
        subprocess.run(["dpkg", "--purge", "imager"], capture_output=True)


@pytest.fixture(scope="session")
def lintian_available():
    if shutil.which("lintian") is None:
        pytest.fail("lintian is not installed: `make package-check` installs it")
