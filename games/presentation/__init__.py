"""What the pages show, built from the models for one viewer: the view layer's helpers.

- ``play_view`` and ``play_parts``: a board in play as one viewer may see it;
- ``join_record``: a revealed board's auction and play as rows for a template;
- ``lesson_text``: a board's teaching text, safe, with the lesson tools' markup;
- ``problem_help``: which help entry explains a reader's or a form's problem message;
- ``preview``: what the upload's preview shows of a deck before it is dealt;
- ``seats``: what one person sees of a Join table.

Views, the admin and the template tags read these; the models never import them.
"""
