"""htmx: a swap gets the fragment it replaces, everything else (a plain request, a boosted
link, a history restore) the whole page, and every page varies on HX-Request."""

from __future__ import annotations

import pytest
from pages import HX, new_match, opened, plain, text


@pytest.mark.parametrize("path", ["/", "/matches/new"])
def test_pages_answer_fragments_only_for_htmx(client, path):
    full = client.get(path)
    assert "<html" in text(full)
    assert "HX-Request" in full.headers["Vary"]


def test_scoreboard_fragment_for_htmx_and_page_without(client):
    token = new_match(client)
    full = client.get(f"/match/{token}")
    part = client.get(f"/match/{token}", headers=HX)
    assert "<html" in text(full) and "<html" not in text(part)
    assert 'id="board"' in text(part)
    assert "HX-Request" in part.headers["Vary"]


def test_new_match_errors_come_back_as_the_form_fragment(client):
    response = client.post("/matches/new", headers=HX, data={
        "variant": "swedish", "players": "2", "first_dealer": "1", "names-0": "A"})
    assert response.status_code == 422
    body = text(response)
    assert "<html" not in body and 'id="new-match"' in body
    assert "Give seat 2 a name" in plain(response)


def test_boosted_request_gets_the_whole_page(client):
    token, number = opened(client)
    response = client.get(f"/match/{token}/round/{number}",
                          headers={"HX-Request": "true", "HX-Boosted": "true"})
    assert "<html" in text(response)
    restore = client.get(f"/match/{token}/round/{number}",
                         headers={"HX-Request": "true", "HX-History-Restore-Request": "true"})
    assert "<html" in text(restore)
