"""Bad input on any page gets a clear answer and changes nothing; nothing answers 500."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pages import lay_table, new_match, round_of, start_round

junk = st.one_of(
    st.text(max_size=12),
    st.sampled_from(["", "-1", "0", "99999999999999999999", "AS", "10D", "1X", "capture",
                     "build", "double", "trail", "nan", "\x00", "ÅÄÖ", "<b>"]),
)
form = st.dictionaries(
    st.sampled_from(["card", "action", "refs", "value", "version", "reason", "table",
                     "mode", "variant", "players", "first_dealer", "names-0", "names-1",
                     "target", "partnerships", "building", "sides-0-cards", "sides-0-aces",
                     "sides-1-spades", "tally"]),
    st.one_of(junk, st.lists(junk, max_size=4)),
    max_size=8,
)
FUZZ = settings(max_examples=60, deadline=None,
                suppress_health_check=[HealthCheck.function_scoped_fixture])


@FUZZ
@given(data=form)
def test_new_match_never_fails(client, data):
    assert client.post("/matches/new", data=data).status_code in (303, 400, 422)


@FUZZ
@given(data=form, path=st.sampled_from(["table", "play", "overrule", "undo", "confirm",
                                        "tally"]))
def test_round_changes_never_fail(client, data, path):
    token = new_match(client)
    number = start_round(client, token)
    lay_table(client, token, number, ["9S", "6C", "3D", "5H"])
    before = len(round_of(token, number).events)
    response = client.post(f"/match/{token}/round/{number}/{path}", data=data)
    assert response.status_code < 500
    if response.status_code >= 400:
        assert len(round_of(token, number).events) == before


@FUZZ
@given(query=form)
def test_check_page_never_fails(client, query):
    assert client.get("/check", query_string=query).status_code in (200, 400, 422)


@FUZZ
@given(path=st.text(alphabet="abcXYZ019-_/%.", max_size=30))
def test_unknown_paths_are_404_not_500(client, path):
    assert client.get("/match/" + path).status_code < 500
    assert client.get("/rules/" + path).status_code < 500
