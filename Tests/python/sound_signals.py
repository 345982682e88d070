"""Sound the listening tests make, with what is in it known: clicks at a tempo, sines in each band, noise — as
WAV files for `imager serve --listen FILE`, and as raw 32-bit float stereo for SDL's disk driver, whose input
file (`SDL_DISKAUDIOFILEIN`) it plays as if it were a microphone."""
import wave

import numpy

RATE = 48_000


def clicks(seconds, bpm, start=0.5, amplitude=0.8, seed=1, noise_db=-50.0):
    """(samples, click times): 4 ms bursts of a 3 kHz tone at `bpm` from `start`, on white noise at `noise_db`."""
    rng = numpy.random.default_rng(seed)
    count = int(seconds * RATE)
    samples = rng.uniform(-1, 1, count) * (10 ** (noise_db / 20) * 3 ** 0.5)
    times, time, length = [], start, int(0.004 * RATE)
    k = numpy.arange(length)
    burst = amplitude * numpy.exp(-k / length * 4) * numpy.sin(2 * numpy.pi * 3000 * k / RATE)
    while int(time * RATE) + length < count:
        first = int(round(time * RATE))
        samples[first:first + length] += burst
        times.append(first / RATE)
        time += 60 / bpm
    return samples, times


def sine(seconds, frequency, amplitude=0.3):
    return amplitude * numpy.sin(2 * numpy.pi * frequency * numpy.arange(int(seconds * RATE)) / RATE)


def write_wav(path, samples):
    """16-bit mono WAV at 48 kHz."""
    with wave.open(str(path), "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(RATE)
        out.writeframes((numpy.clip(samples, -1, 1) * 32767).astype("<i2").tobytes())


def write_raw_stereo(path, samples):
    """32-bit float stereo, interleaved: what SDL's disk driver reads as its input."""
    numpy.repeat(numpy.asarray(samples, dtype="<f4")[:, None], 2, axis=1).tofile(str(path))
