"""`imager serve` end to end: it listens on loopback, refuses foreign Hosts and Origins, and stops on SIGINT."""
import http.client
import signal
import socket
import subprocess
import time


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def request(port, headers):
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
    connection.putrequest("GET", "/state", skip_host=True)
    for name, value in headers.items():
        connection.putheader(name, value)
    connection.endheaders()
    response = connection.getresponse()
    body = response.read()
    connection.close()
    return response.status, body


def test_serve_guards_its_door_and_stops_on_sigint(imager, tmp_path):
    port = free_port()
    server = subprocess.Popen([imager, "serve", "--port", str(port), "--library", str(tmp_path / "library.sqlite")],
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    try:
        for _ in range(100):
            try:
                status, body = request(port, {"Host": f"127.0.0.1:{port}"})
                break
            except OSError:
                time.sleep(0.1)
        assert status == 200 and b'"snapshot"' in body
        assert request(port, {"Host": "rebinding.example"})[0] == 403
        assert request(port, {"Host": f"127.0.0.1:{port}", "Origin": "http://evil.example"})[0] == 403
        assert request(port, {"Host": f"localhost:{port}", "Origin": f"http://localhost:{port}"})[0] == 200
    finally:
        server.send_signal(signal.SIGINT)
        start = time.monotonic()
        server.wait(timeout=10)
        assert time.monotonic() - start < 2
