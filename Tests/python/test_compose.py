"""`imager compose` end to end, on a library in a temporary folder.

A new library holds the factory composition Demo; compositions travel as files (JSON, their sounds' audio
files in base64) that these tests also build by hand, to hold the mixdown sample by sample against the same
mix made by sox, and to see a visual voice light the video's canvas at its event's time. Hostile files and
arguments get one line on standard error, exit status 2, and leave the library as it was.
"""
import base64
import copy
import json
import subprocess

import numpy as np

TICKS_PER_BEAT = 960
LUMIA = "4C0A1D1A-0000-4000-8000-000000000001"  # the factory chordset Lumia


def run(imager, library, *args):
    return subprocess.run([imager, *args, "--library", str(library)], capture_output=True, text=True)


def listing(imager, library):
    result = run(imager, library, "compose", "list")
    assert result.returncode == 0, result.stderr
    return result.stdout


def tool(*args):
    """Runs sox, soxi, ffmpeg or ffprobe; returns its standard output (bytes)."""
    result = subprocess.run(list(args), capture_output=True)
    assert result.returncode == 0, f"{args}: {result.stderr.decode(errors='replace')}"
    return result.stdout


def read_f32(path):
    """An audio file's samples as float32, channels interleaved, decoded by sox."""
    return np.frombuffer(tool("sox", str(path), "-t", "f32", "-"), dtype="<f4")


def export_demo(imager, library, path):
    result = run(imager, library, "compose", "export", "Demo", "-o", str(path))
    assert result.returncode == 0, result.stderr
    return json.loads(path.read_text())


def make_composition_file(path, name, voices, beats=8, tempo=120.0):
    """Writes a composition file of one atomic part (`beats` at `tempo`) and `voices`, and returns its content.

    Each voice is a dict: "name", and "sound" (a path to an audio file) or "chordset" and "chord", and
    "events", (start, length, gain) in ticks. One voice is the composition's voice itself; several are the
    children of a composed voice "Mix".
    """
    ids = iter(range(1, 1000))
    part = {"id": next(ids), "name": "Part", "length": beats * TICKS_PER_BEAT, "tempo": tempo, "children": []}
    contents = {"parts": [part], "voices": [], "scores": [], "pairs": [], "mutedCells": [], "sounds": [], "compositions": []}
    sound_files = {}
    for voice in voices:
        record = {"id": next(ids), "name": voice["name"], "sound": None, "chordset": voice.get("chordset"),
                  "chord": voice.get("chord"), "children": []}
        if "sound" in voice:
            sound = {"id": next(ids), "name": voice["name"],
                     "sampleRate": int(tool("soxi", "-r", str(voice["sound"]))),
                     "channelCount": int(tool("soxi", "-c", str(voice["sound"]))),
                     "frameCount": int(tool("soxi", "-s", str(voice["sound"])))}
            contents["sounds"].append(sound)
            sound_files[str(sound["id"])] = base64.b64encode(voice["sound"].read_bytes()).decode()
            record["sound"] = sound["id"]
        contents["voices"].append(record)
        score = {"id": next(ids), "events": [
            {"start": start, "length": length, "gain": gain, "offset": 0, "continues": False}
            for start, length, gain in voice["events"]]}
        contents["scores"].append(score)
        contents["pairs"].append({"part": part["id"], "voice": record["id"], "score": score["id"]})
    if len(contents["voices"]) == 1:
        top = contents["voices"][0]["id"]
    else:
        top = next(ids)
        contents["voices"].append({"id": top, "name": "Mix", "sound": None, "chordset": None, "chord": None,
                                   "children": [{"place": next(ids), "node": v["id"]} for v in list(contents["voices"])]})
    contents["compositions"].append({"id": next(ids), "name": name, "part": part["id"], "voice": top})
    contents["lastIdentifier"] = next(ids) - 1
    content = {"formatVersion": 1, "composition": contents, "soundFiles": sound_files}
    path.write_text(json.dumps(content))
    return content


# --- Demo --------------------------------------------------------------------------------------------------


def test_a_new_library_holds_demo_and_renders_it_with_its_video(imager, tmp_path):
    library = tmp_path / "library.sqlite"
    assert listing(imager, library) == "1\tDemo\t21.6 s\n"

    shown = run(imager, library, "compose", "show", "Demo")
    assert shown.returncode == 0, shown.stderr
    lines = shown.stdout.splitlines()
    assert lines[:3] == ["Demo: 21.6 s", "parts", "  Song"]
    assert "voices" in lines and "  Band" in lines
    assert "    Intro  4.00 beats at 100.0 bpm" in lines
    assert "      Kick  sound: Kick, 0.45 s" in lines
    assert f"      Veil  light: chord 1 of chordset {LUMIA}" in lines
    assert lines[-1] == "11 scores, 47 events"

    mix, video = tmp_path / "demo.wav", tmp_path / "demo.mp4"
    result = run(imager, library, "compose", "render", "Demo", "-o", str(mix), "--video", str(video), "--size", "96x54", "--fps", "10")
    assert result.returncode == 0, result.stderr
    assert tool("soxi", "-c", str(mix)).strip() == b"2"
    assert tool("soxi", "-r", str(mix)).strip() == b"48000"
    assert tool("soxi", "-s", str(mix)).strip() == b"1036800"  # 21.6 s
    streams = json.loads(tool("ffprobe", "-v", "error", "-show_entries", "stream=codec_type,width,height", "-of", "json", str(video)))["streams"]
    assert sorted(s["codec_type"] for s in streams) == ["audio", "video"]
    assert [(s["width"], s["height"]) for s in streams if s["codec_type"] == "video"] == [(96, 54)]
    assert np.abs(read_f32(mix)).max() > 0.1


# --- the mixdown against sox --------------------------------------------------------------------------------


def test_the_mixdown_is_the_mix_sox_makes_of_the_same_events(imager, tmp_path):
    rate = 44100
    sounds = {  # mono, 44.1 kHz, peaks about 0.2
        "Sine": ["synth", "0.3", "sine", "440", "vol", "0.2"],
        "Noise": ["synth", "0.55", "whitenoise", "vol", "0.2", "fade", "0", "0.55", "0.5"],
        "Chirp": ["synth", "0.7", "sine", "200-1200", "vol", "0.15"],
    }
    # Ticks in multiples of 64: at 120 bpm and 44.1 kHz, 64 ticks are 1470 frames, so every start is a whole frame.
    events = {
        "Sine": [(0, 1920, 1.0), (1984, 1920, 0.5), (5760, 1920, 1.0)],
        "Noise": [(448, 1920, 1.0), (3200, 1920, 1.0)],
        "Chirp": [(1024, 1920, 1.0), (4480, 1920, 0.75), (5888, 1792, 1.0)],
    }
    voices = []
    for name, synth in sounds.items():
        path = tmp_path / f"{name}.wav"
        tool("sox", "-n", "-r", str(rate), "-c", "1", "-b", "24", str(path), *synth)
        voices.append({"name": name, "sound": path, "events": events[name]})
    composition = tmp_path / "triggers.json"
    make_composition_file(composition, "Untitled", voices)
    library = tmp_path / "library.sqlite"
    imported = run(imager, library, "compose", "import", str(composition), "--as", "Triggers")
    assert imported.returncode == 0 and imported.stdout == "Triggers\n", imported.stderr
    ours = tmp_path / "ours.wav"
    result = run(imager, library, "compose", "render", "Triggers", "--rate", str(rate), "-o", str(ours))
    assert result.returncode == 0, result.stderr

    mix_arguments = []
    for name, voice_events in events.items():
        for index, (start, _, gain) in enumerate(voice_events):
            frame, part_of_one = divmod(start * 60 * rate, TICKS_PER_BEAT * 120)
            assert part_of_one == 0
            padded = tmp_path / f"{name}-{index}.wav"
            tool("sox", str(tmp_path / f"{name}.wav"), "-e", "floating-point", "-b", "32", str(padded), "pad", f"{frame}s")
            mix_arguments += ["-v", str(gain), str(padded)]
    theirs = tmp_path / "sox.wav"
    tool("sox", "-D", "-m", *mix_arguments, "-b", "24", str(theirs), "remix", "1", "1")

    assert tool("soxi", "-c", str(ours)).strip() == b"2" and tool("soxi", "-r", str(ours)).strip() == b"44100"
    assert tool("soxi", "-s", str(ours)).strip() == b"%d" % (4 * rate)  # the part's 8 beats
    a, b = read_f32(ours), read_f32(theirs)
    common = min(len(a), len(b))
    largest = float(np.abs(a[:common] - b[:common]).max())
    beyond = float(np.abs(np.concatenate([a[common:], b[common:]])).max(initial=0))
    peak = float(np.abs(a).max())
    print(f"\nmixdown against sox: largest difference {largest:.3g} over {common // 2} frames, "
          f"{abs(len(a) - len(b)) // 2} frames more in one, at most {beyond:.3g} there; peak {peak:.3f}")
    assert 0.3 < peak < 1, f"peak {peak}: the mix should be loud but not clip"
    assert largest < 1e-4, f"largest difference against sox {largest}"
    assert beyond < 1e-4, f"the longer mix goes on with {beyond}"


# --- sharing ------------------------------------------------------------------------------------------------


def test_export_and_import_round_trip(imager, tmp_path):
    library, shared = tmp_path / "library.sqlite", tmp_path / "demo.json"
    content = export_demo(imager, library, shared)
    assert content["formatVersion"] == 1 and [c["name"] for c in content["composition"]["compositions"]] == ["Demo"]
    assert set(content["soundFiles"]) == {str(s["id"]) for s in content["composition"]["sounds"]}

    imported = run(imager, library, "compose", "import", str(shared), "--as", "Demo 2")
    assert imported.returncode == 0 and imported.stdout == "Demo 2\n", imported.stderr
    both = listing(imager, library)
    assert both == "1\tDemo\t21.6 s\n2\tDemo 2\t21.6 s\n"
    assert run(imager, library, "compose", "show", "Demo 2").stdout.splitlines()[1:] == \
        run(imager, library, "compose", "show", "Demo").stdout.splitlines()[1:]

    again = run(imager, library, "compose", "import", str(shared))
    assert again.returncode == 2 and len(again.stderr.splitlines()) == 1, again.stderr
    assert listing(imager, library) == both

    deleted = run(imager, library, "compose", "delete", "Demo 2")
    assert deleted.returncode == 0, deleted.stderr
    assert listing(imager, library) == "1\tDemo\t21.6 s\n"


# --- hostile input -----------------------------------------------------------------------------------------


def hostile_files(tmp_path, demo):
    """Files `compose import` must refuse, by what is wrong with them."""
    def variant(change):
        content = copy.deepcopy(demo)
        change(content)
        return json.dumps(content)

    composition = lambda content: content["composition"]

    def bump_version(content):
        content["formatVersion"] = 99

    def event_outside(content):
        composition(content)["scores"][0]["events"][0]["length"] = 100 * TICKS_PER_BEAT

    def not_audio(content):
        first = next(iter(content["soundFiles"]))
        content["soundFiles"][first] = base64.b64encode(b"hello").decode()

    def truncated(content):
        first = next(iter(content["soundFiles"]))
        whole = base64.b64decode(content["soundFiles"][first])
        content["soundFiles"][first] = base64.b64encode(whole[: len(whole) // 2]).decode()

    def cycle(content):
        # Song's first child, an atomic part, is given Song as a child of its own.
        parts = {p["id"]: p for p in composition(content)["parts"]}
        song = parts[composition(content)["compositions"][0]["part"]]
        place = composition(content)["lastIdentifier"] + 1
        parts[song["children"][0]["node"]]["children"].append({"place": place, "node": song["id"]})
        composition(content)["lastIdentifier"] = place

    texts = {
        "empty": "",
        "not-json": "not json",
        "version-99": variant(bump_version),
        "event-outside": variant(event_outside),
        "not-audio": variant(not_audio),
        "truncated-audio": variant(truncated),
        "cycle": variant(cycle),
    }
    files = {}
    for name, text in texts.items():
        files[name] = tmp_path / f"{name}.json"
        files[name].write_text(text)
    return files


def test_hostile_input_gets_one_line_and_changes_nothing(imager, tmp_path):
    library = tmp_path / "library.sqlite"
    demo = export_demo(imager, library, tmp_path / "demo.json")
    before = listing(imager, library)
    out = tmp_path / "out"
    out.mkdir()
    files = hostile_files(tmp_path, demo)
    cases = [  # the arguments, and a word of the line that says why
        (["compose", "import", str(tmp_path / "missing.json")], "no such file"),
        (["compose", "import", str(files["empty"])], "empty"),
        (["compose", "import", str(files["not-json"])], "not valid JSON"),
        (["compose", "import", str(files["version-99"])], "format version 99"),
        (["compose", "import", str(files["event-outside"])], "outside Intro"),
        (["compose", "import", str(files["not-audio"])], "Kick"),
        (["compose", "import", str(files["truncated-audio"])], "Kick"),
        (["compose", "import", str(files["cycle"])], "inside itself"),
        (["compose", "render", "Nonesuch", "-o", str(out / "a.wav")], "Nonesuch"),
        (["compose", "render", "Demo", "-o", str(out / "mix.mp3")], "mix.mp3"),
        (["compose", "render", "Demo", "--rate", "5", "-o", str(out / "b.wav")], "--rate"),
        (["compose", "render", "Demo", "-o", str(out / "c.wav"), "--video", str(out / "x.txt")], "--video needs a video file"),
        (["compose", "show", "Nonesuch"], "Nonesuch"),
        (["compose", "delete", "Nonesuch"], "Nonesuch"),
    ]
    for args, why in cases:
        result = run(imager, library, *args)
        assert result.returncode == 2, (args, result.returncode, result.stderr)
        lines = result.stderr.splitlines()
        assert len(lines) == 1 and lines[0].startswith("imager: ") and why in lines[0], (args, result.stderr)
        assert "Fatal error" not in result.stderr and "Stack" not in result.stderr, args
        assert result.stdout == "", args
        assert listing(imager, library) == before, args
    assert list(out.iterdir()) == []


# --- light --------------------------------------------------------------------------------------------------


def light(frame):
    """How far a frame departs from a flat fill (the background is one colour): the mean gray distance of its
    pixels from their median."""
    return float(np.abs(frame - np.median(frame)).mean())


def test_a_visual_voice_lights_the_canvas_at_its_events_time(imager, tmp_path):
    composition, library = tmp_path / "light.json", tmp_path / "library.sqlite"
    # Chord 1 of Lumia from beat 4 (2.0 s at 120 bpm, frame 20 at 10 fps) for 2 beats.
    make_composition_file(composition, "Light", [{"name": "Veil", "chordset": LUMIA, "chord": 0, "events": [(3840, 1920, 1.0)]}])
    assert run(imager, library, "compose", "import", str(composition)).returncode == 0
    video = tmp_path / "v.mp4"
    result = run(imager, library, "compose", "render", "Light", "--video", str(video), "--size", "64x36", "--fps", "10", "-o", str(tmp_path / "v.wav"))
    assert result.returncode == 0, result.stderr
    width, height = 64, 36
    gray = tool("ffmpeg", "-v", "error", "-i", str(video), "-f", "rawvideo", "-pix_fmt", "gray", "-")
    frames = np.frombuffer(gray, dtype=np.uint8).reshape(-1, height, width).astype(float)
    assert len(frames) == 40

    # Not each frame's difference from frame 0: the background pulses (Lumia's chord 1 plays its colour
    # ranges over 8 beats), so the flat frames before the event already differ from frame 0 by up to 8 levels.
    # The lumis are what is not flat. Measured: exactly 0 up to frame 20, 0.73 at 21, 2.3 at 22.
    levels = [light(frame) for frame in frames]
    lit = next((index for index, level in enumerate(levels) if level > 0.25), None)
    print(f"\nfirst lit frame {lit}; light of frames 18-23: {[round(level, 2) for level in levels[18:24]]}")
    assert lit in (19, 20, 21), f"first lit frame {lit}: {[round(level, 2) for level in levels]}"
    assert max(levels[:lit]) < 0.05 and min(levels[lit + 1:]) > 1
