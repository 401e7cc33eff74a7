"""Joining a match from another phone: the players' and the watching link, each with a QR
code (inline SVG) that carries the exact link, and links that other phones can reach."""

from __future__ import annotations

import os
import re
import runpy
import subprocess
from pathlib import Path

import pytest
import segno
from pages import match_of, new_match, text

from referee import create_app, sharing
from referee.extensions import db


def _qr(link: str) -> str:
    """The QR code of ``link``, encoded here again as the page must show it."""
    return segno.make(link, error="m").svg_inline(scale=4, border=2, dark="#000",
                                                  light="#fff", omitsize=True)


def _paths(svg: str) -> str:
    return re.search(r'<path [^>]*d="([^"]+)"', svg).group(1)


def test_the_match_page_shows_a_qr_code_and_a_copy_button_for_each_link(client):
    token = new_match(client)
    view = match_of(token).view_token
    body = text(client.get(f"/match/{token}"))
    links = [f"http://localhost/match/{token}", f"http://localhost/match/{view}"]
    seats = [f"http://localhost/match/{match_of(token).seat_token(seat)}" for seat in (0, 1)]
    codes = re.findall(r'<svg role="img" aria-label="QR code[^>]*>.*?</svg>', body, re.S)
    assert len(codes) == 4  # the players' link, the watching link, each seat's link
    for link, code in zip(links + seats, codes, strict=True):
        assert _paths(code) == _paths(_qr(link))  # the code carries exactly the link
        assert f'data-copy="{link}"' in body and f'href="{link}"' in body
    assert 'aria-label="QR code: Players\' link"' in body
    assert "<details>\n      <summary>Share" not in body  # not hidden under a heading


def test_a_watching_phone_is_not_offered_the_players_link(client):
    token = new_match(client)
    view = match_of(token).view_token
    body = text(client.get(f"/match/{view}"))
    assert token not in body and "QR code" not in body


@pytest.fixture
def lan_app(tmp_path):
    def make(**config):
        app = create_app({"TESTING": True, "WTF_CSRF_ENABLED": False,
                          "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path}/lan.sqlite",
                          **config})
        with app.app_context():
            db.create_all()
        return app
    return make


def _players_link(app, host: str) -> str:
    client = app.test_client()
    with app.app_context():
        token = new_match(client)
    body = text(client.get(f"/match/{token}", base_url=f"http://{host}"))
    return re.search(r'data-copy="([^"]+)"', body).group(1)


def test_opened_on_the_host_of_a_server_on_every_interface_links_carry_its_lan_address(
        lan_app, monkeypatch):
    monkeypatch.setattr(sharing, "lan_address", lambda: "192.168.1.23")
    app = lan_app(SHARE_ON_LAN=True)
    assert _players_link(app, "127.0.0.1:8000").startswith("http://192.168.1.23:8000/match/")
    assert _players_link(app, "localhost:5000").startswith("http://192.168.1.23:5000/match/")
    # opened from another phone, the link is the address that phone used
    assert _players_link(app, "192.168.1.23:8000").startswith("http://192.168.1.23:8000/")


def test_without_a_network_or_on_127_0_0_1_only_links_follow_the_request(lan_app,
                                                                          monkeypatch):
    monkeypatch.setattr(sharing, "lan_address", lambda: None)
    assert _players_link(lan_app(SHARE_ON_LAN=True), "127.0.0.1:8000").startswith(
        "http://127.0.0.1:8000/")
    monkeypatch.setattr(sharing, "lan_address", lambda: "192.168.1.23")
    assert _players_link(lan_app(), "127.0.0.1:5000").startswith("http://127.0.0.1:5000/")


def test_a_public_url_always_wins(lan_app, monkeypatch):
    monkeypatch.setattr(sharing, "lan_address", lambda: "192.168.1.23")
    app = lan_app(SHARE_ON_LAN=True, PUBLIC_URL="https://kasino.example.org")
    assert _players_link(app, "127.0.0.1:8000").startswith("https://kasino.example.org/match/")


def test_the_lan_address_is_an_address_of_this_machine_or_none():
    address = sharing.lan_address()
    assert address is None or not address.startswith("127.")


# -- make serve HOST=0.0.0.0 shares on the local network as make run does ---------------

ROOT = Path(__file__).resolve().parents[1]


def _recipe(target: str, *assignments: str) -> str:
    """The command ``make`` would run for ``target`` (a dry run: nothing is started)."""
    done = subprocess.run(["make", "-n", "-C", str(ROOT), target, *assignments],
                          capture_output=True, text=True, check=True)
    command = done.stdout.replace("\\\n", " ")
    wanted = "gunicorn" if target == "serve" else "flask --app referee run"
    return next(line for line in command.splitlines() if wanted in line)


@pytest.mark.parametrize("target", ["run", "serve"])
def test_served_on_every_interface_both_servers_share_on_the_local_network(target):
    assert "SHARE_ON_LAN=1 " in _recipe(target, "HOST=0.0.0.0", "PORT=8000")
    assert "SHARE_ON_LAN=1 " in _recipe(target, "HOST=::")
    assert "SHARE_ON_LAN= " in _recipe(target)  # on 127.0.0.1 only: links follow the request


@pytest.mark.parametrize(("host", "shared"), [("0.0.0.0", "1"), ("::", "1"),
                                              ("127.0.0.1", None), ("", None)])
def test_gunicorn_on_every_interface_shares_on_the_local_network(monkeypatch, host, shared):
    """gunicorn started with its settings alone (no make) shares as make serve does."""
    monkeypatch.setenv("HOST", host)
    monkeypatch.delenv("PORT", raising=False)
    monkeypatch.setenv("SHARE_ON_LAN", "")  # so that what gunicorn.conf.py sets is undone
    monkeypatch.delenv("SHARE_ON_LAN")
    settings = runpy.run_path(str(ROOT / "gunicorn.conf.py"))
    assert settings["bind"] == [f"{host or '127.0.0.1'}:8000"]
    assert os.environ.get("SHARE_ON_LAN") == shared


def test_gunicorn_keeps_a_share_on_lan_set_otherwise(monkeypatch):
    monkeypatch.setenv("HOST", "0.0.0.0")
    monkeypatch.setenv("SHARE_ON_LAN", "0")
    runpy.run_path(str(ROOT / "gunicorn.conf.py"))
    assert os.environ["SHARE_ON_LAN"] == "0"
