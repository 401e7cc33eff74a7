# Kasino Referee. `make run` serves the app (development), `make serve` with gunicorn,
# `make test` runs linters and every test.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
# the extras installed: the tests' tools, and redis for the rate limits' store that
# tests/test_security.py takes down (the stamp changes with them and with pyproject.toml)
EXTRAS := test,postgres,redis
STAMP := $(VENV)/.installed-$(shell echo '$(EXTRAS)' | cat pyproject.toml - | cksum | cut -d' ' -f1)

.PHONY: run serve test lint bench loadtest clean venv static db messages translations chromium

# where make run (default port 5000) and make serve (8000) listen: make run HOST=0.0.0.0
# PORT=8000 serves the local network
HOST ?= 127.0.0.1
PORT ?=

HTMX := static/vendor/htmx.min.js
NODE := node_modules/.installed
CHROMIUM := /usr/bin/chromium

$(STAMP): pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[$(EXTRAS)]'
	rm -f $(VENV)/.installed-*
	touch $@

venv: $(STAMP)

# htmx (served from static/vendor/) and axe-core (read by tests/browser from
# node_modules/) come from the npm registry at the versions pinned in package-lock.json
$(NODE): package.json package-lock.json
	npm ci --include=dev --no-audit --no-fund --loglevel=error
	touch $@

$(HTMX): $(NODE)
	mkdir -p static/vendor
	cp node_modules/htmx.org/dist/htmx.min.js $(HTMX)

static: $(HTMX)

# headless Chromium for tests/browser: Debian's package (Playwright drives it and never
# downloads a browser), with DejaVu for the card suits; installed when make runs as root
chromium:
	@if [ -x $(CHROMIUM) ]; then :; \
	elif [ "$$(id -u)" = 0 ]; then \
		echo "installing Debian's chromium and fonts-dejavu-core for the browser tests"; \
		apt-get update && DEBIAN_FRONTEND=noninteractive \
			apt-get install -y --no-install-recommends chromium fonts-dejavu-core; \
	else \
		echo "The browser tests need headless Chromium at $(CHROMIUM), from Debian's package" \
			"'chromium': run 'sudo apt-get install --no-install-recommends chromium" \
			"fonts-dejavu-core', or run make test as root." >&2; \
		exit 1; \
	fi

db: $(STAMP)
	$(PY) -m flask --app referee db upgrade

# make run HOST=0.0.0.0 PORT=8000: the other phones at the table reach it on this machine's
# address in the local network, which the links and QR codes to join then carry (and so
# for make serve)
SHARE_ON_LAN := $(if $(filter 0.0.0.0 ::,$(HOST)),1,)

run: $(STAMP) translations $(HTMX) db
	SHARE_ON_LAN=$(SHARE_ON_LAN) \
	  $(PY) -m flask --app referee run --host $(HOST) --port $(or $(PORT),5000)

# the production server: gunicorn with the settings in gunicorn.conf.py (README, "Serving")
serve: $(STAMP) translations $(HTMX) db
	SHARE_ON_LAN=$(SHARE_ON_LAN) HOST=$(HOST) PORT=$(or $(PORT),8000) \
	  $(VENV)/bin/gunicorn -c gunicorn.conf.py

lint: $(STAMP)
	$(PY) -m ruff check .
	$(PY) -m mypy

test: $(STAMP) translations $(HTMX) $(NODE) chromium
	$(PY) -m ruff check .
	$(PY) -m mypy
	$(PY) -m pytest

bench: $(STAMP) translations
	$(PY) bench/bench_engine.py

# the production server under load (bench/loadtest.py): SQLite, and PostgreSQL too when
# DATABASE_URL names one (make loadtest DATABASE_URL=postgresql+psycopg://...)
loadtest: $(STAMP) translations
	$(PY) bench/loadtest.py

# the catalogues (referee/catalogues.py): extract, update every language, compile
messages: $(STAMP)
	$(PY) -m referee.catalogues

# the compiled catalogues Flask-Babel reads: built at setup, never committed
MO := $(patsubst %.po,%.mo,$(wildcard referee/translations/*/LC_MESSAGES/messages.po))
$(MO): %.mo: %.po $(STAMP)
	$(PY) -m referee.catalogues --compile

translations: $(MO)

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache .hypothesis node_modules static/vendor tests/browser/output
