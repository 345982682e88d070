"""A recording dies with the process, and is not lost (issue 11, part 3): `imager serve` journals every intent
it applies while recording, so after a SIGKILL the next start with the same recordings folder closes the
unfinished recording into a performance log — losing at most the last second — and says so.

Twenty times: a console sets the tempo (77 BPM, the stage the recording starts on), starts recording and
sends tempo changes one after another, each awaited; the server is killed with SIGKILL at a random moment
0.05…2.5 s into the recording. The next start must print the recovery line naming a log that holds every
tempo confirmed at least a second before the kill, in order, and nothing that was never sent; the log must
render; and the start after that must recover nothing more. The library and the recordings folder are
shared by the runs, so the start of each run is the "start after that" of the one before.

A failure names the seed and the run; IMAGER_CRASH_SEED=N replays another sequence of kill moments."""
import json
import os
import pathlib
import random
import re
import signal
import subprocess
import threading
import time

import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from live import serving, until_message

RUNS = 20
SEED = int(os.environ.get("IMAGER_CRASH_SEED", "20251111"))
STAGE_BPM = 77.0  # set before recording starts: the recording must start from it
WAIT = 10.0  # seconds any awaited message may take on a loaded machine
LOSS_BOUND = 1.0  # the promise: a crash loses at most the last second
RECOVERED = "recovered an unfinished recording: "


def receive_until(console, accepts, what):
    """The first message that `accepts`, within WAIT seconds in all (the others are skipped). None within them is
    a TimeoutError — an OSError, which perform_until_killed takes, as a connection cut, for the end of the server."""
    try:
        return until_message(console, accepts, within=WAIT, what=what)
    except AssertionError as error:
        raise TimeoutError(str(error)) from None


def set_tempo(console, bpm):
    """Sends a tempo change and waits until the engine has applied it (its `changed` message shows it)."""
    console.send(json.dumps({"type": "tempo", "bpm": bpm}))
    receive_until(console, lambda m: m["type"] == "changed" and m.get("tempo") == bpm, f"change to {bpm} BPM")


def start_recording(console):
    console.send(json.dumps({"type": "record", "on": True}))
    receive_until(console, lambda m: m["type"] == "recording" and m["on"] is True, "recording-on message")


def recovery_lines(server):
    return [line for line in server.lines if RECOVERED in line]


def files_in(folder):
    return {path.name for path in folder.iterdir()} if folder.exists() else set()


def tempos(log):
    """The tempo of every tempo intent in the log's events, in order."""
    return [event["intent"]["bpm"] for event in log["events"] if event["intent"].get("type") == "tempo"]


def numbers_in(value):
    if isinstance(value, bool):
        return []
    if isinstance(value, (int, float)):
        return [value]
    if isinstance(value, dict):
        return [number for item in value.values() for number in numbers_in(item)]
    if isinstance(value, list):
        return [number for item in value for number in numbers_in(item)]
    return []


def holds_tempo(value, bpm):
    """Whether a key naming the tempo (tempo, bpm, beatsPerMinute), at any depth, holds `bpm`."""
    if isinstance(value, dict):
        return any((re.search(r"tempo|bpm|beatsperminute", key, re.I) and bpm in numbers_in(item))
                   or holds_tempo(item, bpm) for key, item in value.items())
    if isinstance(value, list):
        return any(holds_tempo(item, bpm) for item in value)
    return False


def starts_at_stage_tempo(log):
    """Whether the log replays from STAGE_BPM: its checkpoint holds it (format 2), or the last tempo set
    before the recording began is it (format 1, where the events before `recordedFrom` set the stage)."""
    if "checkpoint" in log:
        return holds_tempo(log["checkpoint"], STAGE_BPM)
    start = log.get("recordedFrom", 0)
    before = [event["intent"]["bpm"] for event in log["events"]
              if event["intent"].get("type") == "tempo" and event["time"] <= start]
    return bool(before) and before[-1] == STAGE_BPM


def render(imager, log_path, out):
    """`imager render performance` of the log into `out`: (the finished process, the PNGs it wrote)."""
    result = subprocess.run([imager, "render", "performance", str(log_path), "--size", "64x36", "--fps", "5",
                             "--tail", "0", "-o", f"{out}/"], capture_output=True, text=True, timeout=120)
    return result, sorted(out.glob("*.png"))


def perform_until_killed(server, console, delay):
    """Tempo changes one after another until the server is SIGKILLed `delay` seconds after recording started.
    Returns (the values sent, [(value, monotonic moment its change was received)], the kill moment, when the
    recording started)."""
    start_recording(console)
    started = time.monotonic()
    kill_moment = []

    def kill():
        kill_moment.append(time.monotonic())  # just before the signal: the bound below is the stricter for it
        os.kill(server.process.pid, signal.SIGKILL)

    killer = threading.Timer(max(0.0, started + delay - time.monotonic()), kill)
    killer.start()
    sent, confirmed = [], []
    try:
        for index in range(100_000):
            value = round(80 + index * 0.01, 2)  # distinct, never STAGE_BPM, within 20…300
            sent.append(value)  # before sending: a change can be applied and its confirmation lost to the kill
            set_tempo(console, value)
            confirmed.append((value, time.monotonic()))
        raise AssertionError("100,000 tempo changes and the server was not killed")
    except (ConnectionClosed, OSError) as error:
        if not kill_moment:  # the connection went before the kill: the server failed on its own
            killer.cancel()
            raise AssertionError(f"the connection was lost before the kill ({delay:.3f} s into recording): {error!r}")
    finally:
        killer.join()
    return sent, confirmed, kill_moment[0], started


@pytest.mark.alone  # what was confirmed a second before the kill is on the disk
def test_a_recording_killed_with_sigkill_is_recovered_at_the_next_start(imager, tmp_path):
    library, recordings = tmp_path / "library.sqlite", tmp_path / "recordings"
    rng = random.Random(SEED)
    previous = None  # what the run before recovered, for the message when a start recovers again
    summary = []
    for run in range(RUNS):
        delay = rng.uniform(0.05, 2.5)
        where = f"seed {SEED}, run {run}, kill {delay:.3f} s after recording started"
        before = files_in(recordings)

        # Record, and die.
        with serving(imager, library, "--recordings", str(recordings)) as server:
            with connect(f"ws://127.0.0.1:{server.port}/live", max_size=1 << 24, open_timeout=WAIT) as console:
                receive_until(console, lambda m: m["type"] == "snapshot", "snapshot")
                set_tempo(console, STAGE_BPM)
                sent, confirmed, killed_at, started = perform_until_killed(server, console, delay)
            assert server.stopped(timeout=WAIT) == -signal.SIGKILL, (where, server.process.returncode)
        assert not recovery_lines(server), f"{where}: a start recovered a recording again (after {previous}): {server.lines}"
        left_by_the_kill = files_in(recordings) - before
        where += f" (killed {killed_at - started:.3f} s in; {len(confirmed)} of {len(sent)} changes confirmed)"

        # The next start closes the recording into a log.
        with serving(imager, library, "--recordings", str(recordings)) as server:
            lines = recovery_lines(server)
        assert len(lines) == 1, (
            f"{where}: the next start printed {len(lines)} recovery lines, not one (files left by the kill: "
            f"{sorted(left_by_the_kill)}): {server.lines}")
        # The line is "recovered an unfinished recording: PATH (N events, until T s)".
        log_path = pathlib.Path(lines[0].split(RECOVERED, 1)[1].strip().rsplit(" (", 1)[0])
        assert log_path.is_file(), f"{where}: the recovered log {log_path} is not a file"
        assert log_path.parent.resolve() == recordings.resolve(), f"{where}: {log_path} is not in {recordings}"
        assert re.fullmatch(r"performance-.*\.json", log_path.name), f"{where}: {log_path.name}"
        assert files_in(recordings) - before == {log_path.name}, (
            f"{where}: the folder holds more than the recovered log (a journal left?): {sorted(files_in(recordings))}")
        log = json.loads(log_path.read_text())

        # Every tempo confirmed a second before the kill is there, in order; nothing never sent.
        required = [value for value, moment in confirmed if moment <= killed_at - LOSS_BOUND]
        recorded = tempos(log)
        while recorded and recorded[0] == STAGE_BPM:
            recorded.pop(0)  # the tempo the stage was set with
        unsent = [value for value in recorded if value not in sent]
        assert not unsent, f"{where}: the log holds tempos never sent: {unsent[:10]}"
        missing = [value for value in required if value not in recorded]
        assert not missing, (
            f"{where}: {len(missing)} of the {len(required)} tempos confirmed by {killed_at - started - LOSS_BOUND:.3f} s "
            f"are missing, first {missing[:5]}; the log has {len(recorded)}, last {recorded[-3:]}")
        assert recorded == sent[:len(recorded)], (
            f"{where}: the recorded tempos are not the sent ones in order, without gaps: "
            f"first difference at {next(i for i, (a, b) in enumerate(zip(recorded, sent + [None] * len(recorded))) if a != b)}")
        assert starts_at_stage_tempo(log), (
            f"{where}: the log does not start from the {STAGE_BPM} BPM set before recording: "
            f"checkpoint {json.dumps(log.get('checkpoint'))[:500]}")

        # It renders.
        result, frames = render(imager, log_path, tmp_path / f"frames-{run}")
        assert result.returncode == 0, f"{where}: render performance {log_path}: {result.stderr}"
        assert frames, f"{where}: render performance wrote no PNG: {result.stdout} {result.stderr}"
        lost = len(confirmed) - min(len(recorded), len(confirmed))
        summary.append(f"run {run}: killed {killed_at - started:.2f} s in, {len(recorded)} of {len(sent)} recorded, "
                       f"{lost} confirmed lost")
        previous = f"run {run} recovered {log_path.name}"

    # The last recovery is not repeated either.
    with serving(imager, library, "--recordings", str(recordings)) as server:
        pass
    assert not recovery_lines(server), f"seed {SEED}: a start recovered again (after {previous}): {server.lines}"
    print("\n".join(summary))


def test_a_recording_stopped_normally_leaves_its_log_and_no_journal(imager, tmp_path):
    recordings = tmp_path / "recordings"
    values = [81.5, 94.25, 132.0, 60.75, 200.0]
    with serving(imager, tmp_path / "library.sqlite", "--recordings", str(recordings)) as server:
        with connect(f"ws://127.0.0.1:{server.port}/live", max_size=1 << 24, open_timeout=WAIT) as console:
            receive_until(console, lambda m: m["type"] == "snapshot", "snapshot")
            start_recording(console)
            for value in values:
                set_tempo(console, value)
            console.send(json.dumps({"type": "record", "on": False}))
            stopped = receive_until(console, lambda m: m["type"] == "recording" and m["on"] is False,
                                    "recording-off message")
    assert stopped.get("file"), stopped
    log_path = pathlib.Path(stopped["file"])
    assert log_path.is_file() and log_path.parent.resolve() == recordings.resolve(), stopped
    assert tempos(json.loads(log_path.read_text())) == values
    assert files_in(recordings) == {log_path.name}, f"a journal left beside the log: {sorted(files_in(recordings))}"
    assert not any("recording saved" in line for line in server.lines), server.lines  # nothing was under way
    with serving(imager, tmp_path / "library.sqlite", "--recordings", str(recordings)) as server:
        pass
    assert not recovery_lines(server), server.lines
