# make run   - install, migrate, create a demo host and game, serve on http://127.0.0.1:8000
# make test  - install and run the everyday tests (browser and PostgreSQL parts included)
# make test-all - those and the slow ones (make test-slow), as .ci/run does
PY := .venv/bin/python
PIP := .venv/bin/pip

.PHONY: run test test-slow test-all install bench fuzz loadtest loadtest-stall

.venv/.installed: requirements.txt
	python3 -m venv .venv
	$(PIP) install -q --disable-pip-version-check -r requirements.txt
	touch $@

install: .venv/.installed

run: install
	scripts/ensure_system.sh
	$(PY) manage.py migrate --noinput
	$(PY) manage.py demo
	scripts/serve.sh

test: install
	scripts/test.sh

test-slow: install
	scripts/test.sh slow

test-all: test test-slow

bench: install
	$(PY) -m bench.reader
	DJANGO_SETTINGS_MODULE=deckupload.settings $(PY) -m bench.web
	DJANGO_SETTINGS_MODULE=deckupload.settings $(PY) -m bench.admin_lists
	$(PY) -m bench.analysis
	DJANGO_SETTINGS_MODULE=deckupload.settings $(PY) -m bench.jobs
	$(PY) -m bench.dealer

fuzz: install
	$(PIP) install -q --disable-pip-version-check atheris==3.0.0
	PYTHONPATH=. FUZZ_SECONDS=$${FUZZ_SECONDS:-60} $(PY) scripts/fuzz.py

loadtest: install
	$(PY) scripts/loadtest.py $(LOADTEST_ARGS)

loadtest-stall: install
	$(PY) scripts/loadtest_stall.py $(LOADTEST_ARGS)
