"""Issue 45: a rule the server holds and the console mirrors (Tests/fixtures/twin-rules) has one seeded generator of
cases (bench/hostile_input.py), and its cases go to both sides: to the real server through its HTTP door, and to
the console's JavaScript through one `node` process (Tests/web/twin-rule-verdicts.mjs). The two must give the same
verdict, case by case — kept as the same value, or refused in the same words — and a refusal changes nothing.

What only one side can say is not a disagreement, and is counted as such: a body the server refuses at its door
before the rule (not JSON, NaN, a value of the wrong type: "the body is not what this address takes: …") which the
console refuses too, in words of its own; a body the console cannot make at all (the Fixtures form has no field
for it), which the server refuses; and, for the fixture patch, the patch's layout (overlaps, channels past 512,
universes past 63999), which the form leaves to the server. The text rule comes with both: the outputs' names and
the fixtures' are bench/hostile_names.py's. Light from sound's kept cues come from a sound the server hears: a
seeded drum piece is brought in, its hearing read, and the events each light is scored with (lightFromSound) must
be the ones the lab's preview shows for the same cues (cueEvents). The mesh and the blend take no case over HTTP
(their twins are held to their tables alone).

IMAGER_TWIN_SEED explores other cases; the committed sample node --test reads (Tests/fixtures/hostile/outputs.json)
is held to what the generator makes now."""
import collections
import json
import os
import pathlib
import shutil
import subprocess
import sys
import urllib.parse

import pytest

from live import api, serving

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "bench"))
from hostile_input import (  # noqa: E402
    SAMPLE, json_value, expected_name, fixture_patch_cases, light_from_sound_cases, output_cases, output_sample, sample_text,
)
from listening_signals import drum_piece, write_wav  # noqa: E402

SEED = int(os.environ.get("IMAGER_TWIN_SEED", "45"))  # the number
OUTPUTS = output_cases(300, seed=SEED)
PATCHES = fixture_patch_cases(200, seed=SEED)
LIGHTS = light_from_sound_cases(140, seed=SEED)
VERDICTS = ROOT / "Tests" / "web" / "twin-rule-verdicts.mjs"
JSON = {"Content-Type": "application/json"}
# The server's refusal at its door, before any rule: the body is not JSON, or not of the rule's shape.
DOOR = "the body is not what this address takes: "
# The patch's layout, which the Fixtures form leaves to the server (fixture-fields.js).
LAYOUT = ["overlaps “", "runs past channel 512", "runs past universe 63999", "a patch has at most", "a patch fills at most"]
PAR = {"name": "Par", "universe": 1, "address": 1, "kind": "rgb", "point": {"x": 0.5, "y": 0.5}, "gamma": 2.2, "level": 1}


def console_says(asked):
    """The console's verdicts on `asked` ({rule: [case, …]}), rule by rule, from one node process."""
    node = shutil.which("node")
    if node is None:
        pytest.fail("no node on PATH: the console's side of the twin rules runs in Node")
    done = subprocess.run([node, str(VERDICTS)], input=json.dumps(asked), capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, f"{VERDICTS.name} failed: {done.stderr[-3000:]}"
    return json.loads(done.stdout)


@pytest.fixture(scope="module")
def console():
    """The console's verdicts on every output and patch."""
    return console_says({"outputs": [json_value(body) for _, body, _ in OUTPUTS], "fixture-patch": [json_value(body) for body, _ in PATCHES]})


def shortened(text, length=400):
    text = text if isinstance(text, str) else json.dumps(text, ensure_ascii=False)
    return text if len(text) <= length else text[:length] + f"… ({len(text)} characters)"


def server_verdict(status, answer):
    if status == 200:
        return {"kept": answer}
    if status in (400, 404) and isinstance(answer, dict) and isinstance(answer.get("error"), str):
        return {"refused": answer["error"]}
    return {"answered": status, "answer": shortened(answer)}


def judged(server, console, kept, layout=False):
    """(kind, None) when the server's and the console's verdicts agree — kind says how —, else (None, why not).
    `kept(server's value, console's value)` says whether the two keep the same thing."""
    if "threw" in console:
        return None, "the console's check threw"
    if "answered" in server:
        return None, "the server answered neither a value nor a refusal"
    shown = console.get("kept", console.get("sent"))
    if "kept" in server:
        if shown is None:
            return None, "the server keeps it, the console does not"
        return ("kept alike", None) if kept(server["kept"], shown) else (None, "both keep it, but not the same")
    words = server["refused"]
    if "outside" in console:
        return "refused; the console cannot make it", None
    if shown is not None:
        if "sent" in console and layout and any(rule in words for rule in LAYOUT):
            return "refused by the patch's layout, which the form leaves to the server", None
        return None, "the server refuses it, the console keeps it"
    if words.startswith(DOOR):
        return "refused at the server's door, and by the console in its own words", None
    if console.get("own"):
        return "refused, by the form before its rule", None
    return ("refused alike, in the same words", None) if console["refused"] == words else (None, "refused in other words")


def report(rule, tally, disagreements, total):
    """Fails with the first disagreement shown whole, and how many there were; says what agreed and how."""
    counts = ", ".join(f"{kind}: {count}" for kind, count in tally.most_common())
    print(f"{rule} (seed {SEED}): {total} cases — {counts}")
    if disagreements:
        first = disagreements[0]
        whys = collections.Counter(item["why"] for item in disagreements)
        lines = [f"{len(disagreements)} of {total} {rule} cases (seed {SEED}) have the server and the console disagree "
                 f"({', '.join(f'{why}: {count}' for why, count in whys.most_common())}); the first:"]
        lines += [f"  {key}: {shortened(value)}" for key, value in first.items()]
        pytest.fail("\n".join(lines), pytrace=False)


def output_path(name):
    return f"/api/outputs/{urllib.parse.quote(name.encode('utf-8', 'surrogatepass'), safe='')}"


def output_address(body, console):
    """Where the console would PUT `body`: at the name it keeps; for a body it refuses, the name the text rule keeps
    (so that the server's answer is about the output, not the address), else Wall."""
    if "kept" in console:
        return console["kept"]["name"]
    name = body.get("name") if isinstance(body, dict) else None
    return (isinstance(name, str) and expected_name(name, limit=64)) or "Wall"


def test_the_server_and_the_console_keep_and_refuse_outputs_alike(imager, tmp_path, console):
    tally, disagreements = collections.Counter(), []
    with serving(imager, tmp_path / "library.sqlite", "--audio", "none") as server:
        assert api(server, "PUT", output_path("Wall"), {"name": "Wall", "blend": {"right": 0.2}})[0] == 200

        def outputs():
            return {output["name"]: output for output in api(server, "GET", "/api/outputs")[1]["outputs"]}
        before = outputs()
        for index, ((_, body, built_refused), said) in enumerate(zip(OUTPUTS, console["outputs"])):
            address = output_address(json.loads(body), said)
            status, answer = api(server, "PUT", output_path(address), body.encode(), JSON)
            heard = server_verdict(status, answer)
            kind, why = judged(heard, said, kept=lambda ours, theirs: ours == theirs)
            if status == 200:  # put back as it was
                back = (api(server, "PUT", output_path(address), before[address]) if address in before
                        else api(server, "DELETE", output_path(address)))
                assert back[0] in (200, 204), back
            if why is None and not built_refused and "kept" not in heard:
                why = "built to be kept (bench/hostile_input.py), refused by both"
            if why is None and outputs() != before:
                why = "the outputs were not as before once it was refused or put back"
            tally[kind] += why is None
            if why is not None:
                disagreements.append({"case": index, "why": why, "address": address, "body": body, "server": heard, "console": said})
    report("output", tally, disagreements, len(OUTPUTS))
    assert tally["kept alike"] >= 50 and tally["refused alike, in the same words"] >= 50, tally


def same_patch(ours, theirs):
    """Whether the server's answer keeps the fixtures the form sent."""
    return ours["fixtures"] == theirs


def test_the_server_and_the_fixtures_form_keep_and_refuse_patches_alike(imager, tmp_path, console):
    tally, disagreements = collections.Counter(), []
    with serving(imager, tmp_path / "library.sqlite", "--audio", "none") as server:
        assert api(server, "PUT", "/api/fixtures", {"fixtures": [PAR]})[0] == 200

        def fixtures():
            return api(server, "GET", "/api/fixtures")[1]["fixtures"]
        before = fixtures()
        for index, ((body, built_refused), said) in enumerate(zip(PATCHES, console["fixture-patch"])):
            status, answer = api(server, "PUT", "/api/fixtures", body.encode(), JSON)
            heard = server_verdict(status, answer)
            kind, why = judged(heard, said, kept=same_patch, layout=True)
            if status == 200:  # put back as it was
                assert api(server, "PUT", "/api/fixtures", {"fixtures": before})[0] == 200
            if why is None and not built_refused and "kept" not in heard:
                why = "built to be kept (bench/hostile_input.py), refused by both"
            if why is None and fixtures() != before:
                why = "the patch was not as before once it was refused or put back"
            tally[kind] += why is None
            if why is not None:
                disagreements.append({"case": index, "why": why, "body": body, "server": heard, "console": said})
    report("fixture patch", tally, disagreements, len(PATCHES))
    assert tally["kept alike"] >= 30 and tally["refused alike, in the same words"] >= 30, tally


def edit(server, *edits):
    status, answer = api(server, "POST", "/api/music/edits", {"edits": list(edits)})
    assert status == 200, answer
    return answer


def scored(library, part, voice):
    """The events of `voice` in `part`, as [start, length, gain]."""
    scores = {score["id"]: score["events"] for score in library["scores"]}
    events = next((scores[pair["score"]] for pair in library["pairs"] if pair["part"] == part and pair["voice"] == voice), [])
    return [[event["start"], event["length"], event["gain"]] for event in events]


def sensitivity_of(spec, cues):
    """A light's sensitivity: a number as it is, or ("threshold", rank, nudge) resolved on the cues heard."""
    if not isinstance(spec, (list, tuple)):
        return spec
    _, rank, nudge = spec
    strengths = sorted({strength for _, strength in cues}, reverse=True)
    if not strengths:
        return 0.5
    return min(1, max(0, 1 - strengths[rank % len(strengths)] ** 0.5 + nudge))


def test_the_server_scores_light_from_sound_as_the_labs_preview_shows_it(imager, tmp_path):
    piece = drum_piece("twin", **{key: LIGHTS["piece"][key] for key in ("style", "bpm", "seconds", "seed")})
    write_wav(tmp_path / "piece.wav", piece.samples)
    follows = ["onsets", "beats", "bars", "low", "lowMid", "highMid", "high"]
    with serving(imager, tmp_path / "library.sqlite", "--audio", "none") as server:
        status, brought = api(server, "POST", "/api/music/sounds?name=piece.wav", (tmp_path / "piece.wav").read_bytes(),
                              {"Content-Type": "application/octet-stream"})
        assert status == 201, brought
        sound = brought["voice"]
        chordset = api(server, "GET", "/api/chordsets")[1]["chordsets"][0]["id"]
        made = edit(server, *({"type": "addPart", "name": f"Part {index + 1}", **part} for index, part in enumerate(LIGHTS["parts"])),
                    *({"type": "addVoice", "name": f"Light {index + 1}"} for index in range(len(follows))))
        ids = [result["id"] for result in made["results"]]
        parts, voices = ids[:len(LIGHTS["parts"])], ids[len(LIGHTS["parts"]):]
        library = edit(server, *({"type": "setLight", "voice": voice, "chordset": chordset, "chord": 0} for voice in voices))["library"]
        heard, shape = {}, {}
        for part in parts:
            length = next(p for p in library["parts"] if p["id"] == part)["length"]
            library = edit(server, {"type": "editingRange", "part": part, "voice": sound, "start": 0, "end": length})["library"]
            status, heard[part] = api(server, "GET", f"/api/music/hearing?part={part}&sound={sound}")
            assert status == 200, heard[part]
            shape[part] = next((p["tempo"], p["length"]) for p in library["parts"] if p["id"] == part)
        cases = [(parts[index], follow, sensitivity_of(spec, heard[parts[index]]["cues"][follow])) for index, follow, spec in LIGHTS["lights"]]
        said = console_says({"light-from-sound": [{"cues": heard[part]["cues"][follow], "sensitivity": sensitivity, "tempo": shape[part][0],
                                                   "ticks": shape[part][1]} for part, follow, sensitivity in cases]})["light-from-sound"]
        tally, disagreements = collections.Counter(), []
        for start in range(0, len(cases), len(voices)):  # a voice a light, as many lights an edit as there are voices
            batch = list(enumerate(cases))[start:start + len(voices)]
            for part in {part for _, (part, _, _) in batch}:
                lights = [(index, voice, case) for (index, case), voice in zip(batch, voices) if case[0] == part]
                status, answer = api(server, "POST", "/api/music/edits", {"edits": [
                    {"type": "lightFromSound", "part": part, "sound": sound,
                     "lights": [{"voice": voice, "follow": follow, "sensitivity": sensitivity} for _, voice, (_, follow, sensitivity) in lights]}]})
                for index, voice, (_, follow, sensitivity) in lights:
                    heard_events = scored(answer["library"], part, voice) if status == 200 else {"refused": answer}
                    if heard_events == said[index]["events"]:
                        tally["no events" if not heard_events else "the same events"] += 1
                    else:
                        disagreements.append({"case": index, "why": "scored otherwise than the preview shows", "part": shape[part],
                                              "follow": follow, "sensitivity": sensitivity, "server": heard_events, "console": said[index]})
    report("light from sound", tally, disagreements, len(cases))
    assert tally["the same events"] >= len(cases) // 2, tally


def test_the_sample_node_reads_is_what_the_generator_makes_now():
    assert SAMPLE.read_text(encoding="utf-8") == sample_text(output_sample()), (
        f"{SAMPLE.relative_to(ROOT)} is not what bench/hostile_input.py makes now: write it again with "
        "`.venv/bin/python bench/hostile_input.py`")


def test_the_hostile_names_expectation_is_held_to_the_text_rules_table():
    """bench/hostile_names.py's `expected_name` (what the server must keep of a name the generators send) is a
    third copy of the text rule: it keeps what the table keeps and refuses what it refuses, so the generators
    cannot drift from the rule both sides are held to."""
    table = json.loads((ROOT / "Tests" / "fixtures" / "twin-rules" / "text.json").read_text(encoding="utf-8"))
    for case in table["cases"]:
        expected = expected_name(case["text"], limit=case["maximumLength"])
        if "kept" in case:
            assert expected == case["kept"], case["case"]
        else:
            assert expected is None, f"{case['case']}: kept as {expected!r}, where the table refuses it"
