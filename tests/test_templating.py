"""The template environment: its templates' globals, which every import reads."""

from __future__ import annotations

from collections import ChainMap

from referee import create_app
from referee.templating import Environment, Globals


def test_a_templates_globals_have_the_keys_of_its_own_and_the_environments_as_they_change():
    own = {"here": 1, "SUITS": 2}
    shared = {"SUITS": 3, "url_for": 4}
    kept = Globals(own, shared)
    assert set(kept.keys()) == set(ChainMap(own, shared).keys()) == {"here", "SUITS",
                                                                      "url_for"}
    shared["later"] = 5  # a global the app adds after the template was loaded
    del own["here"]
    assert set(kept.keys()) == {"SUITS", "url_for", "later"}
    assert kept["SUITS"] == 2 and kept["later"] == 5  # the template's own come first


def test_the_app_keeps_them_so_and_an_imported_macro_needs_no_module_of_its_own():
    """Jinja makes a module of an imported template once, and again for every import
    whose render has globals the template's lack: with every key known, it never has."""
    app = create_app({"TESTING": True, "SQLALCHEMY_DATABASE_URI": "sqlite://"})
    env = app.jinja_env
    assert isinstance(env, Environment)
    with app.test_request_context("/"):
        page = env.get_template("rounds/play.html")
        imported = env.get_template("_cards.html")
        assert isinstance(imported.globals, Globals)
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
