# Two commands set everything up on a fresh machine:
#   make run    installs what is missing and serves the app with gunicorn (http://127.0.0.1:8000)
#   make test   installs what is missing and runs the whole suite (in one process per core: JOBS)
# Configuration: HOST, PORT, WORKERS, HTTPS, HTTPS_PORT; DATABASE_URL (PostgreSQL), SECRET_KEY, PUBLIC_URL (see
# docs/deployment.md).

HOST ?= 127.0.0.1
PORT ?= 8000
WORKERS ?= 2
# HTTPS=1: https on HTTPS_PORT beside plain http on PORT, with a certificate this computer makes for itself (once a
# phone trusts it, the phone gets the whole app: keeping the screen on, copying; docs/deployment.md#https-at-the-table).
HTTPS ?= 0
HTTPS_PORT ?= 8443
TLS := instance/tls
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed
TEST_STAMP := $(VENV)/.installed-test
HTMX := static/vendor/htmx.min.js
# axe-core (WCAG checks) only for the browser tests (tests/browser/test_axe.py); never served to players.
AXE := static/vendor/axe.min.js
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
APT_UPDATED := /tmp/.companion-apt-updated

.PHONY: setup setup-test run dev test test-browser bench messages check-messages lint typecheck lock audit clean

# What serving needs (make run); the test tools come on top of it only for make test, lint and the rest.
setup: $(STAMP) $(HTMX) translations fonts
setup-test: setup $(TEST_STAMP) $(AXE)

# Every package at the version constraints.txt pins (make lock writes it), pip and setuptools too; the app itself is
# built with those (no build isolation), so nothing is taken at whatever version PyPI has that day. A changed
# constraints.txt or pyproject.toml installs again.
PIP_INSTALL := $(PY) -m pip install --quiet --disable-pip-version-check -c constraints.txt
$(STAMP): pyproject.toml constraints.txt
	@echo "installing the app's Python packages into $(VENV) (the first time: a few minutes, quietly)"
	@test -x $(PY) || python3 -m venv $(VENV)
	@$(PIP_INSTALL) --upgrade pip setuptools
	@$(PIP_INSTALL) --no-build-isolation -e .
	@touch $@

$(TEST_STAMP): $(STAMP) pyproject.toml constraints.txt
	@echo "installing the test tools into $(VENV) (the first time: a minute or two)"
	@$(PIP_INSTALL) --no-build-isolation -e '.[test]'
	@touch $@

# constraints.txt afresh: the newest versions pyproject.toml's bounds allow, resolved in a throwaway environment
# (scripts/lock.py). Then test what changed, make lint, make typecheck, make audit, and commit it.
lock:
	python3 scripts/lock.py

# Known vulnerabilities in every pinned package (scripts/audit.py): PyPI's vulnerability records, and the dated
# advisory snapshot scripts/advisories.json. Fails on a known vulnerability, and when PyPI cannot be asked.
audit: $(TEST_STAMP)
	$(PY) scripts/audit.py constraints.txt

$(HTMX): package.json package-lock.json
	@echo "installing htmx from the npm registry"
	@npm ci --no-audit --no-fund --loglevel=error --silent
	@mkdir -p static/vendor
	@cp node_modules/htmx.org/dist/htmx.min.js $@

# npm ci above installs every package of package-lock.json, axe-core among them.
$(AXE): $(HTMX)
	@test -f node_modules/axe-core/axe.min.js || npm ci --no-audit --no-fund --loglevel=error --silent
	@cp node_modules/axe-core/axe.min.js $@

translations: $(STAMP)
	@$(PY) scripts/i18n.py compile

$(APT_UPDATED):
	@$(SUDO) apt-get update -qq
	@touch $@

# Japanese fonts for the PDFs (WeasyPrint draws Japanese text with them) and the browser tests: Noto Sans CJK
# has every character the games use (遊星姊妹's 姊 among them); IPAex Gothic is the compact fallback.
FONT_PACKAGES := fonts-noto-cjk fonts-ipaexfont-gothic
fonts:
	@if ! fc-list 2>/dev/null | grep -q "Noto Sans CJK JP" || ! fc-list 2>/dev/null | grep -q "IPAexGothic"; then \
	  echo "installing Japanese fonts (Debian: $(FONT_PACKAGES))"; \
	  $(MAKE) --no-print-directory $(APT_UPDATED) && \
	  DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $(FONT_PACKAGES) >/dev/null; \
	fi

# Debian's Chromium drives the browser tests (Playwright's own browser download does not work here).
chromium:
	@if [ ! -x /usr/bin/chromium ]; then \
	  echo "installing Chromium (Debian) for the browser tests"; \
	  $(MAKE) --no-print-directory $(APT_UPDATED) && \
	  DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq chromium >/dev/null; \
	fi

migrate: setup
	@$(PY) -m companion migrate

# gunicorn.conf.py: gevent workers, so slow clients on the Wi-Fi cannot hold the workers (docs/reliability.md)
# The fixed PDFs (decks, reference cards, rules) are rendered into the disk cache beside the server, at low
# priority, so no player waits for one (companion/web/printing/ahead.py; its log: .venv/print-ahead.log).
# With HTTPS=1 the certificates are made first (the authority once, the server's whenever the addresses change) and
# gunicorn serves both ports: only HTTPS_PORT speaks TLS (companion/server/serving.py).
run: migrate
	@if [ "$(HTTPS)" = 1 ]; then $(PY) -m companion certificate; fi
	@$(PY) scripts/addresses.py $(HOST) $(PORT) $(if $(filter 1,$(HTTPS)),$(HTTPS_PORT))
	@(nice -n 10 $(PY) -m companion print-ahead > $(VENV)/print-ahead.log 2>&1 &)
	@HTTP_PORT=$(PORT) HTTPS_PORT=$(if $(filter 1,$(HTTPS)),$(HTTPS_PORT)) \
	  $(VENV)/bin/gunicorn --config gunicorn.conf.py --bind $(HOST):$(PORT) --workers $(WORKERS) \
	  $(if $(filter 1,$(HTTPS)),--bind $(HOST):$(HTTPS_PORT) --certfile $(TLS)/server.crt --keyfile $(TLS)/server.key) \
	  --access-logfile - 'companion:create_app()'

# The Flask development server with reloading, for working on the app (never for players).
dev: migrate
	$(VENV)/bin/flask --app companion run --debug --host $(HOST) --port $(PORT)

# The suite runs in JOBS processes (pytest-xdist; "auto": one per core), each test file whole in one process so a
# file's servers and fixtures start once. JOBS=0 runs it in this one process.
JOBS ?= auto
test: setup-test chromium
	$(PY) -m pytest -n $(JOBS) --dist loadfile $(PYTEST_ARGS)

bench: migrate $(TEST_STAMP)
	$(PY) tests/bench/run.py

messages: $(TEST_STAMP)
	$(PY) scripts/i18n.py update

check-messages: $(TEST_STAMP)
	$(PY) scripts/i18n.py check

lint: $(TEST_STAMP)
	$(VENV)/bin/ruff check companion tests scripts

# mypy over the whole package; --strict over the engines (companion/games: pure, the rules live there), the games'
# web packages (their hooks checked against their engines' state and move) and the platform's table path.
STRICT := companion/games companion/web/games companion/web/gameweb.py companion/web/tables companion/tables \
	companion/web/profiles/desk.py companion/web/registered.py companion/web/standing.py companion/web/wording.py \
	companion/web/pages.py companion/registry.py companion/storage
typecheck: $(TEST_STAMP)
	$(VENV)/bin/mypy companion
	$(VENV)/bin/mypy --strict --follow-imports=silent $(STRICT)

clean:
	rm -rf $(VENV) node_modules static/vendor
