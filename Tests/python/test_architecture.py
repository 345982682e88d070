"""docs/architecture.md held to the code (Tests/architecture/check_imports.py): the tree as it is keeps to it, and
a copy of it that breaks each rule is caught."""
import pathlib
import shutil
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parents[2]
CHECK = ROOT / "Tests/architecture/check_imports.py"


def check(root):
    return subprocess.run([sys.executable, str(CHECK), str(root)], capture_output=True, text=True, timeout=120)


def test_the_tree_keeps_to_the_architecture():
    answer = check(ROOT)
    assert answer.returncode == 0, answer.stdout


def test_each_breach_is_caught(tmp_path):
    shutil.copytree(ROOT / "Sources", tmp_path / "Sources", ignore=shutil.ignore_patterns("Web"))
    shutil.copytree(ROOT / "docs", tmp_path / "docs")
    (tmp_path / "Sources/Engine/Breach.swift").write_text("import NIOCore\nimport Server\nlet files = FileManager.default\n")
    (tmp_path / "Sources/Unlisted").mkdir()
    (tmp_path / "Sources/Unlisted/Unlisted.swift").write_text("let unlisted = 1\n")
    lines = check(tmp_path).stdout.splitlines()
    assert any("Engine is a model module and imports NIOCore" in line for line in lines), lines
    assert any("Engine is a model module and imports the adapter Server" in line for line in lines), lines
    assert any("Engine (business) imports Server (presentation)" in line for line in lines), lines
    assert any("Breach.swift:3: Engine is a model module and does I/O" in line for line in lines), lines
    assert any("Sources/Unlisted is not in" in line for line in lines), lines
