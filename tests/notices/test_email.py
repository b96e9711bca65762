"""Service by email through Django's email framework, against a real SMTP server on
this machine (aiosmtpd): the message is read back, with the PDF attached, and the
delivery is recorded on the notice."""

from __future__ import annotations

import email
import email.policy
import socket
from collections.abc import Iterator

import pytest
from aiosmtpd.controller import Controller
from django.test import override_settings

from sanitas.notices import services

from .conftest import draft, serve

pytestmark = pytest.mark.django_db


class Inbox:
    def __init__(self) -> None:
        self.messages: list[tuple[str, list[str], bytes]] = []

    async def handle_DATA(self, server, session, envelope):
        self.messages.append((envelope.mail_from, list(envelope.rcpt_tos), envelope.content))
        return "250 Message accepted for delivery"


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.fixture
def smtp() -> Iterator[Inbox]:
    inbox = Inbox()
    port = _free_port()
    controller = Controller(inbox, hostname="127.0.0.1", port=port)
    controller.start()
    try:
        with override_settings(
            EMAIL_BACKEND="django.core.mail.backends.smtp.EmailBackend",
            EMAIL_HOST="127.0.0.1",
            EMAIL_PORT=port,
            EMAIL_USE_TLS=False,
            DEFAULT_FROM_EMAIL="notices@sangabrielcity.com",
        ):
            yield inbox
    finally:
        controller.stop()


def test_a_notice_served_by_email_arrives_with_its_pdf(city, smtp):
    notice = draft("FOG-MIN-FREQUENCY", "gi-pho")
    services.edit_draft(notice_id=notice.pk, actor="coordinator", email="owner@arroyo-pho.example")
    served = serve(notice, method="email")
    assert len(smtp.messages) == 1
    sender, recipients, raw = smtp.messages[0]
    assert sender == "notices@sangabrielcity.com"
    assert recipients == ["owner@arroyo-pho.example"]
    message = email.message_from_bytes(raw, policy=email.policy.default)
    assert message["Subject"].strip() == f"不合規通知 / Notice of Noncompliance {served.code}"
    assert message["X-Sanitas-Case"] == served.code
    body = message.get_body(("plain",)).get_content()
    assert served.content_sha256 in body
    (attachment,) = list(message.iter_attachments())
    assert attachment.get_content_type() == "application/pdf"
    assert attachment.get_filename() == f"{served.code}.pdf"
    assert attachment.get_content() == bytes(served.pdf)
    assert served.delivery["to"] == "owner@arroyo-pho.example"
    assert served.delivery["message_id"] == message["Message-ID"]


def test_email_service_needs_an_address(city, smtp):
    notice = draft("FOG-MIN-FREQUENCY", "gi-pho")
    with pytest.raises(services.NoticeError) as refused:
        serve(notice, method="email")
    assert "email address" in refused.value.problems[0]
    assert smtp.messages == []
