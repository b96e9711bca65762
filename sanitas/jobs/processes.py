"""The job worker and the scheduler, as processes ``sanitas serve`` starts beside
gunicorn, so that one command starts the whole application and stops it.

    python -m sanitas.jobs.processes worker      # django-tasks' db_worker, every queue
    python -m sanitas.jobs.processes scheduler   # the nightly sweep

Each child asks the kernel to end it when its parent dies (``PR_SET_PDEATHSIG``:
even a ``kill -9`` of ``sanitas serve`` leaves none behind), and ``sanitas serve``
stops them itself when it stops. More workers (on this machine or others sharing
the PostgreSQL database) are the same ``worker`` command.
"""

from __future__ import annotations

import ctypes
import logging
import os
import signal
import subprocess
import sys
import threading
from collections.abc import Sequence

logger = logging.getLogger("sanitas.jobs")

#: every queue the application's tasks use (see ``TASKS`` in the settings)
QUEUES = "default,sweep"
_PR_SET_PDEATHSIG = 1


def _die_with_parent() -> None:  # runs in the child between fork and exec
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(_PR_SET_PDEATHSIG, signal.SIGTERM, 0, 0, 0)
    except (OSError, AttributeError):  # not Linux: serve's own stop still ends them
        pass


def start_companions(*, names: Sequence[str] = ("worker", "scheduler")) -> list[subprocess.Popen]:
    """Start the worker and the scheduler as children of this process."""
    children = []
    for name in names:
        children.append(
            subprocess.Popen(
                [sys.executable, "-m", "sanitas.jobs.processes", name],
                env={**os.environ, "DJANGO_SETTINGS_MODULE": "sanitas.settings"},
                preexec_fn=_die_with_parent,
            )
        )
    return children


def stop_companions(children: list[subprocess.Popen], *, timeout: float = 30.0) -> None:
    """Ask each child to stop (a running task finishes first), then end it."""
    for child in children:
        if child.poll() is None:
            child.terminate()
    for child in children:
        try:
            child.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            child.kill()
            child.wait()


def _worker() -> int:
    from django.core.management import call_command

    call_command(
        "db_worker", queue_name=QUEUES, interval=1, reload=False, startup_delay=False, verbosity=1
    )
    return 0


def _scheduler() -> int:
    from sanitas.jobs.schedule import run_scheduler

    stop = threading.Event()

    def _stop(_signum: int, _frame: object) -> None:
        stop.set()

    signal.signal(signal.SIGTERM, _stop)
    signal.signal(signal.SIGINT, _stop)
    run_scheduler(stop)
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if args not in (["worker"], ["scheduler"]):
        print("usage: python -m sanitas.jobs.processes worker|scheduler", file=sys.stderr)
        return 2
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "sanitas.settings")
    import django

    django.setup()
    return _worker() if args == ["worker"] else _scheduler()


if __name__ == "__main__":
    raise SystemExit(main())
