"""The library survives being killed mid-write: a child process commits writes in a loop and is killed with
SIGKILL at random moments, 25 times; after each kill every acknowledged write is there and SQLite's
integrity check says ok."""
import pathlib
import random
import select
import signal
import sqlite3
import subprocess
import time


def test_every_acknowledged_write_survives_sigkill(imager, tmp_path):
    library = tmp_path / "library.sqlite"
    # The test tool built beside imager (Tests/Tools/LibraryWriteLoop): writes in a loop until killed.
    writer = str(pathlib.Path(imager).parent / "library-write-loop")
    acknowledged = set()
    rng = random.Random(7)
    for run in range(25):
        child = subprocess.Popen([writer, str(library), f"run{run}"],
                                 stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        first = b""
        if run % 2:
            # Every other kill comes once a write has been acknowledged, however busy the machine: the check below
            # always has acknowledged writes to find. The others may come at any moment, before the first migration too.
            ready, _, _ = select.select([child.stdout], [], [], 30)
            assert ready, "the writer acknowledged no write within 30 s"
            first = child.stdout.readline()
        time.sleep(rng.uniform(0.05, 0.5))
        child.send_signal(signal.SIGKILL)
        out, _ = child.communicate()
        # Only whole lines were acknowledged (printed after their commit).
        lines = (first + out).decode().split("\n")[:-1]
        acknowledged |= {f"run{run} {n}" for n in lines}
        connection = sqlite3.connect(library)
        try:
            assert connection.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
            # Killed before its first migration was committed, the file holds no tables yet: nothing was written.
            tables = {row[0] for row in connection.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
            titles = {row[0] for row in connection.execute("SELECT title FROM chordset")} if "chordset" in tables else set()
        finally:
            connection.close()
        assert acknowledged <= titles
    assert len(acknowledged) > 0
    listed = subprocess.run([imager, "chordsets", "list", "--library", str(library)], capture_output=True, text=True)
    assert listed.returncode == 0
