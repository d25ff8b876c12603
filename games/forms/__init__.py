"""The forms: every check on what a user sends happens here; views read ``cleaned_data``.

- ``accounts``: signing up; ``game``: a new game's rules and a game's settings;
- ``upload``: Upload Decks, Add Decks to Game and how the decks are turned and numbered;
- ``upload_handlers``: the upload's size limits, applied while the request body is read
  (``FILE_UPLOAD_HANDLERS``), before the form sees the files.
"""
