"""The composer's own sounds over HTTP (docs/composition.md, issue 27) against the real server: an audio file
sent whole becomes a sound and a voice that plays it (WAV, MP3, Ogg Vorbis, FLAC, many channels — each heard
through SDL's disk driver), under a parent voice or in place of a voice's sound; its waveform; deleting a sound
no voice plays; undo and redo of all of it kept in the library file; and hostile uploads (damaged audio, lies
in headers, a "zip bomb", what is not audio, hostile names and ids, a body too large) refused in one line with
nothing changed and the server still up."""
import http.client
import json
import random
import shutil
import struct
import subprocess
import urllib.parse
import wave

import numpy
import pytest

from hostile_input import SPACES, expected_name, graphemes, hostile_names
from live import api, live_socket, request, serving, until_message

SEED = 27  # the number
FUZZED_NAMES = 60
DEVICE_RATE = 48_000  # what SDL's disk driver is opened at: 32-bit float stereo at 48 kHz
# The extensions an audio file may have (ChordsetLibrary.audioFileExtensions); a name with another is refused.
AUDIO_EXTENSIONS = {"wav", "wave", "bwf", "rf64", "w64", "flac", "aif", "aiff", "aifc", "caf", "ogg", "oga", "opus", "mp3"}
LINE_BREAKS = "\n\r\x85\u2028\u2029"


# -- audio files made for the tests

def write_wav(path, seconds=2.0, rate=44_100, channels=1, frequency=440.0, amplitude=0.5):
    """A 16-bit WAV of a sine, the same in every channel."""
    t = numpy.arange(int(round(seconds * rate))) / rate
    tone = numpy.round(amplitude * numpy.sin(2 * numpy.pi * frequency * t) * 32768).clip(-32768, 32767).astype("<i2")
    with wave.open(str(path), "wb") as file:
        file.setnchannels(channels)
        file.setsampwidth(2)
        file.setframerate(rate)
        file.writeframes(numpy.repeat(tone[:, None], channels, axis=1).tobytes())
    return path


def encoded(tmp_path, name, *codec, rate=44_100, channels=1, seconds=2.0):
    """A 440 Hz sine (amplitude 0.5) encoded by ffmpeg as `name`, with the codec's arguments."""
    source = write_wav(tmp_path / f"source-{name}.wav", seconds=seconds, rate=rate, channels=channels)
    target = tmp_path / name
    subprocess.run(["ffmpeg", "-v", "error", "-y", "-i", str(source), *codec, str(target)], check=True)
    return target


def png_bytes():
    """A 1×1 PNG."""
    import zlib

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", 1, 1, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(b"\x00\xff\x00\x00")) + chunk(b"IEND", b""))


def wav_lying_about_its_length():
    """Two WAVs of 1 KB of samples whose headers promise far more: a RIFF saying 4 GB of data, and an RF64
    whose ds64 chunk says 10 GB."""
    payload = b"\x00\x10" * 512
    fmt = b"fmt " + struct.pack("<I", 16) + struct.pack("<HHIIHH", 1, 1, 44_100, 88_200, 2, 16)
    riff = b"RIFF" + struct.pack("<I", 0xFFFFFFFF) + b"WAVE" + fmt + b"data" + struct.pack("<I", 0xFFFFFFF0) + payload
    ten = 10 * 10**9
    ds64 = b"ds64" + struct.pack("<IQQQI", 28, ten + 36, ten, ten // 2, 0)
    rf64 = b"RF64" + struct.pack("<I", 0xFFFFFFFF) + b"WAVE" + ds64 + fmt + b"data" + struct.pack("<I", 0xFFFFFFFF) + payload
    return riff, rf64


# -- talking to the server

def upload(server, name, body, **query):
    """POST /api/music/sounds?name=…[&parent=…|&replace=…] with `body` as the file: (status, answer)."""
    path = "/api/music/sounds?name=" + urllib.parse.quote(name, safe="", errors="surrogatepass")
    for key, value in query.items():
        path += f"&{key}={urllib.parse.quote(str(value), safe='')}"
    return api(server, "POST", path, body, {"Content-Type": "application/octet-stream"})


def music(server):
    status, answer = api(server, "GET", "/api/music")
    assert status == 200, answer
    return answer


def by_id(records, record_id):
    return next(record for record in records if record["id"] == record_id)


def edit(server, *edits):
    return api(server, "POST", "/api/music/edits", {"edits": list(edits)})


def refused(status, answer, expected=400):
    """A refusal as the API gives it: the status, and `{"error": one line}`."""
    assert status == expected, (status, answer)
    assert isinstance(answer, dict) and isinstance(answer.get("error"), str) and answer["error"], answer
    assert not any(c in answer["error"] for c in LINE_BREAKS), answer["error"]


def still_up(server):
    assert server.process.poll() is None, "".join(server.lines)
    status, _, _ = request(server.port, "/status")
    assert status == 200


def waveform(server, sound):
    status, answer = api(server, "GET", f"/api/music/sounds/{sound}/waveform")
    assert status == 200, answer
    return answer


def preview_to_its_end(socket, sound):
    """Previews `sound` over /live and follows the transport until it has played to its end; the last status."""
    socket.send(json.dumps({"type": "transport", "action": "preview", "sound": sound}))
    playing = until_message(socket, lambda m: m["type"] == "transport" and m.get("sound") == sound and m["playing"])
    assert playing.get("part") is None and playing.get("voice") is None, playing
    ended = until_message(socket, lambda m: m["type"] == "transport" and m.get("sound") == sound and not m["playing"])
    assert ended["seconds"] == pytest.approx(ended["duration"], abs=0.05), ended
    return ended


# -- what was heard

def heard(path):
    """What SDL's disk driver wrote to `path` (32-bit float stereo), read once the server has stopped: the
    device is closed then, and its file holds everything the transport played."""
    raw = path.read_bytes()
    return numpy.frombuffer(raw[: len(raw) // 8 * 8], dtype="<f4").reshape(-1, 2)


def tone(frames, rate=DEVICE_RATE, threshold=0.01):
    """Where the sound in `frames` starts and ends (s), its frequency by zero crossings and by FFT (Hz), its RMS."""
    mono = frames.mean(axis=1) if frames.ndim == 2 else frames
    loud = numpy.nonzero(numpy.abs(mono) > threshold)[0]
    assert len(loud), "silence"
    segment = mono[loud[0]: loud[-1] + 1].astype(numpy.float64)
    signs = numpy.signbit(segment)
    crossings = numpy.count_nonzero(signs[1:] != signs[:-1])
    seconds = len(segment) / rate
    spectrum = numpy.abs(numpy.fft.rfft(segment * numpy.hanning(len(segment))))
    return {"start": loud[0] / rate, "end": (loud[-1] + 1) / rate, "crossings": crossings / 2 / seconds,
            "fft": numpy.argmax(spectrum) * rate / len(segment), "rms": float(numpy.sqrt(numpy.mean(segment ** 2)))}


# -- the tests

def test_a_wav_becomes_a_sound_and_a_root_voice_that_plays_it_with_its_waveform(imager, tmp_path):
    body = write_wav(tmp_path / "tone.wav").read_bytes()
    with serving(imager, tmp_path / "library.sqlite", "--audio", "none") as server, live_socket(server) as socket:
        until_message(socket, lambda m: m["type"] == "snapshot")
        status, answer = upload(server, "tone.wav", body)
        assert status == 201, answer
        library = answer["library"]
        sound = by_id(library["sounds"], answer["sound"])
        assert sound == {"id": answer["sound"], "name": "tone.wav", "sampleRate": 44_100, "channelCount": 1, "frameCount": 88_200}
        voice = by_id(library["voices"], answer["voice"])
        assert voice["name"] == "tone" and voice["sound"] == sound["id"] and voice["children"] == []
        assert voice["id"] in answer["rootVoices"]
        # Every editor hears of it; the library read again says the same.
        until_message(socket, lambda m: m["type"] == "music" and m["revision"] == answer["revision"])
        assert music(server)["library"] == library
        outline = waveform(server, sound["id"])
        assert outline["sound"] == sound["id"] and outline["seconds"] == pytest.approx(2.0)
        assert len(outline["peaks"]) == 128 and all(p == pytest.approx(0.5, abs=0.01) for p in outline["peaks"]), outline["peaks"]
        # It plays: previewed, the transport names it and plays it to its end.
        ended = preview_to_its_end(socket, sound["id"])
        assert ended["duration"] == pytest.approx(2.0, abs=0.01) and ended["composition"] == "tone.wav"
        status, answer = api(server, "GET", "/api/music/sounds/999999/waveform")
        refused(status, answer, 404)


FORMATS = {
    "mp3": lambda tmp_path: (encoded(tmp_path, "tone.mp3", "-c:a", "libmp3lame", "-b:a", "192k"), 44_100, 1),
    "ogg-vorbis": lambda tmp_path: (encoded(tmp_path, "tone.ogg", "-c:a", "libvorbis", "-q:a", "6"), 44_100, 1),
    "flac-96k": lambda tmp_path: (encoded(tmp_path, "tone.flac", "-c:a", "flac", rate=96_000), 96_000, 1),
    "wav-6-channels": lambda tmp_path: (write_wav(tmp_path / "tone.wav", rate=48_000, channels=6), 48_000, 6),
}


@pytest.mark.parametrize("kind", list(FORMATS))
def test_each_format_comes_in_and_is_heard_through_sdl(imager, tmp_path, kind):
    assert shutil.which("ffmpeg"), "make test installs ffmpeg"
    path, rate, channels = FORMATS[kind](tmp_path)
    disk = tmp_path / "heard.raw"
    env = {"SDL_AUDIODRIVER": "disk", "SDL_DISKAUDIOFILE": str(disk)}
    with serving(imager, tmp_path / "library.sqlite", env=env) as server, live_socket(server) as socket:
        until_message(socket, lambda m: m["type"] == "snapshot")
        status, answer = upload(server, path.name, path.read_bytes())
        assert status == 201, answer
        sound = by_id(answer["library"]["sounds"], answer["sound"])
        assert (sound["sampleRate"], sound["channelCount"]) == (rate, channels), sound
        lossy = kind in ("mp3", "ogg-vorbis")
        assert sound["frameCount"] == pytest.approx(2 * rate, abs=0.06 * rate if lossy else 0), sound
        assert by_id(answer["library"]["voices"], answer["voice"])["name"] == "tone"
        ended = preview_to_its_end(socket, sound["id"])
        assert "soundProblem" not in ended, ended
        assert ended["duration"] == pytest.approx(sound["frameCount"] / rate, abs=0.26)  # whole quarter beats
    frames = heard(disk)
    assert numpy.all(numpy.abs(frames) <= 1)
    found = tone(frames)
    assert found["end"] - found["start"] == pytest.approx(sound["frameCount"] / rate, abs=0.1), found
    assert found["crossings"] == pytest.approx(440, abs=4), found
    assert found["fft"] == pytest.approx(440, abs=2), found
    assert found["rms"] > 0.1, found
    # Heard once: nothing loud before it starts or after it ends.
    start, end = int(found["start"] * DEVICE_RATE), int(found["end"] * DEVICE_RATE)
    assert numpy.abs(frames[:start]).max(initial=0) <= 0.01 and numpy.abs(frames[end:]).max(initial=0) <= 0.01


def test_a_sound_goes_under_a_parent_or_replaces_a_voices_sound_keeping_its_scores(imager, tmp_path):
    first = write_wav(tmp_path / "first.wav").read_bytes()
    second = write_wav(tmp_path / "second.wav", seconds=1.0, rate=48_000, frequency=880).read_bytes()
    with serving(imager, tmp_path / "library.sqlite", "--audio", "none") as server:
        status, made = edit(server, {"type": "addPart", "name": "Sketch", "beats": 8, "tempo": 120},
                            {"type": "addVoice", "name": "Group"})
        assert status == 200, made
        part, group = made["results"][0]["id"], made["results"][1]["id"]
        # Under a parent: the new voice is the parent's child, not a root.
        status, answer = upload(server, "first.wav", first, parent=group)
        assert status == 201, answer
        voice = answer["voice"]
        parent = by_id(answer["library"]["voices"], group)
        assert [child["node"] for child in parent["children"]] == [voice]
        assert voice not in answer["rootVoices"] and group in answer["rootVoices"]
        assert by_id(answer["library"]["voices"], voice)["sound"] == answer["sound"]
        # Under a composed voice of the demo too.
        band = next(v["id"] for v in answer["library"]["voices"] if v["name"] == "Band")
        children_before = [c["node"] for c in by_id(answer["library"]["voices"], band)["children"]]
        status, under_band = upload(server, "second.wav", second, parent=band)
        assert status == 201, under_band
        assert [c["node"] for c in by_id(under_band["library"]["voices"], band)["children"]] == children_before + [under_band["voice"]]
        # Replace: a voice with a score keeps the score and plays the new sound.
        status, drawn = edit(server, {"type": "editingRange", "part": part, "voice": voice, "start": 1920, "end": 3840})
        assert status == 200 and drawn["results"] == [{"created": True}], drawn
        pair = next(p for p in drawn["library"]["pairs"] if (p["part"], p["voice"]) == (part, voice))
        score = by_id(drawn["library"]["scores"], pair["score"])
        old_sound = by_id(drawn["library"]["voices"], voice)["sound"]
        status, replaced = upload(server, "second.wav", second, replace=voice)
        assert status == 201, replaced
        assert replaced["voice"] == voice and replaced["sound"] != old_sound
        library = replaced["library"]
        assert by_id(library["voices"], voice)["sound"] == replaced["sound"]
        assert by_id(library["voices"], voice)["name"] == "first"  # a replaced sound does not rename the voice
        assert next(p for p in library["pairs"] if (p["part"], p["voice"]) == (part, voice)) == pair
        assert by_id(library["scores"], pair["score"]) == score
        assert by_id(library["sounds"], replaced["sound"])["sampleRate"] == 48_000
        assert by_id(library["sounds"], replaced["sound"])["frameCount"] == 48_000
        assert by_id(library["sounds"], old_sound)["frameCount"] == 88_200  # the old sound stays
        # Both at once: refused, nothing changed.
        before = music(server)
        status, answer = upload(server, "second.wav", second, parent=group, replace=voice)
        refused(status, answer)
        assert music(server) == before


def test_a_sound_in_use_is_not_deleted_and_a_deleted_one_comes_back_with_undo(imager, tmp_path):
    first = write_wav(tmp_path / "first.wav").read_bytes()
    second = write_wav(tmp_path / "second.wav", seconds=1.0, frequency=880).read_bytes()
    library_file = tmp_path / "library.sqlite"
    with serving(imager, library_file, "--audio", "none") as server, live_socket(server) as socket:
        until_message(socket, lambda m: m["type"] == "snapshot")
        status, answer = upload(server, "first.wav", first)
        assert status == 201, answer
        old_sound, voice = answer["sound"], answer["voice"]
        old_record = by_id(answer["library"]["sounds"], old_sound)
        # Refused while a voice plays it.
        before = music(server)
        status, answer = edit(server, {"type": "deleteSound", "sound": old_sound})
        refused(status, answer)
        assert "first" in answer["error"]
        assert music(server) == before
        # Replaced, the old sound is no voice's, and goes.
        status, replaced = upload(server, "second.wav", second, replace=voice)
        assert status == 201, replaced
        status, deleted = edit(server, {"type": "deleteSound", "sound": old_sound})
        assert status == 200, deleted
        assert old_sound not in [s["id"] for s in deleted["library"]["sounds"]]
        socket.send(json.dumps({"type": "transport", "action": "preview", "sound": old_sound}))
        error = until_message(socket, lambda m: m["type"] == "error")
        assert str(old_sound) in error["message"]
        # Undo brings it back, its samples with it: it plays to its end.
        status, undone = api(server, "POST", "/api/music/undo")
        assert status == 200, undone
        assert by_id(undone["library"]["sounds"], old_sound) == old_record
        assert undone["library"] == replaced["library"]
        preview_to_its_end(socket, old_sound)
        assert waveform(server, old_sound)["seconds"] == pytest.approx(2.0)
        # Redo deletes it again; undo once more, and it is kept in the library's file.
        status, redone = api(server, "POST", "/api/music/redo")
        assert status == 200 and old_sound not in [s["id"] for s in redone["library"]["sounds"]], redone
        assert redone["library"] == deleted["library"]
        status, undone = api(server, "POST", "/api/music/undo")
        assert status == 200 and by_id(undone["library"]["sounds"], old_sound) == old_record
    with serving(imager, library_file, "--audio", "none") as server:
        assert by_id(music(server)["library"]["sounds"], old_sound) == old_record
        outline = waveform(server, old_sound)  # read from the file the library keeps, by a process of its own
        assert outline["seconds"] == pytest.approx(2.0) and all(p == pytest.approx(0.5, abs=0.01) for p in outline["peaks"])


def test_undo_takes_an_upload_out_and_redo_brings_it_back_playing(imager, tmp_path):
    body = write_wav(tmp_path / "tone.wav").read_bytes()
    library_file = tmp_path / "library.sqlite"
    with serving(imager, library_file, "--audio", "none") as server, live_socket(server) as socket:
        until_message(socket, lambda m: m["type"] == "snapshot")
        before = music(server)
        status, answer = upload(server, "tone.wav", body)
        assert status == 201, answer
        sound, voice = answer["sound"], answer["voice"]
        status, undone = api(server, "POST", "/api/music/undo")
        assert status == 200, undone
        assert sound not in [s["id"] for s in undone["library"]["sounds"]]
        assert voice not in [v["id"] for v in undone["library"]["voices"]] and voice not in undone["rootVoices"]
        assert undone["library"] == before["library"]
        socket.send(json.dumps({"type": "transport", "action": "preview", "sound": sound}))
        until_message(socket, lambda m: m["type"] == "error" and str(sound) in m["message"])
        status, redone = api(server, "POST", "/api/music/redo")
        assert status == 200, redone
        assert redone["library"] == answer["library"] and voice in redone["rootVoices"]
        outline = waveform(server, sound)
        assert outline["seconds"] == pytest.approx(2.0) and all(p == pytest.approx(0.5, abs=0.01) for p in outline["peaks"])
        preview_to_its_end(socket, sound)
    with serving(imager, library_file, "--audio", "none") as server:
        library = music(server)["library"]
        assert by_id(library["sounds"], sound)["frameCount"] == 88_200 and by_id(library["voices"], voice)["sound"] == sound
        outline = waveform(server, sound)
        assert outline["seconds"] == pytest.approx(2.0) and all(p == pytest.approx(0.5, abs=0.01) for p in outline["peaks"])


def hostile_files(tmp_path):
    """(name, body, why) of files the library must refuse, each with a word its refusal should hold."""
    rng = random.Random(SEED)
    mp3 = encoded(tmp_path, "whole.mp3", "-c:a", "libmp3lame").read_bytes()
    bomb = tmp_path / "bomb.flac"
    subprocess.run(["sox", "-n", "-r", "8000", "-c", "1", str(bomb), "trim", "0", "1900"], check=True)
    assert bomb.stat().st_size < 100_000  # 31 min 40 s of silence in a few tens of KB
    nine = write_wav(tmp_path / "nine.wav", seconds=0.5, channels=9).read_bytes()
    riff, rf64 = wav_lying_about_its_length()
    good = write_wav(tmp_path / "good.wav").read_bytes()
    return [
        ("cut.mp3", mp3[: len(mp3) // 2], "cut short"),
        ("header.mp3", mp3[:300], "audio"),
        ("tone.png", good, "png"),
        ("riff.wav", riff, "cut short"),
        ("rf64.wav", rf64, "cut short"),
        ("bomb.flac", bomb.read_bytes(), "30 min"),
        ("picture.png", png_bytes(), "png"),
        ("picture.wav", png_bytes(), "audio"),
        ("empty.wav", b"", "empty"),
        ("noise.wav", bytes(rng.randrange(256) for _ in range(4096)), "audio"),
        ("noise-riff.wav", b"RIFF" + bytes(rng.randrange(256) for _ in range(4096)), ""),
        ("nine.wav", nine, "9 channels"),
    ]


def test_hostile_files_are_refused_in_one_line_and_change_nothing(imager, tmp_path):
    files = hostile_files(tmp_path)
    failures = []
    with serving(imager, tmp_path / "library.sqlite", "--audio", "none") as server:
        before = music(server)
        for name, body, why in files:
            status, answer = upload(server, name, body)
            still_up(server)
            try:
                assert music(server) == before, f"it changed the library (answered {status})"
                refused(status, answer)
                assert why.lower() in answer["error"].lower(), (why, answer["error"])
            except AssertionError as failure:
                failures.append(f"{name}: {str(failure).splitlines()[0]}")
                before = music(server)  # go on from where it left the library
    assert not failures, "\n".join(failures)


def test_a_file_named_with_an_extension_that_is_not_audio_is_refused_with_a_reason(imager, tmp_path):
    """The rule the server is being given: the content is audio, but a `.png` is not taken for it."""
    body = write_wav(tmp_path / "tone.wav").read_bytes()
    with serving(imager, tmp_path / "library.sqlite", "--audio", "none") as server:
        before = music(server)
        failures = []
        for name in ["tone.png", "tone.PNG", "tone.wav.png", "tone.txt", "tone.exe"]:
            status, answer = upload(server, name, body)
            if status == 201:
                failures.append(f"{name}: 201, a sound and a voice {by_id(answer['library']['voices'], answer['voice'])['name']!r} made")
                before = music(server)
                continue
            refused(status, answer)
            assert name.rsplit(".", 1)[1].lower() in answer["error"].lower(), answer  # the reason names the extension
            assert music(server) == before
        assert not failures, "\n".join(failures)
        # The content is read whatever the audio extension, or with none; a dot that starts no extension is no
        # extension.
        for name in ["tone.wav", "tone.WAV", "tone", "tone.flac", "tone.mp3", ".png", "Mr. Smith", "take 2.wav"]:
            status, answer = upload(server, name, body)
            assert status == 201, (name, answer)


def test_a_name_that_is_not_utf8_is_refused(imager, tmp_path):
    """A name whose percent-escapes are not UTF-8 (a lone surrogate, a stray continuation byte) names nothing the
    text rule keeps: refused, not stored with U+FFFD in its place."""
    body = write_wav(tmp_path / "tone.wav").read_bytes()
    with serving(imager, tmp_path / "library.sqlite", "--audio", "none") as server:
        before = music(server)
        failures = []
        for raw in ["%ED%A0%80.wav", "Bass%ED%BF%BF.wav", "%80%80.wav", "%C3.wav", "%FF%FE.wav"]:
            status, answer = api(server, "POST", "/api/music/sounds?name=" + raw, body, {"Content-Type": "application/octet-stream"})
            if status == 201:
                failures.append(f"name={raw}: 201, stored as {by_id(answer['library']['sounds'], answer['sound'])['name']!r}")
                before = music(server)
                continue
            refused(status, answer)
            assert music(server) == before, f"name={raw} answered {status}"
        assert not failures, "\n".join(failures)


def voice_name_for_file(name):
    """What the server names a voice made for the file `name` (MusicLibrary.voiceName(forFile:)): its last path
    component without its extension, or the whole component when that would leave nothing but white space."""
    clusters = graphemes(name)
    parts, current = [], []
    for cluster in clusters:
        if cluster in ("/", "\\"):
            if current:
                parts.append(current)
            current = []
        else:
            current.append(cluster)
    if current:
        parts.append(current)
    base = parts[-1] if parts else clusters
    dots = [index for index, cluster in enumerate(base) if cluster == "."]
    if not dots or dots[-1] == 0:
        return "".join(base)
    stem = base[: dots[-1]]
    if all(c[0] in SPACES or c[0].isspace() for c in stem):
        return "".join(base)
    return "".join(stem)


def named_as_not_audio(name):
    """Whether the file `name` is named as something else than a sound: the last path component's extension —
    after its last dot (not its first character), 1 to 5 ASCII letters or digits — is not an audio one."""
    clusters = graphemes(name)
    parts, current = [], []
    for cluster in clusters:
        if cluster in ("/", "\\"):
            if current:
                parts.append(current)
            current = []
        else:
            current.append(cluster)
    if current:
        parts.append(current)
    base = parts[-1] if parts else clusters
    dots = [index for index, cluster in enumerate(base) if cluster == "."]
    if not dots or dots[-1] == 0:
        return False
    suffix = base[dots[-1] + 1:]
    if not 1 <= len(suffix) <= 5 or not all(c.isascii() and c.isalnum() for c in suffix):
        return False
    return "".join(suffix).lower() not in AUDIO_EXTENSIONS


def test_hostile_names_ids_are_stored_as_the_text_rule_keeps_them_or_refused(imager, tmp_path):
    body = write_wav(tmp_path / "tone.wav", seconds=0.25).read_bytes()
    failures = []
    with serving(imager, tmp_path / "library.sqlite", "--audio", "none") as server:
        endings = random.Random(SEED)
        for index, name in enumerate(hostile_names(FUZZED_NAMES, seed=SEED)):
            # Half of them as file names: an audio extension, another, or a dot that ends nothing.
            name += endings.choice(["", "", "", ".wav", ".WAV", ".mp3", ".flac", ".png", ".txt", ".tar.gz", ".", ". x"])
            before = music(server)
            status, answer = upload(server, name, body)
            shown = f"name {index} (seed {SEED}) {name[:60]!r}{'…' if len(name) > 60 else ''}"
            assert status < 500, (shown, status, answer)
            still_up(server)
            sound_name, voice_name = expected_name(name), expected_name(voice_name_for_file(name))
            not_audio = named_as_not_audio(name)
            try:
                if status == 201:
                    stored = by_id(answer["library"]["sounds"], answer["sound"])["name"]
                    assert sound_name is not None and voice_name is not None, f"accepted a name the text rule refuses: {stored[:60]!r}"
                    assert not not_audio, f"accepted a name whose extension is not an audio one: {stored[:60]!r}"
                    library = answer["library"]
                    assert by_id(library["sounds"], answer["sound"])["name"] == sound_name
                    assert by_id(library["voices"], answer["voice"])["name"] == voice_name
                    assert answer["voice"] in answer["rootVoices"]
                else:
                    refused(status, answer, status)
                    assert 400 <= status < 500
                    assert music(server) == before, "a refusal changed the library"
                    assert sound_name is None or voice_name is None or not_audio, f"refused a name the text rule keeps: {answer}"
            except AssertionError as failure:
                failures.append(f"{shown}: {str(failure).splitlines()[0]}")
        # Hostile ids where a voice goes: refused, nothing changed.
        before = music(server)
        for key in ["parent", "replace"]:
            for value in ["-1", "abc", "99999999999999999999", "", "0", "1e3", " 1", "999999", "%00"]:
                status, answer = upload(server, "tone.wav", body, **{key: value})
                try:
                    refused(status, answer)
                    assert music(server) == before
                except AssertionError as failure:
                    failures.append(f"{key}={value!r}: {failure}")
        still_up(server)
    assert not failures, f"{len(failures)} failures:\n" + "\n".join(failures)


def test_a_file_over_512_mib_is_refused_from_its_length_before_it_is_sent(imager, tmp_path):
    with serving(imager, tmp_path / "library.sqlite", "--audio", "none") as server:
        before = music(server)
        connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)
        connection.putrequest("POST", "/api/music/sounds?name=huge.wav", skip_accept_encoding=True)
        connection.putheader("Content-Type", "application/octet-stream")
        connection.putheader("Content-Length", str((512 << 20) + 1))
        connection.endheaders()  # and not one byte of the body
        response = connection.getresponse()
        answer = json.loads(response.read())
        connection.close()
        refused(response.status, answer, 413)
        assert "512" in answer["error"]
        still_up(server)
        assert music(server) == before
