"""How many password-reset mails one address was sent, and one client asked for, lately.

At most ``settings.PASSWORD_RESET_MAILS_PER_ADDRESS`` reset requests for one address and
``settings.PASSWORD_RESET_MAILS_PER_CLIENT`` from one client (``games.lockout.client_ip``)
go through in any ``settings.PASSWORD_RESET_LIMIT_MINUTES``: nobody can fill a stranger's
inbox, nor have the site send mail without end. The counts are rows, so every gunicorn
worker sees the same ones; addresses and clients are kept only as keyed hashes.
"""

from __future__ import annotations

import unicodedata
from datetime import datetime, timedelta

from django.conf import settings
from django.db import models, transaction
from django.utils import timezone
from django.utils.crypto import salted_hmac

SALT = "games.reset_mail"


def normal_address(address: str) -> str:
    """One form for the ways of typing one address: NFKC and case-folded (Django finds the
    accounts to mail with ``email__iexact``, so ``Alice@`` and ``alice@`` are one inbox)."""
    return unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", address.strip()).casefold())


def _key(kind: str, value: str) -> str:
    return f"{kind}:{salted_hmac(SALT, f'{kind}:{value}', algorithm='sha256').hexdigest()}"


class ResetMailCount(models.Model):
    """The reset mails counted against one address or one client within the window."""

    key = models.CharField(max_length=72, unique=True)  # "address:" or "client:" and a keyed hash
    sent = models.JSONField(default=list)  # when (Unix seconds), the ones within the window
    last = models.DateTimeField(db_index=True)  # the newest of ``sent``: older rows are pruned

    def __str__(self) -> str:
        return f"{self.key[:16]}… ({len(self.sent)})"

    @classmethod
    def take(cls, address: str, client: str | None, now: datetime | None = None) -> bool:
        """Count one reset mail against ``address`` and ``client`` and say True, or, when
        either has had its share within the window, count nothing and say False.

        Both rows are locked (in one order, so two requests never wait on each other)
        before either is counted: two workers at once cannot both take the last one.
        A request with no client address counts against one shared client key.
        """
        now = now or timezone.now()
        since = now - timedelta(minutes=settings.PASSWORD_RESET_LIMIT_MINUTES)
        limits = sorted(
            {
                _key("address", normal_address(address)): settings.PASSWORD_RESET_MAILS_PER_ADDRESS,
                _key("client", client or ""): settings.PASSWORD_RESET_MAILS_PER_CLIENT,
            }.items()
        )
        with transaction.atomic():
            cls.objects.filter(last__lt=since).delete()
            counted = []
            for key, limit in limits:
                row, _ = cls.objects.select_for_update().get_or_create(key=key, defaults={"last": now})
                recent = [at for at in row.sent if at > since.timestamp()]
                if len(recent) >= limit:
                    return False
                counted.append((row, recent))
            for row, recent in counted:
                row.sent, row.last = [*recent, now.timestamp()], now
                row.save(update_fields=["sent", "last"])
        return True
