#!/usr/bin/env python
"""Instructions per Deal New Cards request, counted by callgrind: a figure that does not
wander with the machine's load, unlike seconds (the load test's machine varied by 20%
between runs minutes apart).

    .venv/bin/python bench/deal_instructions.py            # a throwaway PostgreSQL
    DATABASE_URL=postgres://... .venv/bin/python bench/deal_instructions.py

It runs the same process twice under ``valgrind --tool=callgrind``, dealing 100 and then
300 boards through the real view (Django's test client, production settings, an htmx
request as the button sends it), and prints (instructions of the second - of the first)
/ 200: the start-up and the upload cancel out. Needs valgrind (Debian's
package). The inner loop is ``--deal N``.
"""

from __future__ import annotations

import argparse
import concurrent.futures
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
QUEUED = 450  # decks queued before dealing: more than the longer run deals
RUNS = (100, 300)
SETTINGS = {  # unless the environment says otherwise
    "DJANGO_SETTINGS_MODULE": "deckupload.settings_production",
    "SECRET_KEY": "deal-instructions-" + "x" * 40,
    "ALLOWED_HOSTS": "testserver",
}


def deal_loop(deals: int) -> None:
    """Upload QUEUED decks to a new game, then deal ``deals`` boards as the page does."""
    sys.path.insert(0, str(ROOT))
    for name, value in SETTINGS.items():
        os.environ.setdefault(name, value)
    import django

    django.setup()
    from django.contrib.auth import get_user_model
    from django.test import Client
    from django.urls import reverse

    from games.formats import read_decks
    from games.models import Game
    from tests.builders.client import page_state
    from tests.builders.decks import plain_pbn

    host = get_user_model().objects.create_user(f"deal-cost-{os.getpid()}", password="unused-Pa55word-x")
    game = Game.objects.create(host=host, name="deal cost", allow_upload=True)
    game.add_decks(read_decks(plain_pbn(QUEUED)).decks, source_name="deal-cost.pbn")
    client = Client(HTTP_X_FORWARDED_PROTO="https")
    client.force_login(host)
    url = reverse("deal", args=[game.pk])
    shown = dict(page_state(client.get(reverse("game", args=[game.pk]), secure=True).content))
    for _ in range(deals):
        answer = client.post(url, shown, HTTP_HX_REQUEST="true", secure=True)
        assert answer.status_code == 200, answer.status_code
        shown.update(page_state(answer.content))


def _instructions(deals: int, env: dict[str, str], folder: Path) -> int:
    out = folder / f"callgrind.{deals}.out"
    done = subprocess.run(
        ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", sys.executable, __file__, "--deal", str(deals)],
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    found = re.search(r"Collected : ([\d,]+)", done.stderr)
    if done.returncode != 0 or not found:
        raise SystemExit(f"callgrind run of {deals} deals failed:\n{done.stderr[-3000:]}")
    return int(found.group(1).replace(",", ""))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deal", type=int, help=argparse.SUPPRESS)  # the inner loop
    args = parser.parse_args(argv)
    if args.deal is not None:
        deal_loop(args.deal)
        return 0

    # the load test's throwaway PostgreSQL. Imported here, not at the top: the measured
    # process must not carry the load client's modules (their objects alone added 0.15 M
    # instructions a deal, through the garbage collector's walks)
    sys.path.insert(0, str(ROOT / "scripts"))
    from loadtest import start_postgres, stop_postgres

    folder = Path(tempfile.mkdtemp(prefix="deckupload-dealcost."))
    pg = None
    env = {**SETTINGS, **os.environ}
    try:
        if not env.get("DATABASE_URL"):
            pg = Path(tempfile.mkdtemp(prefix="deckupload-dealcost-pg."))  # its own: postgres must enter it
            env["DATABASE_URL"] = start_postgres(pg)
        subprocess.run(
            [sys.executable, str(ROOT / "manage.py"), "migrate", "--noinput", "-v", "0"], env=env, check=True
        )
        # both runs at once: instruction counts do not depend on what else the machine does
        with concurrent.futures.ThreadPoolExecutor(len(RUNS)) as pool:
            counts = dict(zip(RUNS, pool.map(lambda n: _instructions(n, env, folder), RUNS)))
        per_deal = (counts[RUNS[1]] - counts[RUNS[0]]) / (RUNS[1] - RUNS[0])
        print(
            f"Deal New Cards: {per_deal / 1e6:.2f} million instructions a request "
            f"(callgrind; {RUNS[0]} and {RUNS[1]} deals: {counts[RUNS[0]]:,} and {counts[RUNS[1]]:,})"
        )
        return 0
    finally:
        if pg is not None:
            stop_postgres(pg)
        subprocess.run(["rm", "-rf", str(folder)], check=False)


if __name__ == "__main__":
    sys.exit(main())
