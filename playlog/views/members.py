"""A play log's members and invitation links: the campaign's members pages
(`accounts.views`), for a play log. Only the log's owner comes here."""

from __future__ import annotations

from typing import Any

from django.http import HttpResponse

from accounts import views as members
from accounts.forms import InviteForm
from playlog.frame import OWNER, LogPage, log_page

PLAY_LOG_MEMBERS = members.MemberPages(
    kwarg="log",
    members="playlog:members",
    member_role="playlog:member_role",
    member_remove="playlog:member_remove",
    invite_create="playlog:invite_create",
    invite_revoke="playlog:invite_revoke",
    home="playlog:log",
    left="playlog:list",
)
TEMPLATE = "playlog/members.html"


def _context(page: LogPage, invite_form: InviteForm | None = None) -> dict[str, Any]:
    return page.frame(
        **members.members_context(page.request, page.log, PLAY_LOG_MEMBERS, invite_form)
    )


@log_page(TEMPLATE, "members", role=OWNER)
def member_list(page: LogPage) -> dict[str, Any]:
    return _context(page)


@log_page(TEMPLATE, "members", role=OWNER, methods=("POST",))
def member_role(page: LogPage, pk: int) -> HttpResponse:
    return members.change_member_role(page.request, page.log, PLAY_LOG_MEMBERS, pk)


@log_page(TEMPLATE, "members", role=OWNER, methods=("POST",))
def member_remove(page: LogPage, pk: int) -> HttpResponse:
    return members.remove_member(page.request, page.log, PLAY_LOG_MEMBERS, pk)


@log_page(TEMPLATE, "members", role=OWNER, methods=("POST",))
def invite_create(page: LogPage) -> HttpResponse:
    def invalid(form: InviteForm) -> HttpResponse:
        return page.render(_context(page, form), status=400)

    return members.make_invite(page.request, page.log, PLAY_LOG_MEMBERS, invalid)


@log_page(TEMPLATE, "members", role=OWNER, methods=("POST",))
def invite_revoke(page: LogPage, pk: int) -> HttpResponse:
    return members.withdraw_invite(page.request, page.log, PLAY_LOG_MEMBERS, pk)
