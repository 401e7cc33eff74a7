"""The template environment: its templates' globals, which every import reads."""

from __future__ import annotations

from referee import create_app
from referee.rules.variants import get_rules
from referee.templating import Environment, category_label


def test_a_templates_globals_are_its_own_over_the_environments_in_one_dict():
    app = create_app({"TESTING": True, "SQLALCHEMY_DATABASE_URI": "sqlite://"})
    env = app.jinja_env
    assert isinstance(env, Environment)
    made = env.make_globals({"here": 1, "SUITS": 2})
    assert type(made) is dict  # copied into every render's context in C, not key by key
    assert made["here"] == 1 and made["SUITS"] == 2  # the template's own come first
    assert made["url_for"] is env.globals["url_for"]
    assert set(made) == set(env.globals) | {"here"}
    assert env.make_globals(None) == env.globals and env.make_globals(None) is not env.globals


def test_every_global_is_set_before_a_template_is_loaded():
    """The app makes its globals when it is made: a page's template, loaded at its first
    render, sees every one of them (a global added later would not reach it)."""
    app = create_app({"TESTING": True, "SQLALCHEMY_DATABASE_URI": "sqlite://"})
    before = dict(app.jinja_env.globals)
    with app.test_request_context("/"):
        page = app.jinja_env.get_template("rounds/play.html")
        assert before.items() <= page.globals.items()
        for name in ("csrf_token", "public_url", "THEME_COLOUR", "deck_tiles", "url_for"):
            assert name in page.globals
    assert app.jinja_env.globals == before


def test_the_app_keeps_them_so_and_an_imported_macro_needs_no_module_of_its_own():
    """Jinja makes a module of an imported template once, and again for every import
    whose render has globals the template's lack: with every key known, it never has."""
    app = create_app({"TESTING": True, "SQLALCHEMY_DATABASE_URI": "sqlite://"})
    env = app.jinja_env
    with app.test_request_context("/"):
        page = env.get_template("rounds/play.html")
        imported = env.get_template("_cards.html")
        assert type(imported.globals) is dict
        context = page.new_context({})
        assert not context.globals_keys - imported.globals.keys()
        assert imported._get_default_module(context) is imported._get_default_module(context)


def test_the_sides_names_stand_upright_from_three_sides_or_when_one_is_long():
    from referee.templating import names_upright

    assert not names_upright(["Anna", "Bengt"])
    assert not names_upright(["Mikael", "Wilmar"])  # as wide as two columns hold
    assert names_upright(["Elisabet", "Bo"])  # 8 letters: "Elisabe/t" would break
    assert names_upright(["Ann & Bo", "Cia & Dan"])
    assert names_upright(["MMMM", "Bo"])
    assert names_upright(["Maximiliana", "Bo"])
    assert names_upright(["Anna & Cia", "Bo & Dan"])
    assert names_upright(["A", "B", "C"])


def test_the_spades_row_says_most_spades_where_the_majority_scores_rules_6():
    """RULES §6: most spades score 2 (1 in Norwegian) where the majority counts; Överspader
    scores each spade over six and Mulle (Kortspelshandboken) each spade, and Krypkasino
    counts every spade but 2♠ as penalty points: their rows stay what they count."""
    app = create_app({"TESTING": True, "SQLALCHEMY_DATABASE_URI": "sqlite://"})
    with app.test_request_context("/"):
        said = {variant: category_label(get_rules(variant), "spades")
                for variant in ("swedish", "norwegian", "classic", "overspader",
                                "mulle-glimne", "krypkasino")}
    assert said == {"swedish": "most spades", "norwegian": "most spades",
                    "classic": "most spades", "overspader": "spades",
                    "mulle-glimne": "spades", "krypkasino": "spades, 2♠ apart"}


def test_a_piles_counts_are_a_list_said_with_commas_each_count_unbroken():
    """The counts a pile shows, each in a span of its own (a narrow pile wraps between
    them); the sweeps only where they score, what is left of them where they cancel
    (Finnish), a Mulle pile's points; a comma after every count but the last."""
    from referee.rules.round import PileCount
    from referee.templating import pile_counts

    app = create_app({"TESTING": True, "SQLALCHEMY_DATABASE_URI": "sqlite://"})
    count = '<span class="count">{}</span>'.format
    with app.test_request_context("/", headers={"Accept-Language": "en"}):
        assert pile_counts(PileCount(1, 0, 0, ())) == " ".join(
            [count("1 card,"), count("0 spades,"), count("0 sweeps")])
        assert pile_counts(PileCount(12, 5, 2, ()), sweeps=False) == " ".join(
            [count("12 cards,"), count("5 spades")])
        assert pile_counts(PileCount(3, 1, 1, (), mulle=4)) == " ".join(
            [count("3 cards,"), count("1 spade,"), count("1 sweep,"), count("4 mulle points")])
        assert pile_counts(PileCount(3, 1, 3, (), cancelled_to=1)) == " ".join(
            [count("3 cards,"), count("1 spade,"), count("3 sweeps"),
             '<span class="cancelled">(1 once they cancel)</span>'])
        assert pile_counts(PileCount(3, 1, 3, (), mulle=2, cancelled_to=0)) == " ".join(
            [count("3 cards,"), count("1 spade,"), count("3 sweeps"),
             '<span class="cancelled">(0 once they cancel),</span>', count("2 mulle points")])
        assert pile_counts(PileCount(3, 1, 3, (), mulle=2), sweeps=False) == " ".join(
            [count("3 cards,"), count("1 spade"), count("2 mulle points")])
    with app.test_request_context("/", headers={"Accept-Language": "da"}):  # worded anew
        assert "1 kort," in pile_counts(PileCount(1, 0, 0, ()))


def test_a_templates_words_are_the_language_read_now_with_or_without_parameters():
    """A template's words come from the request's catalogue (those without parameters
    worded once per catalogue): each request in its own language, ``%%`` read as ``%``
    either way."""
    app = create_app({"TESTING": True, "SQLALCHEMY_DATABASE_URI": "sqlite://"})
    page = app.jinja_env.from_string(
        '{{ _("Undo") }}|{{ _("Round %(n)d", n=2) }}|{{ _("100%% sure") }}')
    said = {}
    for language in ("fi", "en", "sv", "fi"):
        with app.test_request_context("/", headers={"Accept-Language": language}):
            app.preprocess_request()
            said.setdefault(language, []).append(page.render())
    assert said["fi"] == ["Peru|Kierros 2|100% sure"] * 2
    assert said["en"] == ["Undo|Round 2|100% sure"]
    assert said["sv"] == ["Ångra|Omgång 2|100% sure"]
