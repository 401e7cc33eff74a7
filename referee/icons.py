"""The app's icon, made here: a playing card with a red diamond on the green felt.

One geometry (shapes in a 512-unit square) gives the SVG and, through a small rasterizer
(exact coverage along each row, 4 sub-rows per pixel), the PNGs the web app manifest and
the phones want: no image is kept in the repository and no library is needed
(docs/DECISIONS.md, "Installable").

Two kinds: ``any`` is a rounded felt square with transparent corners; ``maskable`` is the
felt to every edge with the card inside the middle 80 % (the safe zone a phone's mask
keeps), also used for the apple-touch-icon, which must be opaque.

>>> png(48, "any")[:8] == PNG_SIGNATURE
True
"""

from __future__ import annotations

import math
import struct
import zlib
from dataclasses import dataclass
from functools import lru_cache
from typing import Literal

Kind = Literal["any", "maskable"]

# the colours of static/app.css (:root --felt, --paper, --line, --red); a test compares them
FELT = "#14532d"
PAPER = "#fbfaf6"
LINE = "#d6d3c8"
RED = "#b91c1c"

UNITS = 512  # the geometry's square
SUBROWS = 4  # samples down each pixel; across a row the coverage is exact
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"

# the files served under /icons/: the kind and the size in pixels (None: the SVG)
FILES: dict[str, tuple[Kind, int | None]] = {
    "icon.svg": ("any", None),
    "icon-192.png": ("any", 192),
    "icon-512.png": ("any", 512),
    "maskable-192.png": ("maskable", 192),
    "maskable-512.png": ("maskable", 512),
    "apple-touch-icon.png": ("maskable", 180),
}


@dataclass(frozen=True)
class RoundRect:
    """A rectangle with rounded corners of radius ``r`` (0: square corners)."""

    x0: float
    y0: float
    x1: float
    y1: float
    r: float
    fill: str

    def span(self, y: float) -> tuple[float, float] | None:
        """Where the row at height ``y`` crosses the shape, or None."""
        if not self.y0 <= y < self.y1:
            return None
        dy = max(self.y0 + self.r - y, y - (self.y1 - self.r), 0.0)
        inset = self.r - math.sqrt(max(self.r * self.r - dy * dy, 0.0))
        return self.x0 + inset, self.x1 - inset

    def svg(self) -> str:
        corner = f' rx="{self.r:g}"' if self.r else ""
        return (f'<rect x="{self.x0:g}" y="{self.y0:g}" width="{self.x1 - self.x0:g}" '
                f'height="{self.y1 - self.y0:g}"{corner} fill="{self.fill}"/>')


@dataclass(frozen=True)
class Diamond:
    """A diamond (a card's suit) centred on ``cx, cy``, ``hw`` wide and ``hh`` high each way."""

    cx: float
    cy: float
    hw: float
    hh: float
    fill: str

    def span(self, y: float) -> tuple[float, float] | None:
        half = self.hw * (1 - abs(y - self.cy) / self.hh)
        return (self.cx - half, self.cx + half) if half > 0 else None

    def svg(self) -> str:
        points = ((self.cx, self.cy - self.hh), (self.cx + self.hw, self.cy),
                  (self.cx, self.cy + self.hh), (self.cx - self.hw, self.cy))
        text = " ".join(f"{x:g},{y:g}" for x, y in points)
        return f'<polygon points="{text}" fill="{self.fill}"/>'


Shape = RoundRect | Diamond


def _card(scale: float) -> list[Shape]:
    """The card (a 5:7 rectangle, edged, with a diamond and two corner pips), scaled about
    the middle of the square."""
    mid = UNITS / 2

    def at(v: float) -> float:
        return mid + (v - mid) * scale

    def box(x0: float, y0: float, x1: float, y1: float, r: float, fill: str) -> RoundRect:
        return RoundRect(at(x0), at(y0), at(x1), at(y1), r * scale, fill)

    def pip(cx: float, cy: float, hw: float, hh: float) -> Diamond:
        return Diamond(at(cx), at(cy), hw * scale, hh * scale, RED)

    return [box(132, 84, 380, 428, 28, LINE), box(140, 92, 372, 420, 20, PAPER),
            pip(256, 256, 72, 104), pip(178, 140, 16, 24), pip(334, 372, 16, 24)]


def shapes(kind: Kind) -> list[Shape]:
    """The icon's shapes, painted in order."""
    if kind == "maskable":  # the felt to every edge; the card within the safe zone
        return [RoundRect(0, 0, UNITS, UNITS, 0, FELT), *_card(0.8)]
    return [RoundRect(0, 0, UNITS, UNITS, 96, FELT), *_card(1.0)]


def svg(kind: Kind = "any") -> str:
    """The icon as an SVG document."""
    body = "".join(shape.svg() for shape in shapes(kind))
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {UNITS} {UNITS}" '
            f'width="{UNITS}" height="{UNITS}">{body}</svg>\n')


def _rgb(colour: str) -> tuple[int, int, int]:
    return int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16)


def _blend(row: bytearray, x: int, rgb: tuple[int, int, int], cover: float) -> None:
    """Paint ``rgb`` over pixel ``x`` of an RGBA row at coverage ``cover`` (0 to 1)."""
    at = 4 * x
    below = row[at + 3] / 255 * (1 - cover)
    alpha = cover + below
    if alpha <= 0:
        return
    for channel in range(3):
        row[at + channel] = round((rgb[channel] * cover + row[at + channel] * below) / alpha)
    row[at + 3] = round(alpha * 255)


def _paint(row: bytearray, spans: list[tuple[float, float] | None], rgb: tuple[int, int, int],
           size: int) -> None:
    """Paint one shape on one pixel row, given its span on each sub-row (in pixels)."""
    found = [s for s in spans if s is not None]
    if not found:
        return
    left = max(0, math.floor(min(a for a, _ in found)))
    right = min(size, math.ceil(max(b for _, b in found)))
    full_from, full_to = right, right  # the pixels every sub-row covers wholly
    if len(found) == len(spans):
        full_from = max(left, math.ceil(max(a for a, _ in found)))
        full_to = max(full_from, min(right, math.floor(min(b for _, b in found))))
    row[4 * full_from:4 * full_to] = bytes((*rgb, 255)) * (full_to - full_from)
    for x in (*range(left, full_from), *range(full_to, right)):
        cover = sum(max(0.0, min(b, x + 1) - max(a, x)) for a, b in found) / len(spans)
        if cover > 0:
            _blend(row, x, rgb, min(cover, 1.0))


def pixels(size: int, kind: Kind = "any") -> list[bytearray]:
    """The icon at ``size`` × ``size`` pixels: one RGBA bytearray a row."""
    unit = UNITS / size
    painted = [(shape, _rgb(shape.fill)) for shape in shapes(kind)]
    rows = []
    for y in range(size):
        row = bytearray(4 * size)
        heights = [(y + (k + 0.5) / SUBROWS) * unit for k in range(SUBROWS)]
        for shape, rgb in painted:
            spans = [shape.span(h) for h in heights]
            _paint(row, [None if s is None else (s[0] / unit, s[1] / unit) for s in spans],
                   rgb, size)
        rows.append(row)
    return rows


def _chunk(kind: bytes, data: bytes) -> bytes:
    return (struct.pack(">I", len(data)) + kind + data
            + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF))


@lru_cache(maxsize=len(FILES))
def png(size: int, kind: Kind = "any") -> bytes:
    """The icon as a PNG file: 8-bit RGBA, no filter, made once per process."""
    raw = b"".join(b"\x00" + bytes(row) for row in pixels(size, kind))
    header = struct.pack(">IIBBBBB", size, size, 8, 6, 0, 0, 0)
    return (PNG_SIGNATURE + _chunk(b"IHDR", header) + _chunk(b"IDAT", zlib.compress(raw, 9))
            + _chunk(b"IEND", b""))


def file(name: str) -> tuple[bytes, str] | None:
    """The file served as ``/icons/<name>`` and its MIME type, or None."""
    if name not in FILES:
        return None
    kind, size = FILES[name]
    if size is None:
        return svg(kind).encode(), "image/svg+xml"
    return png(size, kind), "image/png"
