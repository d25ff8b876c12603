"""The admin, the staff's review desk; Django's autodiscovery imports this package, which
registers the ModelAdmins of its modules:

- ``review``: games with their queue, uploaded decks with diagrams, dealt boards, seats;
- ``club_results``: a club night's ranking and travellers, on the game's page and one of their own;
- ``uploads``: uploads, their files and the decks they added;
- ``lists``: the base of those ModelAdmins, whose list pages stay small on a big site;
- ``site``: Django's admin site, less the 500s of hand-made URLs (``games.apps.AdminConfig``);
- ``reviewers``: the reviewer role, staff who look at everything and take decks out of queues;
- ``others``: the other apps' admins, registered again with the site's lookups.
"""

from . import review, uploads  # noqa: F401  (registering their ModelAdmins)
