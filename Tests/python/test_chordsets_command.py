"""`imager chordsets` and `imager library` end to end, on a library in a temporary folder."""
import json
import subprocess


def run(imager, library, *args):
    return subprocess.run([imager, *args, "--library", str(library)], capture_output=True, text=True)


def titles(imager, library):
    result = run(imager, library, "chordsets", "list")
    assert result.returncode == 0, result.stderr
    return [line.split("\t", 1) for line in result.stdout.splitlines()]


def test_the_list_starts_with_the_factory_chordsets_numbered_from_1(imager, tmp_path):
    library = tmp_path / "library.sqlite"
    assert titles(imager, library) == [["1", "Lumia"], ["2", "Prism"], ["3", "Cole's Contrasts"], ["4", "Pulse Garden"]]


def test_add_rename_move_duplicate_delete(imager, tmp_path):
    library = tmp_path / "library.sqlite"
    assert run(imager, library, "chordsets", "add", "Mine").stdout == "5\tMine\n"
    assert run(imager, library, "chordsets", "rename", "Mine", "Ours").returncode == 0
    assert run(imager, library, "chordsets", "move", "Ours", "1").returncode == 0
    assert run(imager, library, "chordsets", "duplicate", "1").stdout == "6\tOurs (2)\n"
    assert run(imager, library, "chordsets", "delete", "Prism").returncode == 0
    assert [t for _, t in titles(imager, library)] == ["Ours", "Lumia", "Cole's Contrasts", "Pulse Garden", "Ours (2)"]


def test_export_and_import_share_chordsets(imager, tmp_path):
    first, second = tmp_path / "a.sqlite", tmp_path / "b.sqlite"
    shared = tmp_path / "lumia.json"
    assert run(imager, first, "chordsets", "export", "Lumia", "-o", str(shared)).returncode == 0
    content = json.loads(shared.read_text())
    assert content["formatVersion"] == 1 and content["chordsets"][0]["title"] == "Lumia"
    assert run(imager, second, "chordsets", "delete", "Lumia").returncode == 0
    assert run(imager, second, "chordsets", "import", str(shared)).stdout == "4\tLumia\n"
    assert run(imager, second, "chordsets", "import", str(shared)).stdout == "5\tLumia (2)\n"


def test_a_chordset_says_its_headroom_in_its_file_and_its_sheet(imager, tmp_path):
    library, shared = tmp_path / "library.sqlite", tmp_path / "lumia.json"

    def exported():
        assert run(imager, library, "chordsets", "export", "Lumia", "-o", str(shared)).returncode == 0
        return json.loads(shared.read_text())["chordsets"][0]

    assert "headroom" not in exported()
    assert run(imager, library, "chordsets", "headroom", "Lumia", "0.25").returncode == 0
    assert exported()["headroom"] == 0.25
    # Imported elsewhere, it keeps it.
    other = tmp_path / "other.sqlite"
    assert run(imager, other, "chordsets", "import", str(shared)).stdout == "5\tLumia (2)\n"
    assert run(imager, other, "chordsets", "export", "5", "-o", str(tmp_path / "again.json")).returncode == 0
    assert json.loads((tmp_path / "again.json").read_text())["chordsets"][0]["headroom"] == 0.25
    # Its contact sheet is drawn at its strength unless told otherwise.
    sheets = {}
    for name, extra in [("own", []), ("off", ["--headroom", "0"]), ("quarter", ["--headroom", "0.25"])]:
        path = tmp_path / f"{name}.png"
        result = run(imager, library, "render", "chordset", "Lumia", "--thumbnail-width", "64", "-o", str(path), *extra)
        assert result.returncode == 0, result.stderr
        sheets[name] = path.read_bytes()
    assert sheets["own"] == sheets["quarter"] and sheets["own"] != sheets["off"]
    assert run(imager, library, "chordsets", "headroom", "Lumia", "none").returncode == 0
    assert "headroom" not in exported()


def test_bad_input_gets_one_line_and_changes_nothing(imager, tmp_path):
    library = tmp_path / "library.sqlite"
    before = titles(imager, library)
    bad = tmp_path / "bad.json"
    bad.write_text('{"formatVersion": 1, "chordsets": [{"title": "x"}]}')
    cases = [
        ["chordsets", "import", str(bad)],
        ["chordsets", "import", str(tmp_path / "missing.json")],
        ["chordsets", "rename", "Lumia", " "],
        ["chordsets", "rename", "Lumia", "x" * 201],
        ["chordsets", "delete", "Nonesuch"],
        ["chordsets", "export", "Nonesuch", "-o", str(tmp_path / "out.json")],
        ["library", "backup", "-o", str(tmp_path / "no" / "such" / "copy.sqlite")],
        ["chordsets", "headroom", "Lumia", "1.5"],
        ["chordsets", "headroom", "Lumia", "loud"],
        ["chordsets", "headroom", "Nonesuch", "0.5"],
        ["render", "chordset", "Lumia", "--headroom", "2", "-o", str(tmp_path / "sheet.png")],
        ["chordsets", "polyphony", "Lumia", "1", "0"],
        ["chordsets", "polyphony", "Lumia", "1", "17"],
        ["chordsets", "polyphony", "Lumia", "1", "2.5"],
        ["chordsets", "polyphony", "Lumia", "9", "2"],
        ["chordsets", "polyphony", "Lumia", "0", "2"],
        ["chordsets", "polyphony", "Nonesuch", "1", "2"],
    ]
    for args in cases:
        result = run(imager, library, *args)
        assert result.returncode == 2, args
        assert len(result.stderr.strip().splitlines()) == 1, args
    assert titles(imager, library) == before
    assert not (tmp_path / "out.json").exists() and not (tmp_path / "sheet.png").exists()
    assert run(imager, library, "chordsets", "export", "Lumia", "-o", str(tmp_path / "lumia.json")).returncode == 0
    kept = json.loads((tmp_path / "lumia.json").read_text())["chordsets"][0]
    assert "headroom" not in kept and all("polyphony" not in chord for chord in kept["chords"])


def test_a_chord_says_its_own_polyphony_in_its_chordsets_file(imager, tmp_path):
    library, shared = tmp_path / "library.sqlite", tmp_path / "lumia.json"

    def chords():
        assert run(imager, library, "chordsets", "export", "Lumia", "-o", str(shared)).returncode == 0
        return json.loads(shared.read_text())["chordsets"][0]["chords"]

    assert run(imager, library, "chordsets", "polyphony", "Lumia", "3", "2").returncode == 0
    assert [chord.get("polyphony") for chord in chords()] == [None, None, 2, None, None, None, None, None]
    other = tmp_path / "other.sqlite"
    assert run(imager, other, "chordsets", "import", str(shared)).stdout == "5\tLumia (2)\n"
    assert run(imager, other, "chordsets", "export", "5", "-o", str(tmp_path / "again.json")).returncode == 0
    assert json.loads((tmp_path / "again.json").read_text())["chordsets"][0]["chords"][2]["polyphony"] == 2
    assert run(imager, library, "chordsets", "polyphony", "Lumia", "3", "none").returncode == 0
    assert all("polyphony" not in chord for chord in chords())


def test_a_backup_is_a_library(imager, tmp_path):
    library = tmp_path / "library.sqlite"
    assert run(imager, library, "chordsets", "add", "Mine").returncode == 0
    copy = tmp_path / "copy.sqlite"
    assert run(imager, library, "library", "backup", "-o", str(copy)).returncode == 0
    assert titles(imager, copy) == titles(imager, library)
