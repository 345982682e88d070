"""The file formats we write, read back by this build: the version-1 fixtures in Tests/fixtures/v1/ — a chordset
file, a performance log, a binary live frame with its forms messages, a composition file and its mix — were
written by an earlier build and are frozen (Tests/fixtures/v1/README.md), and so is a listening set as format
version 3 keeps it, its log with the hearings beside it (Tests/fixtures/listening-v3/README.md). Every build must
still read them, and render them as that build did, within the tolerance below."""
import json
import pathlib
import re
import struct
import subprocess
import zlib

import numpy
import pytest

FIXTURES = pathlib.Path(__file__).resolve().parents[1] / "fixtures" / "v1"

# How far a render may be from the stored one. Re-rendering a fixture with the build that made it gives
# byte-identical PNGs, so any difference comes from a later build's drawing. Measured with that build:
# - headroom for float changes: every fractional number of the log and of the chordset scaled by 1 − 10⁻⁶ (a
#   million times double rounding) moves a render by a mean of at most 0.029 of 255 per channel (a thumbnail's
#   background on the edge of rounding steps by one level) and no pixel by more than 2; by 1 − 10⁻⁴, at most
#   0.035 and 13, with no pixel more than 16 off; every instance of the frame moved by 0.02 px: 0.005 and 8.
#   A uniform one-level change (rounding instead of truncating, say) would be a mean of up to 1.
# - what must fail (the test_a_…_is_caught tests below): red and blue swapped, a mean of 5.2 to 29; the frame's
#   first pane (it covers the canvas) with its red and blue swapped, 2.2, with no pixel more than 5 off; a lumi's
#   hue moved by 0.01, one pad's velocity 0.35 → 0.45, a lumi left out of a chord, one dot left out of the frame:
#   0.08 % to 1.6 % of the pixels more than 16 off, at a mean as low as 0.015.
# So a render passes when both hold:
MEAN_TOLERANCE = 1.0  # mean absolute difference per channel, of 255, over the whole picture: catches colours
PIXEL_STEP = 16  # a pixel has changed when one of its channels is more than this off (of 255) …
CHANGED_FRACTION = 0.0003  # … and at most 0.03 % of them may change (17 of a 320×180 frame): catches shapes.
# Not caught, measured: a lumi that covers a few pixels (a line 9 pixels long left out of the frame: 0.016 %),
# a hue moved by 0.02 on one pad-5 lumi (0.014 %), a background 2 levels greener (mean 0.25).

PERFORMANCE_FRAMES = [6, 10, 16]  # the frames kept of `render performance … --fps 4 --tail 1`, numbered from 1
PERFORMANCE_FRAME_COUNT = 20
RENDER_PERFORMANCE = ["--size", "320x180", "--fps", "4", "--tail", "1"]
RENDER_FRAME = ["--size", "320x180"]
THUMBNAIL_WIDTH = "128"


def run(imager, *args):
    return subprocess.run([imager, *map(str, args)], capture_output=True, text=True)


def read_png(path):
    """The pixels of an 8-bit, non-interlaced PNG as an H×W×4 uint8 array (RGBA; opaque when it has no alpha).
    Decoded here with zlib, so that the comparison depends on nothing but the file."""
    data = pathlib.Path(path).read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", f"{path} is not a PNG"
    offset, header, compressed = 8, None, []
    while offset < len(data):
        length, kind = struct.unpack(">I4s", data[offset:offset + 8])
        body = data[offset + 8:offset + 8 + length]
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            compressed.append(body)
        elif kind == b"IEND":
            break
        offset += 12 + length
    width, height, depth, color_type, _, _, interlace = header
    channels = {0: 1, 2: 3, 4: 2, 6: 4}.get(color_type)
    assert depth == 8 and channels and interlace == 0, f"{path}: PNG colour type {color_type}, depth {depth}, interlace {interlace} is not read here"
    raw = numpy.frombuffer(zlib.decompress(b"".join(compressed)), numpy.uint8).reshape(height, 1 + width * channels)
    rows = numpy.zeros((height, width * channels), numpy.uint8)
    previous = numpy.zeros(width * channels, numpy.int32)
    for y in range(height):
        kind, line = raw[y, 0], raw[y, 1:].astype(numpy.int32)
        if kind == 0:
            row = line
        elif kind == 1:  # Sub: each byte adds the one a pixel before it — a running sum per channel
            row = numpy.cumsum(line.reshape(width, channels), axis=0).reshape(-1) & 0xFF
        elif kind == 2:  # Up
            row = (line + previous) & 0xFF
        elif kind in (3, 4):  # Average, Paeth: each byte depends on the decoded one before it
            out, up = [0] * len(line), previous.tolist()
            for i, value in enumerate(line.tolist()):
                left = out[i - channels] if i >= channels else 0
                if kind == 3:
                    predicted = (left + up[i]) >> 1
                else:
                    upper_left = up[i - channels] if i >= channels else 0
                    p = left + up[i] - upper_left
                    pa, pb, pc = abs(p - left), abs(p - up[i]), abs(p - upper_left)
                    predicted = left if pa <= pb and pa <= pc else up[i] if pb <= pc else upper_left
                out[i] = (value + predicted) & 0xFF
            row = numpy.array(out, numpy.int32)
        else:
            raise AssertionError(f"{path}: unknown PNG filter {kind} in row {y}")
        rows[y], previous = row, row
    pixels = rows.reshape(height, width, channels)
    if channels < 3:  # grey: repeat it
        pixels = numpy.concatenate([pixels[:, :, :1]] * 3 + ([pixels[:, :, 1:]] if channels == 2 else []), axis=2)
    if pixels.shape[2] == 3:
        pixels = numpy.concatenate([pixels, numpy.full((height, width, 1), 255, numpy.uint8)], axis=2)
    return pixels


def difference(rendered, stored):
    """(mean absolute difference per channel, fraction of pixels with a channel more than PIXEL_STEP off)."""
    assert rendered.shape == stored.shape, f"the render is {rendered.shape[1]}×{rendered.shape[0]}, the stored one {stored.shape[1]}×{stored.shape[0]}"
    error = numpy.abs(rendered.astype(numpy.int16) - stored.astype(numpy.int16))
    return float(error.mean()), float((error.max(axis=2) > PIXEL_STEP).mean())


def assert_renders_alike(rendered_path, stored_name, folder=FIXTURES):
    mean, changed = difference(read_png(rendered_path), read_png(folder / stored_name))
    assert mean <= MEAN_TOLERANCE and changed <= CHANGED_FRACTION, (
        f"{stored_name}: the render differs from the stored one by a mean of {mean:.4f} of 255 per channel "
        f"(at most {MEAN_TOLERANCE}), and {changed:.3%} of its pixels are more than {PIXEL_STEP} off "
        f"(at most {CHANGED_FRACTION:.2%})")


def import_chordset(imager, library, path):
    """Imports a chordset file into `library` (made afresh, with the factory chordsets): (its number, its title)."""
    result = run(imager, "chordsets", "import", path, "--library", library)
    assert result.returncode == 0, result.stderr
    listed = run(imager, "chordsets", "list", "--library", library)
    assert listed.returncode == 0, listed.stderr
    index, title = listed.stdout.strip().splitlines()[-1].split("\t")
    return index, title


def render_sheet(imager, tmp_path, chordset_file):
    index, _ = import_chordset(imager, tmp_path / "library.sqlite", chordset_file)
    # The sheet was drawn before the output stage existed: without it (a chordset file of version 1 says no
    # headroom, and would now be drawn at the performer's default).
    result = run(imager, "render", "chordset", index, "--library", tmp_path / "library.sqlite",
                 "--thumbnail-width", THUMBNAIL_WIDTH, "--headroom", "0", "-o", tmp_path / "sheet.png")
    assert result.returncode == 0, result.stderr
    return tmp_path / "sheet.png"


def render_performance(imager, tmp_path, log, count=PERFORMANCE_FRAME_COUNT):
    result = run(imager, "render", "performance", log, *RENDER_PERFORMANCE, "-o", f"{tmp_path / 'frames'}/")
    assert result.returncode == 0, result.stderr
    frames = sorted((tmp_path / "frames").iterdir())
    assert len(frames) == count, [f.name for f in frames]
    return frames


def render_frame(imager, tmp_path, frame, forms):
    result = run(imager, "render", "frame", frame, "--forms", forms, *RENDER_FRAME, "-o", tmp_path / "frame.png")
    assert result.returncode == 0, result.stderr
    return tmp_path / "frame.png"


# The chordset file


def test_the_chordset_file_imports_with_its_title(imager, tmp_path):
    result = run(imager, "chordsets", "import", FIXTURES / "chordset.json", "--library", tmp_path / "library.sqlite")
    assert result.returncode == 0, result.stderr
    titles = [line.split("\t")[1] for line in run(imager, "chordsets", "list", "--library", tmp_path / "library.sqlite").stdout.splitlines()]
    # A fresh library holds the factory chordsets, Pulse Garden among them with the file's id: the file comes in
    # as a copy, after them.
    assert titles[-1] == ("Pulse Garden (2)" if "Pulse Garden" in titles[:-1] else "Pulse Garden"), titles
    # And again: a second copy.
    assert run(imager, "chordsets", "import", FIXTURES / "chordset.json", "--library", tmp_path / "library.sqlite").returncode == 0
    assert len(run(imager, "chordsets", "list", "--library", tmp_path / "library.sqlite").stdout.splitlines()) == len(titles) + 1


def test_the_chordset_file_renders_as_it_did(imager, tmp_path):
    assert_renders_alike(render_sheet(imager, tmp_path, FIXTURES / "chordset.json"), "chordset-sheet.png")


def test_a_chordset_file_of_a_later_version_is_refused_by_name(imager, tmp_path):
    chordsets = json.loads((FIXTURES / "chordset.json").read_text())
    chordsets["formatVersion"] = 99
    (tmp_path / "later.json").write_text(json.dumps(chordsets))
    result = run(imager, "chordsets", "import", tmp_path / "later.json", "--library", tmp_path / "library.sqlite")
    assert result.returncode == 2
    # It names the file's version and the newest this build reads (1 today; a later build reads more).
    assert "version 99" in result.stderr and re.search(r"reads up to (version )?\d+", result.stderr), result.stderr
    assert "Pulse Garden (2)" not in run(imager, "chordsets", "list", "--library", tmp_path / "library.sqlite").stdout


# The performance log


def test_the_performance_log_renders_as_it_did(imager, tmp_path):
    frames = render_performance(imager, tmp_path, FIXTURES / "performance.json")
    for number in PERFORMANCE_FRAMES:
        assert_renders_alike(frames[number - 1], f"performance-frame-{number:04}.png")


def test_a_log_of_a_later_version_is_refused_by_name(imager, tmp_path):
    log = json.loads((FIXTURES / "performance.json").read_text())
    log["formatVersion"] = 99
    (tmp_path / "later.json").write_text(json.dumps(log))
    result = run(imager, "render", "performance", tmp_path / "later.json", *RENDER_PERFORMANCE, "-o", f"{tmp_path / 'frames'}/")
    assert result.returncode == 2
    # It names the file's version and the newest this build reads (1 today; a later build reads more).
    assert "version 99" in result.stderr and re.search(r"reads up to (version )?\d+", result.stderr), result.stderr
    assert not (tmp_path / "frames").exists() or not any((tmp_path / "frames").iterdir())


# The listening log of version 3: hearings beside the log (Tests/fixtures/listening-v3)

LISTENING = FIXTURES.parent / "listening-v3"
LISTENING_LOG = LISTENING / "performance-2026-11-27T15-07-57.253Z.json"
LISTENING_FRAMES = [5, 9, 13]
LISTENING_FRAME_COUNT = 24


def test_the_listening_log_renders_as_it_did_with_its_hearings(imager, tmp_path):
    frames = render_performance(imager, tmp_path, LISTENING_LOG, LISTENING_FRAME_COUNT)
    for number in LISTENING_FRAMES:
        assert_renders_alike(frames[number - 1], f"performance-frame-{number:04}.png", LISTENING)


def test_the_listening_log_without_its_hearings_renders_otherwise_and_says_so(imager, tmp_path):
    # The hearings are what make these frames: without them the log still renders, says what it could not read,
    # and the light that followed the sound does not match.
    (tmp_path / "alone").mkdir()
    alone = tmp_path / "alone" / LISTENING_LOG.name
    alone.write_bytes(LISTENING_LOG.read_bytes())
    result = run(imager, "render", "performance", alone, *RENDER_PERFORMANCE, "-o", f"{tmp_path / 'frames'}/")
    assert result.returncode == 0 and "cannot read what was heard" in result.stderr, result.stderr
    frames = sorted((tmp_path / "frames").iterdir())
    assert not passes(frames[LISTENING_FRAMES[1] - 1], "performance-frame-0009.png", LISTENING)


# The live frame


def test_the_live_frame_renders_as_it_did(imager, tmp_path):
    assert_renders_alike(render_frame(imager, tmp_path, FIXTURES / "frame.bin", FIXTURES / "frame-forms.json"), "frame.png")


# The comparison itself: stands in for a build that draws differently. Renders of mutated copies of the
# fixtures, and stored pictures with their channels swapped, must fail it.


def passes(rendered, stored_name, folder=FIXTURES):
    try:
        assert_renders_alike(rendered, stored_name, folder)
        return True
    except AssertionError:
        return False


def test_a_swapped_channel_is_caught():
    for name in ["chordset-sheet.png", "frame.png", *(f"performance-frame-{n:04}.png" for n in PERFORMANCE_FRAMES)]:
        stored = read_png(FIXTURES / name)
        mean, _ = difference(stored[:, :, [2, 1, 0, 3]], stored)  # measured: 5.2 (the darkest frame) to 28.6
        assert mean > MEAN_TOLERANCE, f"{name}: red and blue swapped differ by a mean of only {mean:.2f}"


def test_a_changed_velocity_is_caught(imager, tmp_path):
    # Pad 5 pressed at 0.45 rather than 0.35: 0.5 %, 1.6 % and 0.7 % of the kept frames' pixels more than 16 off.
    log = json.loads((FIXTURES / "performance.json").read_text())
    pressed = [e["intent"] for e in log["events"] if e["intent"] == {"type": "padDown", "pad": 5, "velocity": 0.35}]
    assert len(pressed) == 1
    pressed[0]["velocity"] = 0.45
    (tmp_path / "performance.json").write_text(json.dumps(log))
    frames = render_performance(imager, tmp_path, tmp_path / "performance.json")
    for number in PERFORMANCE_FRAMES:
        assert not passes(frames[number - 1], f"performance-frame-{number:04}.png"), number


def mutated_chordset(tmp_path, change):
    chordsets = json.loads((FIXTURES / "chordset.json").read_text())
    change(chordsets["chordsets"][0]["chords"])
    (tmp_path / "chordset.json").write_text(json.dumps(chordsets))
    return tmp_path / "chordset.json"


def shift_hue(chords):
    hue = chords[0]["lumis"][0]["features"]["hue"]
    hue["base"] = (hue["base"] + 0.01) % 1


def leave_out_a_lumi(chords):
    del chords[5]["lumis"][-1]


@pytest.mark.parametrize("change", [
    shift_hue,  # the first chord's lumi a hue 0.01 further: 0.9 % of the sheet's pixels more than 16 off
    leave_out_a_lumi,  # the last of chord 5's five lumis left out: 0.2 %
])
def test_a_changed_chordset_is_caught(imager, tmp_path, change):
    assert not passes(render_sheet(imager, tmp_path, mutated_chordset(tmp_path, change)), "chordset-sheet.png")


def leave_out_instance_13(frame):
    # One green dot, a lumi of layer 3 (its trail stamp, instance 12, stays): 0.08 % of the pixels more than 16 off.
    count = struct.unpack_from("<I", frame, 12)[0]
    struct.pack_into("<I", frame, 12, count - 1)
    at = FRAME_HEADER + PANE_SIZE * struct.unpack_from("<H", frame, 16)[0] + INSTANCE_SIZE * 13
    del frame[at:at + INSTANCE_SIZE]


def swap_a_panes_colour(frame):
    # The first pane's red and blue (82, 0 → 0, 82; alpha 54; it covers the canvas): a mean of 2.2 over the
    # picture, though no pixel is more than 5 off.
    at = FRAME_HEADER
    frame[at + 8], frame[at + 10] = frame[at + 10], frame[at + 8]


FRAME_HEADER, PANE_SIZE, INSTANCE_SIZE = 24, 12, 24


@pytest.mark.parametrize("change", [leave_out_instance_13, swap_a_panes_colour])
def test_a_changed_frame_is_caught(imager, tmp_path, change):
    frame = bytearray((FIXTURES / "frame.bin").read_bytes())
    change(frame)
    (tmp_path / "frame.bin").write_bytes(bytes(frame))
    assert not passes(render_frame(imager, tmp_path, tmp_path / "frame.bin", FIXTURES / "frame-forms.json"), "frame.png")


# The composition file


COMPOSITION_OUTLINE = """Fixture: 2.0 s
parts
  Part  4.00 beats at 120.0 bpm
voices
  Mix
    Tone  sound: Tone, 0.25 s
    Veil  light: chord 2 of chordset 4C0A1D1A-0000-4000-8000-000000000001
2 scores, 3 events
"""


def float_samples(path):
    """A sound file's samples as 32-bit floats, through sox."""
    raw = subprocess.run(["sox", str(path), "-t", "f32", "-"], capture_output=True, check=True).stdout
    return numpy.frombuffer(raw, dtype="<f4")


def test_the_composition_file_imports_and_mixes_as_it_did(imager, tmp_path):
    library = tmp_path / "library.sqlite"
    imported = run(imager, "compose", "import", FIXTURES / "composition.json", "--library", library)
    assert imported.returncode == 0 and imported.stdout == "Fixture\n", imported.stderr
    assert run(imager, "compose", "show", "Fixture", "--library", library).stdout == COMPOSITION_OUTLINE
    mix = tmp_path / "mix.wav"
    rendered = run(imager, "compose", "render", "Fixture", "-o", mix, "--rate", "8000", "--library", library)
    assert rendered.returncode == 0, rendered.stderr
    ours, stored = float_samples(mix), float_samples(FIXTURES / "composition-mix.wav")
    # The same samples (24-bit): a later build that mixes differently — a gain, an offset, a frame — differs
    # by far more than a 24-bit step (6e-8).
    assert ours.shape == stored.shape and float(numpy.abs(ours - stored).max()) < 1e-6


def test_a_composition_file_of_a_later_version_is_refused_by_name(imager, tmp_path):
    composition = json.loads((FIXTURES / "composition.json").read_text())
    composition["formatVersion"] = 99
    (tmp_path / "later.json").write_text(json.dumps(composition))
    result = run(imager, "compose", "import", tmp_path / "later.json", "--library", tmp_path / "library.sqlite")
    assert result.returncode == 2
    assert "version 99" in result.stderr and re.search(r"reads up to (version )?\d+", result.stderr), result.stderr
    assert "Fixture" not in run(imager, "compose", "list", "--library", tmp_path / "library.sqlite").stdout
