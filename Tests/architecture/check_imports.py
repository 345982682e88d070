#!/usr/bin/env python3
"""Holds the code to docs/architecture.md: every module under Sources/ is in its table; a model module imports no
adapter and no library that does I/O (SwiftNIO, Hummingbird, GRDB, SDL, …) and uses no file or network API; and
dependencies point towards the more general row (portfolio → domain → business → presentation), never back.
Exits 1 with a line for each breach. `make test` runs it."""
import pathlib
import re
import sys

ROWS = ["portfolio", "domain", "business", "presentation"]
# Libraries that reach the system: files, sockets, devices, processes, databases.
IO_LIBRARIES = {
    "NIO", "NIOCore", "NIOPosix", "NIOHTTP1", "NIOWebSocket", "NIOFoundationCompat", "NIOConcurrencyHelpers",
    "Hummingbird", "HummingbirdCore", "HummingbirdWebSocket", "HummingbirdRouter", "GRDB", "SQLite3",
    "ServiceLifecycle", "ArgumentParser", "AsyncHTTPClient", "Logging",
}
# What a model module may not call, whatever it imports: files, sockets, processes, the network.
IO_CALLS = re.compile(r"\b(FileManager|FileHandle|fopen|fwrite|fsync|URLSession|Process\(\)|Socket|InputStream|OutputStream)\b")
IMPORT = re.compile(r"^\s*(?:@\w+(?:\([^)]*\))?\s+)*import\s+(?:(?:struct|class|enum|protocol|func|var|let|typealias)\s+)?(\w+)", re.M)


def table(root):
    """The modules of docs/architecture.md's table: name → (row, kind)."""
    modules = {}
    for line in (root / "docs/architecture.md").read_text().splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if len(cells) < 4 or not cells[0].startswith("`"):
            continue
        for name in re.findall(r"`([^`]+)`", cells[0]):
            modules[name] = (cells[1], cells[2])
    return modules


def swift_lines(root, module):
    for path in sorted((root / "Sources" / module).rglob("*.swift")):
        yield path, path.read_text()


def breaches(root):
    """A line for each breach of docs/architecture.md in the tree at `root`."""
    modules = table(root)
    found = []
    for directory in sorted(p for p in (root / "Sources").iterdir() if p.is_dir()):
        name = directory.name
        if name not in modules:
            found.append(f"Sources/{name} is not in docs/architecture.md's table of modules")
            continue
        row, kind = modules[name]
        for path, text in swift_lines(root, name):
            where = path.relative_to(root)
            for imported in IMPORT.findall(text):
                if imported == name:
                    continue
                if kind == "model" and imported in IO_LIBRARIES:
                    found.append(f"{where}: {name} is a model module and imports {imported}, a library that does I/O")
                theirs = modules.get(imported)
                if theirs is None:
                    continue
                if kind == "model" and theirs[1] == "adapter":
                    found.append(f"{where}: {name} is a model module and imports the adapter {imported}")
                if row in ROWS and theirs[0] in ROWS and ROWS.index(theirs[0]) > ROWS.index(row):
                    found.append(f"{where}: {name} ({row}) imports {imported} ({theirs[0]}): dependencies point towards the more general")
            if kind == "model":
                for number, line in enumerate(text.splitlines(), 1):
                    code = line.split("//")[0]
                    if IO_CALLS.search(code):
                        found.append(f"{where}:{number}: {name} is a model module and does I/O: {line.strip()}")
    return found


if __name__ == "__main__":
    problems = breaches(pathlib.Path(sys.argv[1]) if len(sys.argv) > 1 else pathlib.Path(__file__).resolve().parents[2])
    for problem in problems:
        print(problem)
    if problems:
        print(f"{len(problems)} breach(es) of docs/architecture.md")
        sys.exit(1)
    print("every module keeps to docs/architecture.md")
