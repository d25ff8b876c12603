# make run   - install, migrate, create a demo host and game, serve on http://127.0.0.1:8000
# make test  - install and run the everyday tests (a browser smoke test and PostgreSQL parts included)
# make test-all - those and the slow ones (make test-slow), as .ci/run does
# make lint  - ruff, ruff-format, mypy and django-upgrade on every file (.pre-commit-config.yaml)
# make messages - extract the site's texts into locale/<lang>/LC_MESSAGES/django.po to translate
# make loadtest - a club night on gunicorn and PostgreSQL, its pages pushed by the stream server: the most
#                 tables held (actions p99 < 150 ms, updates p99 < 200 ms, no error), each request's server CPU
#                 against a bare request, the CPU a player costs, the memory an open stream costs
#                 (LOADTEST_ARGS="--tables 10 --step 10 --seconds 35"; "--poll": polled pages; scripts/loadtest.py)
PY := .venv/bin/python
PIP := .venv/bin/pip

.PHONY: run test test-slow test-all install lint bench fuzz loadtest loadtest-stall messages compilemessages

# requirements.txt is what production runs; requirements-dev.txt adds the tests, the
# checks and the load runs, which every make target here may use.
.venv/.installed: requirements.txt requirements-dev.txt
	python3 -m venv .venv
	$(PIP) install -q --disable-pip-version-check -r requirements-dev.txt
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

# The checks .pre-commit-config.yaml runs, on every file: ruff, ruff-format, mypy, django-upgrade.
lint: install
	$(PY) -m ruff check .
	$(PY) -m ruff format --check .
	$(PY) -m mypy
	git ls-files -z '*.py' | xargs -0 .venv/bin/django-upgrade --target-version 5.2 --check

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

# One user against the others' share of the site (scripts/loadtest_stall.py): a flood of PDFs
# and analyses, PDFs beside another user's analysis, a burst of PDF requests, a bulk worker
# killed mid-PDF, slow dealer scripts, a trial run beside a run, reset mail, a junk DUP file;
# another user browses throughout. About 3 minutes; LOADTEST_ARGS="--cases 1,3" runs some.
loadtest-stall: install
	$(PY) scripts/loadtest_stall.py $(LOADTEST_ARGS)
