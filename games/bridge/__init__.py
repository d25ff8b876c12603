"""The rules of bridge at the table, in pure Python: no Django, no files.

- ``cards``: seats, suits and ranks, and four hands made into one canonical deal;
- ``rules``: seats in turn, calls, contracts, tricks; ``board``: a board's number, and
  the dealer and vulnerability it gives;
- ``play``: a board at the table as one immutable value (auction, play, claims, undo);
- ``scoring``: duplicate scores and IMPs; ``club_night``: travellers, matchpoints,
  cross-IMPs, rankings and Chicago;
- ``declare`` and ``rotate``: a deck set up for Just Declare, decks turned and renumbered;
- ``dd`` and ``robot``: double-dummy tables, par and the robot's cards, by DDS.

The file formats (``games.formats``) read and write these and the models store them;
nothing here imports either (``rotate`` and ``declare`` name the readers' ``Deck`` for
type checkers only).
"""
