"""The stage's outputs over HTTP (issue 35), on the real server without a browser: hostile `PUT
/api/outputs/{name}` bodies (bench/hostile_input.py's seeded generator) each refused with one line, nothing
changed, the server up; and the outputs kept across a restart, the canvases per output in `/status`."""
import pathlib
import sys
import urllib.parse

from live import api, serving

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[2] / "bench"))
from hostile_input import hostile_outputs  # noqa: E402

WALL = {"name": "Wall", "corners": [[0.1, 0], [0.9, 0.1], [1, 1], [0, 0.9]], "blend": {"right": 0.2}}


def path(name):
    """The output's address, its name percent-encoded (a lone surrogate as the bytes UTF-8 would give it)."""
    return f"/api/outputs/{urllib.parse.quote(name.encode('utf-8', 'surrogatepass'), safe='')}"


def test_hostile_outputs_are_refused_with_one_line_and_change_nothing(imager, tmp_path):
    with serving(imager, tmp_path / "library.sqlite", "--audio", "none") as server:
        assert api(server, "PUT", path("Wall"), WALL)[0] == 200
        before = api(server, "GET", "/api/outputs")[1]
        for name, body in hostile_outputs(400):
            status, answer = api(server, "PUT", path(name), body.encode(), {"Content-Type": "application/json"})
            if len(path(name)) > 4096:  # past what the HTTP parser reads of an address: refused before any route
                assert status == 400, (name[:40], status)
                continue
            assert status in (400, 404) and isinstance(answer, dict), (name[:200], body[:200], status, answer)
            assert "\n" not in answer["error"] and len(answer["error"]) < 600, answer
        for method, name in [("DELETE", "Main"), ("DELETE", "Nobody"), ("POST", "Main")]:
            suffix = "/rename" if method == "POST" else ""
            status, answer = api(server, method, path(name) + suffix, {"name": "Stage"} if method == "POST" else None)
            assert status in (400, 404) and "\n" not in answer["error"], (method, name, answer)
        assert api(server, "GET", "/api/outputs")[1] == before
        assert api(server, "GET", "/status")[0] == 200


def test_outputs_are_kept_across_a_restart_and_status_counts_their_canvases(imager, tmp_path):
    library = tmp_path / "library.sqlite"
    with serving(imager, library, "--audio", "none") as server:
        kept = api(server, "PUT", path("Wall"), WALL)[1]
        assert kept["blend"] == {"left": 0, "right": 0.2, "top": 0, "bottom": 0, "gamma": 2.2} and kept["grid"] is None
        assert api(server, "POST", path("Wall") + "/rename", {"name": " Stage wall "})[1]["name"] == "Stage wall"
    with serving(imager, library, "--audio", "none") as server:
        listing = api(server, "GET", "/api/outputs")[1]
        assert [o["name"] for o in listing["outputs"]] == ["Main", "Stage wall"] and listing["problems"] == []
        assert listing["outputs"][1]["corners"] == WALL["corners"]
        assert api(server, "GET", "/status")[1]["outputs"] == [{"name": "Main", "canvases": 0}, {"name": "Stage wall", "canvases": 0}]
