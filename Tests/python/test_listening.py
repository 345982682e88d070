"""The instrument listens (issue 28): `imager serve --listen FILE` and `--listen default` through SDL's disk driver
hear made-up sound — clicks at a known tempo, a bass sine — and the engine gets a `heard` intent a hop: band
levels where they belong, onsets where the clicks are and none in noise, the tempo within 1 BPM. A recording
keeps every hearing, so a replay follows the sound as it was followed. Bad input — a file that is not audio, a
device that is not there, hostile bodies on /api/listening — gets a clear error and changes nothing."""
import json
import random
import subprocess

import numpy

from live import api, free_port, live_socket, serving, until_message
from hearings import heard_events
from hostile_input import hostile_follows, malformed_messages
from test_osc_out import Receiver
from sound_signals import RATE, clicks, sine, write_raw_stereo, write_wav

BPM = 123.0


def heard_until(server, wanted, limit=2_000):
    """The first `heard` message on /live that satisfies `wanted` (within 60 s, among `limit` messages)."""
    with live_socket(server) as socket:
        return until_message(socket, lambda m: m["type"] == "heard" and wanted(m), within=60, limit=limit)


def recorded_hearings(server, seconds_of_onsets):
    """Records while `seconds_of_onsets` onsets are heard; returns the saved log's heard events."""
    with live_socket(server) as socket:
        socket.send(json.dumps({"type": "record", "on": True}))
        until_message(socket, lambda m: m["type"] == "recording" and m["on"])
        first = until_message(socket, lambda m: m["type"] == "heard")["onsets"]
        until_message(socket, lambda m: m["type"] == "heard" and m["onsets"] >= first + seconds_of_onsets, limit=10_000)
        socket.send(json.dumps({"type": "record", "on": False}))
        saved = until_message(socket, lambda m: m["type"] == "recording" and not m["on"] and m.get("file"))
    return heard_events(saved["file"])


def check_heard_clicks(server):
    # The bass sine fills the low band; the clicks' 3 kHz is in the high-mid band, but brief.
    message = heard_until(server, lambda m: m["tempo"] is not None and m["onsets"] >= 10)
    assert abs(message["tempo"] - BPM) < 1, message
    assert message["bands"][0] > 0.5 and max(message["bands"][1:]) < 0.2, message
    hearings = recorded_hearings(server, 6)
    times = [event["time"] for event in hearings]
    # A hundred hearings a second, none missing.
    assert 95 <= (len(times) - 1) / (times[-1] - times[0]) <= 105, len(times)
    onsets = [event["time"] for event in hearings if event["intent"]["heard"]["onset"] > 0]
    assert len(onsets) >= 5
    # Onsets follow the clicks: each gap is a beat, within 10 ms (the engine stamps them as they come).
    for gap in (b - a for a, b in zip(onsets, onsets[1:])):
        assert abs(gap - 60 / BPM) < 0.010, onsets


def test_a_file_is_listened_to_as_an_input(imager, tmp_path):
    samples, _ = clicks(12, BPM)
    write_wav(tmp_path / "set.wav", samples + sine(12, 80))
    with serving(imager, tmp_path / "library.sqlite", "--audio", "none", "--listen", str(tmp_path / "set.wav")) as server:
        assert any("listening to file: set.wav" in line for line in server.lines)
        check_heard_clicks(server)
        status = server.status()["listening"]
        assert status["source"] == "file: set.wav" and status["hearing"] and "problem" not in status


def test_the_default_input_is_heard_through_sdls_disk_driver(imager, tmp_path):
    samples, _ = clicks(30, BPM)
    write_raw_stereo(tmp_path / "heard.raw", samples + sine(30, 80))
    env = {"SDL_AUDIODRIVER": "disk", "SDL_DISKAUDIOFILEIN": str(tmp_path / "heard.raw"), "SDL_DISKAUDIOFILE": str(tmp_path / "out.raw")}
    with serving(imager, tmp_path / "library.sqlite", "--audio", "none", "--listen", "default", env=env) as server:
        check_heard_clicks(server)
        assert api(server, "GET", "/api/listening")[1]["source"] == "default input"


def test_digital_silence_from_a_working_input_is_said_as_silence_and_not_reopened(imager, tmp_path):
    # SDL's disk driver reads the file as the input and, at its end, goes on delivering exact zeros: a working
    # input whose source stopped. That is said as silence, not as a lost device, and the input is not opened
    # again (opened again, the disk driver would read the file from its start: its clicks would be heard again).
    samples, _ = clicks(3, BPM)
    write_raw_stereo(tmp_path / "heard.raw", numpy.concatenate([samples, sine(3, 80)]))
    env = {"SDL_AUDIODRIVER": "disk", "SDL_DISKAUDIOFILEIN": str(tmp_path / "heard.raw"), "SDL_DISKAUDIOFILE": str(tmp_path / "out.raw")}
    with Receiver() as receiver:
        arguments = ["--audio", "none", "--listen", "default", "--osc-out", f"127.0.0.1:{receiver.port}"]
        with serving(imager, tmp_path / "library.sqlite", *arguments, env=env) as server:
            with live_socket(server) as socket:
                until_message(socket, lambda m: m["type"] == "heard" and m["hearing"] and m["level"] > 0.3, within=30)
                silent = until_message(socket, lambda m: m["type"] == "heard" and m.get("silent"), within=30)
                assert "gives only digital silence" in silent["problem"] and not silent.get("lost") and silent["hearing"], silent
                status = server.status()["listening"]
                assert status["silent"] and not status["lost"] and "tried again" not in status["problem"], status
                # Three seconds of what is heard (a hundred messages), past when a lost input would be tried
                # again: still silent, no onset heard anew.
                onsets = silent["onsets"]
                for _ in range(100):
                    message = until_message(socket, lambda m: m["type"] == "heard", within=30)
                    assert message.get("silent") and not message.get("lost") and message["onsets"] == onsets, message
            received = []
            while not receiver.messages.empty():
                received.append(receiver.messages.get_nowait())
            assert not any(address == "/imager/heard/input" for address, _ in received), "not said as lost"
            assert server.process.poll() is None


def test_noise_fires_no_onsets_and_a_quiet_room_is_gated(imager, tmp_path):
    rng = random.Random(3)
    loud = [rng.uniform(-1, 1) * 0.05 for _ in range(RATE * 4)]
    write_wav(tmp_path / "noise.wav", loud)
    with serving(imager, tmp_path / "library.sqlite", "--audio", "none", "--listen", str(tmp_path / "noise.wav")) as server:
        with live_socket(server) as socket:
            messages = [until_message(socket, lambda m: m["type"] == "heard") for _ in range(100)]
        assert all(m["onsets"] == 0 and not m["gated"] for m in messages[10:])
    write_wav(tmp_path / "room.wav", [x / 200 for x in loud])  # −70 dB or so
    with serving(imager, tmp_path / "library.sqlite", "--audio", "none", "--listen", str(tmp_path / "room.wav")) as server:
        message = heard_until(server, lambda m: m["hearing"])
        message = heard_until(server, lambda m: True)
        assert message["gated"] and message["level"] == 0 and message["onsets"] == 0


def test_what_cannot_be_heard_is_refused_with_its_reason(imager, tmp_path):
    (tmp_path / "notes.wav").write_text("these are not sounds")
    for source, reason in [(str(tmp_path / "notes.wav"), "cannot listen"), ("No Such Microphone", "cannot listen to")]:
        result = subprocess.run(
            [imager, "serve", "--port", str(free_port()), "--library", str(tmp_path / "library.sqlite"), "--audio", "none", "--listen", source],
            capture_output=True, text=True, timeout=60, env={"SDL_AUDIODRIVER": "dummy", "PATH": "/usr/bin:/bin"})
        assert result.returncode != 0
        assert reason in result.stderr + result.stdout, result


def test_a_mistyped_file_is_no_such_file_with_the_inputs_there_are(imager, tmp_path):
    for source in ["nosuch.wav", str(tmp_path / "takes" / "one")]:
        result = subprocess.run(
            [imager, "serve", "--port", str(free_port()), "--library", str(tmp_path / "library.sqlite"), "--audio", "none", "--listen", source],
            capture_output=True, text=True, timeout=60, env={"SDL_AUDIODRIVER": "dummy", "PATH": "/usr/bin:/bin"})
        assert result.returncode != 0
        said = result.stderr + result.stdout
        assert f"no such file: {source}" in said and "the inputs there are: default" in said, said
        assert "cannot listen to device" not in said, said


def test_hostile_listening_requests_change_nothing(imager, tmp_path):
    samples, _ = clicks(6, BPM)
    write_wav(tmp_path / "set.wav", samples)
    with serving(imager, tmp_path / "library.sqlite", "--audio", "none", "--listen", str(tmp_path / "set.wav")) as server:
        before = api(server, "GET", "/api/listening")[1]
        bodies = [m.encode() if isinstance(m, str) else m for m in malformed_messages(60, seed=28)]
        bodies += [json.dumps({"source": s}).encode() for s in ["/etc/passwd", str(tmp_path / "set.wav"), "", "x" * 10_000, "\u0000"]]
        bodies += [json.dumps({"source": 3}).encode(), b"{}", b""]
        for body in bodies:
            status, answer = api(server, "POST", "/api/listening", body=body, headers={"Content-Type": "application/json"})
            assert 400 <= status < 500, (body[:80], status, answer)
            assert "error" in answer
        assert api(server, "GET", "/api/listening")[1]["source"] == before["source"]
        assert heard_until(server, lambda m: m["hearing"])["source"] == "file: set.wav"
        # Listening to nothing, then to the default input (none here: said, and the show goes on).
        status, answer = api(server, "POST", "/api/listening", body=b'{"source": "none"}')
        assert status == 200 and answer["source"] == "none"


def test_a_track_is_analysed_as_the_instrument_would_hear_it(imager, tmp_path):
    samples, click_times = clicks(20, BPM)
    write_wav(tmp_path / "track.wav", samples + sine(20, 80))
    result = subprocess.run([imager, "analyse", str(tmp_path / "track.wav")], capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    assert abs(report["tempo"] - BPM) < 1 and report["sampleRate"] == RATE and abs(report["seconds"] - 20) < 0.01
    later = [time for time in click_times if time > 0.4]
    assert len(report["onsets"]) == len(later)
    assert all(abs(onset - click) < 0.010 for onset, click in zip(report["onsets"], later))
    assert report["bands"]["low"] > 0.5 and report["onsetDelayMilliseconds"][0] < 15
    (tmp_path / "notes.wav").write_text("not a sound")
    for path in [tmp_path / "notes.wav", tmp_path / "missing.wav"]:
        refused = subprocess.run([imager, "analyse", str(path)], capture_output=True, text=True, timeout=60)
        assert refused.returncode != 0 and "cannot analyse" in refused.stderr and not refused.stdout


def test_ten_thousand_hostile_follow_messages_leave_the_state_bounded(imager, tmp_path):
    # Every follower a client asks for, each with its own attack and release, hostile values among them: the
    # envelopes the state keeps stay at most 16 a source (96 in all), and so does a checkpoint's share of them.
    samples, _ = clicks(8, BPM)
    write_wav(tmp_path / "set.wav", samples + sine(8, 80))
    arguments = ["--audio", "none", "--listen", str(tmp_path / "set.wav"), "--recordings", str(tmp_path / "recordings")]
    with serving(imager, tmp_path / "library.sqlite", *arguments) as server:
        with live_socket(server) as socket:
            for index, message in enumerate(hostile_follows(10_000)):
                socket.send(message)
                if index % 2:
                    socket.send(json.dumps({"type": "tap", "at": {"x": 0.5, "y": 0.5}, "velocity": 0.5}))
                if index % 100 == 99:
                    socket.send(json.dumps({"type": "erase"}))
            socket.send(json.dumps({"type": "record", "on": True}))
            until_message(socket, lambda m: m["type"] == "recording" and m["on"], limit=1_000_000)
            socket.send(json.dumps({"type": "record", "on": False}))
            saved = until_message(socket, lambda m: m["type"] == "recording" and not m["on"] and m.get("file"), limit=1_000_000)
        assert server.status()["listening"]["hearing"]
    with open(saved["file"]) as file:
        checkpoint = json.load(file)["checkpoint"]
    envelopes = checkpoint["listening"]["envelopes"]
    assert 6 < len(envelopes) <= 96, len(envelopes)
    for source in {envelope["shape"]["source"] for envelope in envelopes}:
        assert sum(envelope["shape"]["source"] == source for envelope in envelopes) <= 16
    assert len(json.dumps(checkpoint["listening"])) < 16_384
