"""A recording's disk failing under a real server (issue 44): a disk that fills (a small tmpfs) is said to
every console and what fitted is kept, while the performance goes on; a disk that stops answering (an ext4
image frozen with fsfreeze) is said within seconds, the API and the pads answer meanwhile, and when it thaws
the recording goes on and is saved whole. Needs root (mount, fsfreeze), as the tests run."""
import contextlib
import json
import os
import subprocess
import time

import pytest

from live import api, live_socket, serving, until_message
from sound_signals import clicks, write_wav

# Alone: the mounts and the frozen disk are the machine's.
pytestmark = [pytest.mark.skipif(os.geteuid() != 0, reason="mounting a small disk needs root"), pytest.mark.alone]


@contextlib.contextmanager
def mounted(folder, *mount_arguments):
    """A file system mounted at `folder` until the block ends (thawed first, should it be frozen)."""
    folder.mkdir()
    subprocess.run(["mount", *mount_arguments, str(folder)], check=True)
    try:
        yield folder
    finally:
        subprocess.run(["fsfreeze", "-u", str(folder)], capture_output=True)
        subprocess.run(["umount", "-l", str(folder)], check=True)


def listening_server(imager, tmp_path, recordings):
    samples, _ = clicks(60, 120.0)
    write_wav(tmp_path / "set.wav", samples)
    return serving(imager, tmp_path / "library.sqlite", "--audio", "none", "--listen", str(tmp_path / "set.wav"),
                   "--recordings", str(recordings))


def start_recording(socket):
    until_message(socket, lambda m: m["type"] == "heard" and m["onsets"] >= 1)
    socket.send(json.dumps({"type": "record", "on": True}))
    until_message(socket, lambda m: m["type"] == "recording" and m["on"])


def a_pad_answers(socket, pad):
    socket.send(json.dumps({"type": "padDown", "pad": pad, "velocity": 0.8}))
    until_message(socket, lambda m: m["type"] == "changed" and "pads" in m.get("aspects", []), within=10)
    socket.send(json.dumps({"type": "padUp", "pad": pad}))


def test_a_full_disk_is_said_and_what_fitted_is_kept(imager, tmp_path):
    # The sound heard is journaled raw (some 360 kB a second): 3 MB fill in seconds.
    with mounted(tmp_path / "small", "-t", "tmpfs", "-o", "size=3m", "tmpfs") as recordings:
        with listening_server(imager, tmp_path, recordings) as server, live_socket(server) as socket:
            start_recording(socket)
            said = until_message(socket, lambda m: m["type"] == "recording" and m.get("problem"), within=60)
            assert not said["on"], said
            assert "No space left on device" in said["problem"] or "space" in said["problem"], said
            # The performance goes on, and the API answers.
            a_pad_answers(socket, 2)
            status, answer = api(server, "GET", "/status")
            assert status == 200 and answer["recordingProblem"] == said["problem"]
        # The light comes first: the sound's last seconds made room for the log, saved with what fitted.
        assert "saved in" in said["problem"], said
        names = os.listdir(recordings)
        print(f"a full disk: {said['problem']}; left {sorted(names)}")
        logs = [name for name in names if name.endswith(".json")]
        assert len(logs) == 1 and not any(name.endswith(".journal") for name in names), names
        performance = json.load(open(recordings / logs[0]))
        assert performance["hearings"]["count"] > 0 and performance["recordedUntil"] > performance["recordedFrom"]
        # With room again, the next start closes the sound that could not be closed then.
        subprocess.run(["mount", "-o", "remount,size=64m", str(recordings)], check=True)
        with serving(imager, tmp_path / "library.sqlite", "--audio", "none", "--recordings", str(recordings)):
            pass
        names = os.listdir(recordings)
        assert logs[0].removesuffix(".json") + ".flac" in names and not any(name.endswith(".heard") for name in names), names


def test_a_frozen_disk_is_said_and_the_recording_goes_on_when_it_thaws(imager, tmp_path):
    image = tmp_path / "disk.img"
    subprocess.run(["truncate", "-s", "256M", str(image)], check=True)
    subprocess.run(["mkfs.ext4", "-q", str(image)], check=True)
    with mounted(tmp_path / "disk", "-o", "loop", str(image)) as recordings:
        with listening_server(imager, tmp_path, recordings) as server, live_socket(server) as socket:
            start_recording(socket)
            subprocess.run(["fsfreeze", "-f", str(recordings)], check=True)
            try:
                frozen = time.monotonic()
                said = until_message(socket, lambda m: m["type"] == "recording" and m.get("problem"), within=30)
                waited = time.monotonic() - frozen
                assert said["on"] and said["problem"].startswith("the disk is not taking the recording: nothing has reached it for"), said
                print(f"a frozen disk said after {waited:.1f} s")
                # Meanwhile the pads, the library and the status answer.
                a_pad_answers(socket, 3)
                status, _ = api(server, "POST", "/api/chordsets", {"title": "While frozen"})
                assert status in (200, 201)
                assert api(server, "GET", "/status")[0] == 200
            finally:
                subprocess.run(["fsfreeze", "-u", str(recordings)], check=True)
            back = until_message(socket, lambda m: m["type"] == "recording" and m.get("problem", "").startswith("the disk took"), within=30)
            assert back["on"], back
            a_pad_answers(socket, 4)
            socket.send(json.dumps({"type": "record", "on": False}))
            log = until_message(socket, lambda m: m["type"] == "recording" and not m["on"] and m.get("file"))["file"]
        performance = json.load(open(log))
        pads = [event["intent"]["pad"] for event in performance["events"] if event["intent"]["type"] == "padDown"]
        assert pads == [3, 4], "what was played while frozen was kept"
