"""Seeded synthetic drum pieces with their ground truth, for the listening figures (bench/listening_figures.py).

A piece is mono, 48 kHz: a bed of white noise at −50 dBFS RMS, a second of it alone before the first hit and
after the last, and between them bars of sixteen steps played by three drums —

- kick: a sine that falls from 2.5× its pitch to its pitch (50–120 Hz, one a piece) in about 30 ms, decaying
  exponentially (τ 90 ms), a 1 ms rise;
- snare: white noise (τ 45 ms) and a 200 Hz tone (τ 60 ms), a 0.5 ms rise;
- closed hi-hat: white noise high-passed at 7 kHz (a brick wall in the spectrum of the burst), τ 12 ms, 80 ms long.

Each hit is played at a velocity drawn uniformly from −20…0 dB (of the drum's full level); each bar adds, by
chance, off-beat kicks and snares, and ghost snares at −24 dB on the sixteenths. A step is humanised by ±3 ms,
the same for every drum on it, so drums that sound together make one onset. The ground truth is the first
sample of each step that sounds (seconds), with what sounded there. The mix is scaled so that its peak is at
most −1 dBFS (the noise bed is added after, at its own level).
"""
import math
import wave

import numpy as np

RATE = 48_000
BED_DECIBELS = -50
GHOST_DECIBELS = -24
# Full level (peak amplitude) of each drum at 0 dB.
FULL = {"kick": 0.5, "snare": 0.35, "hat": 0.2}

# Patterns on sixteen steps: the base every bar, and where the chance notes may fall.
STYLES = {
    "hip-hop": {"kick": [0, 10], "snare": [4, 12], "hat": [0, 2, 4, 6, 8, 10, 12, 14],
                "offKick": [3, 7, 11, 14, 15], "offSnare": [7, 15], "ghost": [2, 6, 9, 11, 14, 15]},
    "rock": {"kick": [0, 8], "snare": [4, 12], "hat": [0, 2, 4, 6, 8, 10, 12, 14],
             "offKick": [6, 10, 11, 14], "offSnare": [14, 15], "ghost": [3, 7, 10, 13, 15]},
    "house": {"kick": [0, 4, 8, 12], "snare": [4, 12], "hat": [2, 6, 10, 14],
              "offKick": [3, 11, 15], "offSnare": [7, 15], "ghost": [5, 9, 13]},
    "breakbeat": {"kick": [0, 6, 10], "snare": [4, 12], "hat": [0, 2, 4, 6, 7, 8, 10, 12, 13, 14],
                  "offKick": [3, 9, 15], "offSnare": [9, 15], "ghost": [3, 5, 11, 15]},
    "drum & bass": {"kick": [0, 10], "snare": [4, 12], "hat": [0, 2, 4, 6, 8, 10, 12, 14],
                    "offKick": [7, 11, 13], "offSnare": [9, 15], "ghost": [3, 7, 14]},
}

# The onset set: (name, style, BPM, with a pad). The pad piece's tempo is not one of the others'.
ONSET_SET = [
    ("hip-hop 84", "hip-hop", 84, False),
    ("rock 100", "rock", 100, False),
    ("house 123", "house", 123, False),
    ("breakbeat 140", "breakbeat", 140, False),
    ("drum & bass 174", "drum & bass", 174, False),
    ("rock 112 + pad", "rock", 112, True),
]


class Piece:
    """A piece's samples (float32, mono, RATE), its name, its tempo (BPM, None for no beat) and its truth:
    `onsets` (seconds, increasing) and `kinds` (for each onset: "kick", "snare" or "hat", the loudest
    drum sounding there that is not a ghost; "ghost" when only ghosts sound there)."""

    def __init__(self, name, samples, tempo, onsets, kinds):
        self.name, self.samples, self.tempo = name, samples, tempo
        self.onsets, self.kinds = np.asarray(onsets, dtype=float), list(kinds)

    @property
    def seconds(self):
        return len(self.samples) / RATE

    def truth(self):
        return {"name": self.name, "tempo": self.tempo, "onsets": self.onsets.tolist(), "kinds": self.kinds}


def decibels(value):
    return 10 ** (value / 20)


def kick(pitch, level):
    length = int(0.45 * RATE)
    t = np.arange(length) / RATE
    frequency = pitch * (1 + 1.5 * np.exp(-t / 0.012))  # 2.5× at the start, settling within ~30 ms
    phase = 2 * np.pi * np.cumsum(frequency) / RATE
    envelope = np.exp(-t / 0.09) * np.minimum(1, t / 0.001)
    return level * envelope * np.sin(phase)


def snare(rng, level):
    length = int(0.3 * RATE)
    t = np.arange(length) / RATE
    rise = np.minimum(1, t / 0.0005)
    noise = rng.standard_normal(length) / 3 * np.exp(-t / 0.045)
    tone = np.sin(2 * np.pi * 200 * t) * np.exp(-t / 0.06)
    burst = rise * (0.7 * noise + 0.6 * tone)
    return level * burst / max(1e-9, np.max(np.abs(burst)))


def hat(rng, level):
    length = int(0.08 * RATE)
    noise = rng.standard_normal(length)
    spectrum = np.fft.rfft(noise)
    spectrum[: int(7000 * length / RATE)] = 0
    high = np.fft.irfft(spectrum, length)
    t = np.arange(length) / RATE
    burst = high * np.exp(-t / 0.012) * np.minimum(1, t / 0.0003)
    return level * burst / max(1e-9, np.max(np.abs(burst)))


def pad(seconds, bar_seconds, rng):
    """A sustained pad: a chord of three sines (and a faint octave above each), changing every two bars, each
    chord rising over 1.5 s and falling over 1.5 s into the next (a raised-cosine crossfade)."""
    chords = [(220.0, 261.63, 329.63), (174.61, 220.0, 261.63), (196.0, 246.94, 293.66), (164.81, 196.0, 246.94)]
    total = int(seconds * RATE)
    out = np.zeros(total)
    span = 2 * bar_seconds
    fade = 1.5
    start, index = 0.0, 0
    while start < seconds:
        begin = max(0, int((start - fade / 2) * RATE))
        end = min(total, int((start + span + fade / 2) * RATE))
        t = np.arange(end - begin) / RATE
        length = t[-1] if len(t) else 0
        rise = np.clip(t / fade, 0, 1)
        fall = np.clip((length - t) / fade, 0, 1)
        envelope = 0.5 - 0.5 * np.cos(np.pi * np.minimum(rise, fall))
        if start == 0:  # the first chord starts with the piece, still slowly
            envelope = 0.5 - 0.5 * np.cos(np.pi * np.minimum(np.clip(t / 3, 0, 1), fall))
        tone = np.zeros(len(t))
        for f in chords[index % len(chords)]:
            phase = rng.uniform(0, 2 * np.pi)
            tone += np.sin(2 * np.pi * f * t + phase) + 0.2 * np.sin(4 * np.pi * f * t + phase)
        out[begin:end] += envelope * tone
        start += span
        index += 1
    return out


def drum_piece(name, style, bpm, seconds, seed, with_pad=False, pad_decibels=-14):
    """A piece of whole bars lasting about `seconds` (at least 4 bars), its pad (if any) at `pad_decibels` of
    peak before the mix is scaled."""
    rng = np.random.default_rng(seed)
    pattern = STYLES[style]
    step = 60 / bpm / 4
    bars = max(4, round(seconds / (16 * step)))
    lead = 1.0
    length = lead + bars * 16 * step + 1.0
    total = int(math.ceil(length * RATE))
    drums = np.zeros(total)
    pitch = rng.uniform(50, 120)
    onsets, kinds = [], []
    for bar in range(bars):
        notes = {}  # step → [(drum, level, ghost)]

        def play(at, drum, ghost=False):
            level = FULL[drum] * decibels(GHOST_DECIBELS if ghost else rng.uniform(-20, 0))
            notes.setdefault(at, []).append((drum, level, ghost))

        for drum in ("kick", "snare", "hat"):
            for at in pattern[drum]:
                play(at, drum)
        if rng.random() < 0.4:
            play(int(rng.choice(pattern["offKick"])), "kick")
        if rng.random() < 0.25:
            play(int(rng.choice(pattern["offSnare"])), "snare")
        for at in pattern["ghost"]:
            if rng.random() < 0.3 and not any(drum == "snare" for drum, _, _ in notes.get(at, [])):
                play(at, "snare", ghost=True)
        for at in sorted(notes):
            time = lead + (bar * 16 + at) * step + rng.uniform(-0.003, 0.003)
            begin = int(round(time * RATE))
            loudest = None
            for drum, level, ghost in notes[at]:
                sound = kick(pitch, level) if drum == "kick" else snare(rng, level) if drum == "snare" else hat(rng, level)
                end = min(total, begin + len(sound))
                drums[begin:end] += sound[: end - begin]
                if not ghost and (loudest is None or level > loudest[1]):
                    loudest = (drum, level)
            onsets.append(begin / RATE)
            kinds.append(loudest[0] if loudest else "ghost")
    mix = drums
    if with_pad:
        sound = pad(length, 16 * step, rng)
        sound = sound[:total] if len(sound) >= total else np.pad(sound, (0, total - len(sound)))
        mix = drums + decibels(pad_decibels) * sound / max(1e-9, np.max(np.abs(sound)))
    peak = np.max(np.abs(mix))
    if peak > decibels(-1):
        mix *= decibels(-1) / peak
    mix += rng.standard_normal(total) * decibels(BED_DECIBELS)
    return Piece(name, mix.astype(np.float32), bpm, onsets, kinds)


def noise_piece(name, seconds, seed, decibels_rms=-30):
    """Stationary pink noise at `decibels_rms` dBFS RMS: no onset at all, no beat."""
    rng = np.random.default_rng(seed)
    total = int(seconds * RATE)
    spectrum = np.fft.rfft(rng.standard_normal(total))
    frequencies = np.fft.rfftfreq(total, 1 / RATE)
    spectrum[1:] /= np.sqrt(frequencies[1:] / 20)  # 1/f power above 20 Hz
    spectrum[frequencies < 20] = 0
    noise = np.fft.irfft(spectrum, total)
    noise *= decibels(decibels_rms) / np.sqrt(np.mean(noise ** 2))
    return Piece(name, noise.astype(np.float32), None, [], [])


def onset_set(seconds=40, seed=2024):
    """The onset set: the drum pieces of ONSET_SET (about `seconds` each) and a piece of pink noise."""
    pieces = [drum_piece(name, style, bpm, seconds, seed + index, with_pad)
              for index, (name, style, bpm, with_pad) in enumerate(ONSET_SET)]
    pieces.append(noise_piece("pink noise", seconds, seed + len(ONSET_SET)))
    return pieces


def long_piece(seconds=600, seed=2024):
    """The long piece for the cost figure: breakbeat at 128 BPM over the pad."""
    return drum_piece(f"breakbeat 128 + pad, {seconds / 60:g} min", "breakbeat", 128, seconds, seed + 100, True)


def write_wav(path, samples):
    """Writes mono float samples as a 24-bit PCM WAV at RATE."""
    scaled = np.clip(np.round(np.asarray(samples, dtype=np.float64) * 8_388_607), -8_388_608, 8_388_607)
    packed = scaled.astype("<i4").view(np.uint8).reshape(-1, 4)[:, :3].tobytes()
    with wave.open(str(path), "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(3)
        out.setframerate(RATE)
        out.writeframes(packed)


def read_wav(path):
    """(samples as float64, sample rate) of a PCM WAV of 16 or 24 bits, channels mixed to mono."""
    with wave.open(str(path), "rb") as source:
        width, channels, rate = source.getsampwidth(), source.getnchannels(), source.getframerate()
        raw = source.readframes(source.getnframes())
    if width == 2:
        values = np.frombuffer(raw, dtype="<i2").astype(np.float64) / 32768
    elif width == 3:
        bytes3 = np.frombuffer(raw, dtype=np.uint8).reshape(-1, 3)
        padded = np.zeros((len(bytes3), 4), dtype=np.uint8)
        padded[:, 1:] = bytes3
        values = padded.view("<i4").reshape(-1).astype(np.float64) / 2 ** 31
    else:
        raise ValueError(f"{width * 8}-bit WAV not read here")
    return values.reshape(-1, channels).mean(axis=1), rate


if __name__ == "__main__":  # a quick look: the truth of the onset set
    for piece in onset_set():
        counts = {kind: piece.kinds.count(kind) for kind in ("kick", "snare", "hat", "ghost")}
        print(f"{piece.name:18s} {piece.seconds:6.1f} s  {len(piece.onsets):4d} onsets {counts}  "
              f"peak {20 * np.log10(np.max(np.abs(piece.samples))):.1f} dBFS")
