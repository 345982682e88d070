"""The live server under abuse: fuzzed WebSocket messages and OSC packets, clients that stop reading, the
pairing token under --lan, and recordings saved on the way out — all against `imager serve` itself."""
import asyncio
import json
import socket
import struct
import subprocess

from websockets.asyncio.client import connect

from hostile_input import flood_osc, fuzz, round_trips, stalled_client
from live import Deadline, request, serving, until_message_async


def without_time(state):
    """The state without what moves on by itself (the time, the beat) or counts the probe's own intents (revision)."""
    state = dict(state)
    state.pop("time", None)
    state.pop("beat", None)
    state.pop("revision", None)
    return state


# A hue no test sends otherwise: its change marks that everything sent before it was carried out.
MARKER_HUE = 0.777


def test_ten_thousand_malformed_messages_change_nothing_and_do_not_slow_another_client(imager, tmp_path):
    with serving(imager, tmp_path / "library.sqlite") as server:
        before = json.loads(request(server.port)[2])["state"]

        async def run():
            fuzzing = asyncio.create_task(fuzz(server.port, 10_000, MARKER_HUE))
            busy = await round_trips(server.port, 40, 0.2)
            replies = await fuzzing
            return busy, replies

        busy, replies = asyncio.run(run())
        after = json.loads(request(server.port)[2])["state"]
        assert replies["error"] > 1000
        # Only the probe's own hue changes were applied.
        assert replies.get("changed", 0) <= 80
        before["colors"]["hue"]["center"] = after["colors"]["hue"]["center"]
        assert without_time(after) == without_time(before)
        # Another client was answered all along (how fast is a figure of `make bench`: bench/serve_under_abuse.py).
        assert len(busy) == 40
        assert server.process.poll() is None


def test_an_oversized_message_closes_only_its_sender(imager, tmp_path):
    with serving(imager, tmp_path / "library.sqlite") as server:
        async def run():
            async with connect(f"ws://127.0.0.1:{server.port}/live", max_size=1 << 24) as other:
                await asyncio.wait_for(other.recv(), 30)  # the snapshot
                async with connect(f"ws://127.0.0.1:{server.port}/live", max_size=1 << 24) as big:
                    await asyncio.wait_for(big.recv(), 30)
                    await big.send("[" + "0," * 50_000 + "0]")  # 100 KB
                    closed = False
                    try:
                        for _ in range(5):
                            await asyncio.wait_for(big.recv(), 5)
                    except Exception:
                        closed = True
                    assert closed
                await other.send(json.dumps({"type": "tempo", "bpm": 101}))
                # What a client is told on connecting besides the snapshot (the stage's outputs) may come first.
                message = await until_message_async(other, lambda m: m["type"] == "changed", within=30, limit=10,
                                                    what="the other client's change")
                assert message["type"] == "changed" and message["tempo"] == 101

        asyncio.run(run())


def test_a_hundred_thousand_malformed_osc_packets_change_nothing_and_do_not_slow_a_console(imager, tmp_path):
    import threading

    with serving(imager, tmp_path / "library.sqlite") as server:
        before = json.loads(request(server.port)[2])["state"]

        flooding = threading.Thread(target=flood_osc, args=(server.osc_port, 100_000))
        flooding.start()
        busy = asyncio.run(round_trips(server.port, 40, 0.2))
        flooding.join()
        # Every packet sent before the marker has been read once the marker's hue shows (it is sent again
        # until it does: a full receive buffer may have dropped it).
        marker = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        marker_packet = b"/imager/hue/center\x00\x00,f\x00\x00" + struct.pack(">f", MARKER_HUE)
        for _ in range(1000):
            marker.sendto(marker_packet, ("127.0.0.1", server.osc_port))
            after = json.loads(request(server.port)[2])["state"]
            if abs(after["colors"]["hue"]["center"] - MARKER_HUE) < 1e-6:
                break
        assert abs(after["colors"]["hue"]["center"] - MARKER_HUE) < 1e-6, "the OSC marker never arrived"
        before["colors"]["hue"]["center"] = after["colors"]["hue"]["center"]
        assert without_time(after) == without_time(before)
        assert len(busy) == 40
        assert server.process.poll() is None


def test_clients_that_stop_reading_are_cut_off_and_the_others_play_on(imager, tmp_path):
    with serving(imager, tmp_path / "library.sqlite") as server:
        stalled = [stalled_client(server.port) for _ in range(5)]

        async def play():
            async with connect(f"ws://127.0.0.1:{server.port}/live", max_size=1 << 24) as performer:
                await asyncio.wait_for(performer.recv(), 30)
                # Taps fill the canvas, so the frames are large: at the largest polyphony, all 300 taps stay.
                await performer.send(json.dumps({"type": "polyphony", "count": 4096}))
                for index in range(300):
                    await performer.send(json.dumps({"type": "tap", "at": {"x": (index % 17) / 17, "y": (index % 13) / 13}, "velocity": 1}))
                for _ in stalled:  # the server says each client it cuts off
                    await asyncio.to_thread(server.until_line, "it is cut off", 30)
                await performer.send(json.dumps({"type": "tempo", "bpm": 99}))
                await until_message_async(performer, lambda m: m["type"] == "changed" and m.get("tempo") == 99, within=30,
                                          what="the performer's tempo change")

        asyncio.run(play())
        status = server.status()
        assert status["evicted"] >= 5, status
        assert status["canvases"] == 0, status
        for client in stalled:
            client.close()


def test_under_lan_the_pairing_token_is_required(imager, tmp_path):
    with serving(imager, tmp_path / "library.sqlite", "--lan") as server:
        token = server.token
        assert token, server.lines
        assert any(f"/canvas?token={token}" in line for line in server.lines)
        assert request(server.port)[0] == 401
        assert request(server.port, "/canvas")[0] == 401
        assert request(server.port, f"/state?token={'0' * 32}")[0] == 401
        status, headers, _ = request(server.port, f"/canvas?token={token}")
        assert status == 200 and headers.get("Set-Cookie", "").startswith(f"imager_token={token};")
        assert request(server.port, "/state", {"Cookie": f"imager_token={token}"})[0] == 200
        assert request(server.port, "/state", {"Authorization": f"Bearer {token}"}, host=f"203.0.113.7:{server.port}")[0] == 200
        assert request(server.port, "/state", {"Authorization": f"Bearer {token}"}, host=f"rebind.example:{server.port}")[0] == 403

        async def upgrade(path):
            async with connect(f"ws://127.0.0.1:{server.port}{path}", max_size=1 << 24) as client:
                return json.loads(await asyncio.wait_for(client.recv(), 30))["type"]

        assert asyncio.run(upgrade(f"/live?token={token}")) == "snapshot"
        try:
            asyncio.run(upgrade("/live"))
            raise AssertionError("upgraded without the token")
        except Exception as error:
            # NIO's WebSocket upgrader can only refuse with 400; the same request without Upgrade gets 401.
            assert "HTTP 400" in str(error)
        assert request(server.port, "/live")[0] == 401


def test_osc_lan_needs_lan(imager, tmp_path):
    result = subprocess.run([imager, "serve", "--osc-lan", "--library", str(tmp_path / "l.sqlite")], capture_output=True, text=True)
    assert result.returncode == 2 and "--osc-lan needs --lan" in result.stderr


def test_a_recording_under_way_is_saved_when_the_server_stops_and_renders(imager, tmp_path):
    recordings = tmp_path / "recordings"
    with serving(imager, tmp_path / "library.sqlite", "--recordings", str(recordings)) as server:
        async def perform():
            async with connect(f"ws://127.0.0.1:{server.port}/live", max_size=1 << 24) as console:
                await asyncio.wait_for(console.recv(), 30)
                await console.send(json.dumps({"type": "record", "on": True}))
                await console.send(json.dumps({"type": "padDown", "pad": 3, "velocity": 0.9}))
                await asyncio.sleep(0.5)  # the performance: the pad held for half a second
                await console.send(json.dumps({"type": "padUp", "pad": 3}))
                # One connection's intents are applied in order: once the tempo's change comes back, so has the
                # release's.
                await console.send(json.dumps({"type": "tempo", "bpm": 99}))
                await until_message_async(console, lambda m: m["type"] == "changed" and m.get("tempo") == 99, within=30,
                                          what="the tempo change after the release")

        asyncio.run(perform())
    saved = [line for line in server.lines if line.startswith("recording saved: ")]
    assert saved, server.lines
    path = saved[0].split(": ", 1)[1].strip()
    log = json.loads(open(path).read())
    assert any(event["intent"]["type"] == "padDown" for event in log["events"])
    frames = tmp_path / "frames"
    result = subprocess.run([imager, "render", "performance", path, "--size", "64x36", "--fps", "10", "-o", f"{frames}/"],
                            capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert len(list(frames.glob("*.png"))) >= 5


def test_sigterm_with_clients_connected_closes_them_and_stops_cleanly(imager, tmp_path):
    """How fast it stops is a figure of `make bench` (bench/serve_stop.py); here only that it does, with status 0,
    closing the canvas connected, while another client never answers the closing handshake."""
    import signal

    with serving(imager, tmp_path / "library.sqlite") as server:
        stalled = stalled_client(server.port)  # one that will never answer the closing handshake

        async def run():
            async with connect(f"ws://127.0.0.1:{server.port}/live?frames=1", max_size=1 << 24) as canvas:
                await asyncio.wait_for(canvas.recv(), 30)
                server.process.send_signal(signal.SIGTERM)

                async def closed():
                    try:
                        async for _ in canvas:
                            pass
                    except Exception:
                        pass
                try:
                    await asyncio.wait_for(closed(), 60)
                except asyncio.TimeoutError:
                    raise AssertionError("the canvas's connection was still open 60 s after SIGTERM") from None
                return canvas.close_code

        close_code = asyncio.run(run())
        assert server.process.wait(timeout=60) == 0
        assert close_code is not None, "the canvas's connection was not closed"
        stalled.close()


def test_a_first_request_http_cannot_parse_is_refused_400_and_closed(imager, tmp_path):
    """A NUL in a header of a connection's first request (the one a WebSocket upgrade may be asked on) was
    left unanswered, the connection held open and the server's stop waiting behind it."""
    with serving(imager, tmp_path / "library.sqlite") as server:
        for path, header in [("/state", b"X-Thing: A\x00B"), ("/api/chordsets", b"If-None-Match: \x00"),
                             ("/live", b"Upgrade: websocket\r\nConnection: Upgrade\r\nX-Bad: \x00")]:
            with socket.create_connection(("127.0.0.1", server.port), timeout=30) as connection:
                connection.sendall(b"GET " + path.encode() + b" HTTP/1.1\r\nHost: 127.0.0.1:%d\r\n" % server.port + header + b"\r\n\r\n")
                answer, deadline = b"", Deadline(30, f"the end of the answer to a NUL in a header of {path}")
                while True:
                    connection.settimeout(deadline.left())
                    try:
                        chunk = connection.recv(4096)
                    except TimeoutError:
                        deadline.fail(f"it answered {answer[:300]!r} and held the connection open")
                    if not chunk:
                        break
                    answer += chunk
                assert answer.startswith(b"HTTP/1.1 400"), (path, answer)
        assert server.status()["clients"] == 0
