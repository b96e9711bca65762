"""No statement empties the served notices: on PostgreSQL a TRUNCATE (which fires no
row trigger) is refused by a statement-level trigger naming the table while a served
notice is in it; on SQLite, which has no TRUNCATE, the DELETE without WHERE that
stands for one is refused by the row trigger. A table holding only drafts can still
be emptied (the test database's own flush does it)."""

from __future__ import annotations

import pytest
from django.db import IntegrityError, connection, transaction

from sanitas.notices.models import Notice, NoticeEvent

from .conftest import draft

pytestmark = pytest.mark.django_db


def _no_pending_checks(cursor) -> None:
    """The test's transaction wrote the notices, so their foreign keys' deferred checks
    are pending, and PostgreSQL truncates no table with pending trigger events: they
    are run now, as a TRUNCATE in a transaction of its own would find them."""
    cursor.execute("SET CONSTRAINTS ALL IMMEDIATE")


def _empty_the_notices() -> None:
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            _no_pending_checks(cursor)
            cursor.execute("TRUNCATE notices_notice CASCADE")
        else:
            cursor.execute("DELETE FROM notices_noticeevent")
            cursor.execute("DELETE FROM notices_notice")


def test_the_served_notices_cannot_be_emptied_at_once(served_nov):
    with pytest.raises(IntegrityError) as refused, transaction.atomic():
        _empty_the_notices()
    if connection.vendor == "postgresql":
        message = str(refused.value)
        assert message.startswith("notices_notice: a served notice is frozen"), message
        assert "TRUNCATE is refused" in message
    else:
        assert "a served notice is frozen" in str(refused.value)
    kept = Notice.objects.get(pk=served_nov.pk)
    assert kept.served_at is not None and bytes(kept.pdf) == bytes(served_nov.pdf)
    assert NoticeEvent.objects.filter(notice=kept).exists()


def test_a_truncate_of_the_notices_named_with_other_tables_is_refused_too(served_nov):
    if connection.vendor != "postgresql":
        pytest.skip("SQLite has no TRUNCATE")
    statement = (
        "TRUNCATE notices_noticeevent, notices_payment, notices_extensionrequest, "
        "notices_appeal, notices_hearing, notices_notice"
    )
    with (
        pytest.raises(IntegrityError, match=r"^notices_notice: a served notice is frozen"),
        transaction.atomic(),
        connection.cursor() as cursor,
    ):
        _no_pending_checks(cursor)
        cursor.execute(statement)
    assert Notice.objects.filter(pk=served_nov.pk).exists()


def test_drafts_alone_can_be_emptied(city):
    notice = draft("ORG-COM-ENROLL", "p-casa")
    assert notice.served_at is None
    with transaction.atomic():
        _empty_the_notices()
        assert not Notice.objects.exists()
        transaction.set_rollback(True)
    assert Notice.objects.filter(pk=notice.pk).exists()
