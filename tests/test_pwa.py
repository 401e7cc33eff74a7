"""Installable (issue 9 §4): the manifest, the icons made from one geometry, the service
worker's script and headers, the offline page, and the notice of no connection."""

from __future__ import annotations

import json
import re
import shutil
import struct
import xml.etree.ElementTree as ET
import zlib
from pathlib import Path

import pytest

from referee import icons
from referee.pwa import cache_version

ROOT = Path(__file__).resolve().parent.parent
SVG = "{http://www.w3.org/2000/svg}"


def decode_png(data: bytes) -> tuple[int, int, list[list[tuple[int, ...]]]]:
    """Width, height and RGBA pixels of a PNG of 8-bit RGBA rows without filters (the
    kind referee/icons.py writes), read chunk by chunk with each CRC checked."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    at, chunks = 8, {}
    while at < len(data):
        (length,) = struct.unpack(">I", data[at:at + 4])
        kind, body = data[at + 4:at + 8], data[at + 8:at + 8 + length]
        (crc,) = struct.unpack(">I", data[at + 8 + length:at + 12 + length])
        assert crc == zlib.crc32(kind + body) & 0xFFFFFFFF, kind
        chunks[kind] = chunks.get(kind, b"") + body
        at += 12 + length
    order = list(chunks)
    assert (order[0], order[-1]) == (b"IHDR", b"IEND")
    width, height, depth, colour, *_ = struct.unpack(">IIBBBBB", chunks[b"IHDR"])
    assert (depth, colour) == (8, 6)
    raw = zlib.decompress(chunks[b"IDAT"])
    stride = 1 + 4 * width
    assert len(raw) == stride * height
    rows = []
    for y in range(height):
        line = raw[y * stride:(y + 1) * stride]
        assert line[0] == 0  # no filter
        rows.append([tuple(line[1 + 4 * x:5 + 4 * x]) for x in range(width)])
    return width, height, rows


def _hex(colour: str) -> tuple[int, int, int, int]:
    return int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16), 255


def _svg_shapes(text: str) -> list[ET.Element]:
    root = ET.fromstring(text)
    assert root.tag == f"{SVG}svg" and root.get("viewBox") == "0 0 512 512"
    return list(root)


def test_the_manifest_is_valid_and_names_the_app(client):
    response = client.get("/manifest.webmanifest")
    assert response.status_code == 200
    assert response.mimetype == "application/manifest+json"
    manifest = json.loads(response.get_data(as_text=True))
    assert manifest["name"] == "Kasino Referee" and manifest["short_name"] == "Kasino"
    assert (manifest["start_url"], manifest["scope"], manifest["display"]) == ("/", "/",
                                                                             "standalone")
    purposes = {(i["sizes"], i["purpose"]) for i in manifest["icons"]}
    assert {("any", "any"), ("192x192", "any"), ("512x512", "any"),
            ("512x512", "maskable")} <= purposes
    for icon in manifest["icons"]:
        got = client.get(icon["src"])
        assert got.status_code == 200 and got.mimetype == icon["type"], icon


def test_the_manifest_colours_are_those_of_the_style_sheet(client):
    css = (ROOT / "static" / "app.css").read_text()
    root = re.search(r":root\s*{([^}]*)}", css)
    assert root is not None
    colours = dict(re.findall(r"--(\w+):\s*(#[0-9a-f]{6})", root.group(1)))
    manifest = client.get("/manifest.webmanifest").get_json(force=True)
    assert manifest["theme_color"] == colours["felt"] == icons.FELT
    assert manifest["background_color"] == colours["paper"] == icons.PAPER
    assert (colours["red"], colours["line"]) == (icons.RED, icons.LINE)
    assert f'<meta name="theme-color" content="{icons.FELT}">' in client.get("/").text


def test_every_page_links_the_manifest_and_the_icons(client):
    page = client.get("/").get_data(as_text=True)
    for link in ('<link rel="manifest" href="/manifest.webmanifest">',
                 '<link rel="icon" href="/icons/icon.svg" type="image/svg+xml">',
                 '<link rel="apple-touch-icon" href="/icons/apple-touch-icon.png">'):
        assert link in page
    assert 'href="data:' not in page


@pytest.mark.parametrize(("name", "size"), [("icon-192.png", 192), ("icon-512.png", 512),
                                            ("maskable-512.png", 512),
                                            ("apple-touch-icon.png", 180)])
def test_each_png_icon_decodes_at_its_size_and_is_drawn(client, name, size):
    response = client.get(f"/icons/{name}")
    assert response.mimetype == "image/png"
    width, height, rows = decode_png(response.get_data())
    assert (width, height) == (size, size)
    colours = {pixel for row in rows for pixel in row}
    assert len(colours) > 5, "a blank icon"


def test_the_pngs_have_the_colours_of_the_svg(client):
    shapes = _svg_shapes(client.get("/icons/icon.svg").get_data(as_text=True))
    felt, _edge, face, diamond = shapes[0], shapes[1], shapes[2], shapes[3]
    assert diamond.tag == f"{SVG}polygon"
    points = [tuple(map(float, p.split(","))) for p in (diamond.get("points") or "").split()]
    middle = (sum(x for x, _ in points) / 4, sum(y for _, y in points) / 4)
    in_face = (float(face.get("x") or 0) + 10, middle[1])
    on_felt = (float(felt.get("x") or 0) + 40, middle[1])
    for size in (192, 512):
        _w, _h, rows = decode_png(client.get(f"/icons/icon-{size}.png").get_data())

        def at(point: tuple[float, float], rows=rows, size=size) -> tuple[int, ...]:
            return rows[int(point[1] * size / 512)][int(point[0] * size / 512)]

        assert at(middle) == _hex(diamond.get("fill") or "")
        assert at(in_face) == _hex(face.get("fill") or "")
        assert at(on_felt) == _hex(felt.get("fill") or "")
        assert rows[0][0][3] == 0, "the rounded corner is transparent"


def test_the_maskable_icon_is_opaque_with_the_card_in_the_safe_zone():
    _w, _h, rows = decode_png(icons.png(512, "maskable"))
    assert all(pixel[3] == 255 for row in rows for pixel in row)
    assert rows[0][0] == _hex(icons.FELT)
    # the card (everything not felt) lies within the circle of radius 40 % of the size
    for y in range(0, 512, 4):
        for x in range(0, 512, 4):
            if rows[y][x] != _hex(icons.FELT):
                assert (x - 255.5) ** 2 + (y - 255.5) ** 2 <= (0.4 * 512) ** 2, (x, y)


def test_icons_are_cached_and_an_unknown_one_is_404(client):
    response = client.get("/icons/icon-192.png")
    assert response.cache_control.max_age == 86400 and response.cache_control.public
    again = client.get("/icons/icon-192.png", headers={"If-None-Match": response.headers["ETag"]})
    assert again.status_code == 304
    assert client.get("/icons/icon-1024.png").status_code == 404
    assert client.get("/icons/..%2Fapp.py").status_code == 404


def test_the_service_worker_is_served_from_the_root_and_never_kept_stale(client):
    response = client.get("/sw.js")
    assert response.status_code == 200
    assert response.mimetype == "text/javascript"
    assert response.cache_control.no_cache
    assert "Service-Worker-Allowed" not in response.headers  # its scope is already "/"
    body = response.get_data(as_text=True)
    precache = json.loads(re.search(r"const PRECACHE = (\[.*?\]);", body).group(1))
    assert {"/static/app.css", "/static/app.js", "/static/vendor/htmx.min.js",
            "/icons/icon-512.png", "/offline"} <= set(precache)
    assert all(url.startswith(("/static/", "/icons/")) or url == "/offline" for url in precache)
    name = re.search(r'const CACHE = "(kasino-referee-[0-9a-f]{16})";', body)
    assert name is not None


def test_the_cache_name_changes_with_any_static_file(app, tmp_path):
    def version(folder: Path) -> str:
        app.static_folder = str(folder)
        with app.test_request_context("/sw.js"):
            return cache_version()

    one, two = tmp_path / "one", tmp_path / "two"
    shutil.copytree(ROOT / "static", one)
    shutil.copytree(ROOT / "static", two)
    before = version(one)
    assert version(one) == before == version(two)  # the same files: the same, on any server
    (two / "app.css").write_text((two / "app.css").read_text() + "/* new */\n")
    assert version(two) != before


def test_the_offline_page_says_nothing_is_lost_and_opens_no_session(client):
    response = client.get("/offline")
    assert response.status_code == 200
    page = response.get_data(as_text=True)
    assert "The referee needs the connection to the host; nothing you entered is lost." in page
    assert "Set-Cookie" not in response.headers and "X-CSRFToken" not in page


def test_every_page_has_the_no_connection_notice_for_app_js(client):
    page = client.get("/").get_data(as_text=True)
    notice = re.search(r'<p id="connection" class="connection" role="status"([^>]*)></p>', page)
    assert notice is not None
    assert ('data-post="No connection: nothing was recorded. Your play is kept here; tap it '
            'again when you are back."') in notice.group(1)
