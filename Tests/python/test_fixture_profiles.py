"""Real fixtures patched by name (issue 46): `imager serve` reads QLC+'s definitions (Debian's qlcplus-data) and the
user's in the background, finds them by a few letters, gives one whole with each channel's role, imports a `.qxf`
into the user's folder (read again at the next start), and sends a Chauvet SlimPAR 56 in its 7-channel mode as it
should be driven to an independent Art-Net listener, and it with a moving head to PyPI's `sacn` receiver. Hostile
definitions and 300 seeded hostile patch entries (moving heads' hostile aims among them) are refused with one line
and change nothing."""
import json
import socket
import subprocess
import pathlib
import sys
import urllib.parse

import pytest

from live import api, free_port, request, serving
from test_fixtures import ArtNetListener, SacnReceiver

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[2] / "bench"))
from hostile_input import hostile_profile_patches  # noqa: E402

SLIM = {"manufacturer": "Chauvet", "model": "SlimPAR 56", "mode": "7-Ch"}
# A moving head: pan, pan fine, tilt, tilt fine first (540° and 999° of travel); its strobe channel, with no open
# range in its profile, held past its blackout and its strobing.
XS_400 = {"manufacturer": "American DJ", "model": "XS 400", "mode": "18 Channel"}
XS_400_HOLD = {"Strobing": 140}
DEFINITION = """<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE FixtureDefinition>
<FixtureDefinition xmlns="http://www.qlcplus.org/FixtureDefinition">
 <Manufacturer>Imager Test</Manufacturer>
 <Model>Bar Två</Model>
 <Type>LED Bar (Pixels)</Type>
 <Channel Name="Red 1" Preset="IntensityRed"/><Channel Name="Green 1" Preset="IntensityGreen"/><Channel Name="Blue 1" Preset="IntensityBlue"/>
 <Channel Name="Red 2" Preset="IntensityRed"/><Channel Name="Green 2" Preset="IntensityGreen"/><Channel Name="Blue 2" Preset="IntensityBlue"/>
 <Channel Name="Master" Preset="IntensityMasterDimmer"/>
 <Mode Name="7 Channel">
  <Channel Number="0">Master</Channel>
  <Channel Number="1">Red 1</Channel><Channel Number="2">Green 1</Channel><Channel Number="3">Blue 1</Channel>
  <Channel Number="4">Red 2</Channel><Channel Number="5">Green 2</Channel><Channel Number="6">Blue 2</Channel>
  <Head><Channel>1</Channel><Channel>2</Channel><Channel>3</Channel></Head>
  <Head><Channel>4</Channel><Channel>5</Channel><Channel>6</Channel></Head>
 </Mode>
</FixtureDefinition>
"""


def profiles_server(imager, tmp_path, *arguments):
    return serving(imager, tmp_path / "library.sqlite", "--audio", "none", *arguments,
                   env={"XDG_DATA_HOME": str(tmp_path / "data")})


def aimed_at(pan, tilt):
    """Whether an XS 400's levels (from its first channel) turn it to `pan` and `tilt` degrees, within 0.1°: each
    16-bit, over its 540° of pan and 999° of tilt."""
    def degrees(levels, coarse, travel):
        return (levels[coarse] << 8 | levels[coarse + 1]) / 65535 * travel
    return lambda levels: abs(degrees(levels, 0, 540) - pan) < 0.1 and abs(degrees(levels, 2, 999) - tilt) < 0.1


def test_profiles_are_found_by_a_few_letters_read_whole_and_a_slimpar_is_driven_by_its_channels(imager, tmp_path):
    with ArtNetListener() as node, profiles_server(imager, tmp_path, "--dmx", f"artnet:127.0.0.1:{node.port}") as server:
        status, found = api(server, "GET", "/api/fixture-profiles?search=slim%20chauvet")
        assert status == 200 and found["problems"] == 0, found
        assert {"manufacturer": "Chauvet", "model": "SlimPAR 56", "type": "Color Changer",
                "modes": [{"name": "7-Ch", "channels": 7, "heads": 0}, {"name": "3-Ch", "channels": 3, "heads": 0}]} in found["profiles"]
        assert all("slim" in (p["manufacturer"] + p["model"]).lower() for p in found["profiles"])
        status, heads = api(server, "GET", "/api/fixture-profiles?type=Moving%20Head&limit=5&offset=10")
        assert status == 200 and len(heads["profiles"]) == 5 and heads["total"] >= 454 and heads["offset"] == 10
        assert api(server, "GET", "/api/fixture-profiles?limit=1")[1]["total"] == 1_358 + 5  # QLC+'s and the generic five
        status, whole = api(server, "GET", "/api/fixture-profiles/Chauvet/" + urllib.parse.quote("SlimPAR 56"))
        assert status == 200, whole
        seven = next(m for m in whole["modes"] if m["name"] == "7-Ch")
        assert [(c["name"], c["role"]) for c in seven["channels"]] == [
            ("Red", "red"), ("Green", "green"), ("Blue", "blue"), ("Color Macros", "held"), ("Strobe", "shutter (open)"),
            ("Mode", "held"), ("Dimmer", "dimmer")]

        par = {"name": "Par", "universe": 1, "address": 1, "profile": SLIM, "point": {"x": 0.5, "y": 0.5}, "gamma": 1}
        status, patched = api(server, "PUT", "/api/fixtures", {"fixtures": [par]})
        assert status == 200, patched
        assert [c["role"] for c in patched["channels"][0]] == ["red", "green", "blue", "held", "shutter (open)", "held", "dimmer"]
        assert patched["fixtures"][0]["profile"]["channels"][4]["name"] == "Strobe"  # the mode kept whole with the patch
        # The stage's colour in red, green and blue; strobe and macro at no function, mode at RGB, the dimmer full.
        node.until(lambda p: p[2][3:7] == [0, 7, 0, 255], "the SlimPAR's macro, strobe, mode and dimmer")
        assert api(server, "POST", "/api/fixtures/test", {"mode": "white"})[0] == 200
        node.until(lambda p: p[2][:7] == [255, 255, 255, 0, 7, 0, 255], "the SlimPAR full white under the white test")
        status, monitor = api(server, "GET", "/api/fixtures/dmx")
        assert status == 200 and monitor["universes"][0]["universe"] == 1 and len(monitor["universes"][0]["levels"]) == 512


def test_a_moving_head_patched_with_an_aim_points_where_its_calibration_says_and_is_aimed_by_hand(imager, tmp_path):
    corners = [[100, 50], [200, 50], [200, 150], [100, 150]]
    head = {"name": "Spot", "universe": 1, "address": 1, "point": {"x": 0.5, "y": 0}, "profile": XS_400, "hold": XS_400_HOLD,
            "aim": {"calibration": corners, "follow": {"point": {"x": 0, "y": 0}}, "slew": 3600}}
    with ArtNetListener() as node, profiles_server(imager, tmp_path, "--dmx", f"artnet:127.0.0.1:{node.port}") as server:
        status, patched = api(server, "PUT", "/api/fixtures", {"fixtures": [head]})
        assert status == 200, patched
        assert patched["fixtures"][0]["aim"] == {**head["aim"], "slew": 3600.0} and patched["problems"] == []

        def at(pan, tilt):
            return lambda p: aimed_at(pan, tilt)(p[2])
        node.until(at(100, 50), "the head at the stage's top-left corner: pan 100°, tilt 50°")
        status, aimed = api(server, "PATCH", "/api/fixtures", {"aiming": {"fixture": "Spot", "pan": 300, "tilt": 400}})
        assert status == 200 and aimed["aiming"] == {"fixture": "Spot", "pan": 300, "tilt": 400}, aimed
        node.until(at(300, 400), "the head where the hand put it")
        for refused, said in [({"fixture": "Spot", "pan": 600, "tilt": 0}, "pans 0 to 540"), ({"fixture": "Nobody", "pan": 1, "tilt": 1}, "no fixture"),
                              ({"fixture": "Spot", "pan": "left", "tilt": 1}, "body")]:
            status, answer = api(server, "PATCH", "/api/fixtures", {"aiming": refused})
            assert status in (400, 404) and said in answer["error"], answer
        assert "aiming" not in api(server, "PATCH", "/api/fixtures", {"aiming": None})[1]
        node.until(at(100, 50), "the head back on its point once let go")


def test_an_sacn_receiver_hears_a_profiled_slimpar_and_a_moving_head_driven_as_their_profiles_say(imager, tmp_path):
    """The profiled fixtures over sACN, heard by PyPI's `sacn` (a receiver not ours): the SlimPAR's seven channels
    as the Art-Net test above expects them, and the head's pan, tilt and master dimmer where its aim puts them."""
    par = {"name": "Par", "universe": 1, "address": 1, "profile": SLIM, "point": {"x": 0.5, "y": 0.5}, "gamma": 1}
    head = {"name": "Spot", "universe": 2, "address": 1, "point": {"x": 0.5, "y": 0}, "profile": XS_400, "hold": XS_400_HOLD,
            "aim": {"calibration": [[100, 50], [200, 50], [200, 150], [100, 150]], "follow": {"point": {"x": 0, "y": 0}}, "slew": 3600}}
    with SacnReceiver(universes=(1, 2), port=free_port(socket.SOCK_DGRAM)) as receiver, \
            profiles_server(imager, tmp_path, "--dmx", f"sacn:127.0.0.1:{receiver.port}") as server:
        status, patched = api(server, "PUT", "/api/fixtures", {"fixtures": [par, head]})
        assert status == 200 and patched["universes"] == [1, 2] and patched["problems"] == [], patched
        # The stage: the SlimPAR's macro and strobe at no function, its mode at RGB, its dimmer full; the head on
        # the stage's top-left corner (pan 100°, tilt 50°, not its resting 0°), its master dimmer up, its strobe held.
        receiver.until(1, lambda levels: levels[3:7] == [0, 7, 0, 255], "the SlimPAR's macro, strobe, mode and dimmer over sACN")
        receiver.until(2, lambda levels: aimed_at(100, 50)(levels) and levels[11] == 140 and levels[12] > 0,
                       "the head aimed at pan 100°, tilt 50°, its strobe held at 140 and its master dimmer up, over sACN")
        assert api(server, "POST", "/api/fixtures/test", {"mode": "white"})[0] == 200
        source, priority, _ = receiver.until(1, lambda levels: levels[:7] == [255, 255, 255, 0, 7, 0, 255],
                                             "the SlimPAR full white under the white test, over sACN")
        assert source == "Image Performer" and priority == 100
        _, _, spot = receiver.until(2, lambda levels: levels[12] == 255 and aimed_at(100, 50)(levels),
                                    "the head's master dimmer full under the white test, still on its point, over sACN")
        assert spot[11] == 140 and spot[18:] == [0] * (512 - 18), spot[:24]  # its hold kept; nothing past its 18 channels


def test_a_definition_imported_is_kept_in_the_users_folder_and_read_at_the_next_start(imager, tmp_path):
    with profiles_server(imager, tmp_path) as server:
        status, profile = api(server, "POST", "/api/fixture-profiles", DEFINITION.encode(),
                              headers={"Content-Type": "application/xml"})
        assert status == 201, profile
        assert profile["modes"][0]["heads"] == [[1, 2, 3], [4, 5, 6]]
        assert [c["role"] for c in profile["modes"][0]["channels"]] == ["master", "red", "green", "blue", "red", "green", "blue"]
        bar = {"name": "Bar", "universe": 3, "address": 10, "profile": {"manufacturer": "imager test", "model": "bar två", "mode": "7 channel"},
               "strip": {"from": {"x": 0, "y": 0.5}, "to": {"x": 1, "y": 0.5}, "pixels": 1}}
        status, patched = api(server, "PUT", "/api/fixtures", {"fixtures": [bar]})
        assert status == 200 and patched["fixtures"][0]["profile"]["model"] == "Bar Två", patched
    kept = list((tmp_path / "data" / "imager" / "fixtures").glob("*.qxf"))
    assert [p.name for p in kept] == ["Imager-Test-Bar-Två.qxf"]
    with profiles_server(imager, tmp_path) as server:
        status, whole = api(server, "GET", "/api/fixture-profiles/Imager%20Test/Bar%20Tv%C3%A5")
        assert status == 200 and whole["type"] == "LED Bar (Pixels)"
        assert api(server, "GET", "/api/fixtures")[1]["fixtures"][0]["name"] == "Bar"


def test_hostile_definitions_and_patch_entries_are_refused_with_one_line_and_change_nothing(imager, tmp_path):
    bomb = ('<?xml version="1.0"?><!DOCTYPE FixtureDefinition [<!ENTITY a "aaaaaaaaaa">'
            '<!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;">]><FixtureDefinition><Manufacturer>&b;</Manufacturer></FixtureDefinition>')
    with profiles_server(imager, tmp_path) as server:
        par = {"name": "Par", "universe": 1, "address": 1, "profile": SLIM, "point": {"x": 0.5, "y": 0.5}}
        assert api(server, "PUT", "/api/fixtures", {"fixtures": [par]})[0] == 200
        before = api(server, "GET", "/api/fixtures")[1]
        for body, said in [(bomb, "no document type"), ("<FixtureDefinition>", "well-formed"), ("", "send a fixture definition"),
                           ('<!DOCTYPE x SYSTEM "http://127.0.0.1:9/">' + DEFINITION, "no document type"), ("\x00" * 70, "well-formed")]:
            status, refused = api(server, "POST", "/api/fixture-profiles", body.encode())
            assert status == 400 and said in refused["error"] and "\n" not in refused["error"], (body[:60], refused)
        status, _, answer = request(server.port, "/api/fixture-profiles", method="POST", body=b"<" * (50 << 20))
        assert status == 413, answer[:200]
        assert list((tmp_path / "data").rglob("*.qxf")) == []
        for body, said in hostile_profile_patches(300):
            status, refused = api(server, "PUT", "/api/fixtures", body.encode(), headers={"Content-Type": "application/json"})
            assert status == 400, (body, refused)
            assert "\n" not in refused["error"] and (said in refused["error"] or said == "body"), (body, said, refused)
        assert api(server, "GET", "/api/fixtures")[1]["fixtures"] == before["fixtures"]


def test_a_recorded_set_drives_profiled_fixtures_and_a_head_following_a_chord_offline(imager, tmp_path):
    library, log = tmp_path / "library.sqlite", tmp_path / "demo.json"
    assert subprocess.run([imager, "demo", "--seconds", "4", "--record", str(log)], capture_output=True, timeout=120).returncode == 0
    par = {"name": "Par", "universe": 1, "address": 1, "profile": SLIM, "point": {"x": 0.5, "y": 0.5}}
    heads = [{"name": f"Spot {chord}", "universe": 2, "address": 1 + 20 * (chord - 1), "point": {"x": 0.5, "y": 0},
              "profile": XS_400, "hold": XS_400_HOLD,
              "aim": {"calibration": [[0, 0], [540, 0], [540, 999], [0, 999]], "follow": {"chord": chord}, "slew": 3600}}
             for chord in range(1, 9)]
    with profiles_server(imager, tmp_path) as server:
        status, answer = api(server, "PUT", "/api/fixtures", {"fixtures": [par, *heads]})
        assert status == 200, answer
    result = subprocess.run([imager, "render", "performance", str(log), "--library", str(library), "--tail", "0", "--dmx",
                             str(tmp_path / "set.csv"), "--dmx-rate", "10"], capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stderr
    rows = [line.split(",") for line in (tmp_path / "set.csv").read_text().splitlines()[1:]]
    firsts = [[int(v) for v in row[2:]] for row in rows if row[1] == "1"]
    spots = [[int(v) for v in row[2:]] for row in rows if row[1] == "2"]
    assert firsts and all(levels[3:7] == [0, 7, 0, 255] for levels in firsts), firsts[:2]
    pans = {tuple(levels[20 * c:20 * c + 4]) for levels in spots for c in range(8)}
    assert len(pans) > 8, "the heads followed the chords' lumis as they moved"
    assert all(levels[20 * c + 11] == 140 for levels in spots for c in range(8))


def test_a_compositions_light_renders_the_dmx_of_profiled_fixtures(imager, tmp_path):
    library = tmp_path / "library.sqlite"
    par = {"name": "Par", "universe": 1, "address": 1, "profile": SLIM, "point": {"x": 0.5, "y": 0.5}, "gamma": 1}
    with profiles_server(imager, tmp_path) as server:
        assert api(server, "PUT", "/api/fixtures", {"fixtures": [par]})[0] == 200
    result = subprocess.run([imager, "compose", "render", "Demo", "--library", str(library), "-o", str(tmp_path / "mix.wav"),
                             "--dmx", str(tmp_path / "light.csv"), "--dmx-rate", "10"], capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stderr
    lines = (tmp_path / "light.csv").read_text().splitlines()
    rows = [[int(v) for v in line.split(",")[2:9]] for line in lines[1:]]
    assert len(rows) == int(21.6 * 10) + 1 and all(row[3:7] == [0, 7, 0, 255] for row in rows)
    assert len({tuple(row[:3]) for row in rows}) > 3, "the par's colour follows the composition's light"
    refused = subprocess.run([imager, "compose", "render", "Demo", "--library", str(library), "-o", str(tmp_path / "m.wav"),
                              "--dmx", str(tmp_path / "d.csv"), "--dmx-rate", "45"], capture_output=True, text=True, timeout=300)
    assert refused.returncode != 0 and "--dmx-rate must be a whole number from 1 to 44" in refused.stderr, refused.stderr
    assert not (tmp_path / "d.csv").exists() and not (tmp_path / "m.wav").exists()


def test_the_labs_render_of_a_compositions_dmx_drives_profiled_fixtures(imager, tmp_path):
    from test_renders_api import follow, start
    from live import live_socket, until_message
    par = {"name": "Par", "universe": 1, "address": 1, "profile": SLIM, "point": {"x": 0.5, "y": 0.5}, "gamma": 1}
    with profiles_server(imager, tmp_path) as server, live_socket(server) as socket:
        until_message(socket, lambda m: m["type"] == "snapshot", within=30)
        demo = next(c["id"] for c in api(server, "GET", "/api/music")[1]["library"]["compositions"] if c["name"] == "Demo")
        unpatched = follow(socket, start(server, {"composition": demo, "format": "csv"})["id"])[-1]
        assert unpatched["state"] == "failed" and "no fixtures" in unpatched["error"], unpatched
        assert api(server, "PUT", "/api/fixtures", {"fixtures": [par]})[0] == 200
        render = start(server, {"composition": demo, "format": "csv", "dmxRate": 10})
        assert render["format"] == "csv"
        seen = follow(socket, render["id"])
        assert seen[-1]["state"] == "done" and any(r.get("stage") == "dmx" for r in seen[:-1]), seen[-3:]
        status, headers, data = request(server.port, seen[-1]["download"])
        assert status == 200 and headers["Content-Type"].startswith("text/csv"), headers
        rows = [[int(v) for v in line.split(",")[2:9]] for line in data.decode().splitlines()[1:]]
        assert len(rows) == int(21.6 * 10) + 1 and all(row[3:7] == [0, 7, 0, 255] for row in rows)
        for body, said in [({"composition": demo, "format": "csv", "dmxRate": 45}, "1…44"), ({"composition": demo, "format": "dmx"}, "csv")]:
            status, answer = api(server, "POST", "/api/renders", body)
            assert status == 400 and said in answer["error"], answer


def test_a_fixture_is_fired_one_at_a_time_over_http_and_the_live_socket_as_midi_sends_it(imager, tmp_path):
    from live import live_socket, until_message
    smoke = {"name": "Smoke", "universe": 1, "address": 1, "point": {"x": 0.5, "y": 0.5},
             "profile": {"manufacturer": "Antari", "model": "Z-1520 RGB", "mode": "8 Channel"}}
    haze = {**smoke, "name": "Haze", "address": 20}
    with profiles_server(imager, tmp_path) as server, live_socket(server) as midi, live_socket(server) as console:
        assert api(server, "PUT", "/api/fixtures", {"fixtures": [smoke, haze]})[0] == 200
        assert api(server, "PATCH", "/api/fixtures", {"fire": "Smoke", "on": True})[1]["firing"] == ["Smoke"]
        midi.send(json.dumps({"type": "fixtures", "fire": "Haze", "on": True}))
        told = until_message(console, lambda m: m["type"] == "fixtures" and m["firing"] == ["Haze", "Smoke"], within=10)
        assert told["firing"] == ["Haze", "Smoke"]
        midi.send(json.dumps({"type": "fixtures", "fire": "Smoke", "on": False}))
        until_message(console, lambda m: m["type"] == "fixtures" and m["firing"] == ["Haze"], within=10)
        for refused, said in [({"type": "fixtures", "fire": "Nobody", "on": True}, "no fixture"), ({"type": "fixtures", "fire": "Haze"}, '"on"')]:
            midi.send(json.dumps(refused))
            error = until_message(midi, lambda m: m["type"] == "error", within=10)
            assert said in error["message"], error
        for body, said in [({"fire": "Nobody", "on": True}, "no fixture"), ({"fire": "Haze"}, '"on"'), ({"fire": 3, "on": True}, "body")]:
            status, answer = api(server, "PATCH", "/api/fixtures", body)
            assert status in (400, 404) and said in answer["error"], answer
        assert api(server, "GET", "/api/fixtures")[1]["firing"] == ["Haze"]
