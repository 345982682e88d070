"""An independent Ableton Link peer for tests (LinkPython-extern's `link` module), run in a child process.

Run as a script, it is the peer: it joins the Link session and answers one line of JSON for every command line
on stdin, and exits (leaving the session cleanly) when stdin closes, so it never outlives its test.

    tempo <bpm>          set the session tempo now            -> {"ok": true, "tempo": <bpm as set>}
    play | stop          set the transport now                -> {"ok": true, "playing": ..., and the session just
                                                                  after, as `query` says it}
    startstop on|off     share start/stop with peers          -> {"ok": true, "start_stop_sync": ...}
    query [quantum]      the session now                      -> {"peers", "tempo", "beat", "phase", "playing",
                                                                  "micros", "quantum"}
    wait_peers <n> [s]   until at least n peers (default 5 s) -> {"ok": bool, "peers": n}
    start <quantum>      start the transport now asking for beat 0 then, as an app that starts the session does
                         (setIsPlayingAndRequestBeatAtTime) -> {"ok", "committed_at", "time_for_is_playing",
                         "beat_then", "expected" (the first downbeat at or after the start), "tempo", "playing",
                         "peers"}
    clock                Link's clock now                     -> {"micros": ...}
    wait_tempo <bpm> [s] until the tempo is bpm ±0.01         -> {"ok": bool, "tempo": t}
    wait_playing on|off [s] until the transport plays (or not) -> {"ok": bool, "playing": p}
    quit                 leave                                 -> {"ok": true}
Anything else -> {"error": "..."}. The first line written is {"ready": true, "micros": ...}.

`micros` is Link's clock (CLOCK_MONOTONIC_RAW on Linux), the same clock every Link peer on the machine reads,
so beats from two peers compare as beat_a - (beat_b + (micros_a - micros_b) * tempo / 60e6).

In a test, `LinkPeer` starts the child and talks to it:

    with LinkPeer(tempo=120) as peer:
        assert peer.wait_peers(1)["ok"]
        peer.set_tempo(130)
        print(peer.query())
"""
import json
import math
import os
import queue
import subprocess
import sys
import threading


# --- the child ---------------------------------------------------------------------------------------------

def _serve(initial_tempo, quantum):
    import link  # only the child needs the module

    session = link.Link(initial_tempo)
    # Link says when the peers, the tempo or start/stop change: waits wake on that, not on a timer.
    changed = threading.Condition()

    def notify(*_):
        with changed:
            changed.notify_all()

    session.setNumPeersCallback(notify)
    session.setTempoCallback(notify)
    session.setStartStopCallback(notify)
    session.enabled = True

    def reply(obj):
        sys.stdout.write(json.dumps(obj) + "\n")
        sys.stdout.flush()

    def snapshot(q):
        state = session.captureAppSessionState()
        now = session.clock().micros()
        return {
            "peers": session.numPeers(),
            "tempo": state.tempo(),
            "beat": state.beatAtTime(now, q),
            "phase": state.phaseAtTime(now, q),
            "playing": state.isPlaying(),
            "micros": now,
            "quantum": q,
        }

    def wait_until(predicate, timeout):
        with changed:
            return changed.wait_for(predicate, timeout)

    def commit(change):
        state = session.captureAppSessionState()
        change(state, session.clock().micros())
        session.commitAppSessionState(state)

    def start(q):
        now = session.clock().micros()
        commit(lambda s, t: s.setIsPlayingAndRequestBeatAtTime(True, t, 0.0, q))
        # What the session holds now: when it started, and its first downbeat from then.
        state = session.captureAppSessionState()
        moment = state.timeForIsPlaying()
        beat = state.beatAtTime(moment, q)
        bars = beat / q
        on_downbeat = abs(bars - round(bars)) * q < 1e-6
        expected = moment if on_downbeat else state.timeAtBeat(math.ceil(bars) * q, q)
        return {"ok": True, "committed_at": now, "time_for_is_playing": moment, "beat_then": beat, "expected": expected,
                "tempo": state.tempo(), "playing": state.isPlaying(), "peers": session.numPeers()}

    try:
        reply({"ready": True, "micros": session.clock().micros()})
        for line in sys.stdin:  # ends when stdin closes
            words = line.split()
            if not words:
                continue
            command, args = words[0], words[1:]
            try:
                if command == "quit":
                    reply({"ok": True})
                    break
                elif command == "tempo":
                    bpm = float(args[0])
                    commit(lambda s, t: s.setTempo(bpm, t))
                    reply({"ok": True, "tempo": session.captureAppSessionState().tempo()})
                elif command in ("play", "stop"):
                    commit(lambda s, t: s.setIsPlaying(command == "play", t))
                    reply({**snapshot(quantum), "ok": True, "playing": command == "play"})
                elif command == "start":
                    reply(start(float(args[0])))
                elif command == "clock":
                    reply({"micros": session.clock().micros()})
                elif command == "startstop":
                    session.startStopSyncEnabled = args[0] == "on"
                    reply({"ok": True, "start_stop_sync": session.startStopSyncEnabled})
                elif command == "query":
                    reply(snapshot(float(args[0]) if args else quantum))
                elif command == "wait_peers":
                    n, timeout = int(args[0]), float(args[1]) if len(args) > 1 else 5.0
                    ok = wait_until(lambda: session.numPeers() >= n, timeout)
                    reply({"ok": ok, "peers": session.numPeers()})
                elif command == "wait_playing":
                    wanted, timeout = args[0] == "on", float(args[1]) if len(args) > 1 else 5.0
                    playing = lambda: session.captureAppSessionState().isPlaying()
                    ok = wait_until(lambda: playing() == wanted, timeout)
                    reply({"ok": ok, "playing": playing()})
                elif command == "wait_tempo":
                    bpm, timeout = float(args[0]), float(args[1]) if len(args) > 1 else 5.0
                    tempo = lambda: session.captureAppSessionState().tempo()
                    ok = wait_until(lambda: abs(tempo() - bpm) <= 0.01, timeout)
                    reply({"ok": ok, "tempo": tempo()})
                else:
                    reply({"error": f"unknown command {command!r}"})
            except (IndexError, ValueError) as error:
                reply({"error": f"{line.strip()!r}: {error}"})
    except BrokenPipeError:
        pass  # the parent went away
    finally:
        session.enabled = False  # says goodbye, so the other peers' counts drop at once
        # Out at once: Link's destructor would wait for its threads, which wait to call back into Python.
        sys.stdout.flush()
        os._exit(0)


# --- the parent's handle -----------------------------------------------------------------------------------

class LinkPeer:
    """A Link peer in a child process. `command` sends one line and returns its JSON reply (`TimeoutError` if
    none comes within `timeout` seconds). `close` (or leaving the `with`) ends the child."""

    def __init__(self, tempo=120.0, quantum=4.0, python=None):
        self.process = subprocess.Popen(
            [python or sys.executable, os.path.abspath(__file__), "--tempo", str(tempo), "--quantum", str(quantum)],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1,
        )
        self._lines = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()
        ready = self._next(10)
        if not ready.get("ready"):
            self.close()
            raise RuntimeError(f"link peer did not start: {ready}")

    def _read(self):
        for line in self.process.stdout:
            self._lines.put(line)
        self._lines.put(None)  # end of output: the child exited

    def _next(self, timeout):
        try:
            line = self._lines.get(timeout=timeout)
        except queue.Empty:
            raise TimeoutError("no reply from the link peer") from None
        if line is None:
            raise RuntimeError(f"the link peer exited (status {self.process.poll()})")
        return json.loads(line)

    def command(self, line, timeout=10.0):
        self.process.stdin.write(line + "\n")
        self.process.stdin.flush()
        return self._next(timeout)

    def query(self, quantum=None):
        return self.command("query" if quantum is None else f"query {quantum}")

    def set_tempo(self, bpm):
        return self.command(f"tempo {bpm}")

    def wait_peers(self, n=1, timeout=5.0):
        return self.command(f"wait_peers {n} {timeout}", timeout=timeout + 5)

    def wait_tempo(self, bpm, timeout=5.0):
        return self.command(f"wait_tempo {bpm} {timeout}", timeout=timeout + 5)

    def close(self):
        if self.process.poll() is None:
            try:
                self.process.stdin.close()  # the child leaves the session and exits
            except OSError:
                pass
            try:
                self.process.wait(timeout=5)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


def beat_difference(a, b):
    """a's beat minus b's, b's moved to a's `micros` along its tempo: two peers' timelines compared at one time."""
    return a["beat"] - (b["beat"] + (a["micros"] - b["micros"]) * b["tempo"] / 60e6)


if __name__ == "__main__":
    import argparse

    parser = argparse.ArgumentParser(description="An Ableton Link peer driven by lines on stdin (see the module doc).")
    parser.add_argument("--tempo", type=float, default=120.0)
    parser.add_argument("--quantum", type=float, default=4.0)
    options = parser.parse_args()
    if not (math.isfinite(options.quantum) and options.quantum >= 0):
        parser.error("--quantum must be finite and >= 0")
    _serve(options.tempo, options.quantum)
