"""Hostile input for the live server, shared by the tests (Tests/python) and the benchmarks (bench/): fuzzed
WebSocket messages and OSC packets from seeded generators, a client that stops reading, and a probe that
times a console's round trips."""
import asyncio
import json
import random
import socket
import struct
import time

from websockets.asyncio.client import connect


def malformed_messages(count, seed=7):
    """`count` messages the server must refuse: broken JSON, wrong types, values out of range, unknown
    intents, deep nesting, binary frames, junk text — never a valid intent."""
    rng = random.Random(seed)
    makers = [
        lambda: "".join(chr(rng.randrange(32, 127)) for _ in range(rng.randrange(0, 200))),
        lambda: bytes(rng.randrange(256) for _ in range(rng.randrange(1, 300))),  # a binary message
        lambda: "[" * rng.randrange(33, 20_000) + "]" * rng.randrange(0, 50),
        lambda: '{"a":' * rng.randrange(33, 5_000) + "1" + "}" * rng.randrange(0, 40),
        lambda: json.dumps({"type": "padDown", "pad": rng.choice([-1, 8, 99, 2**40, "2", None]), "velocity": 0.5}),
        lambda: json.dumps({"type": "padDown", "pad": 1, "velocity": rng.choice([-0.1, 1.5, 1e300, "loud", []])}),
        lambda: json.dumps({"type": rng.choice(["explode", "", "PADDOWN", "padDown ", None, 3])}),
        lambda: json.dumps({"type": "tempo", "bpm": rng.choice([0, -5, 1e9, "fast"])}),
        lambda: json.dumps({"type": "recallChord", "chord": rng.choice([8, -1, 3.5, "one"])}),
        lambda: json.dumps({"type": "stroke", "points": [{"x": 0.5}] * rng.randrange(1, 5), "velocity": 1}),
        lambda: json.dumps({"type": "fade", "seconds": rng.choice([-1, 601, "slow"])}),
        lambda: json.dumps({"type": "loadChordset", "chordset": {"title": "x" * rng.randrange(0, 100)}}),
        lambda: json.dumps({"type": "record", "on": rng.choice(["yes", 1, None])}),
        lambda: '{"type":"padDown","pad":1,"velocity":1e999}',
        lambda: '{"type":"padDown","pad":1,"velocity":0.5' + rng.choice(["", ",", "}}", ']']),
        lambda: '\ud800'.encode("utf-8", "surrogatepass").decode("utf-8", "replace") * rng.randrange(1, 50),
        lambda: json.dumps([{"type": "padDown", "pad": 1, "velocity": 1}]),
        lambda: "null",
        lambda: "",
    ]
    return [rng.choice(makers)() for _ in range(count)]


async def round_trips(port, count, value_base):
    """Round-trip times (s) of `count` hue changes by a client of its own, each awaited before the next
    (the values are `value_base` and a thousandth more each)."""
    times = []
    async with connect(f"ws://127.0.0.1:{port}/live", max_size=1 << 24) as probe:
        await probe.recv()  # the snapshot
        for index in range(count):
            value = round(value_base + index * 0.001, 3)
            started = time.perf_counter()
            await probe.send(json.dumps({"type": "ribbonCenter", "ribbon": "hue", "value": value}))
            while True:
                message = json.loads(await probe.recv())
                if message["type"] == "changed" and abs(message["colors"]["hue"]["center"] - value) < 1e-9:
                    break
            times.append(time.perf_counter() - started)
            await asyncio.sleep(0.01)  # a console's pace, not a wait for anything
    return times


def random_osc_packets(count, seed=11):
    """`count` OSC packets the server must refuse or ignore: junk, bad types, unpadded strings, broken bundles."""
    rng = random.Random(seed)

    def padded(text):
        data = text.encode() + b"\0"
        return data + b"\0" * (-len(data) % 4)

    makers = [
        lambda: bytes(rng.randrange(256) for _ in range(rng.randrange(0, 64))),
        lambda: padded("/imager/pad/1") + padded(",b") + struct.pack(">i", rng.choice([-1, -2**31, 2**31 - 1, 1 << 20])),
        lambda: b"/imager/hue/center" + padded(",f") + struct.pack(">f", 0.5),  # unpadded address
        lambda: padded("#bundle") + struct.pack(">Q", 1) + struct.pack(">i", rng.choice([-8, 10_000, 3])) + b"\0" * 8,
        lambda: (padded("#bundle") + struct.pack(">Q", 1) + struct.pack(">i", 20)) * rng.randrange(2, 40),
        lambda: padded("/imager/pad/" + str(rng.choice([0, 9, 100]))) + padded(",f") + struct.pack(">f", 1.0),
        lambda: padded("/imager/tempo") + padded(",s") + padded("fast"),
        lambda: padded("/imager/hue/center") + padded(",f"),  # argument missing
    ]
    return [rng.choice(makers)() for _ in range(count)]


def stalled_client(port):
    """A WebSocket canvas that completes the upgrade and then never reads again."""
    client = socket.socket()
    client.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    client.connect(("127.0.0.1", port))
    client.sendall((f"GET /live?frames=1 HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\n"
                    "Connection: Upgrade\r\nSec-WebSocket-Key: c3RhbGxlZC1jbGllbnQhIQ==\r\n"
                    "Sec-WebSocket-Version: 13\r\n\r\n").encode())
    head = b""
    while b"\r\n\r\n" not in head:
        head += client.recv(1)
    assert head.startswith(b"HTTP/1.1 101")
    return client


def flood_osc(port, count):
    """Sends `count` of `random_osc_packets` to 127.0.0.1:`port`, pausing briefly every 2,000 so that the
    server's receive buffer drains and the packets are read rather than dropped by the kernel."""
    sender = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    for index, packet in enumerate(random_osc_packets(count)):
        sender.sendto(packet, ("127.0.0.1", port))
        if index % 2000 == 0:
            time.sleep(0.005)
    sender.close()


async def fuzz(port, count, marker_hue):
    """Sends `count` of `malformed_messages` from a client of its own, then a hue change to `marker_hue`, reading
    all the while; returns how many replies of each type came back, once the marker's change has (every
    malformed message was answered before it)."""
    replies = {"error": 0, "changed": 0}
    async with connect(f"ws://127.0.0.1:{port}/live", max_size=1 << 24) as fuzzer:
        await fuzzer.recv()

        async def read():
            async for message in fuzzer:
                reply = json.loads(message)
                replies[reply["type"]] = replies.get(reply["type"], 0) + 1
                if reply["type"] == "changed" and reply["colors"]["hue"]["center"] == marker_hue:
                    return

        reader = asyncio.create_task(read())
        for message in malformed_messages(count):
            await fuzzer.send(message)
        await fuzzer.send(json.dumps({"type": "ribbonCenter", "ribbon": "hue", "value": marker_hue}))
        await asyncio.wait_for(reader, timeout=60)
    return replies
