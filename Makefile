# Tabula: build the site, run the checks.
#
#   make site       build the site into site/
#   make test       run every check (lint, format, types, tests, a strict site build)
#   make serve      preview the site with live reload
#   make clean      remove build output and caches (keeps .venv)
#   make distclean  also remove .venv
#
# The first run creates .venv and installs the project into it; later runs reinstall only when
# pyproject.toml changes (the stamp files in .venv record the last install).

PY ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
PIP := $(BIN)/pip install --quiet

.PHONY: site test serve clean distclean

site: $(VENV)/.installed-site
	$(BIN)/mkdocs build --strict

test: $(VENV)/.installed-test
	$(BIN)/ruff check generator tests
	$(BIN)/ruff format --check generator tests
	$(BIN)/mypy --strict generator/engine
	$(BIN)/pytest
	tmp=$$(mktemp -d) && trap 'rm -rf "$$tmp"' EXIT && \
		$(BIN)/mkdocs build --strict --quiet --site-dir "$$tmp"

serve: $(VENV)/.installed-site
	$(BIN)/mkdocs serve

clean:
	rm -rf site build dist *.egg-info .pytest_cache .mypy_cache .ruff_cache .hypothesis
	rm -rf docs/*/generated
	find $(wildcard generator tests) -name __pycache__ -type d -prune -exec rm -rf {} +

distclean: clean
	rm -rf $(VENV)

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
