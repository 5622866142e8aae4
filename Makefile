# Tabula: build the site, run the checks.
#
#   make site       build the site into site/
#   make test       run every check (lint, format, types, tests, a strict site build)
#   make test-deep  the tests again with the slow sweeps: GNU Backgammon and the reference
#                   move generators asked live and at full size, many more hypothesis examples
#   make serve      preview the site with live reload
#   make bench-lighthouse
#                   Lighthouse's scores of the home page and a puzzle page, as a phone loads
#                   them (minutes long: not part of `make test`)
#   make clean      remove build output and caches (keeps .venv)
#   make distclean  also remove .venv and node_modules
#
# The first run creates .venv and installs the project into it; later runs reinstall only when
# pyproject.toml changes (the stamp files in .venv record the last install). `make test` also
# needs Debian's chromium for the browser tests: when /usr/bin/chromium is missing it is
# installed once with apt-get (as root; no browser is ever downloaded by Playwright).

PY ?= python3

# Python caches compiled modules (__pycache__, ignored by git) even where the environment turns
# that off: without the cache pytest rewrites every test module's asserts, and each test process
# compiles the project again, on every run.
unexport PYTHONDONTWRITEBYTECODE
VENV ?= .venv
BIN := $(VENV)/bin
PIP := $(BIN)/pip install --quiet

# pytest runs on both cores (pytest-xdist): `make test PYTEST_JOBS=0` runs it in one process.
# Whole modules go to one process (loadscope), so that a module's own site build is made once;
# the project's site (tests/conftest.py) is built once for the run, by the controller. They go
# in collection order, where the slowest modules come first (SLOWEST in tests/conftest.py), so
# that both processes finish together.
PYTEST_JOBS ?= 2
PYTEST := $(BIN)/pytest -n $(PYTEST_JOBS) --dist loadscope --no-loadscope-reorder

.PHONY: site test test-deep serve clean distclean bench-lighthouse

site: $(VENV)/.installed-site $(VENV)/.installed-pyodide
	$(BIN)/mkdocs build --strict

test: $(VENV)/.installed-test $(VENV)/.installed-chromium $(VENV)/.installed-axe \
		$(VENV)/.installed-pyodide
	$(BIN)/ruff check generator tests
	$(BIN)/ruff format --check generator tests
	$(BIN)/mypy --strict generator
	node --test tests/widget/js/*.test.js
	@# The strict build runs beside pytest; what it says is shown after pytest's report. Not
	@# --quiet: MkDocs 1.6 then stops counting warnings, and --strict could not fail. It prints
	@# no PDFs (TABULA_PDF=no, read by the tabula plugin: 14 CPU-seconds of Chromium;
	@# tests/site/test_print.py and test_printer.py print real sheets); make test-deep prints them.
	@tmp=$$(mktemp -d) || exit 1; trap 'rm -rf "$$tmp"' EXIT; \
	{ TABULA_PDF=no $(BIN)/mkdocs build --strict --site-dir "$$tmp/site" >"$$tmp/build.log" 2>&1; \
		echo $$? >"$$tmp/build.rc"; } & \
	echo "$(PYTEST)" && $(PYTEST); tests=$$?; wait; \
	echo "TABULA_PDF=no $(BIN)/mkdocs build --strict --site-dir $$tmp/site"; cat "$$tmp/build.log"; \
	test "$$tests" = 0 && test "$$(cat "$$tmp/build.rc")" = 0

# The tests marked deep too, and hypothesis's deep profile (tests/conftest.py; README.md, Tests).
test-deep: $(VENV)/.installed-test $(VENV)/.installed-chromium $(VENV)/.installed-axe \
		$(VENV)/.installed-pyodide
	$(PYTEST) --deep
	@# The strict build with every worksheet printed, which make test leaves out.
	@tmp=$$(mktemp -d) || exit 1; trap 'rm -rf "$$tmp"' EXIT; \
	$(BIN)/mkdocs build --strict --site-dir "$$tmp/site"

# --dirty: after an edit only the pages it changed are rebuilt (the search index and PDFs stay
# those of the first build). MkDocs warns about every dirty build, so strict mode, which stops
# on any warning, is off while previewing; a wrong puzzle or board still stops the build, and
# `make site` always builds everything, strictly.
serve: $(VENV)/.installed-site
	$(BIN)/mkdocs serve --dirty --no-strict

# Lighthouse rates pages as a phone shows them (python -m generator bench lighthouse;
# README.md, Lighthouse). It is a benchmark, minutes long, so `make test` does not run it.
bench-lighthouse: $(VENV)/.installed-site $(VENV)/.installed-chromium $(VENV)/.installed-lighthouse
	$(BIN)/python -m generator bench lighthouse

clean:
	rm -rf site build dist *.egg-info .pytest_cache .mypy_cache .ruff_cache .hypothesis
	rm -rf docs/*/puzzles docs/*/lessons docs/*/gallery
	find $(wildcard generator tests) -name __pycache__ -type d -prune -exec rm -rf {} +

distclean: clean
	rm -rf $(VENV) node_modules

# --- the virtual environment -------------------------------------------------------------------

$(VENV)/.created:
	$(PY) -m venv $(VENV) || { rm -rf $(VENV); \
		echo "error: '$(PY) -m venv' failed; on Debian or Ubuntu: apt-get install python3-venv" >&2; \
		exit 1; }
	$(PIP) --upgrade pip
	touch $@

$(VENV)/.installed-site: pyproject.toml | $(VENV)/.created
	$(PIP) -e .
	touch $@

# The test extra includes everything the site needs, so it brings the site stamp up to date too.
$(VENV)/.installed-test: pyproject.toml | $(VENV)/.created
	$(PIP) -e '.[test]'
	touch $@ $(VENV)/.installed-site

# --- the browser of the browser tests ------------------------------------------------------------

# tests/browser drives Debian's chromium through Playwright (never `playwright install`). When
# it is missing, root installs it with apt-get; anyone else is told how, and the browser tests
# skip, saying why, until it is there. The stamp is written only once chromium is installed.
CHROMIUM := /usr/bin/chromium

$(VENV)/.installed-chromium: | $(VENV)/.created
	@if [ -x $(CHROMIUM) ]; then \
		:; \
	elif ! command -v apt-get >/dev/null 2>&1; then \
		echo "warning: $(CHROMIUM) is missing and apt-get is not available here: install" \
			"Chromium as $(CHROMIUM) by hand; until then the browser tests are skipped" >&2; \
	elif [ "$$(id -u)" != 0 ]; then \
		echo "warning: $(CHROMIUM) is missing; as root, run: apt-get update &&" \
			"apt-get install -y chromium (until then the browser tests are skipped)" >&2; \
	else \
		echo "installing Debian's chromium for the browser tests (apt-get, once)"; \
		apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y chromium \
			|| { echo "error: apt-get install chromium failed" >&2; exit 1; }; \
	fi
	@if [ -x $(CHROMIUM) ]; then touch $@; fi

# The widget's accessibility check runs axe-core (the npm package) in the page; npm comes with
# the machine's Node.js. Without npm the check skips, saying why.
$(VENV)/.installed-axe: | $(VENV)/.created
	@if command -v npm >/dev/null 2>&1; then \
		npm install --silent --no-audit --no-fund --prefix $(VENV)/axe axe-core@4.11 \
			&& touch $@ || echo "warning: npm could not install axe-core: the accessibility" \
			"check is skipped" >&2; \
	else \
		echo "warning: npm is missing: the widget's accessibility check is skipped" >&2; \
	fi

# `bench lighthouse` runs Lighthouse, the npm package, pinned: npm ci refuses a lock written by
# Lighthouse 12.3 to 13.4, and 13 wants Node.js 22. It drives Debian's chromium (CHROME_PATH),
# never a browser of its own.
$(VENV)/.installed-lighthouse: | $(VENV)/.created
	@if command -v npm >/dev/null 2>&1; then \
		npm install -E --silent --no-audit --no-fund --prefix $(VENV)/lighthouse \
			lighthouse@12.2.3 && touch $@ || { echo "error: npm could not install" \
			"Lighthouse" >&2; exit 1; }; \
	else \
		echo "error: npm is missing (it comes with Node.js): bench lighthouse needs it" >&2; \
		exit 1; \
	fi

# The referee page runs the engine in the browser under Pyodide: the npm package, pinned in
# package.json and package-lock.json, installed into node_modules/ (the build copies it into the
# site). Without npm the site is built all the same, and the referee page says what to install.
$(VENV)/.installed-pyodide: package.json package-lock.json | $(VENV)/.created
	@if command -v npm >/dev/null 2>&1; then \
		npm ci --silent --no-audit --no-fund && touch $@ || echo "warning: npm could not" \
			"install Pyodide: the referee page says what to install" >&2; \
	else \
		echo "warning: npm is missing (it comes with Node.js): the site is built without" \
			"Pyodide, and the referee page says what to install" >&2; \
	fi
