"""The Debian package from a performer's side: installed with dpkg, `imager` runs with no Swift toolchain or build
folder reachable — it serves the console, the canvas, the lab and the web client's files, plays a pad sent over
OSC, renders the prism cover, saves a recording when the service's stop signal comes — its manual pages and
completions are where Debian looks, lintian finds no error, and removing it leaves nothing behind.
Run by `make package-check` (CI runs it after `make test`); the tests run in this order, the last removes it."""
import gzip
import json
import os
import pathlib
import re
import shlex
import signal
import subprocess

from conftest import FIGURES, ROOT, run
from live import live_socket, request, serving, until_message

WAIT = 60


def pad_down(message, pad):
    """Whether `message` from /live tells that `pad` (0…7) is down: a change, or the snapshot a client is sent
    when it connects (a pad sent just after connecting may be played before that snapshot is taken, and is then
    told in it, not as a change)."""
    if message["type"] == "changed":
        pads = message.get("pads")
    elif message["type"] == "snapshot":
        pads = message.get("state", {}).get("pads")
    else:
        pads = None
    return pads is not None and pads["pads"][pad]["isDown"]


def test_the_binary_loads_no_swift_library(package):
    libraries = run("ldd", "/usr/bin/imager").stdout
    assert not re.search(r"libswift|libFoundation|libdispatch|libBlocksRuntime", libraries), libraries
    assert "not found" not in libraries, libraries
    FIGURES["binary"] = f"{os.path.getsize('/usr/bin/imager') / 1e6:.1f} MB"


def test_no_installed_file_but_the_binary_names_the_build_machines_folders(package, deb):
    """The binary is run with those folders hidden (below); it holds some of their names only as text in the
    messages of the Swift packages' assertions (#filePath), which nothing opens. The guides speak of /opt/swift."""
    FIGURES["package"] = f"{deb.stat().st_size / 1e6:.1f} MB"
    for path in package["files"]:
        if os.path.isfile(path) and path != "/usr/bin/imager" and not path.startswith("/usr/share/doc/"):
            with open(path, "rb") as file:
                contents = file.read()
            if path.endswith(".gz"):
                contents = gzip.decompress(contents)
            assert str(ROOT).encode() not in contents and b"/opt/swift" not in contents, f"{path} names a folder of the build machine"


def test_version_says_the_commit_it_was_built_from(hidden_imager, package):
    head = run("git", "-C", str(ROOT), "rev-parse", "HEAD").stdout.strip()
    version = run(hidden_imager, "version").stdout.strip()
    assert version.startswith(f"imager {run(hidden_imager, '--version').stdout.strip()} (commit {head}"), version


def test_serve_prints_every_page_and_serves_them_with_no_swift_reachable(hidden_imager, package, tmp_path):
    from pythonosc.udp_client import SimpleUDPClient

    with serving(hidden_imager, tmp_path / "library.sqlite", "--audio", "none") as server:
        printed = "".join(server.lines)
        for page in ["console: http://127.0.0.1:%d/", "canvas:  http://127.0.0.1:%d/canvas", "lab:     http://127.0.0.1:%d/compose"]:
            assert page % server.port in printed, printed
        for path, kind in [("/", "text/html"), ("/canvas", "text/html"), ("/compose", "text/html"),
                           ("/web/console/console.js", "text/javascript"), ("/web/shared/live.js", "text/javascript")]:
            status, headers, body = request(server.port, path)
            assert status == 200 and headers["Content-Type"].startswith(kind) and body, (path, status, headers)
        installed = pathlib.Path("/usr/share/imager/web/console/console.js").read_bytes()
        assert request(server.port, "/web/console/console.js")[2] == installed

        with live_socket(server) as socket:
            SimpleUDPClient("127.0.0.1", server.osc_port).send_message("/imager/pad/3", 1.0)
            until_message(socket, lambda m: pad_down(m, 2), within=WAIT)
        assert json.loads(request(server.port)[2])["state"]["pads"]["pads"][2]["isDown"]


def test_serve_with_lan_prints_the_addresses_other_devices_use(hidden_imager, package, tmp_path):
    addresses = re.findall(r"inet (\d+\.\d+\.\d+\.\d+)/", run("ip", "-4", "-o", "addr", "show", "scope", "global").stdout)
    with serving(hidden_imager, tmp_path / "library.sqlite", "--audio", "none", "--lan") as server:
        printed = "".join(server.lines)
        assert server.token, printed
        for host in ["127.0.0.1", *addresses]:
            for page in ["console: http://%s:%d/?token=%s", "canvas:  http://%s:%d/canvas?token=%s",
                         "lab:     http://%s:%d/compose?token=%s"]:
                assert page % (host, server.port, server.token) in printed, printed
        assert "pairing token: " + server.token in printed, printed


def test_render_darkside_writes_a_png(hidden_imager, package, tmp_path):
    cover = tmp_path / "cover.png"
    run(hidden_imager, "render", "darkside", "--size", "256", "-o", str(cover))
    assert cover.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_man_shows_the_pages_made_from_the_commands_help(package):
    environment = {**os.environ, "MANPAGER": "cat", "MANWIDTH": "100", "LANG": "C.UTF-8"}
    whole = run("man", "imager", env=environment).stdout
    assert "serve" in whole and "render" in whole and "Image Performer" in whole, whole[:2000]
    serve = run("man", "imager-serve", env=environment).stdout
    assert "--osc-port" in serve and "--library" in serve, serve[:2000]
    for subcommand in ["version", "demo", "chordsets", "compose", "library", "render", "analyse"]:
        assert pathlib.Path(f"/usr/share/man/man1/imager-{subcommand}.1.gz").is_file(), subcommand
    with gzip.open("/usr/share/man/man1/imager.1.gz", "rt") as page:
        assert page.read().startswith(".\\\""), "not a roff page"


def test_completions_are_where_each_shell_looks(package):
    bash = run("bash", "-c", "source /usr/share/bash-completion/completions/imager && complete -p imager").stdout
    assert "imager" in bash
    assert "compdef" in pathlib.Path("/usr/share/zsh/vendor-completions/_imager").read_text()
    assert "complete -c 'imager'" in pathlib.Path("/usr/share/fish/vendor_completions.d/imager.fish").read_text()


def test_lintian_reports_no_error(deb, lintian_available):
    result = subprocess.run(["lintian", "--no-tag-display-limit", str(deb)], capture_output=True, text=True, timeout=600)
    errors = [line for line in result.stdout.splitlines() if line.startswith("E:")]
    assert not errors, result.stdout
    FIGURES["lintian"] = f"{len(result.stdout.splitlines())} lines, none an error" + (
        f" ({'; '.join(sorted({line.split()[2] for line in result.stdout.splitlines() if len(line.split()) > 2}))})"
        if result.stdout.strip() else "")


def test_the_units_verify(package, tmp_path):
    """systemd's own check of both units: their keys, their command (there and executable), their manual page."""
    runtime = tmp_path / "runtime"
    runtime.mkdir(mode=0o700)
    for scope, unit in [([], "/usr/lib/systemd/system/imager.service"), (["--user"], "/usr/lib/systemd/user/imager.service")]:
        result = subprocess.run(["systemd-analyze", *scope, "verify", unit], capture_output=True, text=True, timeout=WAIT,
                                env={**os.environ, "XDG_RUNTIME_DIR": str(runtime)})
        assert result.returncode == 0 and not result.stdout.strip() and not result.stderr.strip(), result


def unit_command(unit, state, options):
    """The unit's ExecStart as its service manager runs it: %S the state folder, $IMAGER_OPTIONS the options."""
    text = pathlib.Path(unit).read_text()
    line = next(line for line in text.splitlines() if line.startswith("ExecStart="))
    words = shlex.split(line.removeprefix("ExecStart=").replace("%S", str(state)))
    return [word for word in words if word != "$IMAGER_OPTIONS"] + options


def test_the_services_command_saves_a_recording_under_way_on_its_stop_signal(hidden_imager, package, tmp_path):
    """What the system and user units run, started as they start it (the state folder made by the service
    manager), stopped by their KillSignal with a recording under way: it is saved, and the command ends well."""
    from pythonosc.udp_client import SimpleUDPClient

    for unit in ["/usr/lib/systemd/system/imager.service", "/usr/lib/systemd/user/imager.service"]:
        assert "KillSignal=SIGTERM" in pathlib.Path(unit).read_text() and "Restart=always" in pathlib.Path(unit).read_text()
        state = tmp_path / pathlib.Path(unit).parent.name
        (state / "imager").mkdir(parents=True)
        command = unit_command(unit, state, ["--audio", "none"])
        assert command[:2] == ["/usr/bin/imager", "serve"], command
        library = command[command.index("--library") + 1]
        rest = command[2:command.index("--library")] + command[command.index("--library") + 2:]
        with serving(hidden_imager, library, *rest) as server:
            osc = SimpleUDPClient("127.0.0.1", server.osc_port)
            with live_socket(server) as socket:
                osc.send_message("/imager/record", 1)
                until_message(socket, lambda m: m["type"] == "recording" and m["on"], within=WAIT)
                osc.send_message("/imager/pad/1", 1.0)
                until_message(socket, lambda m: pad_down(m, 0), within=WAIT)
            assert server.status()["recordedEvents"] >= 1, server.status()
            server.process.send_signal(signal.SIGTERM)
            saved = server.until_line("recording saved", timeout=WAIT)
            assert server.process.wait(timeout=WAIT) == 0, "".join(server.lines)
        logs = list((state / "imager" / "recordings").glob("performance-*.json"))
        assert len(logs) == 1 and str(logs[0]) in saved, (saved, logs)
        assert json.loads(logs[0].read_text())["events"], f"{unit}: the saved recording holds no event"


def test_removing_the_package_leaves_nothing_behind(package):
    run("dpkg", "--purge", "imager")
    left = [path for path in package["paths"] if path not in package["existed"] and os.path.lexists(path)]
    assert not left, f"left behind after dpkg --purge: {left}"
    gone = [path for path in package["files"] if path not in package["existed"] and os.path.lexists(path)]
    assert not gone, gone
