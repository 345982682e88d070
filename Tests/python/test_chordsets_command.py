"""`imager chordsets` and `imager library` end to end, on a library in a temporary folder."""
import json
import subprocess


def run(imager, library, *args):
    return subprocess.run([imager, *args, "--library", str(library)], capture_output=True, text=True)


def titles(imager, library):
    result = run(imager, library, "chordsets", "list")
    assert result.returncode == 0, result.stderr
    return [line.split("\t", 1) for line in result.stdout.splitlines()]


def test_the_list_starts_with_the_factory_chordsets_index_first(imager, tmp_path):
    library = tmp_path / "library.sqlite"
    assert titles(imager, library) == [["0", "Lumia"], ["1", "Prism"], ["2", "Cole's Contrasts"], ["3", "Pulse Garden"]]


def test_add_rename_move_duplicate_delete(imager, tmp_path):
    library = tmp_path / "library.sqlite"
    assert run(imager, library, "chordsets", "add", "Mine").stdout == "4\tMine\n"
    assert run(imager, library, "chordsets", "rename", "Mine", "Ours").returncode == 0
    assert run(imager, library, "chordsets", "move", "Ours", "0").returncode == 0
    assert run(imager, library, "chordsets", "duplicate", "0").stdout == "5\tOurs (2)\n"
    assert run(imager, library, "chordsets", "delete", "Prism").returncode == 0
    assert [t for _, t in titles(imager, library)] == ["Ours", "Lumia", "Cole's Contrasts", "Pulse Garden", "Ours (2)"]


def test_export_and_import_share_chordsets(imager, tmp_path):
    first, second = tmp_path / "a.sqlite", tmp_path / "b.sqlite"
    shared = tmp_path / "lumia.json"
    assert run(imager, first, "chordsets", "export", "Lumia", "-o", str(shared)).returncode == 0
    content = json.loads(shared.read_text())
    assert content["formatVersion"] == 1 and content["chordsets"][0]["title"] == "Lumia"
    assert run(imager, second, "chordsets", "delete", "Lumia").returncode == 0
    assert run(imager, second, "chordsets", "import", str(shared)).stdout == "3\tLumia\n"
    assert run(imager, second, "chordsets", "import", str(shared)).stdout == "4\tLumia (2)\n"


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
    ]
    for args in cases:
        result = run(imager, library, *args)
        assert result.returncode == 2, args
        assert len(result.stderr.strip().splitlines()) == 1, args
    assert titles(imager, library) == before
    assert not (tmp_path / "out.json").exists()


def test_a_backup_is_a_library(imager, tmp_path):
    library = tmp_path / "library.sqlite"
    assert run(imager, library, "chordsets", "add", "Mine").returncode == 0
    copy = tmp_path / "copy.sqlite"
    assert run(imager, library, "library", "backup", "-o", str(copy)).returncode == 0
    assert titles(imager, copy) == titles(imager, library)
