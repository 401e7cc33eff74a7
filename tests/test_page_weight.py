"""First load of any page, with its CSS and JS, is at most 60 KB gzip (issue 3)."""

from __future__ import annotations

import gzip
import re

import pytest
from pages import lay_table, new_match, start_round

BUDGET = 60 * 1024


def gz(data: bytes) -> int:
    return len(gzip.compress(data, compresslevel=9))


def first_load(client, path: str) -> int:
    page = client.get(path)
    assert page.status_code == 200, path
    html = page.get_data()
    total = gz(html)
    assets = re.findall(rb'(?:href|src)="(/static/[^"]+)"', html)
    assert assets, "the page loads its CSS and htmx"
    for asset in assets:
        response = client.get(asset.decode())
        assert response.status_code == 200, f"{asset!r} is missing: run `make static`"
        total += gz(response.get_data())
        response.close()
    return total


@pytest.mark.parametrize("path", ["/", "/matches/new", "/check", "/rules", "/rules/norwegian"])
def test_static_pages_fit_the_budget(client, path):
    assert first_load(client, path) <= BUDGET


def test_match_and_round_pages_fit_the_budget(client):
    token = new_match(client)
    number = start_round(client, token)
    assert first_load(client, f"/match/{token}/round/{number}") <= BUDGET
    lay_table(client, token, number, ["9S", "6C", "3D", "5H"])
    assert first_load(client, f"/match/{token}/round/{number}") <= BUDGET
    assert first_load(client, f"/match/{token}") <= BUDGET


def test_htmx_is_served_by_the_app_not_a_cdn(client):
    page = client.get("/").get_data(as_text=True)
    assert '<script src="/static/vendor/htmx.min.js"' in page
    assert "cdn" not in page.lower()
    body = client.get("/static/vendor/htmx.min.js").get_data()
    assert b"htmx" in body[:5000]
