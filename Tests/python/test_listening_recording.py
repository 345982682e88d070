"""The set keeps its sound (issue 28): while the instrument listens, a recording keeps what was heard beside its
journal, as durable as the journal, and closes it into a FLAC file beside the performance log whose first sample
is the recording's first moment. `imager render performance` muxes it into the video in step with the picture;
`--audio FILE` renders against another take, `--audio none` silently; frames render byte-identical twice. After a
SIGKILL mid-recording, the next start closes the journal and what was heard."""
import json
import os
import signal
import subprocess

import numpy
import pytest

from hearings import heard_events
from live import live_socket, serving, until_message
from sound_signals import RATE, clicks, write_wav

BPM = 123.0
FRAME = 1 / 30


def decoded(path):
    """The samples of an audio file (mono, 48 kHz), through ffmpeg."""
    raw = subprocess.run(["ffmpeg", "-v", "error", "-i", str(path), "-f", "f32le", "-ac", "1", "-ar", str(RATE), "-"],
                         capture_output=True, check=True).stdout
    return numpy.frombuffer(raw, dtype="<f4")


def click_times(samples):
    """Where each click begins: the first sample past half scale after 100 ms of quiet."""
    loud = numpy.flatnonzero(numpy.abs(samples) > 0.4)
    starts = [loud[0]] if len(loud) else []
    starts += [b for a, b in zip(loud, loud[1:]) if b - a > 0.1 * RATE]
    return [index / RATE for index in starts]


def record(server, onsets):
    """Records while `onsets` onsets are heard; the saved log's path."""
    with live_socket(server) as socket:
        until_message(socket, lambda m: m["type"] == "heard" and m["onsets"] >= 2)
        socket.send(json.dumps({"type": "record", "on": True}))
        until_message(socket, lambda m: m["type"] == "recording" and m["on"])
        first = until_message(socket, lambda m: m["type"] == "heard")["onsets"]
        until_message(socket, lambda m: m["type"] == "heard" and m["onsets"] >= first + onsets, limit=100_000)
        socket.send(json.dumps({"type": "record", "on": False}))
        return until_message(socket, lambda m: m["type"] == "recording" and not m["on"] and m.get("file"))["file"]


def test_what_was_heard_is_kept_in_step_and_rendered_with_the_set(imager, tmp_path):
    samples, _ = clicks(30, BPM)
    write_wav(tmp_path / "set.wav", samples)
    recordings = tmp_path / "recordings"
    arguments = ["--audio", "none", "--listen", str(tmp_path / "set.wav"), "--recordings", str(recordings)]
    with serving(imager, tmp_path / "library.sqlite", *arguments) as server:
        log = record(server, 6)
    sound = log.removesuffix(".json") + ".flac"
    assert os.path.exists(sound) and not any(name.endswith(".heard") for name in os.listdir(recordings))
    performance = json.load(open(log))
    start = performance["recordedFrom"]
    heard_onsets = [event["time"] - start for event in heard_events(log)
                    if event["intent"]["heard"]["onset"] > 0 and event["time"] >= start]
    kept_clicks = click_times(decoded(sound))
    assert len(heard_onsets) >= 5 and len(kept_clicks) >= len(heard_onsets)
    # Each onset the engine was told of is at its click in the sound kept, within a frame of video.
    for onset in heard_onsets:
        nearest = min(kept_clicks, key=lambda click: abs(click - onset))
        assert abs(nearest - onset) < FRAME, (onset, kept_clicks)

    # The video takes the sound from its first frame; frames render byte-identical twice.
    video = tmp_path / "set.mp4"
    subprocess.run([imager, "render", "performance", log, "--size", "320x180", "--fps", "30", "--tail", "0.5", "-o", str(video)],
                   check=True, capture_output=True)
    streams = json.loads(subprocess.run(
        ["ffprobe", "-v", "error", "-show_entries", "stream=codec_type,start_time,duration", "-of", "json", str(video)],
        capture_output=True, check=True, text=True).stdout)["streams"]
    audio = next(stream for stream in streams if stream["codec_type"] == "audio")
    assert abs(float(audio["start_time"])) < FRAME
    assert abs(click_times(decoded(video))[0] - kept_clicks[0]) < FRAME
    for attempt in ("a", "b"):
        subprocess.run([imager, "render", "performance", log, "--size", "160x90", "--fps", "10", "--tail", "0", "-o", str(tmp_path / attempt) + "/"],
                       check=True, capture_output=True)
    names = sorted(os.listdir(tmp_path / "a"))
    assert names == sorted(os.listdir(tmp_path / "b")) and len(names) > 10
    assert all((tmp_path / "a" / name).read_bytes() == (tmp_path / "b" / name).read_bytes() for name in names)

    # Another take of the track, or none; something that is not audio is refused with the reason.
    other = tmp_path / "other take.wav"
    write_wav(other, clicks(4, BPM, start=0.25, seed=9)[0])
    subprocess.run([imager, "render", "performance", log, "--size", "320x180", "--fps", "30", "--audio", str(other), "-o", str(video)],
                   check=True, capture_output=True)
    assert abs(click_times(decoded(video))[0] - 0.25) < FRAME
    subprocess.run([imager, "render", "performance", log, "--size", "320x180", "--fps", "30", "--audio", "none", "-o", str(video)],
                   check=True, capture_output=True)
    probe = subprocess.run(["ffprobe", "-v", "error", "-show_entries", "stream=codec_type", "-of", "csv", str(video)],
                           capture_output=True, text=True).stdout
    assert "audio" not in probe
    (tmp_path / "notes.wav").write_text("not a sound")
    refused = subprocess.run([imager, "render", "performance", log, "--audio", str(tmp_path / "notes.wav"), "-o", str(video)],
                             capture_output=True, text=True)
    assert refused.returncode != 0 and "--audio" in refused.stderr


def test_a_crash_mid_recording_keeps_what_was_heard(imager, tmp_path):
    samples, _ = clicks(30, BPM)
    write_wav(tmp_path / "set.wav", samples)
    recordings = tmp_path / "recordings"
    arguments = ["--audio", "none", "--listen", str(tmp_path / "set.wav"), "--recordings", str(recordings)]
    with serving(imager, tmp_path / "library.sqlite", *arguments) as server:
        with live_socket(server) as socket:
            socket.send(json.dumps({"type": "record", "on": True}))
            until_message(socket, lambda m: m["type"] == "recording" and m["on"])
            first = until_message(socket, lambda m: m["type"] == "heard")["onsets"]
            until_message(socket, lambda m: m["type"] == "heard" and m["onsets"] >= first + 4, limit=100_000)
            # Four onsets heard, so at least one flush (every 250 ms) has put some of it on the disk.
            server.process.send_signal(signal.SIGKILL)
            server.process.wait()
    assert any(name.endswith(".heard") for name in os.listdir(recordings))
    with serving(imager, tmp_path / "library.sqlite", "--audio", "none", "--recordings", str(recordings)) as server:
        assert any("recovered an unfinished recording" in line for line in server.lines), server.lines
    names = os.listdir(recordings)
    assert not any(name.endswith((".heard", ".journal")) for name in names), names
    sound = next(name for name in names if name.endswith(".flac"))
    kept = decoded(recordings / sound)
    assert len(kept) > RATE and len(click_times(kept)) >= 2


@pytest.mark.alone  # a Link session (the machine's), and hearings counted a second
def test_a_listening_recording_with_link_keeps_its_log_small(imager, tmp_path):
    # 20 s of listening with Link recorded: the hearings go beside the log, compact, so the log itself grows
    # by far less than 10 MB an hour (as JSON lines, a hundred hearings a second were about 390 MB an hour).
    samples, _ = clicks(20, BPM)
    write_wav(tmp_path / "set.wav", samples)
    recordings = tmp_path / "recordings"
    arguments = ["--audio", "none", "--listen", str(tmp_path / "set.wav"), "--link", "--recordings", str(recordings)]
    with serving(imager, tmp_path / "library.sqlite", *arguments) as server:
        with live_socket(server) as socket:
            socket.send(json.dumps({"type": "record", "on": True}))
            until_message(socket, lambda m: m["type"] == "recording" and m["on"])
            # The meter is told about 33 times a second: 700 messages are about 20 s of sound.
            for _ in range(700):
                until_message(socket, lambda m: m["type"] == "heard", within=30)
            socket.send(json.dumps({"type": "record", "on": False}))
            log = until_message(socket, lambda m: m["type"] == "recording" and not m["on"] and m.get("file"))["file"]
    performance = json.load(open(log))
    seconds = performance["recordedUntil"] - performance["recordedFrom"]
    assert seconds > 15, seconds
    # What grows with the set is its events; the checkpoint it starts from is written once.
    grown = len(json.dumps(performance["events"], indent=2))
    megabytes_an_hour = grown / seconds * 3600 / 1e6
    hearings = heard_events(log)
    kinds = sorted({event["intent"]["type"] for event in performance["events"]})
    print(f"a listening recording with Link: {seconds:.0f} s, log {os.path.getsize(log)} bytes, of which events {grown} "
          f"({megabytes_an_hour:.2f} MB an hour: {len(performance['events'])} events, {kinds}), {len(hearings)} hearings beside it")
    assert megabytes_an_hour < 10, megabytes_an_hour
    assert performance["hearings"]["count"] == len(hearings) and 95 <= len(hearings) / seconds <= 105
