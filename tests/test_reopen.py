"""A confirmed round reopened: the confirmation taken back (an undo of it in the log), so
that a tally typed wrong or a play recorded wrong can still be put right. Two phone reviews
(a Danish and a Swedish family) found a confirmed round could not be corrected at all."""

from __future__ import annotations

import json
import re

from pages import (
    SWEDISH_SIDES,
    match_of,
    new_match,
    plain,
    round_of,
    start_round,
    tally_data,
    tally_round,
    text,
    version,
)
from test_import import import_file, problem

from referee.extensions import db
from referee.models import RoundStatus


def reopen(client, token, number, **headers):
    return client.post(f"/match/{token}/round/{number}/undo",
                       data={"version": version(token, number)}, headers=headers)


def test_the_last_confirmed_round_reopens_and_leaves_the_totals_until_confirmed_again(client):
    token = new_match(client)  # to 16: one round of these tallies does not end it
    tally_round(client, token, SWEDISH_SIDES)
    before = plain(client.get(f"/match/{token}"))
    assert "Reopen round 1" in before
    assert "Reopen round 1" in plain(client.get(f"/match/{token}/round/1"))
    response = reopen(client, token, 1)
    assert response.status_code == 303
    assert response.headers["Location"].endswith(f"/match/{token}/round/1")
    rnd = round_of(token, 1)
    assert rnd.status is RoundStatus.OPEN and rnd.result_json is None
    assert [e.kind for e in rnd.events][-2:] == ["confirm", "undo"]
    page = plain(client.get(f"/match/{token}/round/1"))
    assert "The round is open again, out of the match's totals until it is confirmed again." \
        in page
    assert "Reopen round 1" not in page
    board = plain(client.get(f"/match/{token}"))
    assert "Continue round 1" in board and "Next round" not in board
    # the tally is still entered: "Change the tally" takes it back, its counts kept in the
    # form to be put right, then the round is confirmed again
    assert "Change the tally" in page
    client.post(f"/match/{token}/round/1/undo", data={"version": version(token, 1)})
    assert re.search(r'name="sides-0-cards"[^>]*value="27"',
                     text(client.get(f"/match/{token}/round/1")))
    fixed = [dict(SWEDISH_SIDES[0], sweeps=1), SWEDISH_SIDES[1]]
    assert client.post(f"/match/{token}/round/1/tally",
                       data=tally_data(token, 1, fixed)).status_code == 303
    assert client.post(f"/match/{token}/round/1/confirm",
                       data={"version": version(token, 1)}).status_code == 303
    rnd = round_of(token, 1)
    assert rnd.status is RoundStatus.CONFIRMED
    # the sweep put right counts one point less than the first confirmation gave Ann
    assert rnd.result_json["totals"][0] + 1 == _first_total(client)


def _first_total(client) -> int:
    """Ann's points for the round as first typed, in a match of its own."""
    token = new_match(client)
    tally_round(client, token, SWEDISH_SIDES)
    return int(round_of(token, 1).result_json["totals"][0])


def test_reopening_from_the_round_page_answers_htmx_with_the_open_panel(client):
    token = new_match(client)
    tally_round(client, token, SWEDISH_SIDES)
    response = reopen(client, token, 1, **{"HX-Request": "true"})
    assert response.status_code == 200
    body = plain(response)
    assert "The round is open again" in body and "Confirm" in body


def test_a_match_ended_by_its_last_round_goes_on_when_that_round_is_reopened(client):
    token = new_match(client, target=10)
    tally_round(client, token, SWEDISH_SIDES)
    match = match_of(token)
    assert match.finished and match.winner_side == 0
    assert "Reopen round 1" in plain(client.get(f"/match/{token}"))
    assert reopen(client, token, 1).status_code == 303
    db.session.expire_all()
    match = match_of(token)
    assert not match.finished and match.winner_side is None
    assert "Ann wins the match." not in plain(client.get(f"/match/{token}"))
    # confirmed again, it ends the match again
    client.post(f"/match/{token}/round/1/confirm", data={"version": version(token, 1)})
    db.session.expire_all()
    match = match_of(token)
    assert match.finished and match.winner_side == 0


def test_only_the_last_round_reopens(client):
    token = new_match(client)
    tally_round(client, token, SWEDISH_SIDES)
    start_round(client, token, "tally")  # round 2 started: round 1 stays as it is
    assert "Reopen round 1" not in plain(client.get(f"/match/{token}/round/1"))
    before = version(token, 1)
    response = reopen(client, token, 1)
    assert response.status_code == 409
    assert "Only the last round can be reopened: round 2 has started since." in plain(response)
    assert version(token, 1) == before and round_of(token, 1).status is RoundStatus.CONFIRMED


def test_a_finished_match_with_a_rematch_keeps_its_rounds(client):
    token = new_match(client, target=10)
    tally_round(client, token, SWEDISH_SIDES)
    client.post(f"/match/{token}/rematch", data={})
    assert "Reopen round 1" not in plain(client.get(f"/match/{token}"))
    response = reopen(client, token, 1)
    assert response.status_code == 409
    assert "The rematch has started: this match's rounds stay as they are." in plain(response)
    assert match_of(token).finished


def test_the_watching_link_cannot_reopen(client):
    token = new_match(client)
    tally_round(client, token, SWEDISH_SIDES)
    view = match_of(token).view_token
    assert "Reopen round 1" not in plain(client.get(f"/match/{view}/round/1"))
    assert client.post(f"/match/{view}/round/1/undo",
                       data={"version": version(token, 1)}).status_code == 403
    assert round_of(token, 1).status is RoundStatus.CONFIRMED


def test_a_reopened_round_comes_back_the_same_from_its_file(client):
    token = new_match(client, target=10)
    tally_round(client, token, SWEDISH_SIDES)
    reopen(client, token, 1)
    exported = client.get(f"/match/{token}/export.json").data
    response = import_file(client, exported)
    assert response.status_code == 303, problem(response)
    copy = response.headers["Location"].rsplit("/", 1)[-1]
    assert json.loads(client.get(f"/match/{copy}/export.json").data) == json.loads(exported)
    imported = match_of(copy)
    assert not imported.finished and imported.rounds[0].status is RoundStatus.OPEN
    assert "Confirm" in text(client.get(f"/match/{copy}/round/1"))
