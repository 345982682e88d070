"""Light from sound on real drum music (issue 37): a Hydrogen demo song, rendered by h2cli in the test's setup, is
brought into the library; the part's tempo is taken from it (within 1 % of the song's own <bpm>, its beats then on
the part's beats); two light voices are lit from it, one by its beats and one by its onsets, through the API; the
pair is rendered to MP4; and the video's light rises within one frame of every beat event. Bad requests on the
new doors are refused with one line and change nothing."""
import json
import pathlib
import subprocess
import uuid

import numpy
import pytest

from hostile_input import hostile_sound_edits
from live import api, live_socket, serving, until_message
from test_renders_api import follow, start

SONG = "TR808kit-demo"  # 125 BPM, a drum machine's song
SECONDS = 16
WIDTH, HEIGHT, FPS = 320, 180, 30
# Where the two lights shine, in canvas fractions: the beats in the middle, the onsets at the left.
BEATS_AT, ONSETS_AT = (0.5, 0.5), (0.12, 0.5)


def demo_song(name):
    listed = subprocess.run(["dpkg", "-L", "hydrogen-data"], capture_output=True, text=True).stdout.splitlines()
    found = [pathlib.Path(line) for line in listed if line.endswith(f"/demo_songs/{name}.h2song")]
    assert found, "Hydrogen's demo songs are missing: make test installs hydrogen"
    return found[0]


def song_bpm(path):
    import re
    return float(re.search(r"<bpm>([0-9.]+)</bpm>", path.read_text(errors="replace")).group(1))


@pytest.fixture(scope="module")
def song(tmp_path_factory):
    """The song's first SECONDS rendered by h2cli (its null driver: `-d alsa` fails at once here), and its tempo."""
    folder = tmp_path_factory.mktemp("hydrogen")
    path = demo_song(SONG)
    whole, cut = folder / "whole.wav", folder / "song.wav"
    result = subprocess.run(["h2cli", "-d", "alsa", "-s", str(path), "-o", str(whole)], capture_output=True, text=True, timeout=300)
    assert whole.exists(), f"h2cli did not render {path.name}: {result.stdout[-400:]} {result.stderr[-400:]}"
    subprocess.run(["sox", str(whole), str(cut), "trim", "0", str(SECONDS)], check=True, capture_output=True)
    return cut, song_bpm(path)


def flash(position, anchor, hue):
    """A chord whose lumi is a dim, still, additive disc at `anchor`: each release adds its light over what the
    last release left fading (a second), so every event's start shows as a rise."""
    lumi = json.loads(pathlib.Path(__file__).resolve().parents[1].joinpath("fixtures/v1/chordset.json").read_text())
    lumi = lumi["chordsets"][0]["chords"][0]["lumis"][0]
    still = {"depth": 0, "offset": 0, "phase": 0, "rate": {"hertz": 0}, "waveform": {"kind": "sine"}}
    lumi.update(anchor={"x": anchor[0], "y": anchor[1]}, blend="additive", envelope={"attack": 0.01, "hold": 0, "release": 1},
                form={"kind": "circle"}, motion={"kind": "still"})
    for feature, base in {"brightness": 0.5, "saturation": 0.6, "hue": hue, "opacity": 1, "size": 0.3, "trail": 0}.items():
        lumi["features"][feature] = {"base": base, "oscillator": dict(still)}
    return {"position": position, "title": f"Flash {position + 1}",
            "background": {"hue": {"center": 0, "range": 0}, "purity": {"center": 0.5, "range": 0}},
            "pulse": {"waveform": {"kind": "triangle"}, "rate": {"beats": 8}, "purityLag": 0.25, "depth": 0},
            "lumis": [lumi], "panes": []}


def import_flashes(server):
    """A chordset of flashes (chord 1 for the beats, chord 2 for the onsets), imported: its id."""
    _, listing = api(server, "GET", "/api/chordsets")
    status, file = api(server, "GET", f"/api/chordsets/{listing['chordsets'][0]['id']}/export")
    assert status == 200
    chordset = file["chordsets"][0]
    chordset.update(id=str(uuid.uuid4()).upper(), title="Flashes")
    chordset["chords"] = [flash(position, ONSETS_AT if position == 1 else BEATS_AT, 0.1 * position) for position in range(8)]
    status, answer = api(server, "POST", "/api/chordsets/import", {"formatVersion": 1, "chordsets": [chordset]})
    assert status == 201, answer
    return answer["imported"][0]["id"]


def edit(server, *edits):
    status, answer = api(server, "POST", "/api/music/edits", {"edits": list(edits)})
    assert status == 200, answer
    return answer


def events(library, part, voice):
    scores = {score["id"]: score["events"] for score in library["scores"]}
    return next((scores[pair["score"]] for pair in library["pairs"] if pair["part"] == part and pair["voice"] == voice), [])


def a_song_with_two_lights(server, path, chordset):
    """The song brought in, in a part of its length, with a light voice on chord 1 and one on chord 2 beside it
    under a voice "Show": (part, song voice, show, beats voice, onsets voice)."""
    status, brought = api(server, "POST", "/api/music/sounds?name=song.wav", path.read_bytes(), {"Content-Type": "application/octet-stream"})
    assert status == 201, brought
    voice = brought["voice"]
    made = edit(server, {"type": "addPart", "name": "Song", "beats": 2 * SECONDS, "tempo": 120},
                {"type": "addVoice", "name": "Show"}, {"type": "addVoice", "name": "Beats"}, {"type": "addVoice", "name": "Onsets"})
    part, show, beats, onsets = (result["id"] for result in made["results"])
    edit(server, {"type": "editingRange", "part": part, "voice": voice, "start": 0, "end": 2 * SECONDS * 960},
         {"type": "setLight", "voice": beats, "chordset": chordset, "chord": 0},
         {"type": "setLight", "voice": onsets, "chordset": chordset, "chord": 1},
         *({"type": "addVoiceChild", "parent": show, "child": child} for child in (voice, beats, onsets)))
    return part, voice, show, beats, onsets


def brightness(video, anchor):
    """The mean grey level of each frame of `video` in a square around `anchor` (canvas fractions)."""
    raw = subprocess.run(["ffmpeg", "-v", "error", "-i", str(video), "-f", "rawvideo", "-pix_fmt", "gray", "-"],
                         capture_output=True, check=True).stdout
    frames = numpy.frombuffer(raw, dtype=numpy.uint8).reshape(-1, HEIGHT, WIDTH).astype(float)
    x, y, half = int(anchor[0] * WIDTH), int(anchor[1] * HEIGHT), HEIGHT // 10
    return frames[:, y - half:y + half, x - half:x + half].mean(axis=(1, 2))


def test_a_drum_songs_beats_and_onsets_light_the_video_on_its_beats(imager, tmp_path, song):
    path, bpm = song
    with serving(imager, tmp_path / "library.sqlite", "--audio", "none") as server, live_socket(server) as socket:
        until_message(socket, lambda m: m["type"] == "snapshot")
        chordset = import_flashes(server)
        part, voice, show, beats, onsets = a_song_with_two_lights(server, path, chordset)

        # The tempo from the song, its first downbeat on a bar line: the part's beats are the song's.
        library = edit(server, {"type": "tempoFromSound", "part": part, "sound": voice, "align": True})["library"]
        tempo = next(p["tempo"] for p in library["parts"] if p["id"] == part)
        assert tempo == pytest.approx(bpm, rel=0.01), (tempo, bpm)
        status, heard = api(server, "GET", f"/api/music/hearing?part={part}&sound={voice}")
        assert status == 200 and heard["partTempo"] == tempo, heard.get("error")
        downbeat = heard["firstDownbeat"] * tempo / 60 * 960
        assert abs(downbeat - 3840 * round(downbeat / 3840)) <= 10, downbeat  # on a bar line (four beats)

        lit = edit(server, {"type": "lightFromSound", "part": part, "sound": voice,
                            "lights": [{"voice": beats, "follow": "beats"}, {"voice": onsets, "follow": "onsets"}]})["library"]
        beat_events, onset_events = events(lit, part, beats), events(lit, part, onsets)
        assert len(beat_events) >= 0.9 * bpm * SECONDS / 60 - 2, (len(beat_events), bpm)
        assert len(onset_events) >= len(beat_events)
        # On the music's own beats, and so on the part's: every beat event within 10 ticks (5 ms) of a beat.
        off_beat = [e["start"] for e in beat_events if min(e["start"] % 960, 960 - e["start"] % 960) > 10]
        assert not off_beat, off_beat

        render = start(server, {"part": part, "voice": show, "format": "mp4", "width": WIDTH, "height": HEIGHT, "fps": FPS})
        done = follow(socket, render["id"])[-1]
        assert done["state"] == "done", done
    video = tmp_path / "renders" / done["file"]
    level = brightness(video, BEATS_AT)
    ticks_per_second = tempo / 60 * 960
    missed = []
    for event in beat_events:
        seconds = event["start"] / ticks_per_second
        first = int(numpy.ceil(seconds * FPS - 1e-6))  # the first frame drawn at or after the event
        if first + 1 >= len(level) or first < 1:
            continue
        if not max(level[first], level[first + 1]) > level[first - 1] + 1:
            missed.append((round(seconds, 3), level[first - 1:first + 2].round(1).tolist()))
    assert not missed, f"no rise within a frame of these beat events: {missed}"
    assert level.max() > 20, "the beats' light never showed"


def test_bad_hearing_requests_and_edits_are_refused_with_one_line_and_change_nothing(imager, tmp_path, song):
    path, _ = song
    with serving(imager, tmp_path / "library.sqlite", "--audio", "none") as server:
        chordset = import_flashes(server)
        part, voice, show, beats, onsets = a_song_with_two_lights(server, path, chordset)
        quiet = edit(server, {"type": "addVoice", "name": "Quiet"})["results"][0]["id"]
        _, before = api(server, "GET", "/api/music")
        refusals = [
            f"/api/music/hearing?part={part}", f"/api/music/hearing?part={part}&sound={beats}",
            f"/api/music/hearing?part=0&sound={voice}", f"/api/music/hearing?part=x&sound={voice}",
            f"/api/music/hearing?part={part}&part={part}&sound={voice}", "/api/music/hearing?part=%ZZ&sound=1",
        ]
        for address in refusals:
            status, answer = api(server, "GET", address)
            assert 400 <= status < 500 and "\n" not in answer["error"], (address, status, answer)
        for body in hostile_sound_edits(300, part, voice, beats, quiet):
            status, answer = api(server, "POST", "/api/music/edits", ('{"edits": [' + body + "]}").encode(),
                                 {"Content-Type": "application/json"})
            assert 400 <= status < 500 and "\n" not in answer["error"], (body[:300], status, answer)
        _, after = api(server, "GET", "/api/music")
        assert after["library"] == before["library"]
        assert server.process.poll() is None  # still serving
