"""Small deal files for the upload tests, and a file factory.

The files were written for these tests (deals shuffled with a fixed seed):
four_boards.lin (boards 1-4, with auctions), three_boards.pbn (boards 1-3),
board_2_bad.pbn (board 2: North has 12 cards), script_names.pbn/.lin (HTML in
Event, ah and pn), pbn_inside.csv (PBN with a wrong extension), not_deals.pbn,
two_tables.rbn (boards 1-2 of four_boards.lin, each played at two tables).
"""

from __future__ import annotations

from pathlib import Path

from django.core.files.uploadedfile import SimpleUploadedFile

FIXTURES = Path(__file__).resolve().parent

# The canonical deals of the fixture files, in file order.
FOUR_BOARDS_LIN = [
    "N:QT6.J6.A986.AKJ8 KJ9432.AT9.KJ2.9 A85.87432.54.752 7.KQ5.QT73.QT643",
    "N:J94.QJ92.T954.T3 AK653.75.KJ.KJ92 QT87.43.AQ72.865 2.AKT86.863.AQ74",
    "N:J4.AJ7.KJ96.AQT2 9753.Q9.QT7532.4 QT6.86.84.KJ9875 AK82.KT5432.A.63",
    "N:AKT75.9543.4.KT9 92.AKQT6.T72.J76 Q63.J7.QJ98.A853 J84.82.AK653.Q42",
]
THREE_BOARDS_PBN = [
    "N:AKQ7.Q985.J8.AK7 9654.AK62.A97.T6 T83.JT4.KQT.J543 J2.73.65432.Q982",
    "N:5.862.KQ842.KQ76 9872.Q7.A765.842 KQJ.K9543.T93.93 AT643.AJT.J.AJT5",
    "N:6.A84.A975.K8643 973.T963.K83.AQ2 KQ854.J5.Q64.J95 AJT2.KQ72.JT2.T7",
]
BOARD_2_BAD_PBN = [
    "N:KQ3.K52.T9762.54 AJ72.J96.J85.AT9 T984.84.A4.QJ863 65.AQT73.KQ3.K72",
    "N:AQ42.Q9.Q432.QJ8 96.K7432.9865.52 5.AJ65.AJT.AK964 KJT873.T8.K7.T73",
]


def fixture(name: str) -> bytes:
    return (FIXTURES / name).read_bytes()


def upload_file(name: str, data: bytes | None = None) -> SimpleUploadedFile:
    """A file as the browser sends it: ``data`` or the fixture of that name."""
    return SimpleUploadedFile(name, fixture(name) if data is None else data, content_type="application/octet-stream")


def pbn(deals: list[str], first_board: int = 1) -> bytes:
    """A plain PBN file of these canonical deals."""
    games = [f'[Board "{first_board + i}"]\n[Deal "{deal}"]\n' for i, deal in enumerate(deals)]
    return "\n".join(games).encode()
