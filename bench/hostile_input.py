"""Hostile input for the live server, shared by the tests (Tests/python) and the benchmarks (bench/): fuzzed
WebSocket messages and OSC packets from seeded generators, hostile names (bench/hostile_names.py, and what the
server must make of each), hostile bodies for the library's doors (fixtures, outputs, light and tempo from sound)
— for the rules the console mirrors, the one generator of their cases, kept and refused, that both sides are
given —, a client that stops reading, and a probe that times a console's round trips."""
import asyncio
import json
import math
import pathlib
import random
import re
import socket
import struct
import time

from websockets.asyncio.client import connect

# The names' generators live in hostile_names.py and are shared from here too.
from hostile_names import SPACES, expected_name, free_title, graphemes, hostile_name, hostile_names

__all__ = [
    "SPACES", "expected_name", "free_title", "graphemes", "hostile_name", "hostile_names", "malformed_messages",
    "round_trips", "random_osc_packets", "stalled_client", "flood_osc", "fuzz", "hostile_polyphonies",
    "hostile_chord_polyphonies", "hostile_follows", "fixture_patch_cases", "hostile_fixture_patches", "output_cases",
    "hostile_outputs", "hostile_sound_edits", "light_from_sound_cases", "output_sample", "json_value", "sample_text", "SAMPLE",
]


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


async def round_trips(port, count, value_base, within=60):
    """Round-trip times (s) of `count` hue changes by a client of its own, each awaited before the next
    (the values are `value_base` and a thousandth more each); an AssertionError when one's change has not come
    back within `within` seconds (others may keep coming meanwhile)."""
    times = []
    async with connect(f"ws://127.0.0.1:{port}/live", max_size=1 << 24) as probe:
        await asyncio.wait_for(probe.recv(), within)  # the snapshot
        for index in range(count):
            value = round(value_base + index * 0.001, 3)
            started = time.perf_counter()
            await probe.send(json.dumps({"type": "ribbonCenter", "ribbon": "hue", "value": value}))
            seen = []

            async def answered():
                while True:
                    message = json.loads(await probe.recv())
                    hue = message.get("colors", {}).get("hue", {}).get("center")  # other changes (a stage played) say no colours
                    if message["type"] == "changed" and hue is not None and abs(hue - value) < 1e-9:
                        return
                    seen.append(message.get("type"))
            try:
                await asyncio.wait_for(answered(), within)
            except asyncio.TimeoutError:
                raise AssertionError(f"the hue change to {value} did not come back within {within} s; "
                                     f"{len(seen)} other messages came, the last {seen[-5:]}") from None
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


def stalled_client(port, within=30):
    """A WebSocket canvas that completes the upgrade (within `within` seconds in all, else an AssertionError with
    what the server answered) and then never reads again."""
    client = socket.socket()
    client.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    client.settimeout(within)
    client.connect(("127.0.0.1", port))
    client.sendall((f"GET /live?frames=1 HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\n"
                    "Connection: Upgrade\r\nSec-WebSocket-Key: c3RhbGxlZC1jbGllbnQhIQ==\r\n"
                    "Sec-WebSocket-Version: 13\r\n\r\n").encode())
    head, deadline = b"", time.monotonic() + within
    while b"\r\n\r\n" not in head:
        client.settimeout(max(0.001, deadline - time.monotonic()))
        try:
            byte = client.recv(1)
        except TimeoutError:
            byte = b""
        if not byte:  # the time is up, or the server closed
            raise AssertionError(f"the server did not complete the upgrade within {within} s: {head!r}")
        head += byte
    client.settimeout(None)
    assert head.startswith(b"HTTP/1.1 101"), head
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
        await asyncio.wait_for(fuzzer.recv(), 60)  # the snapshot

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


def hostile_polyphonies(count, seed=38):
    """`count` polyphony messages for /live that must all be refused: counts out of 1…4096, not whole numbers,
    not numbers, missing, NaN and infinities written as numbers. Each is a JSON text."""
    rng = random.Random(seed)
    values = [lambda: 0, lambda: -rng.randrange(1, 2**40), lambda: rng.randrange(4097, 2**62), lambda: rng.uniform(1.01, 4095.9),
              lambda: str(rng.randrange(1, 4097)), lambda: None, lambda: [], lambda: {}, lambda: True, lambda: "NaN",
              lambda: "Infinity", lambda: 1e300, lambda: 2**64]
    messages = []
    for _ in range(count):
        message = {"type": "polyphony", "count": rng.choice(values)()}
        if rng.random() < 0.1:
            del message["count"]
        messages.append(json.dumps(message).replace('"NaN"', "NaN").replace('"Infinity"', "Infinity"))
    return messages


def hostile_chord_polyphonies(count, seed=16):
    """`count` chordPolyphony messages for /live that must all be refused: a chord that is not 0…7 (with a good
    count), or a count out of 1…16, not a whole number, not a number, NaN or an infinity written as a number (for
    a good chord). A missing or null count is not here: it clears the chord's own polyphony. Each is a JSON text."""
    rng = random.Random(seed)
    chords = [lambda: 8, lambda: -1, lambda: rng.randrange(9, 2**62), lambda: 2.5, lambda: "1", lambda: None, lambda: [],
              lambda: "NaN"]
    counts = [lambda: 0, lambda: 17, lambda: -rng.randrange(1, 2**40), lambda: rng.randrange(17, 2**62), lambda: rng.uniform(1.01, 15.9),
              lambda: str(rng.randrange(1, 17)), lambda: [], lambda: {}, lambda: True, lambda: "NaN", lambda: "Infinity", lambda: 1e300]
    messages = []
    for _ in range(count):
        if rng.random() < 0.3:
            message = {"type": "chordPolyphony", "chord": rng.choice(chords)(), "count": rng.randrange(1, 17)}
            if rng.random() < 0.2:
                del message["chord"]
        else:
            message = {"type": "chordPolyphony", "chord": rng.randrange(0, 8), "count": rng.choice(counts)()}
        messages.append(json.dumps(message).replace('"NaN"', "NaN").replace('"Infinity"', "Infinity"))
    return messages


def hostile_follows(count, seed=34):
    """`count` messages that set what a feature's oscillator or the pulse follows, with every attack, release,
    amount and source a careless or hostile client might send: valid ones of every shape, values out of range,
    NaN and infinities written as numbers, wrong types. Each is a JSON text for /live."""
    rng = random.Random(seed)
    sources = ["level", "low", "lowMid", "highMid", "high", "onset", "", "bass", None, 3]
    numbers = [lambda: rng.uniform(0, 10), lambda: rng.uniform(0, 60), lambda: rng.uniform(-1, 1), lambda: rng.random() * 1e-9,
               lambda: -rng.random(), lambda: 1e308, lambda: rng.choice(["NaN", "Infinity", "0.2", None, [], {}])]
    messages = []
    for index in range(count):
        follow = {"source": rng.choice(sources), "amount": rng.choice(numbers)(), "attack": rng.choice(numbers)(),
                  "release": rng.choice(numbers)()}
        if rng.random() < 0.8:
            follow = {"source": rng.choice(sources[:6]), "amount": rng.uniform(-1, 1), "attack": rng.uniform(0, 10),
                      "release": rng.uniform(0, 60)}
        oscillator = {"waveform": {"kind": "sine"}, "rate": {"hertz": 0}, "phase": 0, "depth": 0, "offset": 0, "follow": follow}
        if index % 2:
            message = {"type": "feature", "feature": rng.choice(["size", "hue", "opacity", "rotation"]),
                       "setting": {"base": 0.2, "oscillator": oscillator}}
        else:
            message = {"type": "pulse", "pulse": {"waveform": {"kind": "triangle"}, "rate": {"beats": 8}, "purityLag": 0.25,
                                                  "depth": 0.5, "follow": follow}}
        messages.append(json.dumps(message).replace('"NaN"', "NaN").replace('"Infinity"', "Infinity"))
    return messages


# Names: the one text rule every name a person gives follows (issue 24; Sources/UserText) — chordset and
# chord titles, part, voice, composition and sound names, MIDI mapping strings. Unicode NFC; no control
# character (C0 with NUL, DEL, C1), lone surrogate, byte-order mark, line/paragraph separator or the
# noncharacters U+FFFE and U+FFFF (a byte order gone wrong) anywhere; trimmed of white space at both ends;
# not empty (a chord's title may be); at most `limit` characters (Swift Characters: extended grapheme
# clusters) and 16 UTF-8 bytes a character of the limit (3,200 for 200). hostile_names.py's `hostile_name` is the
# rule's generator (shared/text-rule.js is its twin in the console), and names the outputs and fixtures below.


# The twin rules' cases (issue 45): a rule the server holds and the console mirrors (Tests/fixtures/twin-rules)
# has one seeded generator here, whose cases go to the real server over HTTP and to the console's JavaScript
# alike (Tests/python/test_twin_rules_hostile.py) — kept ones at the edges of what the rule keeps, and hostile
# ones it must refuse. Each case says which it was built to be; the hostile_* functions give the refused alone.
# node --test reads a sample of them, written by `python bench/hostile_input.py` (`output_sample`).

def _json_text(value):
    """`value` as a JSON text, the strings "NaN" and "Infinity" written as JSON's extension (a number)."""
    return json.dumps(value).replace('"NaN"', "NaN").replace('"Infinity"', "Infinity")


def _kept_name(rng, limit):
    """A name the text rule keeps: an ordinary one, or a hostile one it keeps (composed, trimmed, at its limits)."""
    while True:
        name = rng.choice(["Wall", "Left", "Stage left", "Caf\u00e9", "Par 1"]) if rng.random() < 0.4 else hostile_name(rng, limit)
        if expected_name(name, limit=limit) not in (None, "Main"):
            return name


def _refused_name(rng, limit):
    """A name the text rule refuses."""
    while True:
        name = hostile_name(rng, limit)
        if expected_name(name, limit=limit) is None:
            return name


def fixture_patch_cases(count, seed=36, kept=0.3):
    """`count` bodies for `PUT /api/fixtures` (issue 36), each with whether it was built to be refused: (JSON
    text, refused). Each is a patch of up to two good fixtures (apart, each in a universe of its own from 30000)
    and one more, placed anywhere among them — kept (about `kept` of them): a name the text rule keeps, a
    universe and an address at their bounds or between, every kind, a point, an area or a strip at the stage's
    edges, a strip of 1 to 2,048 pixels, a gamma of 1 to 3 and a level of 0 to 1 or none (null, or left out); or
    hostile: a name the text rule refuses (or one the patch has already), a universe out of 1…63999, an address
    out of 1…512, a kind there is not, no place or two, a point off the stage or not finite, an area leaving it
    (by a rounding's worth too: the server takes none), a strip of 0 or thousands of pixels, a gamma out of
    1…3, a level out of 0…1; fixtures that overlap or run past channel 512 or universe 63999; values of the
    wrong type; and bodies that are not a patch at all. NaN and Infinity are written as JSON's extension."""
    cases = _PatchCases(random.Random(seed))
    return [cases.next(kept) for _ in range(count)]


class _PatchCases:
    """`fixture_patch_cases`' making, a case at a time, from one seeded generator."""
    channels = {"dimmer": 1, "rgb": 3, "rgbw": 4, "rgbd": 4, "rgbwd": 5}

    def __init__(self, rng):
        self.rng = rng

    @staticmethod
    def good(name="Par", universe=1, address=1):
        return {"name": name, "universe": universe, "address": address, "kind": "rgb", "point": {"x": 0.5, "y": 0.5}}

    def unit(self):
        return self.rng.choice([0, 1, 0.5, -0.0, self.rng.random()])

    @staticmethod
    def placed(fixture, **place):
        return {**{k: v for k, v in fixture.items() if k != "point"}, **place}

    @staticmethod
    def reach(start, share):
        """From `start`, to the stage's edge (never past it by a rounding) or short of it."""
        length = (1 - start) * share
        return length if start + length <= 1 else math.nextafter(length, 0)

    @staticmethod
    def just_past(start):
        """The least length that takes a fixture from `start` past the stage's edge."""
        length = 1 - start
        while start + length <= 1:
            length = math.nextafter(length, 2)
        return length

    def kept_fixture(self):
        rng, unit, channels = self.rng, self.unit, self.channels
        kind = rng.choice(list(channels))
        fixture = {"name": _kept_name(rng, 200), "universe": rng.choice([1, 63999, rng.randrange(1, 20_000)]),
                   "address": rng.choice([1, 513 - channels[kind], rng.randrange(1, 514 - channels[kind])]), "kind": kind,
                   "point": {"x": unit(), "y": unit()}}
        place = rng.random()
        if place < 0.3:
            x, y = rng.choice([0, 0.1, 0.7, 0.9, rng.random()]), rng.choice([0, 0.25, rng.random()])
            fixture = self.placed(fixture, area={"x": x, "y": y, "width": self.reach(x, rng.choice([1, 0.5])),
                                                 "height": self.reach(y, rng.choice([1, 1 / 3]))})
        elif place < 0.55:
            fixture = self.placed(fixture, strip={"from": {"x": unit(), "y": unit()}, "to": {"x": unit(), "y": unit()},
                                                  "pixels": rng.choice([1, 2048, rng.randrange(1, 2049)])})
            fixture["universe"] = rng.randrange(1, 20_000)  # room for its lights to run on
        for key, value in [("gamma", rng.choice([1, 3, 2.2, rng.uniform(1, 3), None])), ("level", rng.choice([0, 1, rng.random(), None]))]:
            if rng.random() < 0.5:
                fixture[key] = value
        return fixture

    def refused_fixture(self):
        rng, good, placed = self.rng, self.good, self.placed
        return rng.choice([
            lambda: {**good(), "name": _refused_name(rng, 200)},
            lambda: {**good(), "universe": rng.choice([0, -1, 64_000, 2**62, 1.5, "1", None])},
            lambda: {**good(), "address": rng.choice([0, 513, -5, 2**40, 2.5, "1", []])},
            lambda: {**good(), "kind": rng.choice(["laser", "RGB", "", 3, None])},
            lambda: {k: v for k, v in good().items() if k != "point"},
            lambda: {**good(), "area": {"x": 0, "y": 0, "width": 1, "height": 1}},
            lambda: {**good(), "point": {"x": rng.choice([-0.1, 1.5, "NaN", "Infinity", 1e300, -1e-7, 1.0000001]), "y": 0.5}},
            lambda: placed(good(), area=rng.choice([{"x": 0.5, "y": 0.5, "width": 0.6, "height": 0.1},
                                                    {"x": 0.9, "y": 0, "width": 0.10000000001, "height": 1},
                                                    {"x": 0.2, "y": 0.2, "width": 0, "height": 0.5},
                                                    {"x": 1.5, "y": 0, "width": 0.1, "height": 0.1}])),
            lambda: placed(good(), area=(lambda x: {"x": x, "y": 0, "width": self.just_past(x), "height": 1})(rng.choice([0.3, 0.7, 0.9, rng.random()]))),
            lambda: placed(good(), strip={"from": {"x": 0, "y": 0}, "to": {"x": 1, "y": 1}, "pixels": rng.choice([0, -1, 2049, 10**9])}),
            lambda: placed(good(), strip={"from": {"x": 0, "y": 0}, "to": {"x": rng.choice([1.5, -0.25]), "y": 1}, "pixels": 4}),
            lambda: {**good(), "gamma": rng.choice([0.5, 3.5, 0.999, 3.0001, 1e16, 0, "NaN", -1, "2"])},  # no -0.0: a console's JSON never holds one
            lambda: {**good(), "level": rng.choice([-0.1, 1.01, -1e-5, "Infinity", True])},
            lambda: {**good(), "address": rng.choice([511, 512])},
        ])()

    def bad_patch(self):
        good, placed = self.good, self.placed
        return self.rng.choice([
            lambda: [good("A"), good("B", address=3)],
            lambda: [good("A"), good("A", universe=2)],
            lambda: [good("A"), {**good("B"), "name": " A\u3000"}],
            lambda: [good("A", universe=63_999, address=1),
                     placed(good("S", universe=63_999, address=4), strip={"from": {"x": 0, "y": 0}, "to": {"x": 1, "y": 0}, "pixels": 400})],
        ])()

    def next(self, kept):
        """One case: (JSON text, refused)."""
        rng = self.rng
        roll = rng.random()
        others = [self.good(f"Ok {i}", universe=30_000 + i) for i in range(rng.randrange(0, 3))]
        if roll < kept:
            others.insert(rng.randrange(len(others) + 1), self.kept_fixture())
            return _json_text({"fixtures": others}), False
        roll = rng.random()
        if roll < 0.6:
            others.insert(rng.randrange(len(others) + 1), self.refused_fixture())
            body = {"fixtures": others}
        elif roll < 0.85:
            body = {"fixtures": self.bad_patch()}
        else:
            body = rng.choice([{}, {"fixtures": None}, {"fixtures": {}}, {"fixtures": "Par"}, [], {"fixture": [self.good()]},
                               {"fixtures": [[self.good()]]}])
        return _json_text(body), True


def hostile_fixture_patches(count, seed=36):
    """`count` bodies for `PUT /api/fixtures` that must all be refused whole (issue 36): the refused cases of
    `fixture_patch_cases`, as JSON texts."""
    return [body for body, _ in fixture_patch_cases(count, seed, kept=0)]


def output_cases(count, seed=35, kept=0.3):
    """`count` cases for `PUT /api/outputs/{name}` (issue 35), each with whether it was built to be refused:
    (name in the address, JSON body, refused). Kept (about `kept` of them): an output named by a name the text
    rule keeps (the address the name as kept), each of its fields at the edges of what the rule keeps or left
    out or null — a slice to the stage's edge (and past it by less than a rounding), corners in a convex
    quadrilateral either way round, a grid of 2 to 17 a side (its corners its outline, or left out), blend
    widths to 0.5 and a gamma of 1 to 3, a mask of 3 to 64 points, a brightness of 0 to 1, a test pattern;
    unknown fields; and Main with only its brightness and test pattern. Hostile: a name the text rule refuses,
    or one the body and the address disagree on; a slice off the stage (by more than a rounding) or empty;
    corners that are no convex quadrilateral (a bow tie, a dent, three on a line), too few or too many, or off
    the window; a grid of too few or too many sides or points, or whose corners are not its outline; blend
    widths past 0.5 or a gamma out of 1…3; a mask of too few or too many points or off the window; a
    brightness out of 0…1; a test pattern there is not; Main mapped; values of the wrong type, NaN and
    Infinity; and bodies that are not an output at all."""
    cases = _OutputCases(random.Random(seed))
    return [cases.next(kept) for _ in range(count)]


class _OutputCases:
    """`output_cases`' making, a case at a time, from one seeded generator."""
    sides = ["left", "right", "top", "bottom"]

    def __init__(self, rng):
        self.rng = rng
        rng, unit, sides = self.rng, self.unit, self.sides
        self.kept_fields = [
            self.kept_slice,
            self.kept_corners,
            self.kept_grid,
            lambda: {"blend": {**{side: rng.choice([0, 0.5, rng.uniform(0, 0.5)]) for side in rng.sample(sides, rng.randrange(0, 5))},
                               **({"gamma": rng.choice([1, 3, 2.2, rng.uniform(1, 3)])} if rng.random() < 0.5 else {})}},
            lambda: {"mask": [[unit(), unit()] for _ in range(rng.choice([3, 64, rng.randrange(3, 65)]))]},
            lambda: {"brightness": rng.choice([0, 1, rng.random()])},
            lambda: {"testPattern": rng.choice([None, "grid", "white"])},
            lambda: {rng.choice(["slice", "corners", "grid", "blend", "mask", "brightness", "testPattern"]): None},
            lambda: {"colour": "red", "z": [1, {"y": None}]},
        ]
        self.breaks = self._breaks()

    def number(self):
        """Never null: a field left null keeps its default, as one left out does."""
        return self.rng.choice([-0.1, 1.5, "NaN", "Infinity", 1e300, "0.5", True, [], {}])

    def unit(self):
        return self.rng.choice([0, 1, 0.5, self.rng.random(), self.rng.random()])

    def inward(self, corner, by=0.2):
        return [abs(c - self.rng.uniform(0, by)) for c in corner]

    def convex_corners(self):
        corners = [self.inward(c) for c in [[0, 0], [1, 0], [1, 1], [0, 1]]]
        return [corners[1], corners[0], corners[3], corners[2]] if self.rng.random() < 0.3 else corners  # mirrored

    def stage_edge(self):
        """(start, length): to the stage's edge, short of it, or past it by less than a rounding."""
        rng = self.rng
        start = rng.choice([0, 0.1, 0.25, 0.6, 0.7, rng.uniform(0, 0.9)])
        length = rng.choice([1 - start, rng.uniform(0.01, 1 - start), 1 - start + (1e-10 if start >= 0.1 else 0)])
        return start, length

    def kept_grid(self):
        rng = self.rng
        columns, rows = rng.choice([2, 3, 17, rng.randrange(2, 18)]), rng.choice([2, 3, rng.randrange(2, 18)])
        outer = {0: [0, 0], columns - 1: [1, 0], columns * rows - 1: [1, 1], (rows - 1) * columns: [0, 1]}
        points = []
        for row in range(rows):
            for column in range(columns):
                index = row * columns + column
                if index in outer:
                    points.append(self.inward(outer[index]))
                else:
                    jitter = lambda at, cells: min(1, max(0, at / (cells - 1) + rng.uniform(-0.3, 0.3) / (cells - 1)))  # noqa: E731
                    points.append([jitter(column, columns), jitter(row, rows)])
        grid = {"columns": columns, "rows": rows, "points": points}
        if rng.random() < 0.5:
            return {"grid": grid}
        outline = [points[0], points[columns - 1], points[columns * rows - 1], points[(rows - 1) * columns]]
        return {"grid": grid, "corners": [[x + (1e-10 if x < 0.5 else -1e-10), y] for x, y in outline]}

    def kept_slice(self):
        (x, width), (y, height) = self.stage_edge(), self.stage_edge()
        return {"slice": {"x": x, "y": y, "width": width, "height": height}}

    def kept_corners(self):
        return {"corners": self.convex_corners()}

    def kept_output(self):
        rng = self.rng
        if rng.random() < 0.1:
            body = {"name": "Main", "brightness": rng.choice([0, 1, rng.random()]), "testPattern": rng.choice([None, "grid", "white"])}
            if rng.random() < 0.5:
                body.update(slice={"x": 0, "y": 0, "width": 1, "height": 1}, corners=[[0, 0], [1, 0], [1, 1], [0, 1]], blend={"left": 0})
            return "Main", body
        name = _kept_name(rng, 64)
        body = {"name": name}
        fields = rng.sample(self.kept_fields, rng.randrange(0, 5))
        corners, grid = self.kept_fields[1], self.kept_fields[2]
        for field in fields:
            if not (field is corners and grid in fields):  # with a grid, the corners are its outline
                body.update(field())
        return expected_name(name, limit=64), body

    @staticmethod
    def good():
        return {"name": "Wall", "slice": {"x": 0, "y": 0, "width": 0.6, "height": 1}, "corners": [[0.1, 0.1], [0.9, 0.05], [0.95, 0.9], [0.05, 0.95]],
                "blend": {"left": 0, "right": 0.3, "top": 0, "bottom": 0, "gamma": 2.2}, "brightness": 1}

    def _breaks(self):
        """What breaks a good output: a field each, as the rule refuses it."""
        rng, number, sides = self.rng, self.number, self.sides
        return [
            lambda: {"slice": {"x": 0.6, "y": 0, "width": rng.choice([0.5, 0.4 + 1e-8]), "height": 1}},
            lambda: {"slice": {"x": number(), "y": 0, "width": 1, "height": 1}},
            lambda: {"slice": {"x": 0, "y": 0, "width": rng.choice([0, -0.0]), "height": 1}},
            lambda: {"slice": rng.choice([[0, 0, 1, 1], "whole"])},
            lambda: {"corners": rng.choice([[[0, 0], [1, 1], [1, 0], [0, 1]], [[0, 0], [1, 0], [0.2, 0.2], [0, 1]], [[0, 0], [0, 0], [1, 1], [0, 1]]])},
            lambda: {"corners": [[0, 0], [0.5, 0], [1, 0], [0, 1]]},
            lambda: {"corners": rng.choice([[], [[0, 0], [1, 0], [1, 1]], [[0, 0], [1, 0], [1, 1], [0, 1], [0.5, 0.5]], "square"])},
            lambda: {"corners": [[0, 0], [1, 0], [1, 1], [0, rng.choice([number(), 1.0000001, -1e-9])]]},
            lambda: {"grid": {"columns": rng.choice([1, 18, 0, -3]), "rows": 2, "points": [[0, 0]] * 4}},
            lambda: {"grid": {"columns": 2, "rows": 18, "points": [[0.5, 0.5]] * 36}},
            lambda: {"grid": {"columns": 2, "rows": 2, "points": [[0, 0], [1, 0], [0, 1]]}},
            lambda: {"grid": {"columns": 2, "rows": 2, "points": [[0, 0], [1, 0], [0, 1], [1, number()]]}},
            lambda: {"grid": rng.choice([{}, "fine", {"columns": 2.5, "rows": 2, "points": []}])},
            lambda: {"grid": {"columns": 2, "rows": 2, "points": [[0.1, 0.1], [0.9, 0.1], [0.1, 0.9], [0.9, 0.9]]},
                     "corners": [[0, 0], [1, 0], [1, 1], [0, 1]]},
            lambda: {"blend": {rng.choice(sides): rng.choice([0.6, -0.1, 0.5000001, "NaN", "wide", []])}},
            lambda: {"blend": {"gamma": rng.choice([0.5, 0.99, 3.01, 0, "Infinity", "2.2", {}])}},
            lambda: {"blend": rng.choice([[], "soft", 2])},
            lambda: {"mask": rng.choice([[], [[0, 0], [1, 1]], [[i / 65, 0.5] for i in range(65)], "all", 7])},
            lambda: {"mask": [[0, 0], [1, 1], [number(), 0.5]]},
            lambda: {"mask": [[0, 0], [1, 0], [rng.choice([2, -0.5]), 1]]},
            lambda: {"brightness": rng.choice([number(), -0.01, 1.01])},
            lambda: {"testPattern": rng.choice(["plaid", "", 1, "GRID", "black", True, {}])},
        ]

    def next(self, kept):
        """One case: (name in the address, JSON body, refused)."""
        rng, good = self.rng, self.good
        if rng.random() < kept:
            name, body = self.kept_output()
            return name, _json_text(body), False
        roll = rng.random()
        if roll < 0.6:
            name, body = "Wall", {**(good() if rng.random() < 0.5 else {"name": "Wall"}), **rng.choice(self.breaks)()}
        elif roll < 0.72:
            name = _refused_name(rng, 64)
            name, body = name, {"name": name}
        elif roll < 0.76:
            name, body = "Wall", {**good(), "name": rng.choice([None, 7, "", "   ", "A\x00B", "\ud800", "x" * 65, ["Wall"]])}
        elif roll < 0.82:
            name, body = "Wall", {"name": rng.choice(["Door", "Main", "wall"])}
        elif roll < 0.9:
            name, body = "Main", {"name": "Main", **rng.choice([{"slice": {"x": 0, "y": 0, "width": 0.5, "height": 1}},
                                                                {"corners": [[0.1, 0], [1, 0], [1, 1], [0, 1]]},
                                                                {"mask": [[0, 0], [1, 0], [0, 1]]}, {"blend": {"left": 0.1}},
                                                                {"grid": {"columns": 2, "rows": 2, "points": [[0, 0], [1, 0], [0, 1], [1, 1]]}}])}
        else:
            name, body = "Wall", rng.choice([{}, [], "Wall", None, 3, True, {"name": None}, {"name": 3}, {"name": ["Wall"]}, [good()]])
        return name, _json_text(body), True


def hostile_outputs(count, seed=35):
    """`count` (name in the address, JSON body) pairs for `PUT /api/outputs/{name}` that must all be refused
    whole (issue 35): the refused cases of `output_cases`."""
    return [(name, body) for name, body, _ in output_cases(count, seed, kept=0)]


def hostile_sound_edits(count, part, sound, light, unlit, seed=37):
    """`count` edits for `POST /api/music/edits` that must all be refused (issue 37): `lightFromSound` and
    `tempoFromSound` on a library where `part` is an atomic part, `sound` a voice playing sound there, `light` a
    light voice and `unlit` a silent one — each body valid but for one or two faults: a part or voice that is no
    id, none there, or the wrong kind (a light heard as the sound, a sound or a silent voice lit); a follow there
    is not (or a hostile name); a sensitivity out of 0…1, NaN or not a number; lights that are no list, too
    many, or one named twice; new lights on no chordset; an align that is no boolean; and bodies that are no
    edit at all."""
    rng = random.Random(seed)

    def number():
        return rng.choice([-1, 0, 2**63, 1e300, "7", True, [], {}, 3.5])

    def light_body(**faults):
        body = {"type": "lightFromSound", "part": part, "sound": sound, "lights": [{"voice": light, "follow": "beats"}]}
        body.update(faults)
        return body

    breaks = [
        lambda: light_body(part=number()),
        lambda: light_body(part=part + 100_000),
        lambda: light_body(sound=rng.choice([number(), light, unlit, sound + 100_000])),
        lambda: light_body(lights=[{"voice": rng.choice([number(), sound, unlit]), "follow": "onsets"}]),
        lambda: light_body(lights=[{"voice": light, "follow": rng.choice(["Beats", "", "sideways", 3, None, hostile_name(rng)])}]),
        lambda: light_body(lights=[{"voice": light, "follow": "low", "sensitivity": rng.choice([-0.1, 1.0001, "NaN", "0.5", 1e300])}]),
        lambda: light_body(sensitivity=rng.choice([-0.5, 2, "Infinity", "half"])),
        lambda: light_body(lights=rng.choice([{}, "beats", 7, [{"voice": light, "follow": "beats"}] * 2])),
        lambda: light_body(lights=[{"voice": light, "follow": "beats"}] * 65),
        lambda: light_body(lights=[], newLights=rng.choice([{"chordset": ""}, {"chordset": 3}, {"chordset": "x" * 65}, {}, "new"])),
        lambda: light_body(lights=[]),
        lambda: {"type": "tempoFromSound", "part": rng.choice([number(), part + 100_000]), "sound": sound},
        lambda: {"type": "tempoFromSound", "part": part, "sound": rng.choice([light, unlit, number()])},
        lambda: {"type": "tempoFromSound", "part": part, "sound": sound, "align": rng.choice(["yes", 1, [], {}])},
        lambda: rng.choice([{"type": "lightFromSound"}, {"type": "tempoFromSound"}, {"type": "lightfromsound", "part": part}]),
    ]
    bodies = [rng.choice(breaks)() for _ in range(count)]
    return [json.dumps(body).replace('"NaN"', "NaN").replace('"Infinity"', "Infinity") for body in bodies]


def light_from_sound_cases(count, seed=44):
    """The kept-cue rule's cases (light from sound: Sources/Composition/HeardSound.swift's cues and
    LightFromSound.events, and the lab's cueEvents): a seeded drum piece to be heard (bench/listening_signals.py's
    `drum_piece`: kicks, snares and hats at drawn velocities, so every follow has cues of many strengths), the
    parts it is heard in — its own tempo, 20 and 400 beats a minute and one drawn, each ending before the piece or
    after it —, and `count` lights, each (part, follow, sensitivity): a sensitivity of 0 or 1, a step of the
    lab's slider, one drawn, or ("threshold", rank, nudge) — 1 − √strength of the follow's rank-th strongest cue
    (known once the piece is heard), moved by `nudge`: where the rounding of doubles decides what is kept."""
    rng = random.Random(seed)
    bpm = rng.choice([84, 100, 123, 140, 174, rng.randrange(70, 181)])
    piece = {"style": rng.choice(["hip-hop", "rock", "house", "breakbeat", "drum & bass"]), "bpm": bpm, "seconds": 6,
             "seed": rng.randrange(2**31)}
    parts = []
    for tempo in [bpm, 20, 400, round(rng.uniform(20, 400), 3)]:
        beat = 60 / tempo
        parts.append({"tempo": tempo, "beats": max(1, round(rng.choice([4, 20]) / beat))})  # about 4 s (cut short) or 20 s
    follows = ["onsets", "beats", "bars", "low", "lowMid", "highMid", "high"]
    lights = []
    for _ in range(count):
        sensitivity = rng.choice([0, 1, 0.5, round(rng.randrange(21) * 0.05, 2), rng.random(), None, None])
        if sensitivity is None:
            sensitivity = ("threshold", rng.randrange(8), rng.choice([0, 0, 1e-13, -1e-13, 1e-11, -1e-11]))
        lights.append((rng.randrange(len(parts)), rng.choice(follows), sensitivity))
    return {"piece": piece, "parts": parts, "lights": lights}


SAMPLE = pathlib.Path(__file__).resolve().parents[1] / "Tests" / "fixtures" / "hostile" / "outputs.json"


def json_value(text):
    """The JSON text `text` as a value JavaScript's JSON can read: a number JSON cannot hold (NaN, ±Infinity) as
    {"$number": "NaN"} (Tests/web/hostile-sample.mjs reads it back)."""
    def plain(value):
        if isinstance(value, float) and not math.isfinite(value):
            return {"$number": "NaN" if math.isnan(value) else ("Infinity" if value > 0 else "-Infinity")}
        if isinstance(value, list):
            return [plain(item) for item in value]
        if isinstance(value, dict):
            return {key: plain(item) for key, item in value.items()}
        return value
    return plain(json.loads(text))


def output_sample(count=150, names=60):
    """The outputs' cases node --test reads (Tests/fixtures/hostile/outputs.json): `output_cases(count)` — the
    address (left out when it is the body's name), the body (as `json_value` writes it) and whether it was built
    to be refused — and
    `hostile_names(names, limit=64)` with what the text rule keeps of each (null: refused)."""
    return {
        "generator": f"bench/hostile_input.py: output_cases({count}), hostile_names({names}, limit=64); "
                     "written by `python bench/hostile_input.py`, held to the generator by Tests/python/test_twin_rules_hostile.py",
        "outputs": [{**({} if isinstance(value, dict) and value.get("name") == name else {"address": name}), "body": value, "refused": refused}
                    for name, value, refused in ((name, json_value(body), refused) for name, body, refused in output_cases(count))],
        "names": [{"text": text, "kept": expected_name(text, limit=64)} for text in hostile_names(names, limit=64)],
    }


def sample_text(sample):
    """`sample` as the file holds it: UTF-8 JSON, an item a line, a lone surrogate escaped (the one thing UTF-8
    cannot hold)."""
    def line(value):
        return re.sub("[\\ud800-\\udfff]", lambda match: f"\\u{ord(match.group()):04x}", json.dumps(value, ensure_ascii=False))
    parts = [f' "{key}": ' + ("[\n" + ",\n".join("  " + line(item) for item in value) + "\n ]" if isinstance(value, list) else line(value))
             for key, value in sample.items()]
    return "{\n" + ",\n".join(parts) + "\n}\n"


def hostile_profile_patches(count, seed=46):
    """`count` bodies for `PUT /api/fixtures` naming fixture profiles (issue 46), every one to be refused: a
    profile or a mode there is not, a manufacturer or model of the wrong type or missing, a fixture with both a
    kind and a profile, holds of a channel the mode has not or out of 0…255 (or not a number), a mode that runs
    past channel 512 or overlaps another fixture, a profile's channels sent of the wrong type — and, about two in
    five, a moving head whose aim has one thing wrong, or an aim on a fixture that is no moving head
    (`_hostile_aim_patch`). Each is (JSON text, what the refusal must mention; "body": a refusal of the JSON's
    shape, whatever its words)."""
    rng = random.Random(seed)
    slim = {"manufacturer": "Chauvet", "model": "SlimPAR 56", "mode": "7-Ch"}

    def without(mapping, key):
        return {k: v for k, v in mapping.items() if k != key}

    def fixture(**changes):
        base = {"name": "Par", "universe": 1, "address": 1, "profile": dict(slim), "point": {"x": 0.5, "y": 0.5}}
        base.update(changes)
        return base

    makers = [
        lambda: (fixture(profile={**slim, "model": rng.choice(["SlimPAR 57", "", "x" * 300, "Slim PAR 56"])}), "profile"),
        lambda: (fixture(profile={**slim, "mode": rng.choice(["8-Ch", "", "7-CH ", "\u0000"])}), "mode"),
        lambda: (fixture(profile={**slim, "manufacturer": rng.choice(["Chauvet DJ", "Chauve"])}), "profile"),
        lambda: (fixture(profile=without(slim, rng.choice(list(slim)))), "body"),
        lambda: (fixture(profile={**slim, "model": rng.choice([56, None, [], {}])}), "body"),
        lambda: (fixture(kind="rgb"), "kind or a profile"),
        lambda: (fixture(hold={rng.choice(["Shutter", "Dimmer 2", ""]): 0}), "no channel"),
        lambda: (fixture(hold={"Mode": rng.choice([-1, 256, 1000, -300])}), "0 to 255"),
        lambda: (fixture(hold={"Mode": rng.choice(["0", 1.5, None, True])}), "body"),
        lambda: (fixture(address=rng.randrange(507, 513)), "runs past channel 512"),
        lambda: ([fixture(), fixture(name="Par 2", address=rng.randrange(1, 8))], "overlaps"),
        lambda: (fixture(profile={**slim, "channels": rng.choice([5, "x", [1, 2], [{"name": 3}]])}), "body"),
        lambda: (fixture(profile=rng.choice(["Chauvet SlimPAR 56", 7, None, []])), "body"),
        lambda: (fixture(hold=rng.choice([[1], "Mode", 5])), "body"),
    ]
    cases = []
    for _ in range(count):
        made, said = _hostile_aim_patch(rng) if rng.random() < 0.4 else rng.choice(makers)()
        fixtures = made if isinstance(made, list) else [made]
        cases.append((json.dumps({"fixtures": fixtures}), said))  # a float NaN or infinity is written bare (not JSON)
    return cases


# Moving heads the server keeps with an aim (Tests/python/test_fixture_profiles.py, DMXOfflineAsLiveTests.swift):
# the profile, its holds, its channels, its pan and tilt travel (degrees) and four corners within them that make
# a quadrilateral.
_MOVING_HEADS = [
    ({"manufacturer": "American DJ", "model": "XS 400", "mode": "18 Channel"}, {"Strobing": 140}, 18, 540, 999,
     [[100, 50], [200, 50], [200, 150], [100, 150]]),
    ({"manufacturer": "GLP", "model": "YPOC 700 CMY", "mode": "Mode 1"}, {}, 24, 530, 280,
     [[230, 100], [310, 95], [300, 160], [240, 170]]),
]


def _hostile_aim_patch(rng):
    """One patch for `hostile_profile_patches` — a moving head whose aim has exactly one thing wrong (after a par
    the server keeps, at times), or a fixture that is no moving head with an aim a head would keep — and what the
    refusal must mention: Sources/Fixtures/Aim/FixtureAim*.swift's and Fixture.swift's words, or "body" for JSON
    of the wrong shape. Never a patch the server keeps: nothing here is an unknown key beside a known one (keys
    it does not know are passed over), a null slew or aim (left out: the default, no aim), -0.0 or a whole
    number written with a fraction."""
    profile, hold, channels, pan_max, tilt_max, corners = rng.choice(_MOVING_HEADS)

    def on_stage():
        return round(rng.random(), 3)

    def corner():  # a corner within the head's travel, in whole degrees
        return [rng.randrange(0, pan_max + 1), rng.randrange(0, tilt_max + 1)]

    def in_a_line():
        """Four corners within the travel, three of them (any three) on one line, exactly: whole degrees a
        whole step apart."""
        step_x = rng.randrange(-60, 61)
        step_y = rng.randrange(-60, 61) if step_x else rng.choice([-1, 1]) * rng.randrange(1, 61)
        start = [rng.randrange(max(0, -2 * step_x), min(pan_max, pan_max - 2 * step_x) + 1),
                 rng.randrange(max(0, -2 * step_y), min(tilt_max, tilt_max - 2 * step_y) + 1)]
        line = [[start[0] + k * step_x, start[1] + k * step_y] for k in range(3)]
        rng.shuffle(line)
        calibration = [corner() for _ in range(4)]
        for index, point in zip(sorted(rng.sample(range(4), 3)), line):
            calibration[index] = point
        return calibration

    follows = [lambda: {"point": {"x": on_stage(), "y": on_stage()}},
               lambda: {"brightest": {"x": 0.1, "y": 0.2, "width": 0.5, "height": 0.6}},
               lambda: {"chord": rng.randrange(1, 9)}]
    aim = {"calibration": [list(c) for c in corners], "follow": rng.choice(follows)(), "slew": rng.choice([1, 90, 180, 3600])}
    not_numbers = ["100", "", None, [], {}, True, "NaN", "nan", "Infinity", "-Infinity", "1e999"]
    not_finite = [float("nan"), float("inf"), float("-inf")]
    outside = [-0.001, -1, 1.001, 2, 1e300, -1e300]

    def set_corner(value):
        aim["calibration"][rng.randrange(4)][rng.randrange(2)] = value

    def off_travel():
        index, axis = rng.randrange(4), rng.randrange(2)
        travel = (pan_max, tilt_max)[axis]
        aim["calibration"][index][axis] = rng.choice([-1, -0.001, travel + 0.001, travel + 1, 1e300, -1e300])

    def brightest_size():
        area = {"x": 0.2, "y": 0.3, "width": 0.4, "height": 0.4}
        area[rng.choice(["width", "height"])] = rng.choice([0, -0.1, -1, -1e300])
        return area

    def point_off_stage():
        point = {"x": on_stage(), "y": on_stage()}
        point[rng.choice(["x", "y"])] = rng.choice(outside)
        return point

    def change(what):  # what(aim) makes the one change
        return lambda: what(aim)

    faults = [
        # Calibration: the wrong count of corners, corners not of two numbers, numbers that are not, out of the
        # head's travel, three corners in a line, no calibration.
        (change(lambda a: a.update(calibration=[corner() for _ in range(rng.choice([0, 1, 2, 3, 5, 6, 8]))])), "the stage's four corners"),
        (change(lambda a: a["calibration"].__setitem__(rng.randrange(4), rng.choice([[], [100], [100, 50, 0]]))), "body"),
        (change(lambda a: set_corner(rng.choice(not_numbers))), "body"),
        (change(lambda a: set_corner(rng.choice(not_finite))), "body"),
        (change(lambda a: off_travel()), "a corner's pan is 0 to"),
        (change(lambda a: a.update(calibration=in_a_line())), "make no quadrilateral"),
        (change(lambda a: a.update(calibration=[corner()] * 4)), "make no quadrilateral"),
        (change(lambda a: a.update(calibration=rng.choice(["corners", 4, None, {"pan": 100, "tilt": 50}, [100, 50, 200, 50]]))), "body"),
        (change(lambda a: a.pop("calibration")), "body"),
        # Follow: keys it does not know (and none it does), two at once, not an object, a chord not 1…8 or not
        # whole, the brightest of an area of no size or off the stage, a point off the stage, no follow.
        (change(lambda a: a.update(follow=rng.choice([{}, {"lumi": 1}, {"Point": {"x": 0.5, "y": 0.5}}, {"chord ": 2},
                                                      {"brightestArea": {"x": 0, "y": 0, "width": 1, "height": 1}}]))), "body"),
        (change(lambda a: a.update(follow={**follows[0](), **rng.choice(follows[1:])()})), "body"),
        (change(lambda a: a.update(follow=rng.choice(["chord", 3, [1], None, True]))), "body"),
        (change(lambda a: a.update(follow={"chord": rng.choice([0, 9, -1, 100, 2**31, -2**40])})), "an aim follows chord 1 to 8"),
        (change(lambda a: a.update(follow={"chord": rng.choice([2.5, "1", None, True, [1], float("nan")])})), "body"),
        (change(lambda a: a.update(follow={"brightest": brightest_size()})), "has a width and a height above 0"),
        (change(lambda a: a.update(follow={"brightest": rng.choice([{"x": 0.6, "y": 0.2, "width": 0.5, "height": 0.2},
                                                                    {"x": 0.2, "y": 0.7, "width": 0.2, "height": 0.4}])})),
         "has a width and a height above 0"),
        (change(lambda a: a.update(follow={"brightest": {"x": rng.choice(outside), "y": 0.2, "width": 0.1, "height": 0.1}})),
         "is on the stage: x and y 0 to 1"),
        (change(lambda a: a.update(follow={"point": point_off_stage()})), "is on the stage: x and y 0 to 1"),
        (change(lambda a: a.update(follow={"point": rng.choice([{"x": 0.5}, {"x": "0.5", "y": 0.5}, {"x": 0.5, "y": float("nan")}, []])})), "body"),
        (change(lambda a: a.pop("follow")), "body"),
        # Slew: 0, below 1, negative, past 3600 (huge), not a number.
        (change(lambda a: a.update(slew=rng.choice([0, -1, -180, 0.5, 0.999, 3600.001, 3601, 1e9, 1e300, -1e300]))), "a slew is 1 to 3600"),
        (change(lambda a: a.update(slew=rng.choice(["180", "fast", True, [180], {}, *not_finite]))), "body"),
    ]
    head = {"name": rng.choice(["Spot", "Mover 1", "Head"]), "universe": 1, "address": 1, "point": {"x": 0.5, "y": 0},
            "profile": dict(profile), **({"hold": dict(hold)} if hold else {})}
    par = {"name": "Par", "universe": 1, "address": 1, "profile": {"manufacturer": "Chauvet", "model": "SlimPAR 56", "mode": "7-Ch"},
           "point": {"x": 0.5, "y": 0.5}}
    pick = rng.randrange(len(faults) + 3)
    if pick < len(faults):
        make, said = faults[pick]
        make()
        head["aim"] = aim
    elif pick == len(faults):  # the aim itself not an object (null is no aim: left out)
        head["aim"], said = rng.choice([{}, [], "point", 3, True]), "body"
    else:  # an aim a head keeps, on a par or a fixture of a generic kind
        head = {**par, "name": "Par 2"} if pick == len(faults) + 1 else {
            "name": "Wash", "universe": 1, "address": 1, "kind": rng.choice(["rgb", "dimmer", "rgbwd"]), "point": {"x": 0.5, "y": 0.5}}
        head["aim"], said = aim, "only a moving head"
        channels = 7
    if rng.random() < 0.5:  # after a par the server keeps: the whole patch refused for the one
        head["address"] = rng.randrange(8, 512 - channels + 2)
        return [par, head], said
    head["universe"], head["address"] = rng.randrange(1, 5), rng.randrange(1, 512 - channels + 2)
    return head, said


if __name__ == "__main__":
    SAMPLE.parent.mkdir(exist_ok=True)
    SAMPLE.write_text(sample_text(output_sample()), encoding="utf-8")
    print(f"wrote {SAMPLE}")
