"""A short soak of the live server (`imager bench soak` runs it as long as asked): 50 consoles sending
intents and reading, a canvas, and 5 canvases that stop reading — the stalled ones are cut off, no console
is, and memory stays flat apart from the performance log."""
import subprocess


def test_a_short_soak_keeps_memory_flat_and_cuts_off_only_the_stalled(imager):
    # The debug build CI tests is several times slower than a release build: a lighter rate, the same shape.
    result = subprocess.run([imager, "bench", "soak", "--seconds", "30", "--clients", "50", "--rate", "10", "--stalled", "5"],
                            capture_output=True, text=True, timeout=300)
    print(result.stdout)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "stalled clients cut off: 5" in result.stdout
