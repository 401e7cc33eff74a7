# Kasino Referee. `make run` serves the app, `make test` runs linters and every test.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed-$(shell cat pyproject.toml | cksum | cut -d' ' -f1)

.PHONY: run test lint bench clean venv static db messages

HTMX := static/vendor/htmx.min.js

$(STAMP): pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[test]'
	rm -f $(VENV)/.installed-*
	touch $@

venv: $(STAMP)

# htmx comes from the npm registry at the version pinned in package-lock.json
$(HTMX): package.json package-lock.json
	npm ci --no-audit --no-fund --loglevel=error
	mkdir -p static/vendor
	cp node_modules/htmx.org/dist/htmx.min.js $(HTMX)

static: $(HTMX)

db: $(STAMP)
	$(PY) -m flask --app referee db upgrade

run: $(STAMP) $(HTMX) db
	$(PY) -m flask --app referee run --host 127.0.0.1 --port 5000

lint: $(STAMP)
	$(PY) -m ruff check .
	$(PY) -m mypy

test: $(STAMP) $(HTMX)
	$(PY) -m ruff check .
	$(PY) -m mypy
	$(PY) -m pytest

bench: $(STAMP)
	$(PY) bench/bench_engine.py

# the catalogue of every string marked for translation (English, Norwegian, Swedish,
# Finnish and Danish come later)
messages: $(STAMP)
	$(VENV)/bin/pybabel extract -F referee/babel.cfg -k _l -o referee/messages.pot .

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache .hypothesis node_modules static/vendor
