"""``sanitas serve`` under gunicorn, the production WSGI server.

Gunicorn rather than granian: it is pure Python (a wheel with no compiled part,
nothing to build on a city's servers), it is what Django's own deployment guide
and most IT departments know, and its process model fits: a master that
restarts a worker that dies or hangs, threads in each worker for slow clients,
a graceful restart on ``HUP``. Granian's speed is in the HTTP layer, and a
Sanitas request spends its time in the database and the engine.

The application is loaded once in the master (``preload_app``) and the workers
are forked from it; static files are served by WhiteNoise inside the
application, so nothing else has to stand in front of it on a city's network
(a TLS-terminating proxy may: see ``SANITAS_HTTPS`` and ``SANITAS_BEHIND_PROXY``).
"""

from __future__ import annotations

import os
from typing import Any

from gunicorn.app.base import BaseApplication

#: the access log: who, what, the answer, how long, and the request id of the log lines
ACCESS_LOG_FORMAT = '%(h)s "%(r)s" %(s)s %(B)s %(M)sms id=%({x-request-id}o)s'


def _count(name: str, default: int) -> int:
    value = os.environ.get(name, "").strip()
    return max(1, int(value)) if value else default


def options(host: str, port: int) -> dict[str, Any]:
    """Gunicorn's settings for ``sanitas serve``, from the environment."""
    listen = f"[{host}]:{port}" if ":" in host else f"{host}:{port}"
    return {
        "bind": [listen],
        "workers": _count("SANITAS_WEB_WORKERS", min(4, (os.cpu_count() or 1) + 1)),
        "worker_class": "gthread",
        "threads": _count("SANITAS_WEB_THREADS", 4),
        # a big worklist page or an evaluation may take a while; a hung worker is replaced
        "timeout": _count("SANITAS_WEB_TIMEOUT", 120),
        "graceful_timeout": 30,
        "keepalive": 5,
        "preload_app": True,
        "accesslog": "-",
        "errorlog": "-",
        "access_log_format": ACCESS_LOG_FORMAT,
        "loglevel": (os.environ.get("SANITAS_LOG_LEVEL", "").strip() or "info").lower(),
        "proc_name": "sanitas",
        # no control socket in the operator's home folder: signals are how it is managed
        "control_socket_disable": True,
        # a TLS-terminating proxy on this machine may say the browser used HTTPS
        "forwarded_allow_ips": os.environ.get("FORWARDED_ALLOW_IPS", "127.0.0.1,::1"),
    }


class SanitasServer(BaseApplication):
    def __init__(self, application: Any, settings: dict[str, Any]) -> None:
        self.application = application
        self.settings = settings
        super().__init__()

    def load_config(self) -> None:
        for key, value in self.settings.items():
            self.cfg.set(key, value)

    def load(self) -> Any:
        return self.application


def serve(*, host: str, port: int, jobs: bool = True) -> int:
    """Serve the application until interrupted (Ctrl-C, TERM), with the job worker
    and the scheduler beside it (``jobs``): started first, stopped last."""
    from django.core.wsgi import get_wsgi_application
    from django.db import connections

    from sanitas.jobs.processes import Companions

    application = get_wsgi_application()
    # the workers are forked from this process: none may inherit its connections
    connections.close_all()
    master = os.getpid()
    companions = Companions().start() if jobs else None
    try:
        SanitasServer(application, options(host, port)).run()
    except SystemExit as stop:
        return stop.code if isinstance(stop.code, int) else 0
    finally:
        # a gunicorn worker leaves through here too (it was forked inside run()):
        # only the master stops the worker and the scheduler
        if os.getpid() == master and companions is not None:
            companions.stop()
    return 0


def collect_static() -> bool:
    """``collectstatic`` (WhiteNoise compresses every file: a minute on a busy
    machine), only when the static files it would collect changed since the last
    time; whether it ran."""
    import hashlib
    from pathlib import Path

    from django.conf import settings
    from django.contrib.staticfiles.finders import get_finders
    from django.core.management import call_command

    digest = hashlib.sha256()
    for finder in get_finders():
        for path, storage in sorted(finder.list(["CVS", ".*", "*~"]), key=lambda f: f[0]):
            found = os.stat(storage.path(path))
            digest.update(f"{path}\0{found.st_size}\0{found.st_mtime_ns}\n".encode())
    stamp = Path(settings.STATIC_ROOT) / ".collected-from"
    if stamp.is_file() and stamp.read_text() == digest.hexdigest():
        return False
    call_command("collectstatic", interactive=False, verbosity=0)
    stamp.write_text(digest.hexdigest())
    return True
