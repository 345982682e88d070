"""Issue 24 — one bad name made the whole library unreadable. A seeded fuzz of every write route of the
library's HTTP API (docs/library-api.md, docs/composition.md) against the real server, with the hostile
names of bench/hostile_input.py: after every request both libraries still read (GET /api/chordsets and GET
/api/music answer 200 and parse), no answer is a 5xx, every refusal is a 4xx in one line that changed
nothing, a refused name is refused and an accepted one is stored as `expected_name` says, and nothing the
API wrote is set aside as damaged; every 100 requests, and at the end, the command line reads the same file
while the server runs. Then the two reported repros, what the fuzz found once (a copy's " (2)" past the
limits, refusals that quote a line break), and a library damaged behind the server's back."""
import copy
import http.client
import json
import os
import random
import sqlite3
import subprocess
import time
import unicodedata
import urllib.parse
import uuid

import pytest

from hostile_input import expected_name, free_title, hostile_name
from live import request, serving

SEED = int(os.environ.get("IMAGER_FUZZ_SEED", "24"))  # the number; set another to explore
REQUESTS = 600  # write requests (each followed by the two listings, and reads where a check needs them)
COMMAND_LINE_EVERY = 100
GHOST = "00000000-0000-4000-8000-000000000000"
LINE_BREAKS = "\n\r\x85\u2028\u2029"
# What a deleted chordset is kept for (undoSeconds), less a margin: past it a restore may find it purged.
SURELY_RESTORABLE = 50
# The most chordsets the fuzz lets the library hold (past it, what would add one deletes one): every request
# is followed by the whole list, which a debug build reads at some tens of milliseconds a chordset full of
# lumis (the factory's). For the same reason the fuzz starts by deleting all but one of the factory's, and
# most imports leave their chords' lumis out.
MOST_CHORDSETS = 4
# Ids that name nothing, or nothing that can be, in a path (each percent-encoded as sent).
HOSTILE_PATH_IDS = [GHOST, "not-a-uuid", "0", "-1", "1e3", "9223372036854775808", "\x00", "\u2028", "..", "%00",
                    "\ud800", "x" * 300, GHOST + "x", " " + GHOST]
# Numbers where the music library's ids, counts, ticks and places go.
HOSTILE_NUMBERS = [0, -1, 2**63 - 1, 2**64, 1.5, "3", None, True, [], {}, 1e300, -1e300]
# The kinds of damaged record that have a name (docs/library-api.md, "Damaged records"), and the others.
DAMAGED_KINDS = ["chordset", "part", "voice", "composition", "sound"]
UNNAMED_KINDS = ["partChild", "voiceChild", "score", "pair", "mutedCell"]


def nfc_lower(name):
    """A name as the music library compares composition names: whatever their case."""
    return unicodedata.normalize("NFC", name.lower())


def quoted(segment):
    return urllib.parse.quote(segment, safe="", errors="surrogatepass")


class Fuzzed:
    """The server under fuzz and what the test knows it must hold: the last listings read, the chordsets
    deleted (and when), and the music library's undo and redo stacks as the server must keep them."""

    def __init__(self, server, imager, library, rng):
        self.server, self.imager, self.library, self.rng = server, imager, library, rng
        self.sent = 0  # write requests
        self.where = "the start"
        self.refusals = 0
        self.last_command_line = 0
        self.chordsets, self.music = self.observe("the start")
        self.factory = {c["id"]: c["title"] for c in self.chordsets["chordsets"]}
        self.deleted = {}  # id: (title, when)
        self.undo, self.redo = [], []
        self.preferences = self.read("/api/preferences", "the start")

    # -- talking to the server

    def send(self, method, path, body=None, raw=False):
        """One write request: its status and parsed answer. `raw` sends the JSON as UTF-8 bytes of its own
        (lone surrogates as the invalid bytes they make) rather than with ASCII escapes."""
        headers = None
        if raw and body is not None and not isinstance(body, (bytes, bytearray)):
            body = json.dumps(body, ensure_ascii=False).encode("utf-8", "surrogatepass")
            headers = {"Content-Type": "application/json"}
        elif isinstance(body, (bytes, bytearray)):
            headers = {"Content-Type": "application/json"}
        self.sent += 1
        self.where = f"request {self.sent} (seed {SEED}): {method} {path[:120]} {self.shown(body)}"
        try:
            status, response_headers, data = request(self.server.port, path, headers, method=method, body=body)
        except (OSError, http.client.HTTPException) as error:
            raise AssertionError(f"{self.where}: no answer ({error!r}){self.last_words()}") from None
        assert status < 500, (self.where, status, data[:500])
        assert self.server.process.poll() is None, self.where
        answer = None
        if data and response_headers.get("Content-Type", "").startswith("application/json"):
            answer = json.loads(data.decode("utf-8"))
        if 400 <= status < 500:
            self.refusals += 1
            assert isinstance(answer, dict) and isinstance(answer.get("error"), str), (self.where, status, data[:300])
            message = answer["error"]
            assert message and not any(c in message for c in LINE_BREAKS), (self.where, message[:300])
        return status, answer

    def last_words(self):
        """What a server that stopped said last: its runtime failure and the first frames of ours."""
        try:
            self.server.stopped(timeout=15)  # a crash's backtrace takes seconds to print
        except subprocess.TimeoutExpired:
            return ""
        lines = "".join(self.server.lines).splitlines()
        said = [line for line in lines if "failure" in line or "Fatal error" in line]
        frames = [line.strip() for line in lines if "/Sources/" in line][:4]
        return "\n" + "\n".join(said[:3] + frames)

    @staticmethod
    def shown(body):
        text = repr(body)
        return text if len(text) < 300 else text[:300] + "…"

    def read(self, path, where):
        status, headers, data = request(self.server.port, path)
        assert status == 200, (where, path, status, data[:500])
        return json.loads(data.decode("utf-8"))

    def observe(self, where):
        """Both libraries as the server now answers them, every name in them held to the rule."""
        chordsets = self.read("/api/chordsets", where)
        music = self.read("/api/music", where)
        for chordset in chordsets["chordsets"]:
            assert expected_name(chordset["title"]) == chordset["title"], (where, chordset["title"][:300])
        library = music["library"]
        for kind in ["parts", "voices", "compositions", "sounds"]:
            for record in library[kind]:
                assert expected_name(record["name"]) == record["name"], (where, kind, record["name"][:300])
        # What the API wrote, it reads back: nothing it stored is set aside as damaged.
        assert not chordsets.get("damaged") and not music.get("damaged"), (where, chordsets.get("damaged"), music.get("damaged"))
        names = [nfc_lower(c["name"]) for c in library["compositions"]]
        assert len(names) == len(set(names)), (where, "two compositions with one name", names)
        # What the library holds, less what moves in the background: each thumbnail sheet drawn is a change
        # of the library (its revision moves on) and the list then names the picture.
        held = {key: value for key, value in chordsets.items() if key != "revision"}
        held["chordsets"] = [{key: value for key, value in c.items() if key != "thumbnails"} for c in chordsets["chordsets"]]
        return held, music

    def after(self):
        """Reads both libraries after a request; the listings as they were before it."""
        before = self.chordsets, self.music
        self.chordsets, self.music = self.observe(self.where)
        return before

    def refused(self, status, before, what="a refusal"):
        assert 400 <= status < 500, (self.where, what, status)
        assert self.chordsets == before[0], (self.where, what, "changed the chordsets")
        assert self.music == before[1], (self.where, what, "changed the music library")

    def command_line(self):
        """`imager chordsets list` and `imager compose list` on the same file, while the server runs."""
        for arguments in (["chordsets", "list"], ["compose", "list"]):
            result = subprocess.run([self.imager, *arguments, "--library", str(self.library)],
                                    capture_output=True, encoding="utf-8", errors="strict", timeout=60)
            assert result.returncode == 0, (self.where, arguments, result.stderr[-2000:])
            lines = result.stdout.split("\n")[:-1]
            if arguments[0] == "chordsets":
                assert lines == [f"{c['number']}\t{c['title']}" for c in self.chordsets["chordsets"]], self.where
            else:
                listed = sorted(line.split("\t")[1] for line in lines)
                assert listed == sorted(c["name"] for c in self.music["library"]["compositions"]), self.where
        self.last_command_line = self.sent

    # -- what to send

    def name(self):
        return hostile_name(self.rng) if self.rng.random() < 0.8 else self.rng.choice(["Mine", "Ours", "Song 2", "Dawn"])

    def titles(self):
        return [c["title"] for c in self.chordsets["chordsets"]]

    def ids(self):
        return [c["id"] for c in self.chordsets["chordsets"]]

    def listed(self, chordset_id):
        return next(c for c in self.chordsets["chordsets"] if c["id"] == chordset_id)

    def some_id(self, deleted=True):
        """An id in the library (mostly), or one that names nothing in it (`deleted`: perhaps one deleted):
        (the id as sent in a path, whether it is in the library)."""
        if self.rng.random() < 0.85:
            return self.rng.choice(self.ids()), True
        if deleted and self.deleted and self.rng.random() < 0.3:
            return self.rng.choice(list(self.deleted)), False
        return quoted(self.rng.choice(HOSTILE_PATH_IDS)), False

    # -- the chordset routes

    def add(self):
        rng = self.rng
        choice = rng.random()
        if choice < 0.08:
            body, expected = None, "New chordset"
        elif choice < 0.14:
            body = {"title": rng.choice([None, 5, ["a"], True, {"a": 1}])}
            expected = "New chordset" if body["title"] is None else None
        else:
            title = self.name()
            body, expected = {"title": title}, expected_name(title)
        status, answer = self.send("POST", "/api/chordsets", body, raw=rng.random() < 0.3)
        before = self.after()
        if expected is None:
            return self.refused(status, before)
        assert status == 201 and answer["chordset"]["title"] == expected, (self.where, status, answer)
        assert self.titles() == [c["title"] for c in before[0]["chordsets"]] + [expected], self.where

    def rename(self):
        chordset_id, known = self.some_id()
        title = self.name() if self.rng.random() < 0.9 else self.rng.choice([5, None, ["x"], ""])
        expected = expected_name(title)
        status, answer = self.send("PATCH", f"/api/chordsets/{chordset_id}", {"title": title}, raw=self.rng.random() < 0.3)
        before = self.after()
        if not known or expected is None:
            return self.refused(status, before)
        assert status == 200 and answer["chordset"]["title"] == expected, (self.where, status, answer)
        old = before[0]["chordsets"]
        assert self.ids() == [c["id"] for c in old], self.where
        assert self.titles() == [expected if c["id"] == chordset_id else c["title"] for c in old], self.where

    def move(self):
        chordset_id, known = self.some_id()
        count = len(self.ids())
        number = self.rng.choice([*range(1, count + 2), 0, -1, "1", 1.5, None, 2**63, 2**64])
        status, answer = self.send("PATCH", f"/api/chordsets/{chordset_id}", {"number": number})
        before = self.after()
        if not known or not isinstance(number, int) or isinstance(number, bool) or not 1 <= number < 2**63:
            return self.refused(status, before)
        assert status == 200, (self.where, status, answer)
        ids = [c["id"] for c in before[0]["chordsets"]]
        ids.remove(chordset_id)
        ids.insert(min(number - 1, len(ids)), chordset_id)
        assert self.ids() == ids, self.where

    def duplicate(self):
        chordset_id, known = self.some_id()
        status, answer = self.send("POST", f"/api/chordsets/{chordset_id}/duplicate")
        before = self.after()
        if not known:
            return self.refused(status, before)
        old = before[0]["chordsets"]
        expected = free_title(next(c["title"] for c in old if c["id"] == chordset_id), {c["title"] for c in old})
        if expected_name(expected) != expected:  # " (2)" takes it past the bytes a title may have: refused, or cut
            if 400 <= status < 500:
                return self.refused(status, before)
            expected = answer["chordset"]["title"]
            assert expected_name(expected) == expected, (self.where, "a copy's title breaks the rule", expected[-40:])
        assert status == 201 and answer["chordset"]["title"] == expected, (self.where, status, answer, expected[:300])
        assert self.titles() == [c["title"] for c in old] + [expected], self.where

    def delete(self, chordset_id=None):
        """Deletes `chordset_id`, or one at random while the library keeps two (else adds one)."""
        if chordset_id is None and len(self.ids()) <= 2:
            return self.add()
        chordset_id, known = (chordset_id, True) if chordset_id else self.some_id()
        status, answer = self.send("DELETE", f"/api/chordsets/{chordset_id}")
        before = self.after()
        if not known:
            return self.refused(status, before)
        assert status == 200 and answer == {"deleted": chordset_id, "undoSeconds": 60}, (self.where, status, answer)
        self.deleted[chordset_id] = (next(c["title"] for c in before[0]["chordsets"] if c["id"] == chordset_id), time.monotonic())
        assert self.ids() == [c["id"] for c in before[0]["chordsets"] if c["id"] != chordset_id], self.where

    def restore(self):
        if self.deleted and self.rng.random() < 0.7:
            chordset_id = self.rng.choice(list(self.deleted))
            title, when = self.deleted[chordset_id]
        else:
            chordset_id, _ = self.some_id(deleted=False)  # in the library, or nothing: nothing to restore
            title, when = None, None
        status, answer = self.send("POST", f"/api/chordsets/{chordset_id}/restore")
        before = self.after()
        if title is None or (time.monotonic() - when > SURELY_RESTORABLE and status == 404):
            self.deleted.pop(chordset_id, None)
            return self.refused(status, before)
        assert status == 200 and answer["chordset"]["id"] == chordset_id, (self.where, status, answer)
        assert self.listed(chordset_id)["title"] == title, self.where
        assert sorted(self.ids()) == sorted([c["id"] for c in before[0]["chordsets"]] + [chordset_id]), self.where
        del self.deleted[chordset_id]

    def move_chord(self):
        chordset_id, known = self.some_id()
        good = lambda: self.rng.randrange(1, 9)  # noqa: E731
        bad = lambda: self.rng.choice([0, 9, -1, "1", 1.5, None, 2**63, 2**64, True])  # noqa: E731
        body = {"from": good() if self.rng.random() < 0.8 else bad(), "to": good() if self.rng.random() < 0.8 else bad()}
        if self.rng.random() < 0.05:
            body.pop(self.rng.choice(["from", "to"]))
        status, answer = self.send("POST", f"/api/chordsets/{chordset_id}/chords/move", body)
        before = self.after()
        valid = lambda n: isinstance(n, int) and not isinstance(n, bool) and 1 <= n <= 8  # noqa: E731
        if not known or not valid(body.get("from")) or not valid(body.get("to")):
            return self.refused(status, before)
        assert status == 200, (self.where, status, answer)
        colors = [c["color"] for c in next(c for c in before[0]["chordsets"] if c["id"] == chordset_id)["chords"]]
        colors.insert(body["to"] - 1, colors.pop(body["from"] - 1))
        assert [c["color"] for c in self.listed(chordset_id)["chords"]] == colors, self.where

    def play(self):
        chordset_id, known = self.some_id()
        status, answer = self.send("POST", f"/api/chordsets/{chordset_id}/play")
        before = self.after()
        if not known:
            return self.refused(status, before)
        assert status == 200 and self.chordsets["current"] == chordset_id, (self.where, status, answer)

    def import_file(self):
        """A chordset file exported from the library, its titles and chords' titles made hostile; as a copy
        of a chordset in the library (the same id: " (2)" after its title when taken) or under a new id."""
        rng = self.rng
        source = rng.choice(self.ids())
        file = self.read(f"/api/chordsets/{source}/export", "an export to import")
        entries = []
        for index in range(1 if rng.random() < 0.8 else 2):
            chordset = copy.deepcopy(file["chordsets"][0])
            if index or rng.random() < 0.6:
                chordset["id"] = str(uuid.UUID(int=rng.getrandbits(128), version=4)).upper()
            chordset["title"] = self.name()
            for chord in rng.sample(chordset["chords"], rng.randrange(0, 3)):
                chord["title"] = hostile_name(rng) if rng.random() < 0.85 else rng.choice(["", "  ", "\u3000"])
            if rng.random() < 0.8:  # without its lumis: lighter to list after every request, the same to name
                for chord in chordset["chords"]:
                    chord["lumis"] = []
            entries.append(chordset)
        file["chordsets"] = entries
        corruption = rng.random()
        if corruption < 0.12:  # refused whole, or read as something: never a 5xx, never a name against the rule
            data = json.dumps(file).encode()
            body = rng.choice([data[:rng.randrange(len(data))], b"\xef\xbb\xbf" + data, data.replace(b'"title"', b'"title": 5, "t"', 1),
                               data.replace(b'"title": "', b'"title": "\xff\xfe', 1), b'{"formatVersion": 1, "chordsets": [' + data + b"]}"])
            status, answer = self.send("POST", "/api/chordsets/import", body)
            before = self.after()
            if 400 <= status < 500:
                return self.refused(status, before)
            assert status == 201, (self.where, status, answer)
            return
        status, answer = self.send("POST", "/api/chordsets/import", file, raw=rng.random() < 0.4)
        before = self.after()
        titles = [expected_name(c["title"]) for c in entries]
        chord_titles = [[expected_name(chord["title"], allow_empty=True) for chord in c["chords"]] for c in entries]
        if None in titles or any(None in chords for chords in chord_titles):
            return self.refused(status, before)
        taken, present, expected = {c["title"] for c in before[0]["chordsets"]}, {c["id"] for c in before[0]["chordsets"]}, []
        for entry, title in zip(entries, titles):
            stored = free_title(title, taken) if entry["id"] in present else title
            taken.add(stored)
            present.add(entry["id"])
            expected.append(stored)
        if any(expected_name(title) != title for title in expected):  # " (2)" takes one past its bytes: refused, or cut
            if 400 <= status < 500:
                return self.refused(status, before)
            expected = [c["title"] for c in answer["imported"]]
            assert all(expected_name(title) == title for title in expected), (self.where, "a copy's title breaks the rule")
        assert status == 201, (self.where, status, answer)
        imported = answer["imported"]
        assert [c["title"] for c in imported] == expected, (self.where, [c["title"][:80] for c in imported], [t[:80] for t in expected])
        assert self.ids() == [c["id"] for c in before[0]["chordsets"]] + [c["id"] for c in imported], self.where
        for chordset, chords in zip(imported, chord_titles):
            exported = self.read(f"/api/chordsets/{chordset['id']}/export", self.where)["chordsets"][0]
            assert [chord["title"] for chord in exported["chords"]] == chords, self.where

    def restore_factory(self):
        status, answer = self.send("POST", "/api/factory-chordsets")
        before = self.after()
        missing = [i for i in self.factory if i not in {c["id"] for c in before[0]["chordsets"]}]
        assert status == 200 and answer == {"restored": len(missing)}, (self.where, status, answer, missing)
        assert self.ids() == [c["id"] for c in before[0]["chordsets"]] + missing, self.where
        assert [self.listed(i)["title"] for i in missing] == [self.factory[i] for i in missing], self.where
        for restored in missing:
            self.deleted.pop(restored, None)  # its copy waiting for undo is gone: it would clash

    def map_midi(self):
        """MIDI mappings with hostile controls (names up to 64 characters) and targets (up to 200)."""
        rng = self.rng
        mappings, expected, count = {}, {}, rng.randrange(1, 4)
        while len(mappings) < count:
            key = self.mapping_string(rng.choice(["note:1:60", "cc:16:127", "note:10:0"]), 64)
            value = self.mapping_string(rng.choice(["pad:1", "pad:8", "hue.center", "form.prism.lightFraction"]), 200)
            normalized = expected_name(key, limit=64), expected_name(value)
            if key is None or key in mappings or (normalized[0] is not None and normalized[0] in expected):
                continue  # unsettled, or two controls that normalize to one: which wins is not the rule's to say
            mappings[key], expected[normalized[0]] = value, normalized[1]
        body = {"midiMappings": mappings}
        if rng.random() < 0.05:
            body["midiMappings"][next(iter(mappings))] = rng.choice([5, None, ["pad:1"]])
            expected[None] = None
        status, answer = self.send("PATCH", "/api/preferences", body, raw=rng.random() < 0.3)
        before = self.after()
        preferences = self.read("/api/preferences", self.where)
        if None in expected or None in expected.values():
            self.refused(status, before)
            assert preferences == self.preferences, (self.where, "a refused change of preferences changed them")
            return
        assert status == 200 and answer["midiMappings"] == expected, (self.where, status, answer)
        assert preferences["midiMappings"] == expected, self.where
        self.preferences = preferences

    def mapping_string(self, ordinary, limit):
        """A MIDI mapping's control or target: itself, decorated, or a hostile name; None where the rule's
        limits for it are not settled (a control of 65…200 characters, or of 1,025…3,200 bytes)."""
        rng = self.rng
        text = rng.choice([ordinary, " " + ordinary + "\u00a0", unicodedata.normalize("NFD", ordinary) + "\u0301",
                           hostile_name(rng, limit), hostile_name(rng, limit), hostile_name(rng)])
        if expected_name(text, limit=limit) is None and expected_name(text) is not None:
            return None
        return text

    # -- the music library

    def some(self, kind):
        records = self.music["library"][kind]
        if records and self.rng.random() < 0.88:
            return self.rng.choice(records)["id"]
        return self.rng.choice(HOSTILE_NUMBERS + [999_999])

    def place(self, kind):
        records = [(r["id"], c["place"]) for r in self.music["library"][kind] for c in r["children"]]
        if records and self.rng.random() < 0.85:
            return self.rng.choice(records)
        return self.some(kind), self.rng.choice(HOSTILE_NUMBERS + [999_999])

    def number(self, good):
        return self.rng.choice(good) if self.rng.random() < 0.85 else self.rng.choice(HOSTILE_NUMBERS)

    def random_edit(self):
        """One edit of any type, its values mostly sound and sometimes hostile."""
        rng, some, number = self.rng, self.some, self.number
        name = lambda: hostile_name(rng) if rng.random() < 0.5 else f"Node {rng.randrange(1000)}"  # noqa: E731
        ticks = lambda: number([0, 240, 960, 1920, 3840, 7680])  # noqa: E731
        pair = lambda: {"part": some("parts"), "voice": some("voices")}  # noqa: E731
        parent_place = lambda kind: dict(zip(["parent", "place"], self.place(kind)))  # noqa: E731
        chordset = lambda: rng.choice(self.ids()) if rng.random() < 0.6 else hostile_name(rng)  # noqa: E731
        makers = {
            "addPart": lambda: {"name": name(), "beats": number([1, 2, 4, 8, 0.25]), **({"tempo": number([60, 120, 400, 20])} if rng.random() < 0.5 else {})},
            "addVoice": lambda: {"name": name()},
            "renamePart": lambda: {"part": some("parts"), "name": name()},
            "renameVoice": lambda: {"voice": some("voices"), "name": name()},
            "setLength": lambda: {"part": some("parts"), "beats": number([1, 4, 8, 16, 1e5])},
            "setTempo": lambda: {"part": some("parts"), "bpm": number([20, 90, 120, 400, 19.99, 400.01])},
            "setLight": lambda: {"voice": some("voices"), **({"chordset": chordset(), "chord": number([0, 3, 7, 8, -1])} if rng.random() < 0.8 else {})},
            "addPartChild": lambda: {"parent": some("parts"), "child": some("parts"), **({"index": number([0, 1, 5])} if rng.random() < 0.5 else {})},
            "addVoiceChild": lambda: {"parent": some("voices"), "child": some("voices"), **({"index": number([0, 1, 5])} if rng.random() < 0.5 else {})},
            "removePartChild": lambda: parent_place("parts"),
            "removeVoiceChild": lambda: parent_place("voices"),
            "movePartChild": lambda: {**parent_place("parts"), "index": number([0, 1, 2, 9])},
            "moveVoiceChild": lambda: {**parent_place("voices"), "index": number([0, 1, 2, 9])},
            "splitPart": lambda: {"part": some("parts"), "cuts": rng.choice([[960], [960, 1920], [480], [], [0], [-1], [10**18], ["960"], [1920, 960], list(range(1, 300))])},
            "splitVoice": lambda: {"voice": some("voices"), "count": number([2, 3, 1, 0, -1, 1_000_000])},
            "editingRange": lambda: {**pair(), "start": ticks(), "end": ticks(), **({"gain": number([0, 0.5, 1, 1.5, -0.1])} if rng.random() < 0.3 else {})},
            "setCell": lambda: {**pair(), "column": self.place("parts")[1], "row": rng.choice([None, self.place("voices")[1]]), "playing": number([True, False])},
            "share": lambda: {"from": pair(), "to": pair()},
            "makeUnique": lambda: pair(),
            "addComposition": lambda: {"name": name(), **pair()},
            "renameComposition": lambda: {"composition": some("compositions"), "name": name()},
            "deleteComposition": lambda: {"composition": some("compositions")},
        }
        kind = rng.choice(list(makers))
        edit = {"type": kind, **makers[kind]()}
        roll = rng.random()
        if roll < 0.03:
            edit.pop(rng.choice([k for k in edit if k != "type"] or ["type"]))
        elif roll < 0.05:
            edit["type"] = rng.choice(["dance", "", "ADDPART", "addPart ", None, 3, hostile_name(rng)])
        return edit

    def named_edit(self):
        """One edit that gives a name, with ids the library has: the name decides whether it is applied."""
        rng, library = self.rng, self.music["library"]
        text = hostile_name(rng)
        pick = lambda kind: rng.choice(library[kind])["id"]  # noqa: E731
        choices = ["addPart", "addVoice", "renamePart", "renameVoice", "addComposition"] + (["renameComposition"] * 2 if library["compositions"] else [])
        kind = rng.choice(choices)
        edit = {"type": kind, "name": text}
        edit.update({"addPart": {"beats": rng.choice([1, 4, 8])}, "addVoice": {}, "renamePart": {"part": pick("parts")},
                     "renameVoice": {"voice": pick("voices")}, "addComposition": {"part": pick("parts"), "voice": pick("voices")},
                     "renameComposition": {"composition": pick("compositions") if library["compositions"] else 0}}[kind])
        return edit

    def edits(self):
        rng = self.rng
        named = rng.random() < 0.55
        edits = [self.named_edit()] if named else [self.random_edit() for _ in range(rng.choice([1, 1, 2, 3]))]
        body = {"edits": edits}
        if rng.random() < 0.03:
            named, body = False, rng.choice([{"edits": []}, {"edits": "all"}, {"edits": [{"type": "addVoice", "name": "V"}] * 257}, {}, None])
        status, answer = self.send("POST", "/api/music/edits", body, raw=rng.random() < 0.3)
        before = self.after()
        if 400 <= status < 500:
            self.refused(status, before, "a refused edit")
        else:
            assert status == 200 and answer["library"] == self.music["library"], (self.where, status)
            self.undo.append(before[1]["library"])
            del self.undo[:-100]
            self.redo.clear()
        if named:
            self.check_named(edits[0], status, answer, before[1]["library"])
        self.check_history()

    def check_named(self, edit, status, answer, old):
        """A name given to a part, voice or composition the library has: refused (the edit was, and changed
        nothing) or stored as the rule says."""
        expected = expected_name(edit["name"])
        if expected is not None and edit["type"] in ("addComposition", "renameComposition"):
            others = [c for c in old["compositions"] if c["id"] != edit.get("composition")]
            if any(nfc_lower(c["name"]) == nfc_lower(expected) for c in others):
                expected = None  # the name is taken, whatever its case
        if expected is None:
            assert 400 <= status < 500, (self.where, "a name the rule refuses was taken", status)
            return
        assert status == 200, (self.where, status, answer)
        kind = {"addPart": "parts", "renamePart": "parts", "addVoice": "voices", "renameVoice": "voices"}.get(edit["type"], "compositions")
        if edit["type"].startswith("add"):
            record_id = answer["results"][0]["id"]
        else:
            record_id = edit.get("part") or edit.get("voice") or edit.get("composition")
        stored = next(r for r in self.music["library"][kind] if r["id"] == record_id)
        assert stored["name"] == expected, (self.where, stored["name"][:300], expected[:300])

    def undo_redo(self):
        action = self.rng.choice(["undo", "undo", "redo"])
        source, target = (self.undo, self.redo) if action == "undo" else (self.redo, self.undo)
        status, answer = self.send("POST", f"/api/music/{action}")
        before = self.after()
        if not source:
            self.refused(status, before)
        else:
            assert status == 200, (self.where, status, answer)
            assert self.music["library"] == source.pop(), (self.where, f"{action} did not bring back the library as it was")
            target.append(before[1]["library"])
        self.check_history()

    def check_history(self):
        assert (self.music["canUndo"], self.music["canRedo"]) == (bool(self.undo), bool(self.redo)), self.where

    # -- the repair routes, on a library with nothing damaged: every one a refusal

    def repair(self):
        rng = self.rng
        kind = rng.choice(DAMAGED_KINDS * 2 + UNNAMED_KINDS + ["CHORDSET", "chordsets", "..", "\x00", "\u2028", "x" * 300, " part", "preference"])
        library = self.music["library"]
        record = {"chordset": self.ids(), "part": [p["id"] for p in library["parts"]], "voice": [v["id"] for v in library["voices"]],
                  "composition": [c["id"] for c in library["compositions"]], "sound": [s["id"] for s in library["sounds"]],
                  "score": [s["id"] for s in library["scores"]], "pair": [f"{p['part']}-{p['voice']}" for p in library["pairs"]],
                  "partChild": [c["place"] for p in library["parts"] for c in p["children"]]}.get(kind)
        record_id = str(rng.choice(record)) if record and rng.random() < 0.7 else rng.choice(HOSTILE_PATH_IDS)
        path = f"/api/library/damaged/{quoted(kind)}/{quoted(record_id)}"
        if rng.random() < 0.6:
            body = {"name": self.name()} if rng.random() < 0.9 else rng.choice([{"name": 5}, {}, None, b"{not json"])
            status, answer = self.send("POST", path + "/rename", body, raw=rng.random() < 0.3)
        else:
            status, answer = self.send("DELETE", path)
        before = self.after()
        self.refused(status, before, "a repair of a record that is not damaged")

    # -- the run

    ACTIONS = [("add", 8), ("rename", 12), ("move", 4), ("duplicate", 4), ("delete", 5), ("restore", 4), ("move_chord", 4),
               ("play", 2), ("import_file", 8), ("restore_factory", 1), ("map_midi", 6), ("edits", 26), ("undo_redo", 7), ("repair", 6)]

    def step(self):
        names, weights = zip(*self.ACTIONS)
        action = self.rng.choices(names, weights)[0]
        if action in ("add", "duplicate", "import_file", "restore", "restore_factory") and len(self.ids()) >= MOST_CHORDSETS:
            action = "delete"
        getattr(self, action)()
        if self.sent - self.last_command_line >= COMMAND_LINE_EVERY:
            self.command_line()


def test_every_write_route_survives_hostile_names_and_numbers(imager, tmp_path):
    library = tmp_path / "library.sqlite"
    started = time.perf_counter()
    with serving(imager, library, "--audio", "none") as server:
        fuzzed = Fuzzed(server, imager, library, random.Random(SEED))
        for factory in fuzzed.ids()[:-1]:  # all but Pulse Garden, the lightest to list
            fuzzed.delete(factory)
        while fuzzed.sent < REQUESTS:
            fuzzed.step()
        fuzzed.command_line()
        assert fuzzed.refusals > REQUESTS // 5  # hostile enough to be refused often…
        assert fuzzed.sent - fuzzed.refusals > REQUESTS // 5  # …and sound enough to change the library often
    print(f"seed {SEED}: {fuzzed.sent} write requests, {fuzzed.refusals} refused, {time.perf_counter() - started:.1f} s")


def call(server, method, path, body=None):
    status, headers, data = request(server.port, path, method=method, body=body)
    return status, json.loads(data.decode("utf-8")) if data else None


def both_libraries(server):
    """The chordset list and the music library as the server answers them, less what the thumbnails' drawing in
    the background changes whenever it gets there (the list's revision and each chordset's thumbnails)."""
    chordsets, music = call(server, "GET", "/api/chordsets"), call(server, "GET", "/api/music")
    assert chordsets[0] == 200 and music[0] == 200, (chordsets, music)
    listing = {key: value for key, value in chordsets[1].items() if key != "revision"}
    listing["chordsets"] = [{key: value for key, value in one.items() if key != "thumbnails"} for one in listing["chordsets"]]
    return listing, music[1]


def command_line_reads(imager, library):
    for arguments in (["chordsets", "list"], ["compose", "list"]):
        result = subprocess.run([imager, *arguments, "--library", str(library)], capture_output=True, text=True, timeout=60)
        assert result.returncode == 0, (arguments, result.stderr)


def test_the_reported_names_are_refused_and_change_nothing(imager, tmp_path):
    library = tmp_path / "library.sqlite"
    with serving(imager, library, "--audio", "none") as server:
        before = both_libraries(server)
        chordset = before[0]["chordsets"][0]["id"]
        for method, path, body in [("PATCH", f"/api/chordsets/{chordset}", {"title": "\u0000"}),
                                   ("POST", "/api/music/edits", {"edits": [{"type": "addVoice", "name": "\u0000"}]})]:
            status, answer = call(server, method, path, body)
            assert status == 400, (path, status, answer)
            assert answer["error"] and "\n" not in answer["error"]
            assert both_libraries(server) == before
            command_line_reads(imager, library)
    # And the next start finds the library as it was.
    with serving(imager, library, "--audio", "none") as server:
        after = both_libraries(server)
        assert after[0]["chordsets"] == before[0]["chordsets"] and after[1]["library"] == before[1]["library"]


def test_a_copy_of_a_title_at_its_limit_is_still_a_title(imager, tmp_path):
    """A duplicate, or an import of a chordset the library has (the same id), takes " (2)" after its title:
    of a title one character or a few bytes short of its limits, the copy's title must still follow the rule
    (cut, or the copy refused) — else the server writes a chordset it then sets aside as damaged."""
    with serving(imager, tmp_path / "library.sqlite", "--audio", "none") as server:
        for title in ["q" + "\u0301" * 1599, "x" * 199, "\U0001f44d\U0001f3fd" * 200]:  # 3,199 bytes; 199 characters; 200 of 8 bytes
            status, added = call(server, "POST", "/api/chordsets", {"title": title})
            assert status == 201, added
            chordset = added["chordset"]["id"]
            status, _, exported = request(server.port, f"/api/chordsets/{chordset}/export")
            for method, path, body in [("POST", f"/api/chordsets/{chordset}/duplicate", None), ("POST", "/api/chordsets/import", exported)]:
                before = both_libraries(server)
                status, answer = call(server, method, path, body)
                after = both_libraries(server)
                assert not after[0]["damaged"], (path, title[:20], after[0]["damaged"])
                if 400 <= status < 500:
                    assert after == before
                    continue
                assert status == 201, answer
                copy = (answer.get("chordset") or answer["imported"][0])["title"]
                assert expected_name(copy) == copy and copy.endswith(")"), copy[-20:]


def test_a_chord_past_the_end_of_int_is_refused_and_the_server_goes_on(imager, tmp_path):
    """What the fuzz found once: a light's chord of 2⁶³−1 overflowed the refusal's "chord + 1" and stopped the
    server (SIGILL), every library with it."""
    with serving(imager, tmp_path / "library.sqlite", "--audio", "none") as server:
        before = both_libraries(server)
        voice = next(v["id"] for v in before[1]["library"]["voices"] if not v["children"])
        for chord in [2**63 - 1, -2**63, 8, -1]:
            edit = {"type": "setLight", "voice": voice, "chordset": before[0]["chordsets"][0]["id"], "chord": chord}
            status, answer = call(server, "POST", "/api/music/edits", {"edits": [edit]})
            assert status == 400 and answer["error"], (chord, status, answer)
        assert both_libraries(server) == before and server.process.poll() is None


ECHOED = [
    ("POST", "/api/music/edits", {"edits": [{"type": "Verse\nChorus"}]}),
    ("PATCH", "/api/preferences", {"panels": {"color\r\nform": True}}),
    ("POST", "/api/forms/outline", {"forms": [{"kind": "circle\u2028"}]}),
]


@pytest.mark.parametrize("method,path,body", ECHOED, ids=[path for _, path, _ in ECHOED])
def test_a_refusal_that_quotes_what_it_was_sent_stays_on_one_line(imager, tmp_path, method, path, body):
    """A refusal may say what it could not take, but as one line: what the text rule refuses in a name is
    shown escaped (as the damaged records show it), never as the line break it is."""
    with serving(imager, tmp_path / "library.sqlite", "--audio", "none") as server:
        status, answer = call(server, method, path, body)
        assert status == 400 and answer["error"], answer
        assert not any(c in answer["error"] for c in LINE_BREAKS), answer["error"]


def test_a_rename_with_a_place_that_is_refused_changes_nothing(imager, tmp_path):
    """Not issue 24's own, but the same promise (docs/library-api.md: every refusal changes nothing): a PATCH
    with a good title and a bad number is refused whole."""
    with serving(imager, tmp_path / "library.sqlite", "--audio", "none") as server:
        before = both_libraries(server)[0]
        chordset = before["chordsets"][1]["id"]
        status, answer = call(server, "PATCH", f"/api/chordsets/{chordset}", {"title": "Renamed", "number": 0})
        assert status == 400, answer
        assert both_libraries(server)[0] == before


def test_a_library_damaged_behind_the_servers_back_still_reads_and_is_repaired(imager, tmp_path):
    """Names written into the file by something else (a hand with sqlite3, a disk gone wrong), after the
    library was opened and mended: both libraries still read, over HTTP and on the command line, the damaged
    records are listed (GET /api/library/damaged), a hostile name repairs nothing, and the repair routes
    rename or delete what is damaged."""
    library = tmp_path / "library.sqlite"
    with serving(imager, library, "--audio", "none") as server:
        chordsets, music = both_libraries(server)
    lumia, prism = chordsets["chordsets"][0]["id"], chordsets["chordsets"][1]["id"]
    parts = {p["name"]: p["id"] for p in music["library"]["parts"]}
    voices = {v["name"]: v["id"] for v in music["library"]["voices"]}
    composition = music["library"]["compositions"][0]["id"]
    sound = min(s["id"] for s in music["library"]["sounds"])
    with sqlite3.connect(library) as db:
        db.execute("UPDATE chordset SET title = ? WHERE id = ?", ["Lu\x00mia", lumia])
        db.execute("UPDATE chord SET title = ? WHERE chordsetId = ? AND position = 0", ["\u2028", prism])
        db.execute("UPDATE musicPart SET name = CAST(X'566572EDA08073' AS TEXT) WHERE id = ?", [parts["Verse"]])  # an encoded lone surrogate
        db.execute("UPDATE musicVoice SET name = ? WHERE id = ?", ["\ufeff\x1b[2J", voices["Pulse"]])
        db.execute("UPDATE composition SET name = ? WHERE id = ?", ["x" * 10_000, composition])
        db.execute("UPDATE musicSound SET name = ? WHERE id = ?", ["   ", sound])
    db.close()
    planted = {("chordset", lumia), ("chordset", prism), ("part", str(parts["Verse"])), ("voice", str(voices["Pulse"])),
               ("composition", str(composition)), ("sound", str(sound))}

    def damaged(server):
        status, answer = call(server, "GET", "/api/library/damaged")
        assert status == 200, answer
        for record in answer["damaged"]:
            assert record["reason"] and not any(c in record["reason"] + (record["name"] or "") for c in LINE_BREAKS), record
        return {(r["kind"], str(r["id"])) for r in answer["damaged"]}

    with serving(imager, library, "--audio", "none") as server:
        both_libraries(server)
        command_line_reads(imager, library)
        assert planted <= damaged(server)
        before = both_libraries(server)
        for name in ["\x00", "", "  ", "x" * 201, "\u2028"]:
            status, answer = call(server, "POST", f"/api/library/damaged/part/{parts['Verse']}/rename", {"name": name})
            assert 400 <= status < 500 and answer["error"] and "\n" not in answer["error"], (name, status, answer)
        assert both_libraries(server) == before and planted <= damaged(server)
        for kind, record, name in [("chordset", lumia, " Lumia\u00a0"), ("part", parts["Verse"], "Verse"),
                                   ("voice", voices["Pulse"], "Pul\u0301se"), ("sound", sound, "kick")]:
            status, answer = call(server, "POST", f"/api/library/damaged/{kind}/{record}/rename", {"name": name})
            assert 200 <= status < 300, (kind, status, answer)
        for kind, record in [("chordset", prism), ("composition", composition)]:
            status, answer = call(server, "DELETE", f"/api/library/damaged/{kind}/{record}")
            assert 200 <= status < 300, (kind, status, answer)
        assert not planted & damaged(server)
        chordsets, music = both_libraries(server)
        assert next(c for c in chordsets["chordsets"] if c["id"] == lumia)["title"] == "Lumia"
        assert prism not in [c["id"] for c in chordsets["chordsets"]]
        assert next(p for p in music["library"]["parts"] if p["id"] == parts["Verse"])["name"] == "Verse"
        assert next(v for v in music["library"]["voices"] if v["id"] == voices["Pulse"])["name"] == "Pu\u013ase"  # composed
        assert next(s for s in music["library"]["sounds"] if s["id"] == sound)["name"] == "kick"
        assert composition not in [c["id"] for c in music["library"]["compositions"]]
        command_line_reads(imager, library)
