"""Each player on their own phone: a link per seat that records only that seat's plays,
shows when it is that player's turn, can be replaced from the players' link and left."""

from __future__ import annotations

import re

from pages import (
    SWEDISH_SIDES,
    match_of,
    new_match,
    opened,
    plain,
    post_play,
    start_round,
    tally_data,
    text,
    version,
)
from sqlalchemy import event

from referee import models
from referee.extensions import db
from referee.models import Event, PhoneMatch


def _seats(token):
    match = match_of(token)
    return [match.seat_token(seat) for seat in range(len(match.players))]


def _events(token, number) -> int:
    db.session.expire_all()
    rnd = next(r for r in match_of(token).rounds if r.number == number)
    return db.session.query(Event).filter_by(round_id=rnd.id).count()


def test_every_seat_has_its_own_secret_link(client):
    token = new_match(client, names=("Ann", "Bo", "Cy"))
    match = match_of(token)
    links = [token, match.view_token, *_seats(token)]
    assert len(set(links)) == 5
    assert all(re.fullmatch(r"[A-Za-z0-9_-]{32}", link) for link in links)
    # the players' phone hands them out; a watching phone never sees them
    clerk = text(client.get(f"/match/{token}"))
    assert all(f"/match/{seat}" in clerk for seat in _seats(token))
    assert "Play as Cy on this phone" in plain(client.get(f"/match/{token}"))
    # each link's label names its seat by number and name, as the new match's form does
    assert "Seat 3: Cy" in plain(client.get(f"/match/{token}"))
    watching = text(client.get(f"/match/{match.view_token}"))
    assert not any(seat in watching for seat in _seats(token))


def test_a_seats_phone_shows_your_turn_and_the_picker_only_then(client):
    token, number = opened(client)  # Bo deals: Ann plays first
    ann, bo = _seats(token)
    page = plain(client.get(f"/match/{ann}/round/{number}"))
    assert "Your turn, Ann" in page and "The card Ann plays" in page
    page = plain(client.get(f"/match/{bo}/round/{number}"))
    assert "Ann to play" in page and "(this phone plays as Bo)" in page
    assert "The card Ann plays" not in page and "Your turn" not in page
    # a card picked on the wrong phone offers nothing
    assert "9♥ takes 9♠" not in plain(client.get(f"/match/{bo}/round/{number}?card=9H"))
    assert "9♥ takes 9♠" in plain(client.get(f"/match/{ann}/round/{number}?card=9H"))


def test_a_seats_phone_records_its_own_play_and_no_other(client):
    token, number = opened(client)
    ann, bo = _seats(token)
    before = _events(token, number)
    refused = post_play(client, bo, number, "9H", "capture", refs=[0])
    assert refused.status_code == 403
    assert "Not this phone's turn: Ann plays now, and this phone records only the plays of Bo" \
        in plain(refused)
    refused = post_play(client, bo, number, "9H", "capture", refs=[1], overrule="we agree")
    assert refused.status_code == 403 and _events(token, number) == before
    done = post_play(client, ann, number, "9H", "capture", refs=[0])
    assert done.status_code == 200 and "Ann: 9♥ takes 9♠ — legal" in plain(done)
    assert "Your turn, Bo" in plain(client.get(f"/match/{bo}/round/{number}"))
    assert _events(token, number) == before + 1


def test_a_seats_phone_takes_back_only_its_own_play(client):
    token, number = opened(client)
    ann, bo = _seats(token)
    post_play(client, ann, number, "9H", "capture", refs=[0])
    assert "Undo" not in plain(client.get(f"/match/{bo}/round/{number}"))
    assert "Undo" in plain(client.get(f"/match/{ann}/round/{number}"))
    refused = client.post(f"/match/{bo}/round/{number}/undo",
                          data={"version": version(token, number)}, follow_redirects=True)
    assert refused.status_code == 403
    assert "The last play is by Ann: only their phone or the players' link can take it back" \
        in plain(refused)
    assert "Ann: 9♥ takes 9♠" in plain(client.get(f"/match/{token}/round/{number}"))
    taken = client.post(f"/match/{ann}/round/{number}/undo",
                        data={"version": version(token, number)}, follow_redirects=True)
    assert taken.status_code == 200 and "Taken back: Ann, 9♥ takes 9♠." in plain(taken)
    assert "Your turn, Ann" in plain(taken)


def test_the_players_link_still_records_and_takes_back_anything(client):
    token, number = opened(client)
    ann, _bo = _seats(token)
    assert post_play(client, token, number, "9H", "capture", refs=[0]).status_code == 200
    assert post_play(client, token, number, "2C").status_code == 200  # Bo's play
    assert client.post(f"/match/{token}/round/{number}/undo",
                       data={"version": version(token, number)}).status_code == 303
    assert "Ann: 9♥ takes 9♠" in plain(client.get(f"/match/{ann}/round/{number}"))


def test_two_phones_on_one_seat_both_follow_and_the_slower_records_nothing(app):
    first, second, clerk = app.test_client(), app.test_client(), app.test_client()
    token, number = opened(clerk)
    ann = _seats(token)[0]
    seen = version(token, number)
    for phone in (first, second):
        assert "Your turn, Ann" in plain(phone.get(f"/match/{ann}/round/{number}"))
    assert post_play(first, ann, number, "9H", "capture", refs=[0], ver=seen).status_code == 200
    late = post_play(second, ann, number, "3H", "capture", refs=[2], ver=seen)
    assert late.status_code == 409
    page = plain(late)
    assert "another phone recorded something first" in page and "Ann: 9♥ takes 9♠" in page
    assert _events(token, number) == 2  # the first table and one play


def test_a_seat_starts_and_confirms_rounds_but_only_the_players_link_rematches(client):
    token = new_match(client)
    ann, _bo = _seats(token)
    number = start_round(client, ann, "tally")
    assert client.post(f"/match/{ann}/round/{number}/tally",
                       data=tally_data(token, number, SWEDISH_SIDES)).status_code == 303
    assert client.post(f"/match/{ann}/round/{number}/confirm",
                       data={"version": version(token, number)}).status_code == 303
    assert "Round 1" in plain(client.get(f"/match/{ann}"))
    assert client.post(f"/match/{ann}/rematch").status_code == 403


def test_a_seats_link_can_be_replaced_from_the_players_link_only(client):
    token = new_match(client)
    ann, bo = _seats(token)
    assert client.post(f"/match/{ann}/seat/0/link").status_code == 403
    view = match_of(token).view_token
    assert client.post(f"/match/{view}/seat/0/link").status_code == 403
    assert client.post(f"/match/{token}/seat/7/link").status_code == 400
    done = client.post(f"/match/{token}/seat/0/link", follow_redirects=True)
    assert "Ann has a new link; the old one no longer works" in plain(done)
    fresh, same = _seats(token)
    assert fresh != ann and same == bo
    gone = client.get(f"/match/{ann}")
    assert gone.status_code == 410 and "This seat's link was replaced" in plain(gone)
    # headed as what happened, not "Something went wrong"
    assert "<h1>This link was replaced</h1>" in text(gone)
    assert client.get(f"/match/{ann}/round/1").status_code == 410
    assert client.post(f"/match/{ann}/round/1/play", data={"card": "9H", "action": "trail",
                                                          "version": 0}).status_code == 410
    assert "This phone plays as Ann" in plain(client.get(f"/match/{fresh}"))


def test_leaving_a_seat_keeps_watching_and_takes_the_seat_off_the_list(client):
    token = new_match(client)
    ann, _bo = _seats(token)
    client.get(f"/match/{ann}")
    assert f"/match/{ann}" in text(client.get("/"))
    assert "playing as Ann" in plain(client.get("/"))
    left = client.post(f"/match/{ann}/leave")
    view = match_of(token).view_token
    assert left.status_code == 303 and left.headers["Location"].endswith(f"/match/{view}")
    home = text(client.get("/"))
    assert f"/match/{ann}" not in home and f"/match/{token}" in home
    assert client.get(f"/match/{ann}").status_code == 200  # the link itself still works
    assert client.post(f"/match/{token}/leave").status_code == 400
    assert client.post(f"/match/{view}/leave").status_code == 400


def test_a_replaced_seats_link_leaves_every_phones_list(app):
    clerk, player = app.test_client(), app.test_client()
    token = new_match(clerk)
    ann = _seats(token)[0]
    player.get(f"/match/{ann}")
    clerk.post(f"/match/{token}/seat/0/link")
    home = text(player.get("/"))
    assert f"/match/{ann}" not in home and f"/match/{_seats(token)[0]}" not in home
    assert db.session.query(PhoneMatch).count() >= 1


def test_a_link_is_found_by_its_digest_and_compared_in_constant_time(app, client,
                                                                     monkeypatch):
    """No query carries the token itself (an index compares digests), and the token is
    compared with hmac.compare_digest."""
    token = new_match(client)
    ann = _seats(token)[0]
    compared = []
    real = models.hmac.compare_digest
    monkeypatch.setattr(models.hmac, "compare_digest",
                        lambda a, b: compared.append((a, b)) or real(a, b))
    sent: list[object] = []

    def record(conn, cursor, statement, parameters, *args):
        sent.append(parameters)

    event.listen(db.engine, "before_cursor_execute", record)
    try:
        assert client.get(f"/match/{ann}").status_code == 200
        other = ann[:-1] + ("y" if ann.endswith("x") else "x")  # never the token itself
        assert client.get(f"/match/{other}").status_code == 404
    finally:
        event.remove(db.engine, "before_cursor_execute", record)
    assert (ann.encode(), ann.encode()) in compared
    assert not any(ann in repr(parameters) for parameters in sent)
