"""`imager serve` end to end: it listens on loopback, refuses foreign Hosts and Origins, and stops on SIGINT."""
import signal
import subprocess

from live import free_port, request as http_get, wait_until


def request(port, headers):
    """(status, body) of GET /state with exactly these headers."""
    status, _, body = http_get(port, "/state", {k: v for k, v in headers.items() if k != "Host"}, host=headers.get("Host"))
    return status, body


def test_serve_guards_its_door_and_stops_on_sigint(imager, tmp_path):
    port = free_port()
    server = subprocess.Popen([imager, "serve", "--port", str(port), "--library", str(tmp_path / "library.sqlite")],
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    try:
        status, body = wait_until(lambda: request(port, {"Host": f"127.0.0.1:{port}"}), within=30,
                                  what=f"imager serve answering on port {port}", ignoring=(OSError,))
        assert status == 200 and b'"snapshot"' in body
        assert request(port, {"Host": "rebinding.example"})[0] == 403
        assert request(port, {"Host": f"127.0.0.1:{port}", "Origin": "http://evil.example"})[0] == 403
        assert request(port, {"Host": f"localhost:{port}", "Origin": f"http://localhost:{port}"})[0] == 200
    finally:
        server.send_signal(signal.SIGINT)
        assert server.wait(timeout=60) == 0  # how fast it stops is `make bench`'s to measure, not a test's


def test_a_real_osc_client_plays_pads_and_moves_the_hue(imager, tmp_path):
    import json

    from pythonosc.udp_client import SimpleUDPClient

    port, osc_port = free_port(), free_port()
    server = subprocess.Popen([imager, "serve", "--port", str(port), "--osc-port", str(osc_port),
                               "--library", str(tmp_path / "library.sqlite")], stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    try:
        wait_until(lambda: request(port, {"Host": f"127.0.0.1:{port}"}), within=30, what=f"imager serve answering on port {port}",
                   ignoring=(OSError,))
        client = SimpleUDPClient("127.0.0.1", osc_port)
        client.send_message("/imager/hue/center", 0.3)
        client.send_message("/imager/pad/1", 0.8)
        client.send_message("/imager/chordset/next", [])
        client.send_message("/imager/no/such/thing", 1.0)
        state = wait_until(lambda: json.loads(request(port, {"Host": f"127.0.0.1:{port}"})[1])["state"],
                           lambda state: state["chordset"]["title"] == "Prism", within=10,
                           what="the next chordset (Prism) chosen by OSC")
        assert abs(state["colors"]["hue"]["center"] - 0.3) < 1e-6
        assert state["pads"]["pads"][0]["isDown"]
        assert state["chordset"]["title"] == "Prism"
    finally:
        server.send_signal(signal.SIGINT)
        server.wait(timeout=10)
