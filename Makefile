# The two commands of the README: `make app` and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
PORT ?= 8866
HOST ?= 127.0.0.1

.PHONY: app test lint typecheck venv bench clean site serve-site links sheets

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip

# Reinstall whenever the project description changes.
$(VENV)/.installed: pyproject.toml | $(BIN)/python
	$(BIN)/pip install --quiet -e '.[test]'
	touch $@

venv: $(VENV)/.installed

# The package's bytecode, written beside it (only what changed is compiled again). Where PYTHONDONTWRITEBYTECODE is
# set (as on the machine this project is developed on), Python never writes it itself, so every kernel and server
# would compile the package's modules from their sources at each start (1.4 s of CPU more to import all of them, measured here).
.PHONY: bytecode
bytecode: venv
	$(BIN)/python -m compileall -q mainmerah

# Serves notebooks/ with ./voila.json (preheated kernels, culling, no sources or tracebacks).
# The root URL is the games' home page, drawn by the server (a Voila subclass adds that one
# route, see mainmerah/server/voila.py); it links to each game's tutorial and table.
# The page template: config/app's mainmerah-app (Voila's own less its CDN links), found through
# JUPYTER_PATH. Named here, not in voila.json: a Jupyter server started in this folder (Binder) reads
# ./voila.json too, and must keep the classroom's template.
APP_TEMPLATE := JUPYTER_PATH=$(CURDIR)/config/app$${JUPYTER_PATH:+:$$JUPYTER_PATH}
app: bytecode
	$(APP_TEMPLATE) $(BIN)/python -m mainmerah.server.voila notebooks --port=$(PORT) --Voila.ip=$(HOST) --no-browser \
		--Voila.config_file_paths=$(CURDIR) --VoilaConfiguration.template=mainmerah-app

# A whole class on one server: config/classroom (preheated kernels, idle kernels culled,
# no sources or tracebacks, a banner when a game stops; / is the home page as for
# `make app`). Listens on 127.0.0.1 only; `make serve-class HOST=0.0.0.0` opens it to the
# room's network (see README). VOILA_APP_IP: where a preheated kernel reaches the server
# to learn its page's request (Voila assumes 127.0.0.1, absent when bound to one address).
# CLASS: the class folder (each student's progress, the teacher's key; git-ignored), its
# teacher's page printed at start as a full link. STUDENTS=30: that many arrivals at once
# find a preheated kernel on the tutorial and on the table (else the config's pools of 4).
CLASS ?= $(CURDIR)/class
STUDENTS ?= 0
.PHONY: serve-class
serve-class: bytecode
	MAINMERAH_CLASS=$(CLASS) JUPYTER_PATH=$(CURDIR)/config/classroom VOILA_APP_IP=$(HOST) \
		$(BIN)/python -m mainmerah.server.voila notebooks --port=$(PORT) --Voila.ip=$(HOST) --no-browser \
		--Voila.config_file_paths=$(CURDIR)/config/classroom --MainMerahVoila.students=$(STUDENTS)

lint: venv
	$(BIN)/ruff check .

# The type checker, on the whole package (settings in pyproject.toml).
typecheck: venv
	$(BIN)/mypy

# -n 2 on a 2-core machine: -n 3 was no faster (19 min either way on 2026-12-03, the CPU is the limit). (With -n 3
# a kernel's TCP port, picked free by jupyter_client, was taken before the kernel bound it in 3 of 5 CI runs; Voila's
# kernels now take theirs outside the range outgoing connections draw from: mainmerah/server/ports.py.)
# --dist loadfile: a notebook's cells share one kernel, so they must run in order on one worker.
# --no-loadscope-reorder: the files start in the order tests/conftest.py gives (the longest first), not
# pytest-xdist's (the most tests first, which left the site build and the classroom for last).
test: bytecode lint typecheck
	$(BIN)/pytest -n 2 --dist loadfile --no-loadscope-reorder --nbval-lax -p no:cacheprovider --durations=15

# Printable sheets (PDF): a one-page rules sheet per game and the puzzle worksheets with their
# answers, in English and Bahasa Indonesia, drawn from the code the app plays by (mainmerah/sheets/).
SHEETS ?= sheets
sheets: venv
	$(BIN)/python -m mainmerah.sheets --out $(SHEETS)

bench: venv
	$(BIN)/python benchmarks/engine_speed.py

# The static site (Voici + JupyterLite + Pyodide, runs in the visitor's browser): its build
# environment lives in .site-build/ (git-ignored), pinned in sitebuild/requirements.txt;
# everything comes from the package registries (see sitebuild/build.py). Output: _site/.
SITE_VENV := .site-build/venv
SITE_PORT ?= 8000

$(SITE_VENV)/.installed: sitebuild/requirements.txt
	$(PYTHON) -m venv $(SITE_VENV)
	$(SITE_VENV)/bin/pip install --quiet -r sitebuild/requirements.txt
	touch $@

site: $(SITE_VENV)/.installed
	$(SITE_VENV)/bin/python sitebuild/build.py --out _site

# A look at the site on this machine only (any static server does; file:// does not).
serve-site:
	@test -f _site/index.html || { echo "no _site/: run make site first"; exit 1; }
	$(PYTHON) -m http.server $(SITE_PORT) --bind 127.0.0.1 --directory _site

# The Binder and GitHub Pages links of the repository this checkout was cloned from.
links:
	@$(PYTHON) sitebuild/links.py

clean:
	rm -rf $(VENV) tests/artifacts .site-build _site sheets
