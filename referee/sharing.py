"""Joining a match from another phone: the links to share, with a QR code of each.

When the app is served on every interface (``make run HOST=0.0.0.0``, which sets
``SHARE_ON_LAN``) and opened on the host itself (http://127.0.0.1:...), a link on
127.0.0.1 would lead the other phones nowhere: the links then carry this machine's
address in the local network instead. ``PUBLIC_URL``, when set, always wins.
"""

from __future__ import annotations

import ipaddress
import socket
from functools import lru_cache
from urllib.parse import urlsplit

import segno
from flask import current_app, request
from markupsafe import Markup

# a private address nothing answers: connecting a UDP socket to it sends no packet, it
# only picks the interface (and so the address) the machine would use for the network
PROBE = ("10.254.254.254", 1)


def lan_address() -> str | None:
    """This machine's address in the local network, or None (no network)."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(PROBE)
            address = probe.getsockname()[0]
        except OSError:
            return None
    return None if ipaddress.ip_address(address).is_loopback else address


def share_base() -> str | None:
    """Where the other phones reach this server, when it is not the request's own host:
    ``http://<LAN address>:<port>`` for a page opened on the host of a server on every
    interface; else None (links follow the request, or ``PUBLIC_URL``)."""
    if not current_app.config.get("SHARE_ON_LAN"):
        return None
    try:
        here = urlsplit(f"//{request.host}")
        host, port = here.hostname or "", here.port
        loopback = host == "localhost" or ipaddress.ip_address(host).is_loopback
    except ValueError:
        return None
    address = lan_address() if loopback else None
    if address is None:
        return None
    return f"{request.scheme}://{address}" + (f":{port}" if port else "")


def qr_svg(link: str, label: str) -> Markup:
    """A QR code of ``link`` as inline SVG (no image service), named for screen readers."""
    return Markup(_qr(link).replace(
        "<svg ", Markup('<svg role="img" aria-label="{}" ').format(label), 1))


@lru_cache(maxsize=256)
def _qr(link: str) -> str:
    return segno.make(link, error="m").svg_inline(scale=4, border=2, dark="#000",
                                                  light="#fff", omitsize=True)
