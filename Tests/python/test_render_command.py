"""`imager render` end to end: what it writes, and what bad input gets (one line on stderr, status 2, and
no file left under the output name)."""
import os
import pathlib
import shutil
import subprocess

import cairo
import numpy
import pytest


def run(imager, *args, env=None):
    return subprocess.run([imager, *args], capture_output=True, text=True, env=env)


def test_a_still_is_a_png_of_the_asked_size(imager, tmp_path):
    result = run(imager, "render", "darkside", "--size", "300", "-o", str(tmp_path / "cover.png"))
    assert result.returncode == 0, result.stderr
    surface = cairo.ImageSurface.create_from_png(str(tmp_path / "cover.png"))
    assert (surface.get_width(), surface.get_height()) == (300, 300)


def test_an_svg_is_vector(imager, tmp_path):
    assert run(imager, "render", "darkside", "-o", str(tmp_path / "cover.svg")).returncode == 0
    text = (tmp_path / "cover.svg").read_text()
    assert text.startswith("<?xml") and "<linearGradient" in text and text.count("<path") == 9


def test_frames_go_to_a_folder_in_order(imager, tmp_path):
    result = run(imager, "render", "darkside", "--size", "64", "--frames", "6", "-o", str(tmp_path / "frames") + "/")
    assert result.returncode == 0, result.stderr
    names = sorted(os.listdir(tmp_path / "frames"))
    assert names == [f"frame-0000{i}.png" for i in range(1, 7)]
    first = (tmp_path / "frames" / names[0]).stat().st_size
    last = (tmp_path / "frames" / names[-1]).stat().st_size
    assert last > first  # the drawing grows


def test_video_goes_through_ffmpeg(imager, tmp_path):
    assert shutil.which("ffmpeg"), "make test installs ffmpeg"
    result = run(imager, "render", "darkside", "--size", "96", "--frames", "12", "-o", str(tmp_path / "cover.mp4"))
    assert result.returncode == 0, result.stderr
    probe = subprocess.run(["ffprobe", "-v", "error", "-show_entries", "stream=width,height,nb_frames", "-of", "csv=p=0",
                            str(tmp_path / "cover.mp4")], capture_output=True, text=True, check=True)
    assert probe.stdout.strip() == "96,96,12"
    assert os.listdir(tmp_path) == ["cover.mp4"]


def test_without_ffmpeg_video_is_refused_with_the_alternative(imager, tmp_path):
    env = dict(os.environ, PATH=str(tmp_path))  # no ffmpeg here
    result = run(imager, "render", "darkside", "--frames", "4", "-o", str(tmp_path / "cover.mp4"), env=env)
    assert result.returncode == 2
    assert "ffmpeg" in result.stderr and "folder" in result.stderr
    assert not (tmp_path / "cover.mp4").exists()


def test_a_recorded_performance_renders_to_frames_and_video(imager, tmp_path):
    log = tmp_path / "demo.json"
    assert run(imager, "demo", "--seconds", "2", "--record", str(log)).returncode == 0
    result = run(imager, "render", "performance", str(log), "--size", "160x90", "--fps", "5", "--tail", "0",
                 "-o", str(tmp_path / "frames") + "/")
    assert result.returncode == 0, result.stderr
    assert len(os.listdir(tmp_path / "frames")) == 11  # 0 … 2 s at 5 frames a second
    result = run(imager, "render", "performance", str(log), "--size", "160x90", "--fps", "10", "-o", str(tmp_path / "set.mp4"))
    assert result.returncode == 0, result.stderr
    assert (tmp_path / "set.mp4").stat().st_size > 0
    # Traded for a smaller file: the same frames, a slower preset.
    result = run(imager, "render", "performance", str(log), "--size", "160x90", "--fps", "10", "--quality", "compact",
                 "-o", str(tmp_path / "compact.mp4"))
    assert result.returncode == 0, result.stderr
    assert (tmp_path / "compact.mp4").stat().st_size > 0


def test_a_set_recorded_in_parts_renders_as_one_video_with_each_parts_sound(imager, tmp_path):
    # A recording that filled went on as its next part: -part2 beside the first. Part 2 heard a tone (3 s of
    # it at 44.1 kHz, mono: longer than the part, another rate); part 1 heard nothing.
    for name in ["set.json", "set-part2.json"]:
        assert run(imager, "demo", "--seconds", "2", "--record", str(tmp_path / name)).returncode == 0
    subprocess.run(["sox", "-n", "-r", "44100", "-c", "1", str(tmp_path / "set-part2.flac"), "synth", "3", "sine", "440"], check=True)
    common = ["render", "performance", str(tmp_path / "set-part2.json"), "--whole-set", "--size", "160x90", "--fps", "5", "--tail", "0"]
    result = run(imager, *common, "-o", str(tmp_path / "frames") + "/")
    assert result.returncode == 0, result.stderr
    assert "rendering 2 parts as one video: set.json, set-part2.json" in result.stdout
    assert len(os.listdir(tmp_path / "frames")) == 10 + 11  # part 1's two seconds, then part 2's with its last moment
    result = run(imager, *common, "-o", str(tmp_path / "set.mp4"))
    assert result.returncode == 0, result.stderr
    sound = subprocess.run(["ffmpeg", "-v", "error", "-i", str(tmp_path / "set.mp4"), "-map", "0:a", "-ac", "1", "-ar", "8000",
                            "-f", "f32le", "-"], capture_output=True, check=True).stdout
    samples = numpy.frombuffer(sound, numpy.float32)
    assert abs(len(samples) / 8000 - 21 / 5) < 0.1, "the sound lasts as long as the frames"
    assert numpy.abs(samples[: 8000 * 19 // 10]).max() < 0.01, "part 1 heard nothing: silence"
    assert numpy.sqrt(numpy.mean(samples[8000 * 21 // 10: 8000 * 4] ** 2)) > 0.1, "part 2's tone, from its first frame"
    # Each part renders alone too, and the parts can be named in order.
    assert run(imager, "render", "performance", str(tmp_path / "set-part2.json"), "--size", "160x90", "--fps", "5", "--tail", "0",
               "-o", str(tmp_path / "alone") + "/").returncode == 0
    assert len(os.listdir(tmp_path / "alone")) == 11
    named = run(imager, "render", "performance", str(tmp_path / "set.json"), str(tmp_path / "set-part2.json"), "--size", "160x90",
                "--fps", "5", "--tail", "0", "-o", str(tmp_path / "named") + "/")
    assert named.returncode == 0 and len(os.listdir(tmp_path / "named")) == 21
    refused = run(imager, "render", "performance", str(tmp_path / "set.json"), str(tmp_path / "set-part2.json"), "--dmx", str(tmp_path / "d.csv"))
    assert refused.returncode == 2 and "--dmx writes one part at a time" in refused.stderr


def test_a_performance_video_shows_the_frames_drawn(imager, tmp_path):
    # At 1280×720 a frame is drawn (and converted for video) in eight bands; decoded, the video must be the
    # PNG frames, give or take what H.264 and 4:2:0 lose.
    log = tmp_path / "demo.json"
    assert run(imager, "demo", "--seconds", "1", "--record", str(log)).returncode == 0
    common = ["render", "performance", str(log), "--size", "1280x720", "--fps", "5", "--tail", "0"]
    assert run(imager, *common, "-o", str(tmp_path / "frames") + "/").returncode == 0
    result = run(imager, *common, "--preset", "ultrafast", "-o", str(tmp_path / "set.mp4"))
    assert result.returncode == 0, result.stderr
    decoded = subprocess.run(["ffmpeg", "-v", "error", "-i", str(tmp_path / "set.mp4"), "-f", "rawvideo", "-pix_fmt", "rgb24", "-"],
                             capture_output=True, check=True).stdout
    video = numpy.frombuffer(decoded, numpy.uint8).reshape(-1, 720, 1280, 3).astype(int)
    names = sorted(os.listdir(tmp_path / "frames"))
    assert len(video) == len(names) == 6
    for frame, name in zip(video, names):
        surface = cairo.ImageSurface.create_from_png(str(tmp_path / "frames" / name))
        pixels = numpy.frombuffer(surface.get_data(), numpy.uint8).reshape(720, surface.get_stride() // 4, 4)[:, :1280]
        drawn = pixels[:, :, [2, 1, 0]].astype(int)  # cairo keeps B, G, R, A in memory
        for band in range(0, 720, 90):  # each stretch of rows, not only the whole
            error = numpy.abs(frame[band:band + 90] - drawn[band:band + 90]).mean()
            assert error < 3, f"{name}, rows {band}…: mean difference {error:.1f}"


def test_a_contact_sheet_has_eight_thumbnails(imager, tmp_path):
    result = run(imager, "render", "chordset", "Lumia", "--thumbnail-width", "64", "--library", str(tmp_path / "library.sqlite"),
                 "-o", str(tmp_path / "sheet.png"))
    assert result.returncode == 0, result.stderr
    surface = cairo.ImageSurface.create_from_png(str(tmp_path / "sheet.png"))
    gutter = 2
    assert (surface.get_width(), surface.get_height()) == (4 * 64 + 5 * gutter, 2 * 36 + 3 * gutter)


BAD = [
    (["render", "darkside", "--size", "0"], "--size"),
    (["render", "darkside", "--size", "-5"], "--size"),
    (["render", "darkside", "--size", "99999999"], "--size"),
    (["render", "darkside", "--size", "big"], "--size"),
    (["render", "darkside", "--light-fraction", "1.5"], "--light-fraction"),
    (["render", "darkside", "--prism-fraction", "-0.1"], "--prism-fraction"),
    (["render", "darkside", "--rainbow-size", "nan"], "--rainbow-size"),
    (["render", "darkside", "--progress", "2"], "--progress"),
    (["render", "chordset", "Nonesuch", "--library", "LIBRARY"], "no chordset"),
    (["render", "performance", "missing.json", "--fps", "30"], "cannot read"),
    (["render", "performance", "-o", "x.mp4"], "which performance log"),
    (["render", "performance", "a.json", "b.json", "--whole-set", "-o", "x.mp4"], "--whole-set takes one log"),
    (["render", "performance", "missing.json", "--quality", "best"], "--quality must be one of fast, balanced, compact"),
    (["render", "performance", "missing.json", "--preset", "slowest"], "--preset must be one of"),
]


@pytest.mark.parametrize("args,mentions", BAD)
def test_bad_input_gets_one_line_status_2_and_no_file(imager, tmp_path, args, mentions):
    output = tmp_path / "out" / ("out.mp4" if "performance" in args else "out.png")
    output.parent.mkdir()
    args = [str(tmp_path / "library.sqlite") if a == "LIBRARY" else a for a in args]
    result = run(imager, *args, "-o", str(output))
    assert result.returncode == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and mentions in lines[0]
    assert list(output.parent.iterdir()) == []


def test_an_unwritable_output_is_refused(imager, tmp_path):
    result = run(imager, "render", "darkside", "-o", str(tmp_path / "no" / "such" / "cover.png"))
    assert result.returncode == 2 and "does not exist" in result.stderr
    a_file = tmp_path / "a-file"
    a_file.write_text("not a folder")
    result = run(imager, "render", "darkside", "-o", str(a_file / "cover.png"))
    assert result.returncode == 2 and "does not exist" in result.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a-file"]


@pytest.mark.parametrize("content", [b"", b"{", b"\xff\xfe not json", b'{"formatVersion": 9, "seed": 1, "chordset": {}, "events": []}',
                                     b'{"formatVersion": 1, "seed": 1, "events": []}'])
def test_unreadable_logs_are_refused_with_a_reason(imager, tmp_path, content):
    log = tmp_path / "log.json"
    log.write_bytes(content)
    result = run(imager, "render", "performance", str(log), "-o", str(tmp_path / "set.mp4"))
    assert result.returncode == 2 and "log" in result.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["log.json"]


def test_an_ffmpeg_that_fails_is_reported_and_leaves_no_video(imager, tmp_path):
    fake = tmp_path / "bin"
    fake.mkdir()
    (fake / "ffmpeg").write_text("#!/bin/sh\nexit 1\n")
    (fake / "ffmpeg").chmod(0o755)
    out = tmp_path / "out"
    out.mkdir()
    env = dict(os.environ, PATH=f"{fake}:/usr/bin:/bin")
    result = run(imager, "render", "darkside", "--size", "64", "--frames", "30", "-o", str(out / "cover.mp4"), env=env)
    assert result.returncode == 2
    assert "ffmpeg" in result.stderr
    assert list(out.iterdir()) == []
    # A performance's video (drawn and converted in one stage) stops alike.
    log = tmp_path / "demo.json"
    assert run(imager, "demo", "--seconds", "2", "--record", str(log)).returncode == 0
    result = run(imager, "render", "performance", str(log), "--size", "320x180", "-o", str(out / "set.mp4"), env=env)
    assert result.returncode == 2
    assert "ffmpeg" in result.stderr
    assert list(out.iterdir()) == []
