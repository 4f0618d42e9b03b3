"""Make the short sounds the table plays (your turn, a play, a win) as small WAV files in this folder.

Run ``python assets/sounds/make_sounds.py``; the output is deterministic. Pure standard library.
"""

from __future__ import annotations

import math
import struct
import wave
from pathlib import Path

RATE = 22050
HERE = Path(__file__).resolve().parent


def tone(freq: float, seconds: float, volume: float = 0.5, decay: float = 6.0) -> list[float]:
    """A sine tone with a soft attack and an exponential fade, plus a touch of the octave for warmth."""
    n = int(RATE * seconds)
    out = []
    for i in range(n):
        t = i / RATE
        env = min(1.0, t / 0.005) * math.exp(-decay * t)
        out.append(volume * env * (math.sin(2 * math.pi * freq * t) + 0.3 * math.sin(4 * math.pi * freq * t)) / 1.3)
    return out


def click(seconds: float = 0.06) -> list[float]:
    """A card landing: a short filtered noise burst (deterministic pseudo-noise)."""
    n = int(RATE * seconds)
    out, x, prev = [], 12345, 0.0
    for i in range(n):
        x = (1103515245 * x + 12345) % 2**31
        noise = x / 2**30 - 1.0
        prev = 0.6 * prev + 0.4 * noise  # low-pass
        out.append(0.6 * prev * math.exp(-60 * i / RATE))
    return out


def silence(seconds: float) -> list[float]:
    return [0.0] * int(RATE * seconds)


def write(name: str, samples: list[float]) -> Path:
    path = HERE / f"{name}.wav"
    with wave.open(str(path), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(b"".join(struct.pack("<h", int(max(-1.0, min(1.0, s)) * 32767)) for s in samples))
    return path


SOUNDS = {
    "turn": tone(880, 0.12, 0.45, 18) + tone(1320, 0.18, 0.4, 14),  # two rising chimes
    "play": click(),
    "win": tone(523.25, 0.12, 0.4, 8) + tone(659.25, 0.12, 0.4, 8) + tone(783.99, 0.12, 0.4, 8)
    + tone(1046.5, 0.4, 0.45, 5),  # C-E-G-C arpeggio
    "message": tone(660, 0.09, 0.3, 25) + silence(0.03) + tone(660, 0.09, 0.3, 25),
}


if __name__ == "__main__":
    for key, samples in SOUNDS.items():
        print(write(key, samples), f"{len(samples) / RATE:.2f} s")
