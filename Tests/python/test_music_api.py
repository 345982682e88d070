"""The music library over HTTP (`/api/music`, docs/composition.md) against the real server: the library with
its durations and roots, edits all or none, undo and redo, every editor told on `/live`, hostile requests."""
import json

from websockets.sync.client import connect

from live import request, serving, until_message


def call(server, method, path, body=None, headers=None):
    status, response_headers, data = request(server.port, path, method=method, body=body, headers=headers)
    if response_headers.get("Content-Type", "").startswith("application/json"):
        return status, json.loads(data)
    return status, data  # the guard's refusals are a line of plain text


def edit(server, *edits):
    return call(server, "POST", "/api/music/edits", {"edits": list(edits)})


def named(records, name):
    return next(record for record in records if record["name"] == name)


def test_the_library_is_read_whole_with_durations_and_roots(imager, tmp_path):
    with serving(imager, tmp_path / "library.sqlite", "--audio", "none") as server:
        status, music = call(server, "GET", "/api/music")
        assert status == 200 and music["canUndo"] is False and music["canRedo"] is False
        library = music["library"]
        song = named(library["parts"], "Song")
        assert music["durations"][str(song["id"])] == 21.6
        assert sorted(named_id["name"] for named_id in library["parts"] if named_id["id"] in music["rootParts"]) == ["Loop", "Song"]
        assert named(library["compositions"], "Demo")["part"] == song["id"]


def test_edits_apply_all_or_none_are_heard_by_every_editor_and_undo(imager, tmp_path):
    with serving(imager, tmp_path / "library.sqlite", "--audio", "none") as server, \
            connect(f"ws://127.0.0.1:{server.port}/live", origin=f"http://127.0.0.1:{server.port}") as other:
        status, made = edit(server, {"type": "addPart", "name": "Sketch", "beats": 4}, {"type": "addVoice", "name": "Drum"})
        assert status == 200, made
        part, voice = made["results"][0]["id"], made["results"][1]["id"]
        # Seed 003's editing range: drawn over nothing, it makes an event; drawn over it, it deletes it.
        status, drawn = edit(server, {"type": "editingRange", "part": part, "voice": voice, "start": 0, "end": 960})
        assert status == 200 and drawn["results"] == [{"created": True}]
        pair = next(p for p in drawn["library"]["pairs"] if p["part"] == part and p["voice"] == voice)
        assert named_score(drawn, pair["score"]) == [{"start": 0, "length": 960, "gain": 1, "offset": 0, "continues": False}]
        # Another editor hears every change.
        message = until_message(other, lambda m: m["type"] == "music", within=30, what="the other editor told of the change")
        assert message["revision"] >= 1
        # One bad edit among good ones: none is applied.
        before = call(server, "GET", "/api/music")[1]["library"]
        status, refused = edit(server, {"type": "renamePart", "part": part, "name": "Renamed"},
                               {"type": "editingRange", "part": part, "voice": voice, "start": 0, "end": 99999})
        assert status == 200 and refused["results"][1] == {"created": False}  # let go outside the score: nothing
        status, refused = edit(server, {"type": "renamePart", "part": part, "name": "Again"}, {"type": "addPartChild", "parent": part, "child": part})
        assert status == 400 and "itself" in refused["error"]
        after = call(server, "GET", "/api/music")[1]["library"]
        assert named(after["parts"], "Renamed")  # the first request's rename stands; the refused one left nothing
        assert not any(p["name"] == "Again" for p in after["parts"])
        assert before != after
        # Undo takes the last change back, redo makes it again.
        status, undone = call(server, "POST", "/api/music/undo")
        assert status == 200 and not any(p["name"] == "Renamed" for p in undone["library"]["parts"]) and undone["canRedo"]
        status, redone = call(server, "POST", "/api/music/redo")
        assert status == 200 and named(redone["library"]["parts"], "Renamed")


def named_score(answer, score_id):
    return next(score for score in answer["library"]["scores"] if score["id"] == score_id)["events"]


def test_hostile_requests_get_a_4xx_with_one_line_and_change_nothing(imager, tmp_path):
    with serving(imager, tmp_path / "library.sqlite", "--audio", "none") as server:
        before = call(server, "GET", "/api/music")[1]
        for body, expected in [
            (None, 400),
            ({"edits": []}, 400),
            ({"edits": "all of them"}, 400),
            ({"edits": [{"type": "dance"}]}, 400),
            ({"edits": [{"type": "addPart", "name": "X", "beats": "four"}]}, 400),
            ({"edits": [{"type": "addPart", "name": "", "beats": 4}]}, 400),
            ({"edits": [{"type": "addPart", "name": "X", "beats": 1e300}]}, 400),
            ({"edits": [{"type": "renamePart", "part": 999999, "name": "X"}]}, 400),
            ({"edits": [{"type": "editingRange", "part": 1, "voice": 2, "start": -5, "end": 10}]}, 400),
            ({"edits": [{"type": "editingRange", "part": 1, "voice": 2, "start": 9223372036854775807, "end": 1}]}, 400),
            ({"edits": [{"type": "splitVoice", "voice": 1, "count": 1000000}]}, 400),
            ({"edits": [{"type": "addPart", "name": "X", "beats": 1}] * 257}, 400),
            ({"edits": [{"type": "setLight", "voice": 1, "chordset": "x", "chord": 9}]}, 400),
        ]:
            status, answer = call(server, "POST", "/api/music/edits", body)
            assert status == expected, (body if body is None or len(json.dumps(body)) < 200 else "…", status, answer)
            assert "\n" not in answer["error"] and answer["error"]
        status, answer = call(server, "POST", "/api/music/edits", b"x" * 70000, {"Content-Type": "application/json"})
        assert status == 413
        status, answer = call(server, "POST", "/api/music/edits", json.dumps({"edits": []}).encode(), {"Content-Type": "text/plain"})
        assert status == 415
        status, answer = call(server, "POST", "/api/music/undo")
        assert status == 400 and "nothing to undo" in answer["error"]
        status, _ = call(server, "POST", "/api/music/edits", {"edits": [{"type": "addVoice", "name": "X"}]}, {"Origin": "http://evil.example"})
        assert status == 403
        assert call(server, "GET", "/api/music")[1] == before
