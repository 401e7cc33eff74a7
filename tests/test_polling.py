"""Polls of an unchanged page answer 304 Not Modified from the page's version: one
indexed query, no replay of the round; any change makes a new page. A play is two reads,
one judgement on the round's snapshot, one conditional UPDATE and one INSERT."""

from __future__ import annotations

import re

from pages import (
    HX,
    SWEDISH_SIDES,
    driver_statements,
    match_of,
    new_match,
    opened,
    plain_of,
    post_play,
    start_round,
    tally_data,
    version,
)

from referee.extensions import db
from referee.polling import round_version, round_version_of
from referee.rules.round import RoundState


def _statements(app):
    """The SQL of the statements sent until stop() is called (filled in then)."""
    sent, stop_counting = driver_statements()
    seen: list[str] = []

    def stop() -> None:
        stop_counting()
        seen.extend(sql for sql, _alone in sent)

    return seen, stop


def test_an_unchanged_round_answers_304_with_one_query_and_no_replay(app, client,
                                                                     monkeypatch):
    token, number = opened(client)
    here = f"/match/{token}/round/{number}"
    first = client.get(here, headers=HX)
    tag = first.headers["ETag"]
    assert first.status_code == 200 and tag.startswith('W/"')
    # a fragment is never kept by the browser (its 304 would come back as a 200): htmx
    # polls with the tag it was sent in HX-PTag
    assert "no-store" in first.headers["Cache-Control"]
    assert first.headers["HX-PTag"] == tag.removeprefix('W/"').removesuffix('"')
    # nor a whole page: Chromium would answer a poll's 304 with it (see polling._tagged)
    assert "no-store" in client.get(here).headers["Cache-Control"]
    replays = []
    monkeypatch.setattr(RoundState, "replay", lambda *a, **k: replays.append(1))
    monkeypatch.setattr(RoundState, "thaw", lambda *a, **k: replays.append(1))
    seen, stop = _statements(app)
    again = client.get(here, headers={**HX, "If-None-Match": tag})
    stop()
    assert again.status_code == 304 and again.get_data() == b""
    assert again.headers["ETag"] == tag
    assert len(seen) == 1 and replays == []
    # htmx's polling tag does the same
    polled = client.get(here, headers={**HX, "HX-PTag": first.headers["HX-PTag"]})
    assert polled.status_code == 304


def test_the_page_polls_with_the_tag_of_its_plain_fragment(client):
    """The round page (whole, or with a card picked) carries in data-ptag the tag its poll
    of the plain fragment answers 304 to."""
    token, number = opened(client)
    here = f"/match/{token}/round/{number}"
    for query in ({}, {"card": "7H"}):
        page = client.get(here, query_string=query).get_data(as_text=True)
        ptag = re.search(r'id="round"[^>]*data-ptag="(\w+)"', page).group(1)
        assert client.get(here, headers={**HX, "HX-PTag": ptag}).status_code == 304
    post_play(client, token, number, "9H", "capture", refs=[0])
    assert client.get(here, headers={**HX, "HX-PTag": ptag}).status_code == 200


def test_a_change_makes_a_new_page(client):
    token, number = opened(client)
    here = f"/match/{token}/round/{number}"
    tag = client.get(here, headers=HX).headers["ETag"]
    post_play(client, token, number, "9H", "capture", refs=[0])
    changed = client.get(here, headers={**HX, "If-None-Match": tag})
    assert changed.status_code == 200 and changed.headers["ETag"] != tag
    assert "Ann: 9♥ takes 9♠ — legal" in plain_of(changed.get_data(as_text=True))


def test_the_tag_follows_everything_the_page_depends_on(client):
    token, number = opened(client)
    view = match_of(token).view_token
    here = f"/match/{token}/round/{number}"
    tags = {
        client.get(here).headers["ETag"],  # the whole page
        client.get(here, headers=HX).headers["ETag"],  # the fragment
        client.get(f"/match/{view}/round/{number}").headers["ETag"],  # the watching link
        client.get(here, query_string={"card": "7H"}).headers["ETag"],  # a card picked
    }
    assert len(tags) == 4


def test_a_page_with_a_message_waiting_is_sent_whole(client):
    token, number = opened(client)
    here = f"/match/{token}/round/{number}"
    tag = client.get(here).headers["ETag"]
    client.post(f"{here}/undo", data={"version": version(token, number)})  # flashes
    response = client.get(here, headers={"If-None-Match": tag})
    assert response.status_code == 200
    assert "Taken back: the first table cards." in response.get_data(as_text=True)


def test_the_scoreboard_answers_304_until_a_round_changes(app, client):
    token, number = opened(client)
    board = f"/match/{token}"
    tag = client.get(board).headers["ETag"]
    seen, stop = _statements(app)
    assert client.get(board, headers={"If-None-Match": tag}).status_code == 304
    stop()
    assert len(seen) == 1
    # a play changes nothing the scoreboard shows
    post_play(client, token, number, "9H", "capture", refs=[0])
    assert client.get(board, headers={"If-None-Match": tag}).status_code == 304


def test_the_scoreboard_changes_when_a_round_starts_and_when_it_is_confirmed(client):
    token = new_match(client)
    board = f"/match/{token}"
    tags = [client.get(board).headers["ETag"]]
    number = start_round(client, token, "tally")
    tags.append(client.get(board, headers={"If-None-Match": tags[-1]}).headers["ETag"])
    client.post(f"/match/{token}/round/{number}/tally",
                data=tally_data(token, number, SWEDISH_SIDES))
    assert client.get(board, headers={"If-None-Match": tags[-1]}).status_code == 304
    client.post(f"/match/{token}/round/{number}/confirm",
                data={"version": version(token, number)})
    confirmed = client.get(board, headers={"If-None-Match": tags[-1]})
    assert confirmed.status_code == 200 and "Round 1" in plain_of(confirmed.get_data(True))
    assert len({*tags, confirmed.headers["ETag"]}) == 3


def test_an_unknown_round_is_still_a_404(client):
    token, _number = opened(client)
    assert client.get(f"/match/{token}/round/9", headers={"If-None-Match": "*"}).status_code \
        == 404
    assert client.get("/match/nothing-here", headers={"If-None-Match": "*"}).status_code == 404


def test_a_round_at_hand_has_the_version_the_query_gives(client):
    """The panel tags itself from the round in memory (no second query): the same values
    as the polls' query, for every kind of link, before and after a play."""
    token, number = opened(client)
    match = match_of(token)
    for _ in range(2):
        for link in match.links:
            rnd = next(r for r in match.rounds if r.number == number)
            assert round_version_of(rnd, link.role, link.seat) == \
                round_version(link.token, number)
        post_play(client, token, number, "9H", "capture", refs=[0])
        db.session.expire_all()
        match = match_of(token)


def test_a_play_is_two_reads_one_judgement_one_update_and_one_insert(app, client,
                                                                     monkeypatch):
    """Recording a play does not grow with the round: the link with its match and
    players, the match's rounds, the round thawed from its snapshot (never replayed), the
    play judged once, then the version moved on and the event added."""
    token, number = opened(client)
    for card in ("2C", "4D", "7S"):  # a few plays first: the round has a log
        assert post_play(client, token, number, card).status_code == 200
    judged = []
    original_play = RoundState.play

    def judging(self, *args, **kwargs):
        judged.append(1)
        return original_play(self, *args, **kwargs)

    monkeypatch.setattr(RoundState, "play", judging)
    monkeypatch.setattr(RoundState, "replay", lambda *a, **k: (_ for _ in ()).throw(
        AssertionError("a play replayed the round")))
    ver = version(token, number)
    db.session.remove()  # the request reads what it needs itself
    seen, stop = _statements(app)
    response = post_play(client, token, number, "8H", ver=ver, headers=HX)
    stop()
    assert response.status_code == 200
    kinds = [" ".join(s.split()[:3]) for s in seen]
    assert seen[0].startswith("SELECT link.") and "JOIN player" in seen[0]  # and its match
    if db.engine.dialect.name == "postgresql":  # a round trip for all it reads, one to write
        assert len(seen) == 2, kinds
        assert "JOIN round" in seen[0]
        assert seen[1].startswith("WITH bumped AS") and "UPDATE round SET" in seen[1]
        assert "INSERT INTO event" in seen[1] and "WHERE round.id" in seen[1]
    else:
        assert len(seen) == 4, kinds
        assert seen[1].startswith("SELECT round.")  # the match's rounds
        assert seen[2].startswith("UPDATE round SET version=")
        assert seen[3].startswith("INSERT INTO event")
    assert judged == [1]
