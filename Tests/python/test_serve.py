"""`imager serve` end to end: it listens on loopback, refuses foreign Hosts and Origins, and stops on SIGINT."""
import signal
import subprocess

from live import free_port, live_socket, request as http_get, serving, until_message


def request(port, headers):
    """(status, body) of GET /state with exactly these headers."""
    status, _, body = http_get(port, "/state", {k: v for k, v in headers.items() if k != "Host"}, host=headers.get("Host"))
    return status, body


def test_serve_guards_its_door_and_stops_on_sigint(imager, tmp_path):
    server = serving(imager, tmp_path / "library.sqlite")
    with server as running:  # it has said it answers
        port = running.port
        status, body = request(port, {"Host": f"127.0.0.1:{port}"})
        assert status == 200 and b'"snapshot"' in body
        assert request(port, {"Host": "rebinding.example"})[0] == 403
        assert request(port, {"Host": f"127.0.0.1:{port}", "Origin": "http://evil.example"})[0] == 403
        assert request(port, {"Host": f"localhost:{port}", "Origin": f"http://localhost:{port}"})[0] == 200
    # Leaving the block sends SIGINT, and it must stop (how fast is `make bench`'s to measure, not a test's).
    assert running.process.returncode == 0


def test_a_real_osc_client_plays_pads_and_moves_the_hue(imager, tmp_path):
    import json

    from pythonosc.udp_client import SimpleUDPClient

    with serving(imager, tmp_path / "library.sqlite") as server, live_socket(server) as socket:
        until_message(socket, lambda m: m["type"] == "snapshot", within=30)
        client = SimpleUDPClient("127.0.0.1", server.osc_port)
        client.send_message("/imager/hue/center", 0.3)
        client.send_message("/imager/pad/1", 0.8)
        client.send_message("/imager/chordset/next", [])
        client.send_message("/imager/no/such/thing", 1.0)
        # The step to the next chordset is the last of the three heard: the others came before it.
        until_message(socket, lambda m: m["type"] == "changed" and (m.get("chordset") or {}).get("title") == "Prism", within=30,
                      what="the next chordset (Prism) chosen by OSC")
        state = json.loads(request(server.port, {"Host": f"127.0.0.1:{server.port}"})[1])["state"]
        assert abs(state["colors"]["hue"]["center"] - 0.3) < 1e-6
        assert state["pads"]["pads"][0]["isDown"]
        assert state["chordset"]["title"] == "Prism"
