"""Notices served together as one background job (a mail-house run): starting the
job, what it does, and what a batch that stopped midway stored. The notices app
registers its kind with the jobs app (``NoticesConfig.ready``), so that the jobs
app runs it without importing this app."""

from __future__ import annotations

from datetime import date
from typing import Any

from django.contrib.auth.models import AbstractBaseUser

from sanitas.access.policy import allows
from sanitas.jobs import services as jobs
from sanitas.jobs.models import Job
from sanitas.jobs.selectors import Account
from sanitas.notices.models import METHODS, Notice
from sanitas.notices.selectors import codes
from sanitas.notices.services import NoticeError, serve_notice


def start_notice_batch(
    *, user: AbstractBaseUser, notice_ids: list[int], served_on: Any, method: str
) -> Job:
    """Serve ``notice_ids`` on ``served_on`` by ``method`` as one job: each notice is
    served in its own transaction, and one the service refuses is named with its
    reasons while the others go on."""
    problems = []
    if not notice_ids:
        problems.append("notices: choose at least one notice to serve")
    chosen = Notice.objects.in_bulk([int(i) for i in notice_ids])
    for notice_id in notice_ids:
        notice = chosen.get(int(notice_id))
        if notice is None:
            problems.append(f"notices: there is no notice {notice_id}")
        elif not allows(user, "notices.serve", notice):
            problems.append(f"notices: {notice.code} is not {user.get_username()}'s to serve")
    if method not in dict(METHODS):
        problems.append(f"method: {method!r} is not one of {', '.join(dict(METHODS))}")
    if problems:
        raise jobs.JobError(problems)
    params = {
        "notice_ids": [int(i) for i in notice_ids],
        "served_on": served_on.isoformat(),
        "method": method,
    }
    return jobs.start_job(kind="notice_batch", params=params, user=user)


def run_batch(job: Job, progress: jobs.Progress) -> tuple[dict[str, Any], str, str]:
    """Serve approved notices together (a mail-house run): each is served, frozen
    and recorded in its own transaction; one that cannot be served is named with its
    reasons and the others go on. The one who started the job must still be allowed to
    serve each notice when it is served (the access policy is asked again here: a role
    taken away since the job started serves nothing more)."""
    params = job.params
    ids = [int(i) for i in params.get("notice_ids", [])]
    served_on = date.fromisoformat(params["served_on"])
    method = params["method"]
    actor = job.started_by.get_username()
    served: list[int] = []
    problems: list[str] = []
    named = codes(ids)
    found = Notice.objects.in_bulk(ids)
    for number, notice_id in enumerate(ids, start=1):
        try:
            notice = found.get(notice_id)
            if notice is not None and not allows(job.started_by, "notices.serve", notice):
                raise NoticeError([f"{actor}'s roles may not serve this notice"])
            serve_notice(notice_id=notice_id, actor=actor, method=method, served_on=served_on)
            served.append(notice_id)
        except NoticeError as exc:
            reasons = getattr(exc, "problems", None) or [str(exc)]
            code = named.get(notice_id, str(notice_id))
            prefix = f"notice {code}: "
            problems.extend(
                reason if reason.startswith(prefix) else prefix + reason for reason in reasons
            )
        progress(number, len(ids))
    outcome = {"served": len(served), "refused": len(ids) - len(served), "problems": problems}
    return outcome, "", f"{len(served):,} of {len(ids):,} notices served"


def batch_account(found: Job) -> Account:
    ids = [int(i) for i in (found.params or {}).get("notice_ids", [])]
    notices = Notice.objects.in_bulk(ids)
    served = [notices[i] for i in ids if i in notices and notices[i].served]
    waiting = [notices[i] for i in ids if i in notices and not notices[i].served]
    codes = ", ".join(n.code for n in served[:20]) + ("…" if len(served) > 20 else "")
    stored = f"{len(served):,} of {len(ids):,} notices served, each whole" + (
        f": {codes}." if served else "."
    )
    if not waiting:
        return Account(
            stored=stored,
            not_stored="Nothing: every notice of the batch is served.",
            next_step="nothing",
            advice="Nothing to do.",
        )
    named = ", ".join(f"{n.code} ({n.state})" for n in waiting[:20])
    return Account(
        stored=stored,
        not_stored=f"{len(waiting):,} not served, and untouched: {named}.",
        next_step="continue",
        advice="Serve the rest: a notice already served is never served twice.",
        unserved=waiting,
    )
