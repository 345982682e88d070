"""Being followed (issue 28): `imager serve --osc-out HOST:PORT` (repeatable) sends what is played to an OSC
receiver — here python-osc's own server on loopback — at the addresses of docs/osc.md: a pad pressed over OSC comes
out as the pad, the tempo as the tempo, every beat, and what is heard. A target that cannot be sent to (a broadcast
address, refused by the system) is dropped and said, and the others and the show go on; one whose port closes is
tried again, and said to be back when someone listens there again. A target that cannot be read stops the command
with the reason."""
import json
import queue
import socket
import subprocess
import threading

from pythonosc.dispatcher import Dispatcher
from pythonosc.osc_server import BlockingOSCUDPServer
from pythonosc.udp_client import SimpleUDPClient

from live import api, first_queued, free_port, request, serving
from sound_signals import clicks, write_wav


class Receiver:
    """An OSC receiver on a loopback port (a free one unless `port` is given), every message it gets put on a queue
    as (address, arguments)."""

    def __init__(self, port=0):
        self.messages = queue.Queue()
        dispatcher = Dispatcher()
        dispatcher.set_default_handler(lambda address, *arguments: self.messages.put((address, arguments)))
        self.server = BlockingOSCUDPServer(("127.0.0.1", port), dispatcher)
        self.port = self.server.server_address[1]
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    def __enter__(self):
        self.thread.start()
        return self

    def __exit__(self, *exc):
        self.server.shutdown()
        self.server.server_close()

    def until(self, wanted, timeout=10):
        """The first message (address, arguments) that satisfies `wanted`, within `timeout` seconds in all (other
        messages may keep coming)."""
        return first_queued(self.messages, lambda message: wanted(*message), timeout, f"no wanted OSC message within {timeout} s")


def test_what_is_played_is_sent_to_followers(imager, tmp_path):
    samples, _ = clicks(20, 123)
    write_wav(tmp_path / "set.wav", samples)
    with Receiver() as receiver:
        arguments = ["--audio", "none", "--listen", str(tmp_path / "set.wav"),
                     "--osc-out", f"127.0.0.1:{receiver.port}", "--osc-out", "255.255.255.255:9000"]
        with serving(imager, tmp_path / "library.sqlite", *arguments) as server:
            controller = SimpleUDPClient("127.0.0.1", server.osc_port)
            controller.send_message("/imager/pad/3", 0.75)
            _, (velocity,) = receiver.until(lambda address, *_: address == "/imager/pad/3")
            assert abs(velocity - 0.75) < 1e-6
            controller.send_message("/imager/pad/3", 0.0)
            receiver.until(lambda address, arguments: address == "/imager/pad/3" and arguments == (0.0,))
            controller.send_message("/imager/tempo", 100.0)
            receiver.until(lambda address, arguments: address == "/imager/tempo" and abs(arguments[0] - 100) < 1e-3)
            controller.send_message("/imager/chord/5", [])
            receiver.until(lambda address, arguments: address == "/imager/chord/5")
            first = receiver.until(lambda address, _: address == "/imager/beat")[1][0]
            second = receiver.until(lambda address, _: address == "/imager/beat")[1][0]
            assert second == first + 1
            _, bands = receiver.until(lambda address, _: address == "/imager/heard/bands")
            assert len(bands) == 4
            receiver.until(lambda address, arguments: address == "/imager/heard/onset" and arguments[0] > 0)
            followers = {target["address"]: target for target in server.status()["oscOut"]}
            assert followers[f"127.0.0.1:{receiver.port}"]["sent"] > 0
            assert "problem" not in followers[f"127.0.0.1:{receiver.port}"]
            assert followers["255.255.255.255:9000"]["problem"]
            assert request(server.port, "/state")[0] == 200
        assert any("255.255.255.255:9000 cannot be sent" in line for line in server.lines), server.lines


def test_a_target_that_cannot_be_read_is_refused(imager, tmp_path):
    for target, reason in [("nowhere", "HOST:PORT"), ("127.0.0.1:0", "HOST:PORT"), ("127.0.0.1:99999", "HOST:PORT"),
                           (":9000", "HOST:PORT"), ("no-such-host.invalid:9000", "no such host")]:
        port = free_port()
        result = subprocess.run(
            [imager, "serve", "--port", str(port), "--osc-port", str(free_port(socket.SOCK_DGRAM, avoiding={port})),
             "--library", str(tmp_path / "library.sqlite"), "--audio", "none", "--osc-out", target],
            capture_output=True, text=True, timeout=60)
        assert result.returncode != 0, target
        assert reason in result.stderr, (target, result.stderr)


def test_followers_kept_in_the_preferences_are_followed_at_once_and_after_a_restart(imager, tmp_path):
    with Receiver() as receiver:
        target = f"127.0.0.1:{receiver.port}"
        with serving(imager, tmp_path / "library.sqlite", "--audio", "none") as server:
            assert server.status()["oscOut"] == []
            bad = [["nowhere"], [":9000"], ["127.0.0.1:70000"], [target] * 17, "127.0.0.1:9000", [3], ["[::1]9000"]]
            for value in bad:
                status, answer = api(server, "PATCH", "/api/preferences", body=json.dumps({"oscOut": value}).encode(),
                                     headers={"Content-Type": "application/json"})
                assert status == 400 and "error" in answer, (value, status, answer)
            assert api(server, "GET", "/api/preferences")[1]["oscOut"] == []
            status, answer = api(server, "PATCH", "/api/preferences", body=json.dumps({"oscOut": [target]}).encode(),
                                 headers={"Content-Type": "application/json"})
            assert status == 200 and answer["oscOut"] == [target]
            SimpleUDPClient("127.0.0.1", server.osc_port).send_message("/imager/tempo", 101.0)
            receiver.until(lambda address, arguments: address == "/imager/tempo" and abs(arguments[0] - 101) < 1e-3)
        with serving(imager, tmp_path / "library.sqlite", "--audio", "none") as server:
            assert [follower["address"] for follower in server.status()["oscOut"]] == [target]
            SimpleUDPClient("127.0.0.1", server.osc_port).send_message("/imager/tempo", 102.0)
            receiver.until(lambda address, arguments: address == "/imager/tempo" and abs(arguments[0] - 102) < 1e-3)
            # Let go of it: nothing more is sent there.
            status, answer = api(server, "PATCH", "/api/preferences", body=b'{"oscOut": []}', headers={"Content-Type": "application/json"})
            assert status == 200 and server.status()["oscOut"] == []


def test_a_follower_whose_port_closes_is_dropped_and_comes_back_when_it_opens_again(imager, tmp_path):
    """Nobody listens at the target's port (the system answers "connection refused"): it is dropped and said;
    someone listens there again: within the 5 s of a try and the second that confirms it, what is played
    reaches it again and it is said to be back."""
    port = free_port(socket.SOCK_DGRAM)
    target = f"127.0.0.1:{port}"
    with serving(imager, tmp_path / "library.sqlite", "--audio", "none", "--osc-out", target, avoiding={port}) as server:
        # Each beat is sent to it, and refused.
        server.until_line(f"OSC to {target} cannot be sent (connection refused)")
        follower = {entry["address"]: entry for entry in server.status()["oscOut"]}[target]
        assert follower.get("problem") == "connection refused", follower
        with Receiver(port) as receiver:
            receiver.until(lambda address, _: address == "/imager/beat", timeout=15)
            server.until_line(f"OSC to {target} is followed again", timeout=15)
            follower = {entry["address"]: entry for entry in server.status()["oscOut"]}[target]
            assert "problem" not in follower, follower
            SimpleUDPClient("127.0.0.1", server.osc_port).send_message("/imager/tempo", 97.0)
            receiver.until(lambda address, arguments: address == "/imager/tempo" and abs(arguments[0] - 97) < 1e-3)
    said = "".join(server.lines)
    assert f"OSC to {target} cannot be sent (connection refused); it is no longer followed" in said, said
    assert f"OSC to {target} is followed again" in said, said

