"""The library over HTTP (`/api/`, docs/library-api.md) against the real server: every endpoint, what every
console hears after a change, and hostile requests — each a 4xx with one line, and nothing changed."""
import asyncio
import collections
import io
import json
import random
import struct
import urllib.parse
import subprocess

import cairo
import numpy

import pytest
from websockets.asyncio.client import connect

from live import request, serving, until_message_async
from hostile_input import hostile_names

FACTORY = ["Lumia", "Prism", "Cole's Contrasts", "Pulse Garden"]


def call(server, method, path, body=None, headers=None):
    status, response_headers, data = request(server.port, path, headers, method=method, body=body)
    if response_headers.get("Content-Type", "").startswith("application/json"):
        return status, json.loads(data)
    return status, data


def listing(server):
    status, body = call(server, "GET", "/api/chordsets")
    assert status == 200
    return body


def titles(server):
    return [c["title"] for c in listing(server)["chordsets"]]


def chordset_id(server, title):
    return next(c["id"] for c in listing(server)["chordsets"] if c["title"] == title)


def pixels(png):
    """The picture of a PNG file's bytes as rows of 32-bit pixels."""
    surface = cairo.ImageSurface.create_from_png(io.BytesIO(png))
    return numpy.ndarray((surface.get_height(), surface.get_stride() // 4), numpy.uint32, surface.get_data())[:, :surface.get_width()].copy()


def png_size(data):
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    return struct.unpack(">II", data[16:24])


def unchanged(before, after):
    """Whether the list `after` holds what `before` held, told of nothing but thumbnails drawn meanwhile: each
    sheet drawn in the background is a change of the library (its revision moves on by one, and the list
    names the picture)."""
    drawn = sum(1 for b, a in zip(before["chordsets"], after["chordsets"]) if b["thumbnails"] is None and a["thumbnails"] is not None)
    def held(listing):
        return [{key: value for key, value in c.items() if key != "thumbnails"} for c in listing["chordsets"]]
    return held(after) == held(before) and after["revision"] - before["revision"] == drawn


def drawn_listing(server):
    """The list once it names every chordset's thumbnails: they are drawn in the background, and each drawn
    is announced on /live as a change of the library (waited for, never slept on; 300 s in all)."""
    bodies = []

    def named():
        return all(c["thumbnails"] for c in bodies[-1]["chordsets"])

    def asked_again(message):
        if message["type"] != "library":
            return False
        bodies.append(listing(server))
        return named()

    async def wait():
        async with connect(f"ws://127.0.0.1:{server.port}/live", max_size=1 << 24) as client:
            bodies.append(listing(server))
            if not named():
                await until_message_async(client, asked_again, within=300,
                                          what="the list naming every chordset's thumbnails")
            return bodies[-1]
    return asyncio.run(wait())


def test_the_list_shows_every_chordset_with_its_chords_colours_and_thumbnails(imager, tmp_path):
    with serving(imager, tmp_path / "library.sqlite") as server:
        body = listing(server)
        assert [c["title"] for c in body["chordsets"]] == FACTORY
        assert [c["number"] for c in body["chordsets"]] == [1, 2, 3, 4]
        assert body["current"] == body["chordsets"][0]["id"]
        chords = body["chordsets"][0]["chords"]
        assert [c["number"] for c in chords] == list(range(1, 9))
        assert all(len(c["color"]) == 7 and c["color"].startswith("#") for c in chords)
        # The eight thumbnails, side by side in one picture, named by the list once drawn.
        address = drawn_listing(server)["chordsets"][0]["thumbnails"]
        status, headers, picture = request(server.port, address)
        assert status == 200 and png_size(picture) == (8 * 192, 108)
        assert "immutable" in headers["Cache-Control"]
        # Each the same pixels as the contact sheet's thumbnail of that chord (the third: of the first row).
        sheet = tmp_path / "sheet.png"
        result = subprocess.run([imager, "render", "chordset", "1", "--library", str(tmp_path / "library.sqlite"),
                                 "--thumbnail-width", "192", "-o", str(sheet)], capture_output=True, text=True)
        assert result.returncode == 0, result.stderr
        gutter = 192 // 40
        x = gutter + 2 * (192 + gutter)
        assert (pixels(sheet.read_bytes())[gutter:gutter + 108, x:x + 192] == pixels(picture)[:, 2 * 192:3 * 192]).all()
    # Kept beside the library: a restart draws none of them again, and the list names them at once.
    kept = sorted((tmp_path / "library-thumbnails").glob("*.png"))
    assert len(kept) == 4
    kept[0].write_bytes(b"not a picture")  # a damaged cache file is drawn again, never served
    with serving(imager, tmp_path / "library.sqlite") as server:
        body = drawn_listing(server)
        assert body["chordsets"][0]["thumbnails"] == address
        for chordset in body["chordsets"]:
            status, headers, picture = request(server.port, chordset["thumbnails"])
            assert status == 200 and headers["Content-Type"] == "image/png" and png_size(picture) == (8 * 192, 108)
    assert kept[0].read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_hostile_validators_and_picture_addresses_are_refused_or_answered_never_a_failure(imager, tmp_path):
    """A seeded fuzz of the list's `If-None-Match` and of the thumbnails' addresses (bench/hostile_input.py's
    hostile names as tags and ids): each a 200, a 304 or a 404 — never a 5xx — and the server answers on."""
    rng = random.Random(26)
    with serving(imager, tmp_path / "library.sqlite") as server:
        known = listing(server)["chordsets"][0]["id"]
        for name in hostile_names(150, seed=26):
            tag = name.encode("utf-8", "surrogatepass")[:200].decode("latin-1").replace("\r", " ").replace("\n", " ")
            status, _, _ = request(server.port, "/api/chordsets", {"If-None-Match": tag or '"x"'})
            assert status in (200, 400)  # a header HTTP cannot carry is refused before any route
            segment = urllib.parse.quote(name.encode("utf-8", "surrogatepass")[:120], safe="")
            path = rng.choice([f"/api/chordsets/{segment}/thumbnails.png", f"/api/chordsets/{known}/thumbnails.png?v={segment}",
                               f"/api/chordsets/{known}{segment}/thumbnails.png"])
            status, _, _ = request(server.port, path)
            assert status in (200, 404), path
        assert listing(server)["chordsets"][0]["id"] == known


def test_the_list_is_written_once_a_revision_and_answered_304_while_it_holds(imager, tmp_path):
    with serving(imager, tmp_path / "library.sqlite") as server:
        drawn_listing(server)
        # Each thumbnail drawn is a change of the library too: at most one more comes after the list names them.
        for _ in range(2):
            status, headers, first = request(server.port, "/api/chordsets")
            tag = headers["ETag"]
            assert status == 200 and tag
            status, headers, body = request(server.port, "/api/chordsets", {"If-None-Match": tag})
            if status == 304:
                break
        assert status == 304 and body == b"" and headers["ETag"] == tag
        assert call(server, "POST", "/api/chordsets", {"title": "Mine"})[0] == 201
        status, headers, after = request(server.port, "/api/chordsets", {"If-None-Match": tag})
        assert status == 200 and headers["ETag"] != tag
        assert [c["title"] for c in json.loads(after)["chordsets"]][-1] == "Mine"


def test_add_rename_move_duplicate_delete_restore_and_chords_moved(imager, tmp_path):
    with serving(imager, tmp_path / "library.sqlite") as server:
        status, added = call(server, "POST", "/api/chordsets", {"title": "Mine"})
        assert status == 201 and added["chordset"]["number"] == 5 and added["chordset"]["title"] == "Mine"
        mine = added["chordset"]["id"]
        assert call(server, "POST", "/api/chordsets")[1]["chordset"]["title"] == "New chordset"
        status, renamed = call(server, "PATCH", f"/api/chordsets/{mine}", {"title": "Ours"})
        assert status == 200 and renamed["chordset"]["title"] == "Ours"
        assert call(server, "PATCH", f"/api/chordsets/{mine}", {"number": 1})[1]["chordset"]["number"] == 1
        assert titles(server) == ["Ours", *FACTORY, "New chordset"]
        status, copy = call(server, "POST", f"/api/chordsets/{mine}/duplicate")
        assert status == 201 and copy["chordset"]["title"] == "Ours (2)" and copy["chordset"]["number"] == 7

        prism = chordset_id(server, "Prism")
        status, deleted = call(server, "DELETE", f"/api/chordsets/{prism}")
        assert status == 200 and deleted == {"deleted": prism, "undoSeconds": 60}
        assert "Prism" not in titles(server)
        status, restored = call(server, "POST", f"/api/chordsets/{prism}/restore")
        assert status == 200 and restored["chordset"]["number"] == 3
        assert titles(server) == ["Ours", "Lumia", "Prism", "Cole's Contrasts", "Pulse Garden", "New chordset", "Ours (2)"]

        lumia = chordset_id(server, "Lumia")
        before = next(c for c in listing(server)["chordsets"] if c["id"] == lumia)["chords"]
        playing = [c["title"] for c in json.loads(request(server.port, "/state")[2])["state"]["chordset"]["chords"]]
        status, moved = call(server, "POST", f"/api/chordsets/{lumia}/chords/move", {"from": 1, "to": 8})
        assert status == 200
        assert [c["color"] for c in moved["chordset"]["chords"]] == [c["color"] for c in before[1:] + before[:1]]
        # Lumia is playing: the pads took the chords in their new order.
        state = json.loads(request(server.port, "/state")[2])["state"]
        assert [c["title"] for c in state["chordset"]["chords"]] == playing[1:] + playing[:1]
        assert [c["position"] for c in state["chordset"]["chords"]] == list(range(8))


def test_play_export_import_factory_and_preferences(imager, tmp_path):
    with serving(imager, tmp_path / "library.sqlite") as server:
        garden = chordset_id(server, "Pulse Garden")
        assert call(server, "POST", f"/api/chordsets/{garden}/play")[0] == 200
        assert json.loads(request(server.port, "/state")[2])["state"]["chordset"]["title"] == "Pulse Garden"
        assert listing(server)["current"] == garden

        status, headers, exported = request(server.port, f"/api/chordsets/{garden}/export")
        assert status == 200 and 'filename="Pulse Garden.json"' in headers["Content-Disposition"]
        assert json.loads(exported)["chordsets"][0]["title"] == "Pulse Garden"
        status, imported = call(server, "POST", "/api/chordsets/import", exported, {"Content-Type": "application/json"})
        assert status == 201 and [c["title"] for c in imported["imported"]] == ["Pulse Garden (2)"]

        for title in ["Prism", "Lumia"]:
            assert call(server, "DELETE", f"/api/chordsets/{chordset_id(server, title)}")[0] == 200
        assert call(server, "POST", "/api/factory-chordsets") == (200, {"restored": 2})
        assert sorted(titles(server)) == sorted([*FACTORY, "Pulse Garden (2)"])

        status, preferences = call(server, "GET", "/api/preferences")
        assert status == 200 and preferences["panels"]["chordsetList"] is False and preferences["tempo"] == 120
        panels = {**preferences["panels"], "chordsetList": True, "form": False}
        status, kept = call(server, "PATCH", "/api/preferences", {"panels": panels, "midiMappings": {"note:1:60": "pad:1"}})
        assert status == 200 and kept["panels"] == panels and kept["midiMappings"] == {"note:1:60": "pad:1"}
        # Two consoles, each toggling one panel: both changes kept, neither undoing the other's.
        assert call(server, "PATCH", "/api/preferences", {"panels": {"settings": True}})[0] == 200
        status, kept = call(server, "PATCH", "/api/preferences", {"panels": {"form": True}})
        assert status == 200 and kept["panels"] == {**panels, "settings": True, "form": True}
        panels = kept["panels"]
    # Kept in the library: another start (another browser) finds them.
    with serving(imager, tmp_path / "library.sqlite") as server:
        assert call(server, "GET", "/api/preferences")[1]["panels"] == panels


def test_pairing_and_form_outlines(imager, tmp_path):
    with serving(imager, tmp_path / "library.sqlite") as server:
        status, pairing = call(server, "GET", "/api/pairing")
        assert status == 200 and pairing["lan"] is False
        assert pairing["canvas"] == f"http://127.0.0.1:{server.port}/canvas"
        assert pairing["qr"].startswith("<svg") and "<path" in pairing["qr"]
        status, outlines = call(server, "POST", "/api/forms/outline", {"forms": [{"kind": "circle"}, {"kind": "line"}]})
        assert status == 200 and [o["strokeOnly"] for o in outlines["forms"]] == [False, True]
        points = outlines["forms"][0]["contours"][0]["points"]
        assert len(points) > 40 and max(abs(p) for p in points) <= 0.5


def test_pairing_under_lan_carries_the_token(imager, tmp_path):
    with serving(imager, tmp_path / "library.sqlite", "--lan") as server:
        bearer = {"Authorization": f"Bearer {server.token}"}
        assert call(server, "GET", "/api/chordsets")[0] == 401
        assert call(server, "POST", "/api/chordsets", {"title": "Sneaky"})[0] == 401
        status, pairing = call(server, "GET", "/api/pairing", headers=bearer)
        assert status == 200 and pairing["lan"] is True and pairing["canvas"].endswith(f"/canvas?token={server.token}")
        assert "Sneaky" not in [c["title"] for c in call(server, "GET", "/api/chordsets", headers=bearer)[1]["chordsets"]]


def test_every_console_hears_a_change(imager, tmp_path):
    async def scenario(server):
        async with connect(f"ws://127.0.0.1:{server.port}/live") as first, connect(f"ws://127.0.0.1:{server.port}/live") as second:
            for console in (first, second):
                assert json.loads(await asyncio.wait_for(console.recv(), 30))["type"] == "snapshot"
            await asyncio.to_thread(call, server, "POST", "/api/chordsets", {"title": "Shared"})
            for console in (first, second):
                message = await until_message_async(console, lambda m: m["type"] == "library", within=30,
                                                    what="the change of the library")
                assert message["revision"] >= 1
    with serving(imager, tmp_path / "library.sqlite") as server:
        asyncio.run(scenario(server))
        assert listing(server)["revision"] >= 1


# A body sent with a Content-Type of its own (the table's other bodies are JSON, or bytes sent without one).
Typed = collections.namedtuple("Typed", "content_type data")
GHOST = "00000000-0000-4000-8000-000000000000"

HOSTILE = [
    ("PATCH", "/api/chordsets/ID", {"title": 5}, 400),
    ("PATCH", "/api/chordsets/ID", {"title": ""}, 400),
    ("PATCH", "/api/chordsets/ID", {"title": "x" * 201}, 400),
    ("PATCH", "/api/chordsets/ID", {"number": 0}, 400),
    ("PATCH", "/api/chordsets/ID", {"number": "first"}, 400),
    ("PATCH", "/api/chordsets/ID", {}, 400),
    ("PATCH", "/api/chordsets/ID", b"{not json", 400),
    ("PATCH", "/api/chordsets/ID", b"[" * 100 + b"]" * 100, 400),
    ("PATCH", "/api/chordsets/00000000-0000-4000-8000-000000000000", {"title": "Ghost"}, 404),
    ("PATCH", "/api/chordsets/not-a-uuid", {"title": "Ghost"}, 404),
    ("DELETE", "/api/chordsets/00000000-0000-4000-8000-000000000000", None, 404),
    ("POST", "/api/chordsets/00000000-0000-4000-8000-000000000000/restore", None, 404),
    ("POST", "/api/chordsets/ID/restore", None, 404),  # not deleted
    ("POST", "/api/chordsets/ID/chords/move", {"from": 0, "to": 3}, 404),
    ("POST", "/api/chordsets/ID/chords/move", {"from": 1, "to": 9}, 404),
    ("POST", "/api/chordsets/ID/chords/move", {"from": 1}, 400),
    ("POST", "/api/chordsets/00000000-0000-4000-8000-000000000000/play", None, 404),
    ("GET", "/api/chordsets/ID/chords/9/thumbnail.png", None, 404),
    ("GET", "/api/chordsets/ID/chords/one/thumbnail.png", None, 404),
    ("GET", "/api/chordsets/00000000-0000-4000-8000-000000000000/thumbnails.png", None, 404),
    ("GET", "/api/chordsets/not-a-uuid/thumbnails.png", None, 404),
    ("POST", "/api/chordsets/import", b"", 400),
    ("POST", "/api/chordsets/import", b"\x00\xff garbage", 400),
    ("POST", "/api/chordsets/import", {"formatVersion": 99, "chordsets": []}, 400),
    ("POST", "/api/chordsets/import", {"formatVersion": 1, "chordsets": [{"title": "half"}]}, 400),
    ("POST", "/api/chordsets", {"title": ["a"]}, 400),
    ("POST", "/api/chordsets", b"x" * (65 * 1024), 413),
    ("PATCH", "/api/preferences", {"tempo": 999}, 400),
    ("PATCH", "/api/preferences", {"tempo": "fast"}, 400),
    ("PATCH", "/api/preferences", {"panels": {"nonesuch": True}}, 400),
    ("PATCH", "/api/preferences", {"panels": {"color": "yes"}}, 400),
    ("PATCH", "/api/preferences", {"outputSize": [0, 0]}, 400),
    ("PATCH", "/api/preferences", {"tempo": 90, "outputSize": [1]}, 400),  # one bad value: none kept
    ("PATCH", "/api/preferences", {"midiMappings": {f"cc:1:{n}": "hue.center" for n in range(600)}}, 400),
    ("PATCH", "/api/preferences", {}, 400),
    ("POST", "/api/forms/outline", {"forms": []}, 400),
    ("POST", "/api/forms/outline", {"forms": [{"kind": "blob"}]}, 400),
    ("POST", "/api/forms/outline", {"forms": [{"kind": "polygon", "sides": 2}]}, 400),
    ("POST", "/api/forms/outline", {"forms": [{"kind": "circle"}] * 65}, 400),
    ("GET", "/api/nonesuch", None, 404),
    # Unknown ids: export and duplicate.
    ("GET", f"/api/chordsets/{GHOST}/export", None, 404),
    ("GET", "/api/chordsets/not-a-uuid/export", None, 404),
    ("POST", f"/api/chordsets/{GHOST}/duplicate", None, 404),
    ("POST", "/api/chordsets/not-a-uuid/duplicate", None, 404),
    # An import over the 16 MB a chordset file may have (LibraryRoutes.maximumImport), JSON or not.
    ("POST", "/api/chordsets/import", b'{"formatVersion": 1, "chordsets": []' + b" " * (16 << 20) + b"}", 413),
    # JSON where the body says it is something else.
    ("PATCH", "/api/preferences", Typed("text/plain", b'{"tempo": 90}'), 415),
    ("POST", "/api/chordsets", Typed("application/x-www-form-urlencoded", b"title=Form"), 415),
    ("PATCH", "/api/chordsets/ID", Typed("text/plain", b'{"title": "Plain"}'), 415),
    ("POST", "/api/chordsets/ID/chords/move", Typed("text/html", b'{"from": 1, "to": 8}'), 415),
    ("POST", "/api/forms/outline", Typed("multipart/form-data", b'{"forms": [{"kind": "circle"}]}'), 415),
]


@pytest.mark.parametrize("method,path,body,expected", HOSTILE, ids=[f"{m} {p} {i}" for i, (m, p, _, _) in enumerate(HOSTILE)])
def test_a_bad_request_is_refused_in_one_line_and_changes_nothing(imager, tmp_path, method, path, body, expected):
    with serving(imager, tmp_path / "library.sqlite") as server:
        before = listing(server)
        preferences = call(server, "GET", "/api/preferences")[1]
        path = path.replace("ID", before["chordsets"][0]["id"])
        headers = None
        if isinstance(body, Typed):
            headers, body = {"Content-Type": body.content_type}, body.data
        status, headers, data = request(server.port, path, headers, method=method, body=body)
        assert status == expected, data
        message = json.loads(data)["error"]
        assert message and "\n" not in message and "Error" not in message and "Swift" not in message
        assert unchanged(before, listing(server))
        assert call(server, "GET", "/api/preferences")[1] == preferences
        assert server.process.poll() is None


# Under --lan, changes without the pairing token (or with a wrong one).
UNPAIRED = [
    ("PATCH", "/api/chordsets/ID", {"title": "Sneaky"}),
    ("DELETE", "/api/chordsets/ID", None),
    ("POST", "/api/chordsets/ID/duplicate", None),
    ("POST", "/api/chordsets/ID/chords/move", {"from": 1, "to": 8}),
    ("PATCH", "/api/preferences", {"tempo": 90, "panels": {"chordsetList": True}}),
    ("POST", "/api/factory-chordsets", None),
]


@pytest.mark.parametrize("method,path,body", UNPAIRED, ids=[f"{m} {p}" for m, p, _ in UNPAIRED])
def test_under_lan_a_change_without_the_token_is_refused_in_one_line_and_changes_nothing(imager, tmp_path, method, path, body):
    with serving(imager, tmp_path / "library.sqlite", "--lan") as server:
        bearer = {"Authorization": f"Bearer {server.token}"}
        before = call(server, "GET", "/api/chordsets", headers=bearer)[1]
        preferences = call(server, "GET", "/api/preferences", headers=bearer)[1]
        path = path.replace("ID", before["chordsets"][0]["id"])
        for headers in [None, {"Authorization": "Bearer " + "0" * 32}, {"Cookie": "imager_token=" + "0" * 32}]:
            status, _, data = request(server.port, path, headers, method=method, body=body)
            assert status == 401, (headers, data)
            message = data.decode().strip()
            assert message and "\n" not in message, data
        assert unchanged(before, call(server, "GET", "/api/chordsets", headers=bearer)[1])
        assert call(server, "GET", "/api/preferences", headers=bearer)[1] == preferences
        assert server.process.poll() is None


def test_a_foreign_origin_or_host_is_refused(imager, tmp_path):
    with serving(imager, tmp_path / "library.sqlite") as server:
        before = listing(server)
        for headers, host in [({"Origin": "http://evil.example"}, None), ({}, "evil.example")]:
            status, _, _ = request(server.port, "/api/chordsets", headers, host=host, method="POST", body={"title": "Evil"})
            assert status == 403
            status, _, _ = request(server.port, f"/api/chordsets/{before['chordsets'][0]['id']}", headers, host=host, method="DELETE")
            assert status == 403
        assert unchanged(before, listing(server))


def test_the_controls_survive_a_restart(imager, tmp_path):
    async def play(server):
        async with connect(f"ws://127.0.0.1:{server.port}/live") as console:
            assert json.loads(await asyncio.wait_for(console.recv(), 30))["type"] == "snapshot"
            for intent in [{"type": "recallChord", "chord": 2}, {"type": "ribbonCenter", "ribbon": "hue", "value": 0.37},
                           {"type": "tempo", "bpm": 101}, {"type": "lumiCount", "count": 3}]:
                await console.send(json.dumps(intent))
            await until_message_async(console, lambda m: m["type"] == "changed" and m.get("lumiCount") == 3, within=30,
                                      what="the last control's change")
    with serving(imager, tmp_path / "library.sqlite") as server:
        asyncio.run(play(server))
        left = json.loads(request(server.port, "/state")[2])["state"]
    # Stopped (SIGINT) and started again: the controls are as they were left.
    with serving(imager, tmp_path / "library.sqlite") as server:
        state = json.loads(request(server.port, "/state")[2])["state"]
        for key in ["colors", "pulse", "design", "selectedChord", "tempo", "lumiCount", "trailPersistence", "headroom"]:
            assert state[key] == left[key], key
        assert state["colors"]["hue"]["center"] == 0.37 and state["tempo"] == 101 and state["selectedChord"] == 2
