"""Home, the new-match form, the scoreboard and its watching link. How a match ends is in
test_match_end.py; htmx fragments, error pages and CSRF have files of their own."""

from __future__ import annotations

import re
from html import unescape

import pytest
from pages import (
    HX,
    SWEDISH_SIDES,
    match_of,
    new_match,
    opened,
    plain,
    post_play,
    start_round,
    tally_data,
    tally_round,
    text,
)
from pages import version as round_version

from referee.extensions import db
from referee.models import Match

# -- home ------------------------------------------------------------------------------

def test_home_offers_a_match_a_check_and_the_rules(client):
    page = text(client.get("/"))
    assert 'href="/matches/new"' in page and 'href="/check"' in page and 'href="/rules"' in page


def test_home_lists_the_matches_opened_on_this_phone(client):
    token = new_match(client, names=("Åsa", "Björn"))
    page = plain(client.get("/"))
    assert "Åsa – Björn" in page
    assert f"/match/{token}" in text(client.get("/"))


def test_a_watched_match_is_listed_on_this_phone(client):
    token = new_match(client)
    view = match_of(token).view_token
    client.get(f"/match/{view}")
    assert f"/match/{view}" in text(client.get("/"))
    assert "watching" in plain(client.get("/"))


# -- a new match -----------------------------------------------------------------------

VARIANT_IDS = ("swedish", "finnish", "norwegian", "danish", "classic", "royal", "overspader",
               "mulle", "mulle-glimne", "krypkasino")


def refused(client, names=("Ann", "Bo"), headers=None, **fields):
    """Post the new-match form as a phone would (Swedish, seat 1 deals, a player a name);
    it must answer 422 and create nothing. ``fields`` replace the defaults."""
    data = {"variant": "swedish", "players": str(len(names)), "first_dealer": "1",
            **{f"names-{i}": name for i, name in enumerate(names)}}
    data.update({key: str(value) for key, value in fields.items()})
    response = client.post("/matches/new", data=data, headers=headers or {})
    assert response.status_code == 422, plain(response)[:400]
    assert db.session.query(Match).count() == 0
    return response


def tag(body: str, element_id: str) -> str:
    """The opening tag of the element with this id."""
    return re.search(rf'<[a-z]+\b[^>]*\bid="{re.escape(element_id)}"[^>]*>', body)[0]


def seat_block(body: str, n: int) -> str:
    start = body.index(f'id="seat-{n}"')
    end = body.find('class="seat"', start)
    return body[start:end if end != -1 else body.index("</fieldset>", start)]


def problems(body: str) -> list[tuple[str, str]]:
    """The error summary at the top of the form: (the id it links to, the message)."""
    summary = re.search(r'<div class="error-summary" role="alert"[^>]*>(.*?)</div>', body, re.S)
    assert summary, "no error summary"
    return [(href, re.sub(r"\s+", " ", unescape(message)).strip())
            for href, message in re.findall(r'<a href="#([^"]+)">(.*?)</a>', summary[1], re.S)]


def autofocused(body: str) -> list[str]:
    """The ids of the inputs that take the focus when the page loads."""
    tags = re.findall(r'<(?:input|select)\b[^>]*\bautofocus\b[^>]*>', body)
    return [re.search(r'\bid="([^"]+)"', t)[1] for t in tags]


def test_new_match_form_lists_every_variant_in_one_select_with_its_description(client):
    page = text(client.get("/matches/new"))
    select = re.search(r'<select id="variant" name="variant"[^>]*>(.*?)</select>', page, re.S)
    assert select, "the variants are one select"
    assert re.findall(r'value="([^"]+)"', select[1]) == list(VARIANT_IDS)
    assert "5♠ clears the table" in page  # Danish one-liner
    # each variant's description is in the page, under the select, shown when it is chosen
    # by the page's style sheet /variants.css (no inline style: the CSP allows none)
    assert '<link rel="stylesheet" href="/variants.css">' in page
    css = client.get("/variants.css")
    assert css.mimetype == "text/css"
    for variant in VARIANT_IDS:
        assert f'id="about-{variant}"' in page
        assert (f'#new-match:has(#variant option[value="{variant}"]:checked) #about-{variant}'
                in text(css))
    # without :has() the chosen one is marked by the server, and every rule is a link away
    assert 'class="hint current" id="about-swedish"' in page
    assert 'href="/rules"' in page.split('id="variant"', 1)[1].split('id="players"', 1)[0]


def test_the_posted_variant_is_the_one_described(client):
    body = text(refused(client, names=("A", ""), variant="danish"))
    assert 'class="hint current" id="about-danish"' in body
    assert '<option selected value="danish">' in body


def test_new_match_players_are_a_radio_group_of_two_to_six(client):
    page = text(client.get("/matches/new"))
    block = page[page.index('id="players"'):page.index('id="seats"')]
    assert re.findall(r'name="players" [^>]*value="(\d)"', block) == ["2", "3", "4", "5", "6"]
    assert re.search(r'<input checked id="players-0" name="players"[^>]*value="2"', block)
    assert block.count('class="pill"') == 5


def test_each_seat_has_a_name_and_a_deals_first_button(client):
    page = text(client.get("/matches/new"))
    for n in range(1, 7):
        seat = seat_block(page, n)
        assert f'id="names-{n - 1}"' in seat
        assert re.search(rf'<input[^>]*name="first_dealer"[^>]*type="radio" value="{n}"', seat)
        assert "deals first" in seat
        # the radio is named by the name typed beside it ("Bo deals first"), not the seat
        assert re.search(rf'<input aria-describedby="seat-{n}-label" aria-labelledby='
                         rf'"names-{n - 1} first_dealer-{n - 1}-words"', seat)
        assert f'<span id="first_dealer-{n - 1}-words">deals first</span>' in seat
    # the first seat deals unless another is ticked
    assert re.search(r'<input [^>]*aria-labelledby="names-0 [^"]*" checked', page)


def test_seats_beyond_the_number_of_players_are_hidden_by_css(client):
    css = text(client.get("/static/app.css"))
    # with n players chosen, seat n+1 and every later one are hidden (no script needed)
    for n in range(2, 6):
        assert (f'.new-match:has([name=players][value="{n}"]:checked) .seat:nth-child(n+{n + 1})'
                in css)
    page = text(client.get("/matches/new"))
    start = page.index('class="seat-list"')
    seats = page[start:page.index("</fieldset>", start)]
    # the seats are the only children of their list, so nth-child counts seats
    assert re.findall(r'<div class="([^"]+)" id="seat-\d"', seats) == ["seat"] * 6
    assert 'class="panel new-match" id="new-match"' in page


def test_the_dealer_is_chosen_by_the_button_beside_a_name(client):
    token = new_match(client, names=("Ann", "Bo", "Cai"), first_dealer=3)
    assert match_of(token).first_dealer == 2  # seat 3, counted from 0
    assert "Cai deals." in plain(client.get(f"/match/{token}"))


def test_the_dealer_must_be_one_of_the_players(client):
    response = refused(client, first_dealer=4, **{"names-3": "Dag"})  # a hidden fourth seat
    assert "Choose who deals first among the 2 players" in plain(response)
    for junk in ("0", "7", "x", ""):
        assert "Choose who deals first" in plain(refused(client, first_dealer=junk)), junk


def test_players_outside_the_list_get_a_clear_message(client):
    for junk in ("1", "7", "two"):
        assert "Choose the number of players" in plain(refused(client, players=junk)), junk


def test_new_match_creates_players_in_seats_with_secret_tokens(client):
    token = new_match(client, names=("Aino", "Eero"), variant="finnish")
    match = match_of(token)
    assert match.names == ["Aino", "Eero"] and match.variant == "finnish"
    assert match.first_dealer == 1
    # at least 128 bits of randomness: 24 random bytes, URL-safe
    assert len(match.edit_token) >= 32 and len(match.view_token) >= 32
    assert match.edit_token != match.view_token


def test_new_match_needs_a_name_for_every_seat(client):
    assert "Give seat 3 a name" in plain(refused(client, names=("Ann", "Bo", "  ")))


def test_new_match_name_boxes_take_no_more_than_a_name_may_hold(client):
    """The phone stops typing at 40 characters, the limit the form, the API and an
    imported file share (names.NAME_LENGTH), so no name is refused for its length."""
    page = text(client.get("/matches/new"))
    boxes = re.findall(r'<input[^>]*id="names-\d"[^>]*>', page)
    assert len(boxes) == 6 and all('maxlength="40"' in box for box in boxes), boxes


def test_new_match_gives_each_player_a_name_of_their_own(client):
    """"Anna to play" must say whose turn it is: two names the same (trimmed, in any case)
    are refused at the second, and the page names them as the first seat wrote it ("Anna",
    not the second's " anna ")."""
    body = text(refused(client, names=("Anna", "Bo", " anna ")))
    assert problems(body) == [
        ("names-2", "Two players are called Anna: give each their own name (Anna K, Anna L)")]
    assert db.session.query(Match).count() == 0
    token = new_match(client, names=("Anna K", "Anna L"))  # told apart, they may start
    assert match_of(token).names == ["Anna K", "Anna L"]


def test_new_match_marks_every_repeated_name_at_once(client):
    """Three names the same: the second and the third seat are both marked, so one
    correction of the page is enough."""
    body = text(refused(client, names=("Anna", "anna", "Bo", "ANNA")))
    assert problems(body) == [
        ("names-1", "Two players are called Anna: give each their own name (Anna K, Anna L)"),
        ("names-3", "Two players are called Anna: give each their own name (Anna K, Anna L)")]
    # each marked box says so to a screen reader, and is described by its error's words
    for seat in ("names-1", "names-3"):
        box = re.search(rf'<input[^>]*id="{seat}"[^>]*>', body).group(0)
        assert 'aria-invalid="true"' in box and f'aria-describedby="{seat}-error"' in box, box
        assert re.search(rf'<p class="field-error" role="alert" id="{seat}-error">Two players',
                         body), seat
    assert "aria-invalid" not in re.search(r'<input[^>]*id="names-0"[^>]*>', body).group(0)


@pytest.mark.parametrize("name", ["An\x00na", "Anna\u202e", "\u2067Bo", "Eva\u200f"])
def test_new_match_refuses_a_name_with_a_control_character(client, name):
    """A control character, or a mark that turns the text around (a name ending in
    U+202E would reverse every score line it stands in)."""
    body = text(refused(client, names=(name, "Cy")))
    assert problems(body) == [("names-0", "A name cannot hold control characters or marks "
                                          "that turn the text around: write it again")]


@pytest.mark.parametrize("name", ["\u200b\u200b", "\u200b \u200b", "\u200d\u2060"])
def test_new_match_refuses_a_name_with_nothing_to_see(client, name):
    body = text(refused(client, names=(name, "Bo")))
    assert problems(body) == [("names-0", "Write a name that shows: letters, digits or "
                                          "signs, not only spaces")]


def test_a_name_repeated_with_a_character_that_shows_nothing_is_refused(client):
    """"Ann\u200ba" shows as "Anna": the two would be two identical rows."""
    body = text(refused(client, names=("Anna", "Ann\u200ba")))
    assert problems(body) == [("names-1", "Two players are called Anna: give each their own "
                                          "name (Anna K, Anna L)")]


def test_five_in_pairs_is_refused_in_words_of_pairs(client):
    body = plain(refused(client, names=("A", "B", "C", "D", "E"), variant="krypkasino",
                         partnerships="pairs"))
    assert "5 players cannot all sit in pairs: one would be left over" in body


def test_new_match_welcomes_emoji_and_every_languages_letters(client):
    # an emoji joined by U+200D (no width, no direction) is one symbol: welcome
    names = ("Åsa 🃏", "Jyväskylän Eero", "👩\u200d👩\u200d👧")
    token = new_match(client, names=names)
    assert match_of(token).names == list(names)


def test_new_match_refuses_more_players_than_the_variant_allows(client):
    assert "2 to 4 players" in plain(refused(client, names=("A", "B", "C", "D", "E")))


def test_new_match_names_the_seatings_mulle_kortspelshandboken_takes(client):
    """RULES §6: 2 players, or 4 in two partnerships; five are refused with those words,
    not with "2 to 4 players", which would let a table think 3 is fine."""
    page = plain(refused(client, variant="mulle-glimne", names=("A", "B", "C", "D", "E")))
    assert "2 players, or 4 in two partnerships" in page and "played by 2 to 4" not in page


def test_the_new_match_form_says_who_plays_together(client):
    """The seatings the engine makes (partners opposite, RULES §6), said under the choice
    and tied to it for a screen reader."""
    page = text(client.get("/matches/new"))
    select_tag = re.search(r'<select[^>]*id="partnerships"[^>]*>', page)[0]
    assert 'aria-describedby="partnerships-seats"' in select_tag
    hint = re.search(r'<p class="hint" id="partnerships-seats">(.*?)</p>', page, re.S)[1]
    # four's seats, and six's, each shown for its number of players (app.css)
    assert '<span class="seats-four">In pairs, seats 1 and 3 play against 2 and 4.' in hint
    assert ('<span class="seats-six">With six: in pairs, seats 1+4, 2+5 and 3+6; in two '
            'sides of three, 1+3+5 against 2+4+6.') in hint
    css = text(client.get("/static/app.css"))
    assert '.new-match:has([name=players][value="6"]:checked) .seats-four' in css
    assert '.new-match:not(:has([name=players][value="6"]:checked)) .seats-six' in css


def test_new_match_refuses_partnerships_for_three_players(client):
    response = refused(client, names=("A", "B", "C"), partnerships="pairs")
    assert "partnership" in plain(response)


def test_new_match_mulle_glimne_needs_two_players_or_four_in_partnerships_rules_6(client):
    # RULES §6: Mulle (Kortspelshandboken) is played by 2, or by 4 in two partnerships
    for names in (("A", "B", "C"), ("A", "B", "C", "D")):
        body = text(refused(client, names=names, variant="mulle-glimne"))
        # the error stands at the players field, before the first name
        field = body[body.index('id="players"'):body.index('id="names-0"')]
        assert "is played by 2 players, or 4 in two partnerships" in field, names
        assert "2 to 2" not in field
    token = new_match(client, variant="mulle-glimne", names=("A", "B", "C", "D"),
                      partnerships="pairs")
    match = match_of(token)
    assert match.variant == "mulle-glimne" and match.names == ["A", "B", "C", "D"]


def test_new_match_refuses_a_house_rule_that_does_not_apply(client):
    response = refused(client, royal_sweeps="on")
    # the rule by the words of its box on the page, in the page's language
    assert "“Sweeps score (Royal Casino)” cannot be chosen for Swedish Kasino" in plain(response)


def test_finnish_sweeps_cannot_be_kept_from_cancelling_rules_5(client):
    # RULES §5: cancellation "(finnish; danish by default; option elsewhere)"
    response = refused(client, variant="finnish", sweep_cancellation="off")
    assert "“Sweeps cancel each other” cannot be chosen for Finnish Kasino" in plain(response)


def test_house_rule_error_opens_the_house_rules(client):
    body = text(refused(client, raise_own_build="on"))
    # open, and in sight whatever the variant (/variants.css), with the rule refused
    assert '<details id="house-rules" open class="invalid">' in body
    assert 'class="house-rule invalid" id="rule-raise_own_build"' in body
    # the error stands at its own field
    own = body.index('id="raise_own_build"')
    assert "“You may raise your own build” cannot be chosen for Swedish Kasino" in body[
        own:own + 800]


@pytest.mark.parametrize("target", ["abc", "0", "1001", "2.5"])
def test_a_target_that_is_not_a_whole_number_in_range_gets_one_sentence(client, target):
    """One mistake, one message: not "not a number" and then "out of range" as well."""
    body = text(refused(client, target=target))
    assert problems(body) == [
        ("target", "Write the target as a whole number of points, from 1 to 1000.")]


def test_new_match_name_too_long_is_refused(client):
    assert "40" in plain(refused(client, names=("x" * 41, "B")))


def test_errors_are_listed_at_the_top_and_the_first_is_focused(client):
    body = text(refused(client, names=("Ann", "", ""), target=5000))
    listed = problems(body)
    assert [href for href, _message in listed] == ["names-1", "names-2", "target"]
    assert "Give seat 2 a name" in listed[0][1] and "Give seat 3 a name" in listed[1][1]
    assert "1 to 1000" in listed[2][1]
    # the summary comes before the first field, and each link leads to an input on the page
    assert body.index('class="error-summary"') < body.index('id="variant"')
    for href, _message in listed:
        assert re.search(rf'<(?:input|select)\b[^>]*\bid="{href}"', body), href
    assert autofocused(body) == ["names-1"]


def test_a_radio_group_error_focuses_the_chosen_button(client):
    body = text(refused(client, names=("A", "B", "C", "D", "E")))
    assert problems(body)[0][0] == "players-3"  # the button for 5 players
    assert "autofocus" in tag(body, "players-3") and "checked" in tag(body, "players-3")


def test_the_seating_the_engine_refuses_is_listed_with_the_other_problems(client):
    # RULES §6: Mulle (Kortspelshandboken) is 2 players or 4 in pairs; a missing name too
    listed = problems(text(refused(client, names=("A", "B", ""), variant="mulle-glimne")))
    assert [href for href, _message in listed] == ["players-1", "names-2"]
    assert "2 players, or 4 in two partnerships" in listed[0][1]


def test_a_house_rule_problem_links_into_the_opened_house_rules(client):
    body = text(refused(client, raise_own_build="on"))
    ((href, message),) = problems(body)
    assert href == "raise_own_build" and "cannot be chosen for Swedish Kasino" in message
    assert autofocused(body) == ["raise_own_build"]


def test_the_form_without_errors_has_no_summary_and_no_focus(client):
    body = text(client.get("/matches/new"))
    assert "error-summary" not in body and autofocused(body) == []


def test_the_htmx_fragment_carries_the_summary(client):
    body = text(refused(client, names=("A", ""), headers=HX))
    assert "<html" not in body
    assert problems(body) == [("names-1", "Give seat 2 a name (1 to 40 characters)")]


def test_names_in_any_script_are_escaped_everywhere(client):
    token = new_match(client, names=("<script>alert(1)</script>", "Тимо 李"))
    page = text(client.get(f"/match/{token}"))
    assert "<script>alert(1)</script>" not in page
    assert "&lt;script&gt;" in page and "Тимо 李" in page


# -- the scoreboard and its watching link ----------------------------------------------

def test_scoreboard_shows_whose_deal_it_is(client):
    token = new_match(client, names=("Ann", "Bo"))  # Bo (seat 2) deals first
    assert "Bo deals." in plain(client.get(f"/match/{token}"))


def test_watch_link_shows_the_match_but_offers_no_changes(client):
    token = new_match(client)
    match = match_of(token)
    page = text(client.get(f"/match/{match.view_token}"))
    assert "You are watching" in page
    assert "/rounds" not in page  # no form to start a round


def test_watch_link_cannot_change_the_match(client):
    token = new_match(client)
    match = match_of(token)
    response = client.post(f"/match/{match.view_token}/rounds", data={"mode": "play"})
    assert response.status_code == 403
    assert "watching link" in plain(response)
    assert match_of(token).rounds == []


def test_watchers_scoreboard_follows_the_match(client):
    token = new_match(client)
    view = match_of(token).view_token
    # every phone's scoreboard keeps itself current, each with the tag of what it shows
    tags = set()
    for link in (view, token):
        body = text(client.get(f"/match/{link}"))
        assert 'hx-trigger="every 1s, kr-wake"' in body and "data-live" in body
        tags.add(re.search(r'data-ptag="(\w+)"', body).group(1))
    assert len(tags) == 2


def tallied(client, names):
    """A Swedish match (in pairs for four) with one round tallied and confirmed."""
    token = new_match(client, names=names, **({"partnerships": "pairs"} if len(names) == 4 else {}))
    assert tally_round(client, token, SWEDISH_SIDES).status_code == 303
    return token


# -- every disclosure shows that it opens -----------------------------------------------

def css_rules(css: str) -> list[tuple[list[str], dict[str, str]]]:
    """The style sheet's plain rules: (selectors, declarations); @-blocks are left out."""
    css = re.sub(r"/\*.*?\*/", "", css, flags=re.S)
    css = re.sub(r"@[^{]*\{(?:[^{}]*\{[^}]*\})*[^{}]*\}", "", css)
    rules = []
    for selectors, body in re.findall(r"([^{}]+)\{([^}]*)\}", css):
        declarations = dict(
            (name.strip(), value.strip())
            for name, _colon, value in (d.partition(":") for d in body.split(";") if ":" in d))
        rules.append(([sel.strip() for sel in selectors.split(",")], declarations))
    return rules


def declared(css: str, selector: str) -> dict[str, str]:
    """Everything the style sheet declares for exactly this selector, in order."""
    found: dict[str, str] = {}
    for selectors, declarations in css_rules(css):
        if selector in selectors:
            found.update(declarations)
    return found


def test_every_summary_shows_a_marker_that_it_opens_and_is_44px_tall(client):
    css = text(client.get("/static/app.css"))
    assert declared(css, "summary::before")["content"] == '"▸"'
    assert declared(css, "details[open] > summary::before")["content"] == '"▾"'
    summary = declared(css, "summary")
    assert summary["min-height"] == "44px"
    # display: inline-flex was what took the browser's own triangle away; the marker is ours
    assert summary["display"] == "block"
    assert declared(css, "summary::-webkit-details-marker")["display"] == "none"


def test_every_details_on_the_match_pages_opens_with_a_summary(client):
    token = tallied(client, ("Ann", "Bo"))
    pages = [text(client.get("/matches/new")), text(client.get(f"/match/{token}")),
             text(client.get("/check"))]
    for body in pages:
        opened = re.findall(r"<details\b[^>]*>\s*(<\w+)", body)
        assert opened and all(tag == "<summary" for tag in opened), opened
    board = pages[1]
    assert re.search(r'<details class="round">\s*<summary><strong>Round 1</strong>', board)


# -- long labels end in "…", the whole label stays at hand ------------------------------

LONG = ("Maximiliana-Augustina-Wilhelmina-Sofia", "Bartholomew-Christopherson-Fitzgerald",
        "Carl-Gustaf von Essen af Stockholm", "Dag")


def home_labels(client) -> list[tuple[str, str]]:
    """The matches on the home page: (the title, the text shown)."""
    body = text(client.get("/"))
    return [(unescape(title), unescape(shown)) for title, shown in re.findall(
        r'<a href="/match/[^"]+" title="([^"]*)"><span class="clip-2">([^<]*)</span></a>', body)]


def test_a_long_match_label_is_shortened_with_an_ellipsis_and_keeps_its_variant(client):
    new_match(client, names=LONG, partnerships="pairs")
    ((title, shown),) = home_labels(client)
    assert title == shown
    # partners opposite (seats 1 and 3) stand together, as the scoreboard names the sides
    assert shown.startswith("Swedish Kasino: Maximiliana-Augustina-Wilhelmina-Sofia & Carl")
    assert shown.endswith("…") and len(shown) <= 80  # the phone keeps 80 characters


def test_a_partnership_is_listed_as_its_sides(client):
    new_match(client, names=("Karin", "Lars", "Olle", "Stina"), partnerships="pairs")
    assert home_labels(client) == [("Swedish Kasino: Karin & Olle – Lars & Stina",) * 2]


def test_a_short_match_label_is_whole(client):
    new_match(client, names=("Åsa", "Björn"))
    assert home_labels(client) == [("Swedish Kasino: Åsa – Björn",) * 2]


def test_a_watched_long_label_still_says_watching(client):
    token = new_match(client, names=LONG, partnerships="pairs")
    client.get(f"/match/{match_of(token).view_token}")
    (title, _shown), _players = home_labels(client)
    assert title.startswith("Swedish Kasino, watching: Maximiliana") and title.endswith("…")


def test_long_labels_are_cut_by_css_with_an_ellipsis(client):
    css = text(client.get("/static/app.css"))
    # a name upright over a column of a round's points: one line, cut past its height
    side = declared(css, "table.per-side.upright .side-name")
    assert side["overflow"] == "hidden" and side["white-space"] == "nowrap"
    assert side["text-overflow"] == "ellipsis" and side["writing-mode"] == "vertical-rl"
    two_lines = declared(css, ".clip-2")
    assert two_lines["overflow"] == "hidden" and two_lines["-webkit-line-clamp"] == "2"
    # the scoreboard's columns are fixed: a long name cannot push the points off the screen
    assert declared(css, "table.totals")["table-layout"] == "fixed"
    assert declared(css, "table.per-side")["table-layout"] == "fixed"


def test_scoreboard_names_are_cut_with_the_whole_name_in_the_title(client):
    token = tallied(client, LONG)
    body = text(client.get(f"/match/{token}"))
    sides = ("Maximiliana-Augustina-Wilhelmina-Sofia & Carl-Gustaf von Essen af Stockholm",
             "Bartholomew-Christopherson-Fitzgerald & Dag")
    totals = body[body.index('class="score totals"'):body.index("</table>")]
    assert [unescape(t) for t in re.findall(
        r'<td title="([^"]+)"><span class="clip-2">', totals)] == list(sides)
    per_side = body[body.index('class="score per-side upright"'):]
    assert [unescape(t) for t in re.findall(
        r'<th title="([^"]+)"><span class="side-name">', per_side)] == list(sides)


# -- this phone's list: each match with how it stands, and a way to take it off ----------

def _listed(client) -> list[tuple[str, str]]:
    """(the label, the state) of each match on the home page, newest first (the state
    before the date it was last opened)."""
    body = text(client.get("/"))
    return [(unescape(label), state.strip()) for label, state in re.findall(
        r'<span class="clip-2">([^<]*)</span></a>\s*<span class="hint">([^<·]*)', body)]


def test_the_home_page_says_how_each_match_stands(client):
    waiting = new_match(client, names=("Ann", "Bo"))
    assert _listed(client) == [("Swedish Kasino: Ann – Bo", "not started")]
    start_round(client, waiting)
    client.get(f"/match/{waiting}")
    assert _listed(client)[0][1] == "round 1 in play"
    tallied(client, ("Cy", "Di"))
    assert _listed(client)[0] == ("Swedish Kasino: Cy – Di", "1 round played")
    ended = new_match(client, names=("Ed", "Flo"), target="1")
    number = start_round(client, ended, "tally")
    client.post(f"/match/{ended}/round/{number}/tally",
                data=tally_data(ended, number, SWEDISH_SIDES))
    client.post(f"/match/{ended}/round/{number}/confirm",
                data={"version": round_version(ended, number)})
    assert match_of(ended).finished
    client.get(f"/match/{ended}")
    assert _listed(client)[0] == ("Swedish Kasino: Ed – Flo", "finished")


def test_a_match_can_be_taken_off_this_phones_list_only(app, client):
    token = new_match(client, names=("Ann", "Bo"))
    new_match(client, names=("Cy", "Di"))
    entry = re.findall(r'name="entry" value="(\d+)"', text(client.get("/")))[-1]  # Ann – Bo
    other = app.test_client()  # another phone cannot take it off this one's list
    other.get("/")
    assert other.post("/phone/forget", data={"entry": entry}).status_code == 303
    assert len(_listed(client)) == 2
    response = client.post("/phone/forget", data={"entry": entry}, headers=HX)
    assert response.status_code == 200 and 'id="phone-matches"' in text(response)
    assert "<html" not in text(response)
    assert [label for label, _ in _listed(client)] == ["Swedish Kasino: Cy – Di"]
    assert match_of(token) is not None  # the match itself stays
    for bad in ({}, {"entry": "x"}, {"entry": "-3"}, {"entry": "999999"}):
        assert client.post("/phone/forget", data=bad).status_code == 303
    assert len(_listed(client)) == 1


# -- the big screen ---------------------------------------------------------------------

def test_the_big_screen_shows_the_score_and_the_round_in_play_read_only(client):
    token, number = opened(client)
    view = match_of(token).view_token
    assert f"/match/{view}/tv" in text(client.get(f"/match/{token}"))
    for link in (view, token):  # read-only, whatever link opened it
        screen = client.get(f"/match/{link}/tv")
        body = text(screen)
        assert screen.status_code == 200 and 'class="tv"' in body
        assert "<form" not in body and "Ann to play" in plain(screen)
        assert 'hx-trigger="every 1s, kr-wake"' in body
    tag = re.search(r'data-ptag="(\w+)"', body).group(1)
    here = f"/match/{token}/tv"
    assert client.get(here, headers={**HX, "HX-PTag": tag}).status_code == 304
    post_play(client, token, number, "9H", "capture", refs=[0])
    changed = client.get(here, headers={**HX, "HX-PTag": tag})
    assert changed.status_code == 200
    page = plain(changed)
    assert "Ann: 9♥ takes 9♠" in page and "Bo to play" in page and "Ann 2 cards" in page


def test_the_big_screen_says_when_the_table_overruled_the_referee(client):
    """The room sees the play as the round page shows it: recorded as the table ruled, not
    as if the referee had found it legal."""
    token, number = opened(client)
    post_play(client, token, number, "9H", "capture", refs=[1, 3],
              overrule="we always play it so")
    screen = plain(client.get(f"/match/{token}/tv"))
    assert "Ann: 9♥ takes 6♣+5♥ — recorded as the table ruled" in screen
    post_play(client, token, number, "5S", "trail")
    assert "recorded as the table ruled" not in plain(client.get(f"/match/{token}/tv"))


def test_the_scoreboard_says_who_leads_and_by_how_much(client):
    """Under the totals, once a round has counted: who is ahead and by how many points (on
    the big screen too), or that the sides are level; nothing before the first round, and
    the winner instead once the match is over."""
    token = new_match(client, names=("Ann", "Bo"))
    assert "leads by" not in plain(client.get(f"/match/{token}"))
    # Swedish: Ann 1 (cards) + 2 (spades) + 2 (aces) + 2 (10♦) + 2 (sweeps) + 1 (last
    # capture) = 10; Bo 2 (aces) + 1 (2♠) = 3 (RULES §6)
    assert tally_round(client, token, SWEDISH_SIDES).status_code == 303
    for page in (f"/match/{token}", f"/match/{token}/tv"):
        assert "Ann leads by 7 points." in plain(client.get(page))
    # the same counts the other way round: 13 each
    assert tally_round(client, token, SWEDISH_SIDES[::-1]).status_code == 303
    board = plain(client.get(f"/match/{token}"))
    assert "Ann and Bo are level." in board and "leads by" not in board
    finished = new_match(client, names=("Ann", "Bo"), target=10)
    assert tally_round(client, finished, SWEDISH_SIDES).status_code == 303
    board = plain(client.get(f"/match/{finished}"))
    assert "Ann wins the match." in board and "leads by" not in board


def test_nothing_polls_once_the_round_or_the_match_is_over(client):
    token = tallied(client, ("Ann", "Bo"))
    assert "data-live" not in text(client.get(f"/match/{token}/round/1"))
    assert "data-live" in text(client.get(f"/match/{token}"))  # the match goes on
    finished = new_match(client, target=10)
    number = start_round(client, finished, "tally")
    client.post(f"/match/{finished}/round/{number}/tally",
                data=tally_data(finished, number, SWEDISH_SIDES))
    client.post(f"/match/{finished}/round/{number}/confirm",
                data={"version": round_version(finished, number)})
    assert "wins the match" in plain(client.get(f"/match/{finished}"))
    for page in (f"/match/{finished}", f"/match/{finished}/tv",
                 f"/match/{finished}/round/{number}"):
        assert "data-live" not in text(client.get(page))


def test_new_match_shows_only_the_house_rules_a_variant_takes(client):
    """/variants.css hides, for each variant and building chosen, the house rules it does
    not take (Krypkasino's whole list); a refused value stays in sight with its error."""
    css = text(client.get("/variants.css"))
    kryp = '#new-match:has(#variant option[value="krypkasino"]:checked)'
    assert f"{kryp} #house-rules" in css and f"{kryp} #rule-building" in css
    swedish = '#new-match:has(#variant option[value="swedish"]:checked)'
    assert (f'{swedish}:has(#building option[value=""]:checked) #rule-multiple_builds'
            in css)
    assert (f'{swedish}:has(#building option[value="nordic"]:checked) #rule-multiple_builds'
            not in css)
    assert '#house-rules:not' not in css and "#house-rules.invalid" in css
    body = text(refused(client, names=("Ann", "Bo", "Cy"), variant="krypkasino",
                        building="nordic"))
    assert 'class="house-rule invalid" id="rule-building"' in body
    assert '<details id="house-rules" open class="invalid">' in body



def test_new_match_offers_only_the_partnerships_the_players_can_sit_in(client):
    """/variants.css hides the partnership choice where the variant seats the number of
    players chosen alone (two or three players), and a choice whose words name another
    number ("three sides (6 players)" for four); a refused choice stays in sight."""
    css = text(client.get("/variants.css"))

    def chosen(variant: str, players: int) -> str:
        return (f'#new-match:has(#variant option[value="{variant}"]:checked)'
                f':has(#players input[value="{players}"]:checked)')

    for players in (2, 3):
        assert f"{chosen('swedish', players)} #partnering" in css
    four = chosen("swedish", 4)
    assert f"{four} #partnering" not in css
    assert f'{four} #partnerships option[value="pairs"]' not in css
    assert f'{four} #partnerships option[value="2"]' in css
    six = chosen("krypkasino", 6)
    assert f"{six} #partnering" not in css and f"{six} #partnerships option" not in css
    assert f"{chosen('krypkasino', 5)} #partnering" in css  # five cannot sit in sides
    # Mulle (Kortspelshandboken) seats four only in pairs: no "everyone for themselves"
    assert f'{chosen("mulle-glimne", 4)} #partnerships option[value=""]' in css
    assert f'{four} #partnerships option[value=""]' not in css
    # a number of players the variant does not seat is not offered, but the one chosen
    pill = '#players label.pill:not(:has(:checked)):has(input[value="{n}"])'
    swedish = '#new-match:has(#variant option[value="swedish"]:checked)'
    assert f"{swedish} {pill.format(n=5)}" in css and f"{swedish} {pill.format(n=4)}" not in css
    assert "#new-match .partnering.invalid" in css
    body = text(refused(client, names=("Ann", "Bo"), partnerships="pairs"))
    assert 'class="partnering invalid" id="partnering"' in body


def test_two_sides_of_three_is_refused_for_four_players(client):
    """The engine would seat four as two sides of two; the choice's words name six, so the
    form refuses it rather than start a match the table did not choose."""
    body = plain(refused(client, names=("Ann", "Bo", "Cy", "Di"), variant="krypkasino",
                         partnerships="2"))
    assert "“two sides of three (6 players)” is for 6 players, not 4: choose again" in body
