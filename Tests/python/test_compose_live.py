"""Compositions played live by `imager serve`: the transport over the live protocol and OSC, the sound through
SDL2 (its `disk` driver writes what would be heard to a file, which the test reads), the light on the canvas,
and bad requests refused."""
import json
import struct

from pythonosc.udp_client import SimpleUDPClient
from websockets.sync.client import connect

from live import serving, until_message


def live(server):
    return connect(f"ws://127.0.0.1:{server.port}/live", origin=f"http://127.0.0.1:{server.port}", open_timeout=30)


def until(socket, wanted):
    """The first of the server's messages that satisfies `wanted` (text messages only), within 60 s in all."""
    return until_message(socket, wanted, within=60)


def transport(message, **conditions):
    return message["type"] == "transport" and all(message.get(key) == value for key, value in conditions.items())


def test_demo_plays_its_sound_through_sdl_and_its_light_on_the_canvas(imager, tmp_path):
    heard = tmp_path / "heard.raw"
    env = {"SDL_AUDIODRIVER": "disk", "SDL_DISKAUDIOFILE": str(heard)}
    with serving(imager, tmp_path / "library.sqlite", env=env) as server, live(server) as socket:
        until(socket, lambda m: m["type"] == "snapshot")  # nothing loaded: no transport message after it
        socket.send(json.dumps({"type": "transport", "action": "play", "composition": "Demo"}))
        playing = until(socket, lambda m: transport(m, composition="Demo", playing=True))
        assert playing["duration"] == 21.6 and playing["parts"] == ["Intro", "Verse", "Chorus", "Verse", "Chorus"]
        assert "soundProblem" not in playing
        # The intro's veil of light is released on the canvas as the sound starts.
        lit = until(socket, lambda m: m["type"] == "changed" and m.get("liveLumis", 0) > 0)
        assert lit["liveLumis"] > 0
        # The playhead moves with what is heard; then the transport stops, and says so.
        until(socket, lambda m: transport(m) and m["seconds"] > 1.5)
        socket.send(json.dumps({"type": "transport", "action": "stop"}))
        stopped = until(socket, lambda m: transport(m, playing=False))
        assert 1.5 < stopped["seconds"] < 21.6
    # What SDL's disk driver was given to play: 32-bit float stereo, with the intro's pad and the verse's kick.
    raw = heard.read_bytes()
    samples = struct.unpack(f"<{len(raw) // 4}f", raw[: len(raw) // 4 * 4])
    assert max(abs(s) for s in samples) > 0.1
    assert all(abs(s) <= 1 for s in samples)


def test_osc_plays_locates_loops_and_stops_and_every_console_follows(imager, tmp_path):
    with serving(imager, tmp_path / "library.sqlite", "--audio", "none") as server, live(server) as socket:
        osc = SimpleUDPClient("127.0.0.1", server.osc_port)
        until(socket, lambda m: m["type"] == "snapshot")
        osc.send_message("/imager/transport/play", "Demo")
        until(socket, lambda m: transport(m, composition="Demo", playing=True))
        osc.send_message("/imager/transport/locate", 10.0)
        located = until(socket, lambda m: transport(m) and m["seconds"] >= 10)
        assert located["seconds"] < 12
        osc.send_message("/imager/transport/loop", 2)  # the first Verse: 2.4 s to 7.2 s at 100 bpm
        looped = until(socket, lambda m: transport(m) and m.get("loop") is not None)
        assert [round(x, 3) for x in looped["loop"]] == [2.4, 7.2]
        assert 2.4 <= looped["seconds"] < 7.2
        osc.send_message("/imager/transport/loop", 0)
        until(socket, lambda m: transport(m) and m.get("loop") is None)
        osc.send_message("/imager/transport/stop", [])
        until(socket, lambda m: transport(m, playing=False))


def test_bad_transport_requests_are_refused_with_a_reason_and_change_nothing(imager, tmp_path):
    with serving(imager, tmp_path / "library.sqlite", "--audio", "none") as server, live(server) as socket:
        until(socket, lambda m: m["type"] == "snapshot")
        for request, why in [
            ({"type": "transport", "action": "dance"}, "play, preview, stop, locate or loop"),
            ({"type": "transport", "action": "play", "composition": "Nonesuch"}, "Nonesuch"),
            ({"type": "transport", "action": "play"}, "no composition is loaded"),
            ({"type": "transport", "action": "locate"}, "seconds"),
            ({"type": "transport", "action": "locate", "seconds": "soon"}, "seconds"),
            ({"type": "transport", "action": "loop", "part": 3}, "no composition is loaded"),
            ({"type": "transport", "action": "play", "composition": ""}, "1 to 200"),
        ]:
            socket.send(json.dumps(request))
            error = until(socket, lambda m: m["type"] == "error")
            assert why in error["message"] and "\n" not in error["message"], (request, error)
        socket.send(json.dumps({"type": "transport", "action": "play", "composition": "Demo"}))
        until(socket, lambda m: transport(m, playing=True))
        for request, why in [
            ({"type": "transport", "action": "loop", "part": 9}, "5 parts"),
            ({"type": "transport", "action": "loop", "from": 3, "to": 1}, "later"),
        ]:
            socket.send(json.dumps(request))
            error = until(socket, lambda m: m["type"] == "error")
            assert why in error["message"], (request, error)
        assert server.process.poll() is None
