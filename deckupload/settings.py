"""Settings for the deck upload site, read from the environment.

DATABASE_URL (default: SQLite in the project folder), SECRET_KEY, DEBUG,
ALLOWED_HOSTS and CSRF_TRUSTED_ORIGINS (comma separated), the log-in throttle's
LOGIN_THROTTLE_FAILURES and LOGIN_THROTTLE_MINUTES, and TRUSTED_PROXY_COUNT /
TRUSTED_PROXY_HEADER for the client's address behind proxies, EMAIL_BACKEND and the
SMTP settings for password-reset mail, and its limits PASSWORD_RESET_MAILS_PER_ADDRESS,
PASSWORD_RESET_MAILS_PER_CLIENT and PASSWORD_RESET_LIMIT_MINUTES. Production: DEBUG=0
and a real SECRET_KEY; see the README for gunicorn and whitenoise.
"""

from __future__ import annotations

import os
import tempfile
from datetime import timedelta
from pathlib import Path

import dj_database_url
from csp.constants import NONCE, NONE, SELF
from django.core.exceptions import ImproperlyConfigured
from django.utils.translation import gettext_lazy as _

BASE_DIR = Path(__file__).resolve().parent.parent


def env_bool(name: str, default: bool) -> bool:
    value = os.environ.get(name)
    if value is None:
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


DEBUG = env_bool("DEBUG", True)
SECRET_KEY = os.environ.get("SECRET_KEY", "")
if not SECRET_KEY:
    if not DEBUG:
        raise ImproperlyConfigured("SECRET_KEY must be set when DEBUG is off")
    SECRET_KEY = "dev-only-insecure-key-do-not-use-in-production"
ALLOWED_HOSTS = [h.strip() for h in os.environ.get("ALLOWED_HOSTS", "127.0.0.1,localhost").split(",") if h.strip()]
# Only needed when the proxy does not pass the browser's Host on (e.g. "https://bridge.example.org").
CSRF_TRUSTED_ORIGINS = [o.strip() for o in os.environ.get("CSRF_TRUSTED_ORIGINS", "").split(",") if o.strip()]

INSTALLED_APPS = [
    "games.apps.AdminConfig",  # Django's admin, less its 500s on hand-made URLs (games.admin.site)
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "django_htmx",
    "template_partials",
    "axes",
    "csp",
    "django_tasks",
    "django_tasks_db",
    "games",
]

MIDDLEWARE = [
    "csp.middleware.CSPMiddleware",
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    # The page's language: the visitor's choice (the language cookie set by i18n/setlang/),
    # else the browser's Accept-Language, else LANGUAGE_CODE. No language in the URLs.
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "axes.middleware.AxesMiddleware",  # last, as axes asks: turns a refused log-in into the 429 page
]

ROOT_URLCONF = "deckupload.urls"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",  # LANGUAGE_CODE for <html lang>
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "games.context_processors.csp_nonce",
            ],
        },
    },
]

WSGI_APPLICATION = "deckupload.wsgi.application"

DATABASES = {
    "default": dj_database_url.config(
        default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}",
        conn_max_age=int(os.environ.get("CONN_MAX_AGE", "0")),
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # WAL lets readers go on while one writer deals; IMMEDIATE transactions take
    # the write lock up front so concurrent dealers queue instead of failing.
    DATABASES["default"].setdefault("OPTIONS", {}).update(
        {
            "transaction_mode": "IMMEDIATE",
            "timeout": 20,
            "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
        }
    )
    # The test database is a file, not :memory:, so the concurrency tests' threads
    # share it; one per test run (pid) so that parallel runs do not trample each other.
    DATABASES["default"].setdefault(
        "TEST", {"NAME": str(Path(tempfile.gettempdir()) / f"deckupload-test-{os.getpid()}.sqlite3")}
    )

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

# The site's languages: its texts through Django's catalogues (locale/<code>/LC_MESSAGES,
# `make messages` to extract, compiled by `make run` and `make test`), and bridge's own
# words (seats, calls, card ranks, the table's terms) from games.formats.words. Dates and
# numbers follow the language (Django always localises them now). Files and exports keep
# their formats' own notation whatever the page's language.
LANGUAGE_CODE = "en"
LANGUAGES = [
    ("en", _("English")),
    ("pl", _("Polish")),
    ("nl", _("Dutch")),
    ("fr", _("French")),
    ("it", _("Italian")),
    ("sv", _("Swedish")),
]
LOCALE_PATHS = [BASE_DIR / "locale"]
# The language chooser's choice is kept for a year in its own cookie (not the session:
# choosing a language needs no account and writes no row).
LANGUAGE_COOKIE_AGE = 365 * 24 * 60 * 60
LANGUAGE_COOKIE_HTTPONLY = True
LANGUAGE_COOKIE_SAMESITE = "Lax"
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = BASE_DIR / "staticfiles"
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "whitenoise.storage.CompressedStaticFilesStorage"},
}

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "home"

# Upload limits: shown on the help page and enforced by the upload form.
DECK_UPLOAD_MAX_FILES = int(os.environ.get("DECK_UPLOAD_MAX_FILES", "20"))
DECK_UPLOAD_MAX_FILE_BYTES = int(os.environ.get("DECK_UPLOAD_MAX_FILE_BYTES", str(5 * 1024 * 1024)))
DECK_UPLOAD_MAX_TOTAL_BYTES = int(os.environ.get("DECK_UPLOAD_MAX_TOTAL_BYTES", str(20 * 1024 * 1024)))
DECK_UPLOAD_MAX_DECKS = int(os.environ.get("DECK_UPLOAD_MAX_DECKS", "20000"))
DECK_UPLOAD_EXPIRY_HOURS = int(os.environ.get("DECK_UPLOAD_EXPIRY_HOURS", "24"))
DECK_UPLOAD_KEEP_DAYS = int(os.environ.get("DECK_UPLOAD_KEEP_DAYS", "365"))  # added uploads, for review
# Django's own request caps sit a little above ours so our form gives the clear message.
DATA_UPLOAD_MAX_MEMORY_SIZE = DECK_UPLOAD_MAX_TOTAL_BYTES + 1024 * 1024
FILE_UPLOAD_MAX_MEMORY_SIZE = DECK_UPLOAD_MAX_FILE_BYTES + 1024 * 1024
DATA_UPLOAD_MAX_NUMBER_FILES = DECK_UPLOAD_MAX_FILES + 5
# games.forms.upload_handlers first: it stops an upload past DECK_UPLOAD_MAX_TOTAL_BYTES while the
# body is read, before Django's two (memory, then temporary file) store it.
FILE_UPLOAD_HANDLERS = [
    "games.forms.upload_handlers.UploadLimitHandler",
    "django.core.files.uploadhandler.MemoryFileUploadHandler",
    "django.core.files.uploadhandler.TemporaryFileUploadHandler",
]

X_FRAME_OPTIONS = "DENY"
# django-csp: scripts from our origin or with the request's nonce (htmx's), styles only from
# our stylesheets (templates carry no style attributes), nothing inline.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [SELF],
        "script-src": [SELF, NONCE],
        "style-src": [SELF],
        "img-src": [SELF, "data:"],
        "object-src": [NONE],
        "base-uri": [NONE],
        "frame-ancestors": [NONE],
        "form-action": [SELF],
    }
}
# Log-in throttling by django-axes; games/lockout.py says what is counted together (per
# username and address, per username from addresses it never logged in from; never per
# address alone). Past LOGIN_THROTTLE_FAILURES failures in LOGIN_THROTTLE_MINUTES a log-in
# (the site's or the admin's) answers 429 without a password check.
AXES_HANDLER = "axes.handlers.database.AxesDatabaseHandler"  # rows every gunicorn worker sees, in the admin
AXES_FAILURE_LIMIT = int(os.environ.get("LOGIN_THROTTLE_FAILURES", "5"))
AXES_COOLOFF_TIME = timedelta(minutes=int(os.environ.get("LOGIN_THROTTLE_MINUTES", "15")))
AXES_LOCKOUT_PARAMETERS = "games.lockout.lockout_parameters"
AXES_USERNAME_CALLABLE = "games.lockout.username"
AXES_CLIENT_IP_CALLABLE = "games.lockout.client_ip"
AXES_LOCKOUT_CALLABLE = "games.lockout.lockout_response"
AXES_HTTP_RESPONSE_CODE = 429
AXES_RESET_ON_SUCCESS = True  # a log-in clears that username's failures from that address
# Refused tries while locked out are not counted: the wait the page names holds instead
# of growing with every try.
AXES_RESET_COOL_OFF_ON_FAILURE_DURING_LOCKOUT = False
# The client's address for the throttle: REMOTE_ADDR here (runserver); behind proxies,
# how many append to which header (settings_production: 1, X-Forwarded-For).
TRUSTED_PROXY_COUNT = int(os.environ.get("TRUSTED_PROXY_COUNT", "0"))
TRUSTED_PROXY_HEADER = "HTTP_" + os.environ.get("TRUSTED_PROXY_HEADER", "X-Forwarded-For").upper().replace("-", "_")
# Password-reset mail (games/models/reset_mail.py): at most PASSWORD_RESET_MAILS_PER_ADDRESS
# requests for one address and PASSWORD_RESET_MAILS_PER_CLIENT from one client address (the
# throttle's, above) go through in PASSWORD_RESET_LIMIT_MINUTES; past either, the page
# answers as always and sends nothing.
PASSWORD_RESET_MAILS_PER_ADDRESS = int(os.environ.get("PASSWORD_RESET_MAILS_PER_ADDRESS", "3"))
PASSWORD_RESET_MAILS_PER_CLIENT = int(os.environ.get("PASSWORD_RESET_MAILS_PER_CLIENT", "10"))
PASSWORD_RESET_LIMIT_MINUTES = int(os.environ.get("PASSWORD_RESET_LIMIT_MINUTES", "60"))
# Background work runs in task workers (`manage.py run_worker`, django-tasks' database
# backend), never in a request, on three queues with a worker each (games/tasks.py):
# "interactive" (a board's analysis, settling a finished board), "robot" (the robots'
# cards) and "bulk" (hand-record PDFs, in chunks taken in turn across users).
TASK_QUEUES = ["interactive", "robot", "bulk"]
TASKS = {
    "default": {
        "BACKEND": os.environ.get("TASKS_BACKEND", "django_tasks_db.DatabaseBackend"),
        "QUEUES": TASK_QUEUES,
    }
}
# Each user's share of the workers (games/models/job.py): JOBS_PER_USER jobs (PDFs and
# analyses) queued or running at once, and SOLVER_DEALS_PER_USER deals waiting for the
# solver; past either the page says so.
JOBS_PER_USER = int(os.environ.get("JOBS_PER_USER", "2"))
SOLVER_DEALS_PER_USER = int(os.environ.get("SOLVER_DEALS_PER_USER", "1000"))
# A PDF's deals are solved HAND_RECORD_CHUNK at a time, users taking turns a chunk each.
HAND_RECORD_CHUNK = int(os.environ.get("HAND_RECORD_CHUNK", "25"))
# A set with more deals to solve than this is offered its hand records without the
# double-dummy table (no solver: ready at once) before its job starts.
HAND_RECORD_ASK_ANALYSIS = int(os.environ.get("HAND_RECORD_ASK_ANALYSIS", "100"))
# A worker holds its job for JOB_LEASE_SECONDS, renewed with every deal it solves; a job
# whose lease ran out (its worker died) is taken up again, at most JOB_RETRIES times, by
# the first worker that looks (every JOB_RECOVER_SECONDS) or the owner's waiting page.
JOB_LEASE_SECONDS = int(os.environ.get("JOB_LEASE_SECONDS", "60"))
JOB_RETRIES = int(os.environ.get("JOB_RETRIES", "2"))
JOB_RECOVER_SECONDS = float(os.environ.get("JOB_RECOVER_SECONDS", "10"))
# Boards one hand-record PDF may hold: a larger set is refused with a choice of ranges.
HAND_RECORD_MAX_BOARDS = int(os.environ.get("HAND_RECORD_MAX_BOARDS", "500"))
# How often a page waiting on background work asks again.
JOB_POLL_SECONDS = float(os.environ.get("JOB_POLL_SECONDS", "1"))
# How often a Join table's pages ask whether the table moved on (a 204 when it did not).
TABLE_POLL_SECONDS = float(os.environ.get("TABLE_POLL_SECONDS", "1.5"))
# The tables a Join game may have (a club night: each plays the game's boards).
JOIN_MAX_TABLES = int(os.environ.get("JOIN_MAX_TABLES", "30"))
# Travellers one results sheet (a PDF drawn while the request waits) may hold: with
# JOIN_MAX_TABLES lines each, at most some thousands of rows; a longer night is printed
# in ranges of boards.
RESULTS_SHEET_MAX_BOARDS = int(os.environ.get("RESULTS_SHEET_MAX_BOARDS", "64"))
# Argon2id first: memory-hard (Django's and OWASP's first choice) and, measured here, half
# the CPU of PBKDF2's million rounds per log-in. Older hashes still verify, and are
# rehashed with Argon2id at the user's next log-in.
PASSWORD_HASHERS = [
    "django.contrib.auth.hashers.Argon2PasswordHasher",
    "django.contrib.auth.hashers.PBKDF2PasswordHasher",
    "django.contrib.auth.hashers.PBKDF2SHA1PasswordHasher",
    "django.contrib.auth.hashers.ScryptPasswordHasher",
]
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",  # first: refuses a locked-out log-in; loads no users
    "django.contrib.auth.backends.ModelBackend",
]
# Mail: only password-reset links are sent. The console backend prints them (development);
# production sets django.core.mail.backends.smtp.EmailBackend and the SMTP settings.
EMAIL_BACKEND = os.environ.get("EMAIL_BACKEND", "django.core.mail.backends.console.EmailBackend")
EMAIL_HOST = os.environ.get("EMAIL_HOST", "localhost")
EMAIL_PORT = int(os.environ.get("EMAIL_PORT", "25"))
EMAIL_HOST_USER = os.environ.get("EMAIL_HOST_USER", "")
EMAIL_HOST_PASSWORD = os.environ.get("EMAIL_HOST_PASSWORD", "")
EMAIL_USE_TLS = env_bool("EMAIL_USE_TLS", False)
DEFAULT_FROM_EMAIL = os.environ.get("DEFAULT_FROM_EMAIL", "webmaster@localhost")
# "default": each process's memory here; production shares a file cache between its
# processes (settings_production). "fragments": parts of a page that several viewers
# draw alike, kept under all the values they show (a board's record, play_panel.html):
# each process's own memory, since a part kept is right for anyone with the same values.
CACHES = {
    "default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"},
    "fragments": {
        "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
        "LOCATION": "fragments",
        "OPTIONS": {"MAX_ENTRIES": 2000},
    },
}
# Sessions live in the database (games.sessions: Django's database engine, each row also
# naming its user), so that ending a session ends it for every copy of its cookie: log-out
# deletes this browser's row, "log out everywhere" all of the user's rows, and a password
# change ends all but the changing browser's (their stored password hash no longer
# matches; update_session_auth_hash keeps the changing one). The cookie holds only the
# session's random key (HttpOnly; Secure in production). Expired rows stay until
# `manage.py clearsessions` (cron, see the README). Not cached_db: a per-process cache
# would let another gunicorn worker keep serving a deleted session.
SESSION_ENGINE = "games.sessions"
# Messages in their own cookie only: the default would put the ones that do not fit into
# the session, a database write on requests that otherwise only read the session.
MESSAGE_STORAGE = "django.contrib.messages.storage.cookie.CookieStorage"
SESSION_COOKIE_HTTPONLY = True
CSRF_COOKIE_HTTPONLY = False  # htmx reads the token from the page, not the cookie
if not DEBUG:
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    LANGUAGE_COOKIE_SECURE = True
    CSRF_COOKIE_HTTPONLY = True
    SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", True)
    SECURE_HSTS_SECONDS = int(os.environ.get("SECURE_HSTS_SECONDS", "31536000"))
    SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    SECURE_HSTS_PRELOAD = True
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
# Dealer scripts (games.formats.dealer, games.dealer_runs): Debian's dealer program makes
# decks from a teacher's script. Every run is bounded: DEALER_MAX_TRIES hands generated (a
# script whose own generate asks for more runs with this many, and is told so), DEALER_SECONDS
# of wall clock for all the runs of one request (an upload's scripts share it;
# DEALER_COMMAND_SECONDS in manage.py deal_decks) and a second more of processor time,
# DEALER_MEMORY_MB of address space, scripts of DEALER_SCRIPT_MAX_BYTES at most. At most
# DEALER_RUNS_AT_ONCE scripts run on the machine at once for uploads and trial runs (fewer
# than the web workers), and one more kept for Deal New Cards; one per user, counted with
# lock files in DEALER_LOCK_DIR.
DEALER_PROGRAM = os.environ.get("DEALER_PROGRAM", "/usr/games/dealer")
DEALER_MAX_TRIES = int(os.environ.get("DEALER_MAX_TRIES", "1000000"))
DEALER_SECONDS = float(os.environ.get("DEALER_SECONDS", "5"))
DEALER_COMMAND_SECONDS = float(os.environ.get("DEALER_COMMAND_SECONDS", "60"))
DEALER_MEMORY_MB = int(os.environ.get("DEALER_MEMORY_MB", "256"))
DEALER_SCRIPT_MAX_BYTES = int(os.environ.get("DEALER_SCRIPT_MAX_BYTES", str(64 * 1024)))
DEALER_RUNS_AT_ONCE = int(os.environ.get("DEALER_RUNS_AT_ONCE", "2"))
DEALER_LOCK_DIR = os.environ.get(
    "DEALER_LOCK_DIR", str(Path(tempfile.gettempdir()) / f"deckupload-dealer-{os.getuid()}")
)
