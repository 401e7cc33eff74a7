"""Error pages: a clear message, as a fragment for htmx, and a way back from a swap that
failed."""

from __future__ import annotations

from pages import HX, plain, text


def test_unknown_token_is_a_clear_404(client):
    response = client.get("/match/not-a-real-token")
    assert response.status_code == 404
    assert "No match has this link" in plain(response)
    assert client.post("/match/nope/rounds", data={"mode": "play"}).status_code == 404


def test_error_pages_are_fragments_for_htmx_too(client):
    response = client.get("/match/nope", headers=HX)
    assert response.status_code == 404
    assert "<html" not in text(response) and "No match has this link" in plain(response)


def test_error_inside_an_htmx_swap_offers_to_reload(client):
    # the page htmx was on, on this site (the test client's host is localhost)
    response = client.get("/match/nope",
                          headers={**HX, "HX-Current-URL": "http://localhost/match/a"})
    assert "Reload the page" in plain(response)
    assert 'href="/match/a"' in text(response)
