"""The records' background tasks (django-tasks, database backend).

``sweep_chunk`` runs on the ``sweep`` queue, so that machines given only to
sweeping (``sanitas sweep-worker``) take nothing else, and a long sweep never
holds up the jobs of the ``default`` queue.
"""

from __future__ import annotations

import sys
from typing import Any

from django_tasks import task

from sanitas.records import distributed


@task(queue_name="sweep")
def sweep_chunk(chunk_id: int) -> dict[str, Any]:
    """Sweep one chunk of a distributed sweep (:func:`distributed.run_chunk`)."""
    try:
        return distributed.run_chunk(chunk_id=chunk_id, worker=distributed.worker_name())
    except distributed.SweepRefused as exc:
        # the operator of this machine reads it here; the run keeps it on the chunk
        print(f"sanitas: sweep-worker: {exc}", file=sys.stderr, flush=True)
        raise
