"""``sanitas bench load``: many signed-in staff at once, against the real server.

The run, on loopback only and bounded in time:

1. a scratch database (SQLite, or a new database on the PostgreSQL server
   ``--database`` names, dropped afterwards), migrated, seeded with the benchmark's
   synthetic city of ``--establishments`` and swept;
2. ``--users`` staff accounts (FOG inspectors and SB 1383 coordinators) and the
   pages they will ask for: the worklist, a search by a business's name, and
   business pages;
3. ``sanitas serve --no-demo`` on a free loopback port, as an operator starts it
   (gunicorn, DEBUG off);
4. every user signs in through the sign-in form, then asks for pages, one after
   another with no pause, for ``--seconds``; with ``--busy`` a full sweep and an
   import of hauler manifests run at the same time, as they would at night or when
   a hauler's year of manifests is uploaded;
5. each answer's time and status are kept; the figures printed are p50, p95 and
   p99 by page and in all, the requests per second, and every error by kind.

The client is this process (threads with their own cookie jars): on a machine of
two cores it competes with the server for the CPU, so the figures are what a
small machine serving its own load generator gives, which docs/operating.md says.
"""

from __future__ import annotations

import http.cookiejar
import json
import math
import os
import random
import re
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from sanitas.bench.records import (
    BenchError,
    child_env,
    drop_database,
    make_database,
    run_child,
)

PASSWORD = "load-test-Sg-91776"
#: the roles the simulated staff have, in turn
ROLES = ("fog_inspector", "sb1383_coordinator")
_CSRF = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@dataclass
class Sample:
    page: str
    seconds: float
    status: int
    error: str = ""


@dataclass
class Tally:
    samples: list[Sample] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def add(self, sample: Sample) -> None:
        with self.lock:
            self.samples.append(sample)


class _Browser:
    """One signed-in person: a cookie jar and an opener that never follows a
    redirect silently (a redirect to the sign-in page is an error here)."""

    def __init__(self, base: str) -> None:
        self.base = base
        self.jar = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.jar))

    def get(self, path: str, timeout: float = 60) -> tuple[int, str]:
        try:
            with self.opener.open(self.base + path, timeout=timeout) as response:
                return response.status, response.read().decode("utf-8", "replace")
        except urllib.error.HTTPError as exc:
            return exc.code, exc.read().decode("utf-8", "replace")

    def sign_in(self, username: str) -> None:
        status, page = self.get("/accounts/login/")
        token = _CSRF.search(page)
        if status != 200 or token is None:
            raise BenchError(f"sign-in page answered {status}")
        data = urllib.parse.urlencode(
            {"username": username, "password": PASSWORD, "csrfmiddlewaretoken": token.group(1)}
        ).encode()
        request = urllib.request.Request(
            self.base + "/accounts/login/", data=data, headers={"Referer": self.base + "/"}
        )
        with self.opener.open(request, timeout=120) as response:
            if "/accounts/login/" in response.url:
                raise BenchError(f"{username}: the sign-in was refused")


def _percentile(values: list[float], share: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    # the nearest rank: the smallest value with at least that share at or below it
    index = min(len(ordered) - 1, max(0, math.ceil(share * len(ordered)) - 1))
    return ordered[index]


def summarise(samples: list[Sample], seconds: float) -> dict[str, Any]:
    """p50/p95/p99 in milliseconds by page and in all, rate, and errors by kind."""
    by_page: dict[str, list[float]] = defaultdict(list)
    errors: Counter[str] = Counter()
    for s in samples:
        by_page[s.page].append(s.seconds * 1000)
        by_page["all"].append(s.seconds * 1000)
        if s.error or s.status >= 400:
            errors[s.error or f"HTTP {s.status}"] += 1
    pages = {
        page: {
            "requests": len(times),
            "p50_ms": round(_percentile(times, 0.50), 1),
            "p95_ms": round(_percentile(times, 0.95), 1),
            "p99_ms": round(_percentile(times, 0.99), 1),
            "max_ms": round(max(times), 1),
            "mean_ms": round(statistics.fmean(times), 1),
        }
        for page, times in sorted(by_page.items())
    }
    return {
        "pages": pages,
        "requests_per_second": round(len(samples) / seconds, 1) if seconds else 0.0,
        "errors": dict(errors),
        "error_count": sum(errors.values()),
    }


def _user_loop(
    browser: _Browser,
    targets: dict[str, list[str]],
    stop_at: float,
    tally: Tally,
    seed: int,
    think: float = 0.0,
) -> None:
    """One person asking for pages until ``stop_at``: one after another with no pause,
    or, with ``think``, a pause of half to one and a half times ``think`` seconds
    before each (a person reads a page before asking for the next), the first
    spread over the first ``think`` seconds so that not everyone asks at once."""
    rng = random.Random(seed)
    if think > 0:
        time.sleep(min(rng.uniform(0, think), max(0.0, stop_at - time.monotonic())))
    while time.monotonic() < stop_at:
        page = rng.choice(("worklist", "search", "business"))
        if page == "worklist":
            path = "/"
        elif page == "search":
            path = "/search/?" + urllib.parse.urlencode({"q": rng.choice(targets["names"])})
        else:
            path = "/businesses/" + urllib.parse.quote(rng.choice(targets["keys"])) + "/"
        started = time.perf_counter()
        try:
            status, _body = browser.get(path)
            error = ""
        except (OSError, urllib.error.URLError) as exc:
            status, error = 0, type(exc).__name__
        tally.add(Sample(page, time.perf_counter() - started, status, error))
        if think > 0:
            time.sleep(min(rng.uniform(0.5, 1.5) * think, max(0.0, stop_at - time.monotonic())))


def _wait_for(url: str, server: subprocess.Popen, timeout: float) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if server.poll() is not None:
            raise BenchError(f"the server stopped with exit {server.returncode}")
        try:
            with urllib.request.urlopen(url + "/accounts/login/", timeout=5):
                return
        except (OSError, urllib.error.URLError):
            time.sleep(0.5)
    raise BenchError(f"the server did not answer within {timeout:.0f} s")


def bench_load(
    *,
    establishments: int,
    users: int,
    seconds: float,
    database: str | None = None,
    busy: bool = False,
    manifest_rows: int = 20_000,
    seed: int = 1383,
    think: float = 0.0,
    progress: Any = None,
) -> dict[str, Any]:
    say = progress or (lambda _message: None)
    if users < 1 or seconds <= 0 or establishments < 1:
        raise BenchError("--users, --seconds and --establishments must be positive")
    if not 0 <= think <= 600:
        raise BenchError(f"--think: {think} is not a pause of 0 to 600 seconds")
    env = make_database(database)
    server = None
    background: list[subprocess.Popen] = []
    try:
        with tempfile.TemporaryDirectory(prefix="sanitas-load-") as tmp:
            say("migrating a scratch database")
            vendor = run_child(env, "migrate")["vendor"]
            say(f"seeding {establishments:,} establishments")
            seeded = run_child(env, "seed", establishments, seed)
            say("full sweep")
            run_child(env, "sweep", "full")
            say(f"making {users} staff accounts")
            targets = run_child(env, "accounts", users, module="sanitas.bench.load")
            manifest = Path(tmp) / "manifests.csv"
            if busy:
                run_child(env, "manifests", manifest_rows, seed, manifest)
            port = free_port()
            base = f"http://127.0.0.1:{port}"
            data_dir = env.get("SANITAS_DATA_DIR") or tmp
            server_env = {**child_env(env), "SANITAS_DATA_DIR": data_dir}
            say(f"starting the server on {base}")
            server = subprocess.Popen(
                [
                    sys.executable,
                    "-m",
                    "sanitas",
                    "serve",
                    "--no-demo",
                    "--port",
                    str(port),
                    "--as-of",
                    targets["as_of"],
                ],
                env=server_env,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
                start_new_session=True,
            )
            _wait_for(base, server, timeout=300)
            say(f"signing in {users} users")
            browsers = []
            for n in range(users):
                browser = _Browser(base)
                browser.sign_in(f"load-{n}")
                browsers.append(browser)
            if busy:
                say("starting a full sweep and an import alongside")
                # each in its own session: a sweep's worker processes end with it
                quiet = {
                    "stdout": subprocess.DEVNULL,
                    "stderr": subprocess.DEVNULL,
                    "start_new_session": True,
                }
                background = [
                    subprocess.Popen(
                        [
                            sys.executable,
                            "-m",
                            "sanitas",
                            "sweep",
                            "--full",
                            "--as-of",
                            targets["as_of"],
                        ],
                        env=server_env,
                        **quiet,
                    ),
                    subprocess.Popen(
                        [
                            sys.executable,
                            "-m",
                            "sanitas",
                            "import",
                            str(manifest),
                            "--actor",
                            "load-importer",
                            "--why",
                            "load test import",
                        ],
                        env=server_env,
                        **quiet,
                    ),
                ]
            say(f"{users} users asking for pages for {seconds:.0f} s")
            tally = Tally()
            stop_at = time.monotonic() + seconds
            started = time.perf_counter()
            threads = [
                threading.Thread(
                    target=_user_loop,
                    args=(b, targets, stop_at, tally, seed + n, think),
                    daemon=True,
                )
                for n, b in enumerate(browsers)
            ]
            for t in threads:
                t.start()
            for t in threads:
                t.join(timeout=seconds + 120)
            elapsed = time.perf_counter() - started
            busy_state = {
                name: ("still running" if p.poll() is None else f"exit {p.returncode}")
                for name, p in zip(("sweep", "import"), background, strict=False)
            }
    finally:
        for p in background:
            if p.poll() is None:
                os.killpg(p.pid, signal.SIGKILL)
            p.wait()
        if server is not None and server.poll() is None:
            os.killpg(server.pid, signal.SIGTERM)
            try:
                server.wait(timeout=30)
            except subprocess.TimeoutExpired:
                os.killpg(server.pid, signal.SIGKILL)
                server.wait()
        drop_database(database, env)
    return {
        "database": vendor,
        "establishments": establishments,
        "records": seeded["records"],
        "users": users,
        "seconds": round(elapsed, 1),
        "busy": busy,
        "think": think,
        "alongside": busy_state,
        "cores": os.cpu_count(),
        **summarise(tally.samples, elapsed),
    }


def render(result: dict[str, Any]) -> str:
    lines = [
        f"{result['users']} signed-in users for {result['seconds']} s against "
        f"{result['establishments']:,} establishments ({result['records']:,} records) on "
        f"{result['database']}, {result['cores']} cores"
        + (
            f"; each pausing {result['think']:g} s (0.5 to 1.5 times) between pages"
            if result.get("think")
            else "; no pause between pages"
        )
        + (
            "; alongside: " + ", ".join(f"{k} {v}" for k, v in result["alongside"].items())
            if result["busy"]
            else ""
        ),
        f"{'page':<10} {'requests':>9} {'p50 ms':>9} {'p95 ms':>9} {'p99 ms':>9} {'max ms':>9}",
    ]
    for page, f in result["pages"].items():
        lines.append(
            f"{page:<10} {f['requests']:>9,} {f['p50_ms']:>9,.1f} {f['p95_ms']:>9,.1f} "
            f"{f['p99_ms']:>9,.1f} {f['max_ms']:>9,.1f}"
        )
    lines.append(f"{result['requests_per_second']:,} requests/s")
    errors = result["errors"]
    lines.append(
        "errors: none"
        if not errors
        else "errors: " + ", ".join(f"{n} × {kind}" for kind, n in sorted(errors.items()))
    )
    return "\n".join(lines)


# --------------------------------------------------------------------------- child steps


def step_accounts(users: int) -> dict[str, Any]:
    """The staff accounts, and the names and keys of businesses they will open."""
    from django.contrib.auth import get_user_model
    from django.contrib.auth.hashers import make_password
    from django.contrib.auth.models import Group

    from sanitas.bench.engine import AS_OF
    from sanitas.records.models import RECORD_MODELS

    hashed = make_password(PASSWORD)  # one hash for all: the sign-ins still check it
    accounts = get_user_model().objects
    for n in range(users):
        user, _ = accounts.get_or_create(username=f"load-{n}", defaults={"password": hashed})
        user.groups.add(Group.objects.get_or_create(name=ROLES[n % len(ROLES)])[0])
    accounts.get_or_create(username="load-importer", defaults={"password": hashed})
    rows = list(
        RECORD_MODELS["establishment"]
        .objects.filter(voided_at__isnull=True)
        .exclude(name__isnull=True)
        .order_by("key")
        .values_list("key", "name")[:5000]
    )
    picked = random.Random(users).sample(rows, min(200, len(rows)))
    return {
        "keys": [k for k, _ in picked],
        "names": [name for _, name in picked],
        "as_of": AS_OF.isoformat(),
    }


def main(argv: list[str]) -> int:
    from sanitas.records.cli import setup_django

    setup_django(migrate=False)
    step, *args = argv
    if step != "accounts":
        raise SystemExit(f"unknown step {step}")
    print(json.dumps(step_accounts(int(args[0]))))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
