"""The lab's renders over HTTP (docs/composition.md, issue 27) against the real server: a composition or a pair
rendered to WAV, FLAC or an MP4 of its light, followed by its `{"type": "render"}` messages on /live, downloaded,
and kept in `renders/` beside the library; one at a time, the next waiting; cancelled, leaving nothing behind;
and hostile requests refused with nothing started."""
import json
import os
import random
import subprocess
import wave

import numpy
import pytest

from live import api, live_socket, request, serving, until_message

SEED = 27
FUZZED_BODIES = 150
RATE = 48_000
ENDED = ("done", "failed", "cancelled")
LINE_BREAKS = "\n\r\x85\u2028\u2029"


def write_wav(path, seconds=2.0, rate=44_100, frequency=440.0, amplitude=0.5):
    t = numpy.arange(int(round(seconds * rate))) / rate
    samples = numpy.round(amplitude * numpy.sin(2 * numpy.pi * frequency * t) * 32768).clip(-32768, 32767).astype("<i2")
    with wave.open(str(path), "wb") as file:
        file.setnchannels(1)
        file.setsampwidth(2)
        file.setframerate(rate)
        file.writeframes(samples.tobytes())
    return path


def music(server):
    status, answer = api(server, "GET", "/api/music")
    assert status == 200, answer
    return answer


def named(records, name):
    return next(record for record in records if record["name"] == name)


def renders(server):
    status, answer = api(server, "GET", "/api/renders")
    assert status == 200, answer
    return answer["renders"]


def start(server, body):
    """POST /api/renders: the render it started (202)."""
    status, answer = api(server, "POST", "/api/renders", body)
    assert status == 202, (body, status, answer)
    return answer["render"]


def follow(socket, render_id, wanted=lambda r: r["state"] in ENDED):
    """The `{"type": "render"}` messages about `render_id` on /live, up to the first `wanted` (returned last)."""
    seen = []

    def about(message):
        if message["type"] == "render" and message["render"]["id"] == render_id:
            seen.append(message["render"])
            return wanted(message["render"])
        return False
    until_message(socket, about, within=300)
    return seen


def follow_many(socket, render_ids):
    """Every `{"type": "render"}` message about each of `render_ids` on /live until all have ended, by id; the
    order they ended in under the key "ended"."""
    seen = {render_id: [] for render_id in render_ids}
    ended = []

    def about(message):
        if message["type"] == "render" and message["render"]["id"] in seen:
            render = message["render"]
            seen[render["id"]].append(render)
            if render["state"] in ENDED and render["id"] not in ended:
                ended.append(render["id"])
        return len(ended) == len(seen)
    until_message(socket, about, within=300)
    seen["ended"] = ended
    return seen


def probe(path):
    result = subprocess.run(["ffprobe", "-v", "error", "-show_entries",
                             "stream=codec_type,codec_name,width,height,sample_rate,channels,avg_frame_rate:format=duration",
                             "-of", "json", str(path)], capture_output=True, text=True, check=True)
    return json.loads(result.stdout)


def samples(path):
    """The audio of `path` as 32-bit floats, frames × channels (decoded by ffmpeg), with its rate."""
    streams = [s for s in probe(path)["streams"] if s["codec_type"] == "audio"]
    channels, rate = streams[0]["channels"], int(streams[0]["sample_rate"])
    raw = subprocess.run(["ffmpeg", "-v", "error", "-i", str(path), "-map", "0:a", "-f", "f32le", "-acodec", "pcm_f32le", "-"],
                         capture_output=True, check=True).stdout
    return numpy.frombuffer(raw, dtype="<f4").reshape(-1, channels), rate


def make_tone_composition(server, tmp_path, name="Tone × Test"):
    """An atomic part of 8 beats at 120 bpm (4 s) × the voice of an uploaded 440 Hz sine, one event from beat 2 to
    beat 4 (1 s to 2 s), as a composition: its id."""
    body = write_wav(tmp_path / "sine.wav").read_bytes()
    status, answer = api(server, "POST", "/api/music/edits", {"edits": [{"type": "addPart", "name": "Tone Part", "beats": 8, "tempo": 120}]})
    assert status == 200, answer
    part = answer["results"][0]["id"]
    status, uploaded = api(server, "POST", "/api/music/sounds?name=sine.wav", body, {"Content-Type": "application/octet-stream"})
    assert status == 201, uploaded
    voice = uploaded["voice"]
    status, answer = api(server, "POST", "/api/music/edits", {"edits": [
        {"type": "editingRange", "part": part, "voice": voice, "start": 1920, "end": 3840},
        {"type": "addComposition", "name": name, "part": part, "voice": voice}]})
    assert status == 200, answer
    assert answer["durations"][str(part)] == 4.0
    return answer["results"][1]["id"]


def test_a_composition_renders_to_a_wav_followed_on_live_and_downloaded(imager, tmp_path):
    with serving(imager, tmp_path / "library.sqlite", "--audio", "none") as server, live_socket(server) as socket:
        until_message(socket, lambda m: m["type"] == "snapshot")
        composition = make_tone_composition(server, tmp_path)
        render = start(server, {"composition": composition, "format": "wav"})
        assert render["name"] == "Tone × Test" and render["format"] == "wav" and render["state"] in ("waiting", "running")
        assert render["file"] is None and render["download"] is None and render["error"] is None
        seen = follow(socket, render["id"])
        done = seen[-1]
        assert done["state"] == "done", done
        assert done["file"] == "Tone Test.wav" and done["download"] == f"/api/renders/{render['id']}/file"
        assert done["progress"] == 1 and done["stage"] is None and done["error"] is None
        assert any(r["state"] == "running" for r in seen[:-1])
        assert [r["progress"] for r in seen] == sorted(r["progress"] for r in seen)  # it never goes back
        status, answer = api(server, "GET", f"/api/renders/{render['id']}")
        assert status == 200 and answer["render"] == done
        assert renders(server)[0] == done
        status, headers, data = request(server.port, done["download"])
        assert status == 200
        assert headers["Content-Disposition"] == 'attachment; filename="Tone Test.wav"'
        assert headers["Content-Type"].startswith("audio/")
    # The file is kept beside the library, the same bytes as downloaded.
    kept = tmp_path / "renders" / "Tone Test.wav"
    assert kept.read_bytes() == data
    assert os.listdir(tmp_path / "renders") == ["Tone Test.wav"]
    frames, rate = samples(kept)
    assert rate == RATE and frames.shape[1] == 2
    assert len(frames) == pytest.approx(4 * RATE, abs=RATE // 100)
    edge = int(0.005 * RATE)  # a few ms of the resampler's ringing at the event's edges
    assert numpy.abs(frames[: RATE - edge]).max() < 1e-4
    assert numpy.abs(frames[2 * RATE + edge:]).max() < 1e-4
    middle = frames[RATE + edge: 2 * RATE - edge]
    rms = numpy.sqrt(numpy.mean(middle.astype(numpy.float64) ** 2, axis=0))
    assert rms == pytest.approx([0.5 / numpy.sqrt(2)] * 2, abs=0.01)
    signs = numpy.signbit(middle[:, 0])
    assert numpy.count_nonzero(signs[1:] != signs[:-1]) / 2 / (len(middle) / RATE) == pytest.approx(440, abs=3)


def test_a_pair_renders_to_flac_and_demo_to_an_mp4(imager, tmp_path):
    with serving(imager, tmp_path / "library.sqlite", "--audio", "none") as server, live_socket(server) as socket:
        until_message(socket, lambda m: m["type"] == "snapshot")
        library = music(server)
        song, band = named(library["library"]["parts"], "Song")["id"], named(library["library"]["voices"], "Band")["id"]
        demo = named(library["library"]["compositions"], "Demo")
        duration = library["durations"][str(demo["part"])]
        flac = start(server, {"part": song, "voice": band, "format": "flac"})
        assert flac["name"] == "Song × Band"
        video = start(server, {"composition": demo["id"], "format": "mp4", "width": 320, "height": 180, "fps": 10})
        assert video["state"] == "waiting"  # one render at a time
        wav = start(server, {"composition": demo["id"], "format": "wav"})
        seen = follow_many(socket, [flac["id"], video["id"], wav["id"]])
        for render, file in [(flac, "Song Band.flac"), (video, "Demo.mp4"), (wav, "Demo.wav")]:
            done = seen[render["id"]][-1]
            assert done["state"] == "done" and done["file"] == file, done
            status, headers, _ = request(server.port, done["download"])
            assert status == 200 and headers["Content-Disposition"] == f'attachment; filename="{file}"'
        # One at a time, in the order asked; the video mixes its sound, then draws its light.
        assert seen["ended"] == [flac["id"], video["id"], wav["id"]]
        stages = [r["stage"] for r in seen[video["id"]] if r["state"] == "running"]
        assert "mix" in stages and "video" in stages and stages.index("video") > stages.index("mix"), stages
        assert all(r["stage"] == "mix" for r in seen[flac["id"]] if r["state"] == "running")
    folder = tmp_path / "renders"
    assert sorted(os.listdir(folder)) == ["Demo.mp4", "Demo.wav", "Song Band.flac"]
    info = probe(folder / "Song Band.flac")
    assert info["streams"][0]["codec_name"] == "flac"
    flac_frames, rate = samples(folder / "Song Band.flac")
    assert rate == RATE and flac_frames.shape[1] == 2
    assert len(flac_frames) / RATE == pytest.approx(duration, abs=0.01)
    assert numpy.abs(flac_frames).max() > 0.1
    # The pair of the composition is the composition: the FLAC and the WAV hold the same mix (both 24-bit; the
    # two writers may round a sample to different sides of its least significant bit).
    wav_frames, _ = samples(folder / "Demo.wav")
    assert wav_frames.shape == flac_frames.shape
    assert numpy.abs(wav_frames - flac_frames).max() <= 1.5 / 2**23
    info = probe(folder / "Demo.mp4")
    video_streams = [s for s in info["streams"] if s["codec_type"] == "video"]
    audio_streams = [s for s in info["streams"] if s["codec_type"] == "audio"]
    assert len(video_streams) == 1 and len(audio_streams) == 1, info
    assert (video_streams[0]["codec_name"], video_streams[0]["width"], video_streams[0]["height"]) == ("h264", 320, 180)
    assert video_streams[0]["avg_frame_rate"] == "10/1"
    assert float(info["format"]["duration"]) == pytest.approx(duration, abs=0.25)


def test_a_cancelled_render_leaves_nothing_and_the_next_one_runs(imager, tmp_path):
    with serving(imager, tmp_path / "library.sqlite", "--audio", "none") as server, live_socket(server) as socket:
        until_message(socket, lambda m: m["type"] == "snapshot")
        demo = named(music(server)["library"]["compositions"], "Demo")["id"]
        first = start(server, {"composition": demo, "format": "mp4", "width": 640, "height": 360, "fps": 30})
        second = start(server, {"composition": demo, "format": "wav"})
        third = start(server, {"composition": demo, "format": "flac"})
        assert second["state"] == "waiting" and third["state"] == "waiting"
        # A waiting render cancelled never starts.
        status, answer = api(server, "POST", f"/api/renders/{third['id']}/cancel")
        assert status == 200 and answer["render"]["state"] == "cancelled", answer
        # The first, once it has told some progress, is cancelled.
        follow(socket, first["id"], lambda r: r["state"] == "running" and r["progress"] > 0)
        status, answer = api(server, "GET", f"/api/renders/{second['id']}")
        assert status == 200 and answer["render"]["state"] == "waiting", answer
        status, answer = api(server, "POST", f"/api/renders/{first['id']}/cancel")
        assert status == 200 and answer["render"]["state"] in ("running", "cancelled"), answer
        order = []

        def ended_or_started(message):
            if message["type"] == "render" and message["render"]["id"] in (first["id"], second["id"], third["id"]):
                render = message["render"]
                order.append((render["id"], render["state"]))
                return render["id"] == second["id"] and render["state"] in ENDED
            return False
        until_message(socket, ended_or_started, within=300)
        assert (first["id"], "cancelled") in order, order
        assert order.index((first["id"], "cancelled")) < order.index((second["id"], "running")), order
        assert (second["id"], "done") in order and not any(r == third["id"] and s != "cancelled" for r, s in order), order
        status, answer = api(server, "GET", f"/api/renders/{first['id']}")
        cancelled = answer["render"]
        assert cancelled["state"] == "cancelled" and cancelled["file"] is None and cancelled["download"] is None
        assert cancelled["error"] is None
        for render in (first, third):
            status, answer = api(server, "GET", f"/api/renders/{render['id']}/file")
            assert status == 404 and answer["error"], answer
        # A render that has ended is left as it is.
        status, answer = api(server, "POST", f"/api/renders/{second['id']}/cancel")
        assert status == 200 and answer["render"]["state"] == "done"
        status, headers, _ = request(server.port, f"/api/renders/{second['id']}/file")
        assert status == 200
    # Nothing of the cancelled video: no partial file, no hidden temporary (its mix), only the WAV that ran after.
    assert os.listdir(tmp_path / "renders") == ["Demo.wav"]


def test_a_render_cancelled_as_soon_as_it_is_asked_stays_cancelled(imager, tmp_path):
    """Cancelled before its worker has picked it up (the answer to the cancel says "cancelled"), a render is
    never told running afterwards: "cancelled" is the last word about it. Each is asked with nothing else to
    render, so that the worker starts on it at once and the cancel races with that start."""
    with serving(imager, tmp_path / "library.sqlite", "--audio", "none") as server, live_socket(server) as socket:
        until_message(socket, lambda m: m["type"] == "snapshot")
        demo = named(music(server)["library"]["compositions"], "Demo")["id"]
        told = {}

        def record_until(done):
            def about(message):
                if message["type"] == "render":
                    told.setdefault(message["render"]["id"], []).append(message["render"]["state"])
                return done()
            if not done():
                until_message(socket, about, within=300)

        asked = []
        for _ in range(45):  # the server remembers 50 renders
            render = start(server, {"composition": demo, "format": "wav"})
            status, answer = api(server, "POST", f"/api/renders/{render['id']}/cancel")
            assert status == 200, answer
            asked.append((render["id"], answer["render"]["state"]))
            record_until(lambda: any(state in ENDED for state in told.get(render["id"], [])))
        # A last one, not cancelled: renders run in the order asked, so by the time it is done every message
        # about the ones before it has been sent.
        last = start(server, {"composition": demo, "format": "flac"})
        record_until(lambda: "done" in told.get(last["id"], []))
        flipped = {}
        for render_id, answered in asked:
            states = told[render_id]
            if answered == "cancelled" and states[states.index("cancelled") + 1:]:
                flipped[render_id] = states
            status, answer = api(server, "GET", f"/api/renders/{render_id}")
            assert answer["render"]["state"] == "cancelled" and answer["render"]["file"] is None, answer
        assert not flipped, f"{len(flipped)} of {len(asked)} renders answered \"cancelled\" and then told: {flipped}"
    assert sorted(os.listdir(tmp_path / "renders")) == ["Demo.flac"]


def valid_int(value):
    """Whether JSON `value` decodes as a Swift Int/Int64 (a whole number in range; 48.0 is one)."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return False
    if isinstance(value, float) and not value.is_integer():
        return False
    return -2**63 <= value < 2**63


def predicted(body, compositions, parts, voices):
    """Whether the server must start a render for `body` (202), else refuse it (4xx)."""
    if not isinstance(body, dict):
        return False
    for key in ("composition", "part", "voice", "width", "height", "fps"):
        if body.get(key) is not None and not valid_int(body[key]):
            return False
    if not isinstance(body.get("format"), str):
        return False
    composition, part, voice = body.get("composition"), body.get("part"), body.get("voice")
    if composition is not None and part is None and voice is None:
        named_ok = composition in compositions
    elif composition is None and part is not None and voice is not None:
        named_ok = part in parts and voice in voices
    else:
        return False
    form = body["format"]
    if form == "mp4":
        width, height, fps = body.get("width"), body.get("height"), body.get("fps")
        if width is None or height is None or not (16 <= width <= 7680 and 16 <= height <= 4320 and width % 2 == 0 and height % 2 == 0):
            return False
        if fps is None or not 1 <= fps <= 120:
            return False
    elif form not in ("wav", "flac"):
        return False
    return named_ok


def hostile_body(rng, compositions, parts, voices):
    numbers = [0, -1, 1, 2**63 - 1, 2**63, -2**63, 1.5, 2.0, 1e300, "3", None, True, [], {}, 99999]
    sizes = [0, 15, 16, 17, 320, 321, 7680, 7682, 4320, 4322, 99999, -16, 180.0, "320", None]
    fps = [0, 1, 120, 121, 1000, -1, 30.5, "30", None]
    body = {}
    if rng.random() < 0.7:
        body["composition"] = rng.choice(compositions + numbers)
    if rng.random() < 0.5:
        body["part"] = rng.choice(parts + numbers)
    if rng.random() < 0.5:
        body["voice"] = rng.choice(voices + numbers)
    if rng.random() < 0.9:
        body["format"] = rng.choice(["wav", "flac", "mp4", "mp4", "MP4", "ogg", "", "wav ", None, 3, ["wav"], "mp4\x00", "\u202ewav"])
    for key, pool in [("width", sizes), ("height", sizes), ("fps", fps)]:
        if rng.random() < 0.6:
            body[key] = rng.choice(pool)
    if rng.random() < 0.1:
        body[rng.choice(["extra", "composition ", "Format", "__proto__"])] = rng.choice(numbers)
    # Keep what would start a render rare: most of the fuzz is refusals.
    return body


def test_hostile_render_requests_are_refused_and_start_nothing(imager, tmp_path):
    with serving(imager, tmp_path / "library.sqlite", "--audio", "none") as server, live_socket(server) as socket:
        until_message(socket, lambda m: m["type"] == "snapshot")
        library = music(server)["library"]
        compositions = [c["id"] for c in library["compositions"]]
        parts, voices = [p["id"] for p in library["parts"]], [v["id"] for v in library["voices"]]
        demo = compositions[0]
        ghost = max([library["lastIdentifier"], *compositions]) + 1000
        listed = [
            ({"composition": demo}, 400),
            ({"composition": demo, "format": "ogg"}, 400),
            ({"composition": demo, "format": "mp4", "width": 321, "height": 180, "fps": 10}, 400),
            ({"composition": demo, "format": "mp4", "width": 320, "height": 181, "fps": 10}, 400),
            ({"composition": demo, "format": "mp4", "width": 0, "height": 180, "fps": 10}, 400),
            ({"composition": demo, "format": "mp4", "width": 99999, "height": 180, "fps": 10}, 400),
            ({"composition": demo, "format": "mp4", "width": 320, "height": 180, "fps": 0}, 400),
            ({"composition": demo, "format": "mp4", "width": 320, "height": 180, "fps": 1000}, 400),
            ({"composition": demo, "format": "mp4", "width": 320, "height": 180}, 400),
            ({"composition": demo, "format": "mp4"}, 400),
            ({"composition": demo, "part": parts[0], "voice": voices[0], "format": "wav"}, 400),
            ({"format": "wav"}, 400),
            ({"part": parts[0], "format": "wav"}, 400),
            ({"composition": ghost, "format": "wav"}, None),
            ({"part": ghost, "voice": voices[0], "format": "wav"}, None),
            ({"part": parts[0], "voice": ghost, "format": "wav"}, None),
            ({"composition": str(demo), "format": "wav"}, 400),
            ({"composition": {"composition": {"composition": demo}}, "format": "wav"}, 400),
            ([{"composition": demo, "format": "wav"}], 400),
            (b"not json", 400),
            (b'{"composition": 99999999999999999999, "format": "wav"}', 400),
            (b'{"composition": ' + str(demo).encode() + b', "format": "wav"', 400),
            (b"[" * 5000 + b"]" * 5000, 400),
            (b'{"a":' * 3000 + b"1" + b"}" * 3000, 400),
            (b"null", 400),
            (b"", 400),
        ]
        rng = random.Random(SEED)
        fuzzed = [(hostile_body(rng, compositions, parts, voices), "predicted") for _ in range(FUZZED_BODIES)]
        count, started, failures = len(renders(server)), [], []
        for index, (body, expected) in enumerate(listed + fuzzed):
            raw = body if isinstance(body, bytes) else json.dumps(body).encode()
            status, answer = api(server, "POST", "/api/renders", raw, {"Content-Type": "application/json"})
            shown = f"body {index} (seed {SEED}): {raw[:160]!r}"
            assert status < 500, (shown, status, answer)
            assert server.process.poll() is None, shown
            should_start = predicted(body, compositions, parts, voices) if expected == "predicted" else False
            try:
                if status == 202:
                    assert should_start, "started a render it should have refused"
                    started.append(answer["render"]["id"])
                    api(server, "POST", f"/api/renders/{answer['render']['id']}/cancel")  # no need to render it
                    count += 1
                else:
                    assert 400 <= status < 500 and (expected in (None, "predicted") or status == expected), status
                    assert isinstance(answer, dict) and answer.get("error") and not any(c in answer["error"] for c in LINE_BREAKS), answer
                    assert not should_start, f"refused a request it should have started: {answer}"
                assert len(renders(server)) == count, "the renders listed changed"
            except AssertionError as failure:
                failures.append(f"{shown}: {str(failure).splitlines()[0]}")
                count = len(renders(server))
        for path, expected in [("/api/renders/abc", 404), ("/api/renders/999/file", 404), ("/api/renders/999", 404),
                               ("/api/renders/-1/file", 404), ("/api/renders/99999999999999999999", 404),
                               ("/api/renders/%00", 404), ("/api/renders/1.5", 404)]:
            status, answer = api(server, "GET", path)
            if status != expected or not isinstance(answer, dict) or not answer.get("error"):
                failures.append(f"GET {path}: {status} {answer!r:.200}")
        status, answer = api(server, "POST", "/api/renders/999/cancel")
        if status != 404:
            failures.append(f"POST /api/renders/999/cancel: {status} {answer!r:.200}")
        status, answer = api(server, "POST", "/api/renders", json.dumps({"composition": demo, "format": "wav"}).encode(),
                             {"Content-Type": "text/plain"})
        if status != 415:
            failures.append(f"POST /api/renders as text/plain: {status} {answer!r:.200}")
        assert len(renders(server)) == count
        # What the fuzz started was cancelled at once: each ends (told on /live, where this client has listened
        # all along).
        # A render told ended stays so: no message about it after its end says otherwise, and once the last of
        # them is quiet, each still reads as it was told it ended.
        if started:
            seen = follow_many(socket, started)
            for render_id in started:
                status, answer = api(server, "GET", f"/api/renders/{render_id}")
                if answer["render"]["state"] not in ENDED:  # it went on after it was told cancelled: follow it to its end
                    seen[render_id] += follow(socket, render_id)
                states = [r["state"] for r in seen[render_id]]
                first_end = next(i for i, state in enumerate(states) if state in ENDED)
                if any(state != states[first_end] for state in states[first_end:]):
                    failures.append(f"render {render_id} (started by the fuzz, then cancelled) was told {states}")
                status, answer = api(server, "GET", f"/api/renders/{render_id}")
                assert answer["render"]["state"] in ("cancelled", "done"), answer
        assert server.process.poll() is None
    assert not failures, f"{len(failures)} failures:\n" + "\n".join(failures)
