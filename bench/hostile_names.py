"""Hostile names, shared by the tests (Tests/python) and the benchmarks (bench/) through bench/hostile_input.py:
seeded names hostile in every way issue 24 lists, and what the server must make of each (`expected_name`)."""
import random
import unicodedata

import regex


# Refused wherever they stand, trimmed region included.
FORBIDDEN = frozenset([*map(chr, range(0x20)), "\x7f", *map(chr, range(0x80, 0xA0)), "\ufeff", "\u2028", "\u2029",
                       "\ufffe", "\uffff", *map(chr, range(0xD800, 0xE000))])
# What trimming takes from the ends: the space separators (Zs). The rest of Unicode's White_Space (tab, line
# feed, NEL, U+2028, …) is refused above, so Foundation's whitespacesAndNewlines trims the same.
SPACES = ["\u0020", "\u00a0", "\u1680", *map(chr, range(0x2000, 0x200B)), "\u202f", "\u205f", "\u3000"]
CONTROLS = [*map(chr, range(0x20)), "\x7f", *map(chr, range(0x80, 0xA0))]
LONE_SURROGATES = ["\ud800", "\udbff", "\udc00", "\udfff", "\ude00\ud83d"]  # the last: a pair the wrong way round
# Allowed, and kept as they are: marks of direction and joiners with no width (format characters, not controls).
FORMAT_MARKS = ["\u200f", "\u200e", "\u200b", "\u2060", "\u202e", "\u061c"]
COMBINING_MARKS = ["\u0301", "\u0300", "\u0308", "\u0323", "\u030a", "\u0327", "\u20dd"]
# Text that NFC changes, and what it becomes.
DECOMPOSED = {"e\u0301": "\u00e9", "A\u030a": "\u00c5", "\u212b": "\u00c5", "\u2126": "\u03a9", "c\u0327": "\u00e7",
              "\u1100\u1161\u11a8": "\uac01", "a\u0307\u0323": "\u1ea1\u0307", "A\u2000B": "A\u2002B"}
EMOJI = ["\U0001f469\u200d\U0001f4bb", "\U0001f468\u200d\U0001f469\u200d\U0001f467\u200d\U0001f466", "\U0001f1eb\U0001f1f7",
         "\U0001f44d\U0001f3fd", "1\ufe0f\u20e3", "\U0001f3f3\ufe0f\u200d\U0001f308", "\u2764\ufe0f"]
FAMILY = EMOJI[1]  # one Character of 25 UTF-8 bytes
ORDINARY_NAMES = [
    "Verse", "Chorus", "Dawn", "Pulse Garden", "Caf\u00e9", "\u03a9mega", "\u65e5\u672c\u8a9e\u306e\u6b4c", "\u0141\u00f3d\u017a",
    "Bass 2", "Cole's Contrasts", "\u05e9\u05dc\u05d5\u05dd", "\u0645\u0631\u062d\u0628\u0627", "\U0001d11e clef",
    "'; DROP TABLE chordset; --", "<b>bold</b>", "\\u0000", "%00", "../../etc/passwd", "Robert\\\"); --", "\uff21\uff22",
    "\ue000 private", "Demo", "DEMO", "i\u0307", "\u0130stanbul", "Stra\u00dfe",
]


def graphemes(text):
    """`text`'s extended grapheme clusters — Swift's Characters (as far as both follow the same Unicode)."""
    return regex.findall(r"\X", text)


def expected_name(text, allow_empty=False, limit=200):
    """What the server must make of `text` given as a name: the text it stores (and reads back) — NFC,
    trimmed — or None where it must refuse it with a 4xx and change nothing."""
    if not isinstance(text, str) or any(c in FORBIDDEN for c in text):
        return None
    text = unicodedata.normalize("NFC", text).strip("".join(SPACES))
    if not text and not allow_empty:
        return None
    if len(graphemes(text)) > limit or len(text.encode("utf-8")) > 16 * limit:
        return None
    return text


def free_title(title, taken, limit=200):
    """The title a copy of a chordset called `title` gets beside `taken` (the library's titles): `title`, else
    "title (2)", "title (3)", … cut to stay within `limit` characters (ChordsetLibrary.freeTitle)."""
    if title not in taken:
        return title
    number = 2
    while True:
        suffix = f" ({number})"
        candidate = "".join(graphemes(title)[:limit - len(suffix)]) + suffix
        if candidate not in taken:
            return candidate
        number += 1


def _is_clear(text):
    """Whether trimming `text` means the same however it is done: scalar by scalar or Character by Character
    (no space at an end shares its Character with a combining mark or joiner), by Unicode's White_Space or
    by CoreFoundation's older set (which takes U+200B, the zero-width space, as white space too)."""
    clusters = [c for c in graphemes(unicodedata.normalize("NFC", text)) if not all(s in SPACES for s in c)]
    ends = clusters[:1] + clusters[-1:]
    return not any(any(s in SPACES or s == "\u200b" for s in c) for c in ends)


def hostile_name(rng, limit=200):
    """One name from a seeded `rng` — ordinary, or hostile in one of the ways issue 24 lists: NUL, C0 and C1
    controls, DEL, lone surrogates (sent as JSON's "\\ud800"), the byte-order mark, line and paragraph
    separators, decomposed text NFC composes, marks of direction, emoji joined by ZWJ, 10,000 characters,
    one Character carrying thousands of combining marks, white space only or around a name, and names right
    at the limits of characters and bytes. `expected_name` says what the server must make of it."""
    def ordinary():
        return rng.choice(ORDINARY_NAMES)

    def inserted(piece, text=None):
        text = ordinary() if text is None else text
        at = rng.randrange(len(text) + 1)
        return text[:at] + piece + text[at:]

    makers = [
        ordinary,
        lambda: rng.choice(["\x00", "A\x00B", ordinary() + "\x00", "\x00" + ordinary()]),
        lambda: inserted(rng.choice(CONTROLS)),
        lambda: ordinary() + rng.choice(["\n", "\r\n", "\t", "\x85", "\x1b[2J"]),
        lambda: inserted("\x7f"),
        lambda: inserted(rng.choice(LONE_SURROGATES)),
        lambda: rng.choice(LONE_SURROGATES),
        lambda: rng.choice(["\ufeff" + ordinary(), ordinary() + "\ufeff", inserted("\ufeff"), "\ufeff", inserted("\ufffe"), "\uffff"]),
        lambda: inserted(rng.choice(["\u2028", "\u2029"])),
        lambda: unicodedata.normalize("NFD", rng.choice(["Caf\u00e9", "\u00c5ngstr\u00f6m", "Fran\u00e7ais", "\uac01\uc131"])),
        lambda: inserted(rng.choice(list(DECOMPOSED))),
        lambda: rng.choice(list(DECOMPOSED)),
        lambda: inserted(rng.choice(FORMAT_MARKS)),
        lambda: rng.choice(FORMAT_MARKS) + ordinary(),
        lambda: rng.choice(EMOJI) + " " + ordinary(),
        lambda: "".join(rng.choice(EMOJI) for _ in range(rng.randrange(1, 6))),
        lambda: rng.choice(["x", "\u00e9", "\u65e5"]) * 10_000,
        lambda: "".join(chr(rng.randrange(0x21, 0x7F)) for _ in range(10_000)),
        lambda: rng.choice("aeqx") + rng.choice(COMBINING_MARKS) * 5_000,
        # One Character of 1 + 2n bytes: accepted up to 16 × limit bytes, refused past (q composes with nothing).
        lambda: "q" + "\u0301" * rng.choice([300, 8 * limit - 1, 8 * limit]),
        lambda: "".join(rng.choice(SPACES) for _ in range(rng.randrange(1, 6))),
        lambda: "".join(rng.choice(SPACES) for _ in range(rng.randrange(1, 4))) + ordinary()
        + "".join(rng.choice(SPACES) for _ in range(rng.randrange(0, 4))),
        lambda: "x" * rng.choice([limit - 1, limit, limit + 1]),
        lambda: "  " + "y" * limit + "\u3000",
        lambda: "e\u0301" * rng.choice([limit, limit + 1]),
        lambda: "\U0001f44d\U0001f3fd" * rng.choice([limit, limit + 1]),
        lambda: FAMILY * rng.choice([16 * limit // 25, 16 * limit // 25 + 1, limit]),  # 3,200 bytes, 3,225, 5,000
        lambda: ordinary() + " " + ordinary(),
    ]
    while True:
        text = rng.choice(makers)()
        if _is_clear(text):
            return text


def hostile_names(count, seed=24, limit=200):
    """`count` of `hostile_name`, from `seed`."""
    rng = random.Random(seed)
    return [hostile_name(rng, limit) for _ in range(count)]
