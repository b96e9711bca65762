"""The nightly sweep's schedule: at ``SANITAS_NIGHTLY_SWEEP_AT`` (city time, 02:00
unless set), and a night the server was down for runs at its next start.

Each night is a :class:`~sanitas.jobs.models.ScheduledRun` row with the night as
its unique key, written in the transaction that starts the night's job: two
schedulers (two servers on one PostgreSQL database, or a restart in the middle of
a check) never both start a night. Nights missed in a row are one sweep: the
sweep as of the latest night brings every group up to it.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from datetime import date, datetime, time, timedelta

from django.conf import settings
from django.db import IntegrityError, transaction
from django.utils import timezone

from sanitas.jobs import services
from sanitas.jobs.models import Job, ScheduledRun

logger = logging.getLogger("sanitas.jobs")

#: how often the scheduler looks at the clock (seconds)
CHECK_EVERY = 30.0
#: what the apps do once a night besides the sweep, by name (each app registers its own
#: in its ``AppConfig.ready``, so this floor imports none of them): called with the
#: moment the night was started, once per night, by the scheduler that started it
NIGHTLY: dict[str, Callable[[datetime], object]] = {}


def register_nightly(name: str, work: Callable[[datetime], object]) -> None:
    NIGHTLY[name] = work


def nightly_at() -> time:
    """The time of the nightly sweep, from ``SANITAS_NIGHTLY_SWEEP_AT`` (HH:MM)."""
    text = getattr(settings, "SANITAS_NIGHTLY_SWEEP_AT", "02:00")
    try:
        hours, minutes = (int(part) for part in text.split(":"))
        return time(hours, minutes)
    except ValueError:
        raise ValueError(
            f"SANITAS_NIGHTLY_SWEEP_AT: {text!r} is not a time of day as HH:MM (e.g. 02:00)"
        ) from None


def due_night(now: datetime | None = None) -> date:
    """The latest night whose sweep time has come (today, once the time has passed)."""
    local = timezone.localtime(now or timezone.now())
    today = local.date()
    return today if local.time() >= nightly_at() else today - timedelta(days=1)


def run_due(now: datetime | None = None) -> Job | None:
    """Start the sweep of the latest night that is due, unless that night was started
    already (here or by another scheduler); the job, or None."""
    night = due_night(now)
    if ScheduledRun.objects.filter(night=night).exists():
        return None
    try:
        with transaction.atomic():
            job = services.start_job(
                kind="sweep",
                params={"as_of": night.isoformat(), "nightly": True},
                user=services.scheduler_account(),
            )
            ScheduledRun.objects.create(night=night, job=job)
    except IntegrityError:  # another scheduler took the night first: its job stands
        return None
    logger.info("nightly sweep of %s started: job %s", night, job.pk)
    for name, work in NIGHTLY.items():
        try:
            logger.info("nightly %s: %s", name, work(now or timezone.now()))
        except Exception:  # one app's nightly work does not stop the others'
            logger.exception("nightly %s could not be done; the next night tries again", name)
    return job


def run_scheduler(stop: threading.Event, *, every: float = CHECK_EVERY) -> None:
    """Start each night's sweep when it is due, until ``stop`` is set: the first
    look is at once, so a night missed while the server was down runs now."""
    from django.db import close_old_connections

    while not stop.is_set():
        try:
            run_due()
            # a worker on another host that stopped leaves its jobs to be found here
            services.reap_abandoned()
        except Exception:  # a database away for a moment: the next look tries again
            logger.exception("the scheduler could not look at the nightly sweep or the jobs")
        finally:
            close_old_connections()
        stop.wait(every)
