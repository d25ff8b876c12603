# make run   - install, migrate, create a demo host and game, serve on http://127.0.0.1:8000
# make test  - install and run the everyday tests (a browser smoke test and PostgreSQL parts included)
# make test-all - those and the slow ones (make test-slow), as .ci/run does
# make messages - extract the site's texts into locale/<lang>/LC_MESSAGES/django.po to translate
# make loadtest - a club night on gunicorn and PostgreSQL: the most tables held (actions p99 < 150 ms,
#                 polls p99 < 100 ms, no error), each request's server CPU against a bare request, the
#                 CPU a player costs (LOADTEST_ARGS="--tables 10 --step 10 --seconds 35", scripts/loadtest.py)
PY := .venv/bin/python
PIP := .venv/bin/pip

.PHONY: run test test-slow test-all install bench fuzz loadtest loadtest-stall messages compilemessages

.venv/.installed: requirements.txt
	python3 -m venv .venv
	$(PIP) install -q --disable-pip-version-check -r requirements.txt
	touch $@

install: .venv/.installed

run: install
	scripts/ensure_system.sh
	$(MAKE) compilemessages
	$(PY) manage.py migrate --noinput
	$(PY) manage.py demo
	scripts/serve.sh

test: install
	scripts/test.sh

test-slow: install
	scripts/test.sh slow

test-all: test test-slow

# The catalogues' .mo files are built here, never committed (.gitignore); msgfmt is
# Debian's gettext package (scripts/ensure_system.sh installs it).
compilemessages: install
	@if command -v msgfmt >/dev/null; then $(PY) manage.py compilemessages --ignore .venv --verbosity 0; \
	else echo "msgfmt not found (apt-get install gettext): pages will be in English only"; fi

# Templates and Python under games/, deckupload/ and templates/; not the tests or the
# benchmarks, whose texts no visitor reads. msgmerge keeps the translations made so far.
messages: install
	$(PY) manage.py makemessages -l pl -l nl -l fr -l it -l sv --no-obsolete \
		--ignore .venv --ignore tests --ignore bench --ignore staticfiles --ignore test-output

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
	$(MAKE) compilemessages
	$(PY) scripts/loadtest.py $(LOADTEST_ARGS)

loadtest-stall: install
	$(PY) scripts/loadtest_stall.py $(LOADTEST_ARGS)
