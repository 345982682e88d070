"""A recording's hearings, read as the instrument keeps them: beside the performance log, in the file its
`"hearings": {"file", "count"}` names — an 8-byte header ("IPHEAR1\\n"), then one 32-byte record a hearing
(little-endian: the number of events before it u32, its time f64, level, peak, four bands and onset in
ten-thousandths u16, the tempo in hundredths u16 (0: none), an FNV-1a checksum of the 28 bytes before it u32)."""
import json
import os
import struct

HEADER = b"IPHEAR1\n"
RECORD = struct.Struct("<Id8HI")


def checksum(data):
    value = 0x811C9DC5
    for byte in data:
        value = ((value ^ byte) * 0x01000193) & 0xFFFFFFFF
    return value


def records(path, count=None):
    """The whole records of a hearings file, as (position, time, heard dict), damaged ones left out."""
    with open(path, "rb") as file:
        data = file.read()
    assert data[:len(HEADER)] == HEADER, path
    kept = []
    for offset in range(len(HEADER), len(data) - RECORD.size + 1, RECORD.size):
        position, time, *values, check = RECORD.unpack_from(data, offset)
        if check != checksum(data[offset:offset + RECORD.size - 4]):
            continue
        level, peak, b0, b1, b2, b3, onset, tempo = values
        heard = {"level": level / 10_000, "peak": peak / 10_000, "bands": [b / 10_000 for b in (b0, b1, b2, b3)],
                 "onset": onset / 10_000}
        if tempo:
            heard["tempo"] = tempo / 100
        kept.append((position, time, heard))
        if count is not None and len(kept) == count:
            break
    return kept


def heard_events(log_path):
    """Every `heard` event of a saved performance, in the order played: those kept beside the log (as events)
    and any the log holds itself."""
    with open(log_path) as file:
        log = json.load(file)
    inline = [event for event in log["events"] if event["intent"]["type"] == "heard"]
    kept = log.get("hearings")
    if not kept:
        return inline
    path = os.path.join(os.path.dirname(log_path), kept["file"])
    beside = [{"time": time, "intent": {"type": "heard", "heard": heard}} for _, time, heard in records(path, kept["count"])]
    return sorted(beside + inline, key=lambda event: event["time"])
