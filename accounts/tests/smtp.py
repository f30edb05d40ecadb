"""A real SMTP server for the mail tests (aiosmtpd), on a free port of 127.0.0.1.

`smtp_server()` starts it in a thread of the test's process and stops it afterwards; what it
received is in `.messages` (parsed mails) and the logins it accepted in `.logins`. With a
`user` and `password` it takes no mail from a client that has not logged in with them (over
plain SMTP: a test has no certificate a client would trust). With `refuse` it refuses every
recipient, as a server refuses an address it will not deliver to.
"""

from __future__ import annotations

import email
import email.policy
import socket
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from email.message import EmailMessage

from aiosmtpd.controller import Controller
from aiosmtpd.smtp import AuthResult, LoginPassword


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@dataclass
class SMTPServer:
    port: int
    refuse: bool = False
    messages: list[EmailMessage] = field(default_factory=list)
    logins: list[str] = field(default_factory=list)

    # aiosmtpd's handler hooks.
    async def handle_RCPT(self, server, session, envelope, address, rcpt_options):  # noqa: N802
        if self.refuse:
            return "550 5.1.1 No such mailbox here"
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(self, server, session, envelope):  # noqa: N802
        self.messages.append(
            email.message_from_bytes(envelope.content, policy=email.policy.default)
        )
        return "250 Message accepted for delivery"

    def texts(self) -> list[str]:
        return [message.get_body(("plain",)).get_content() for message in self.messages]


@contextmanager
def smtp_server(
    *, user: str | None = None, password: str | None = None, refuse: bool = False
) -> Iterator[SMTPServer]:
    server = SMTPServer(port=free_port(), refuse=refuse)
    options = {}
    if user is not None:

        def authenticator(smtp, session, envelope, mechanism, auth_data) -> AuthResult:
            ok = isinstance(auth_data, LoginPassword) and (
                auth_data.login.decode(),
                auth_data.password.decode(),
            ) == (user, password)
            if ok:
                server.logins.append(auth_data.login.decode())
            return AuthResult(success=ok)

        options = {"authenticator": authenticator, "auth_required": True, "auth_require_tls": False}
    controller = Controller(server, hostname="127.0.0.1", port=server.port, **options)
    controller.start()
    try:
        yield server
    finally:
        controller.stop()
