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
import time
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


def _start(name: str) -> subprocess.Popen:
    return subprocess.Popen(
        [sys.executable, "-m", "sanitas.jobs.processes", name],
        env={**os.environ, "DJANGO_SETTINGS_MODULE": "sanitas.settings"},
        preexec_fn=_die_with_parent,
    )


class Companions:
    """The worker and the scheduler beside the web server, kept running: one that
    ends while the server runs (killed, or out of memory) is logged and started
    again, after a pause that doubles with each end in a row (up to
    :data:`MAX_PAUSE` seconds), so that one that cannot start does not spin. The
    restarted worker marks the jobs its predecessor left running as failed
    (:func:`~sanitas.jobs.services.reap_abandoned`)."""

    #: how often the children are looked at (seconds)
    LOOK_EVERY = 2.0
    #: the longest pause before a restart (seconds)
    MAX_PAUSE = 60.0
    #: a child that ran this long before it ended starts again at once (seconds)
    HEALTHY = 60.0

    def __init__(self, names: Sequence[str] = ("worker", "scheduler")) -> None:
        self.names = tuple(names)
        self.children: dict[str, subprocess.Popen] = {}
        self.restarts: dict[str, int] = dict.fromkeys(self.names, 0)
        self._since: dict[str, float] = {}
        self._stop = threading.Event()
        self._lock = threading.Lock()
        self._watch: threading.Thread | None = None

    def start(self) -> Companions:
        with self._lock:
            for name in self.names:
                self._launch(name)
        self._watch = threading.Thread(target=self._keep, name="companions", daemon=True)
        self._watch.start()
        return self

    def _launch(self, name: str) -> None:
        self.children[name] = _start(name)
        self._since[name] = time.monotonic()

    def _keep(self) -> None:
        ended_in_a_row: dict[str, int] = dict.fromkeys(self.names, 0)
        while not self._stop.wait(self.LOOK_EVERY):
            for name in self.names:
                with self._lock:
                    child = self.children[name]
                    code = child.poll()
                    if code is None or self._stop.is_set():
                        continue
                    ran = time.monotonic() - self._since[name]
                ended_in_a_row[name] = 0 if ran >= self.HEALTHY else ended_in_a_row[name] + 1
                row = ended_in_a_row[name]
                pause = min(self.MAX_PAUSE, 2.0**row) if row else 0.0
                logger.warning(
                    "the job %s (process %s) ended with code %s; starting it again in %.0f s",
                    name,
                    child.pid,
                    code,
                    pause,
                )
                if self._stop.wait(pause):
                    return
                with self._lock:
                    if self._stop.is_set():
                        return
                    self._launch(name)
                    self.restarts[name] += 1

    def stop(self, *, timeout: float = 30.0) -> None:
        """Stop looking after the children, then stop them."""
        self._stop.set()
        if self._watch is not None:
            self._watch.join(timeout=self.LOOK_EVERY + 1)
        with self._lock:
            stop_companions(list(self.children.values()), timeout=timeout)


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

    from sanitas.jobs.services import reap_abandoned

    # a worker that stopped (this one's predecessor, or another's on this host)
    # may have left jobs running: they are failed, saying so, before any new one
    reap_abandoned()
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
