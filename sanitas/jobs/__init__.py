"""Background jobs: sweeps, imports uploaded through the web, notice batches and
report builds, run by a django-tasks worker, with their progress and outcome kept.

The task framework is django-tasks with its database backend (django-tasks-db):
there is no broker to run beside the database the city already keeps, it works the
same on SQLite and PostgreSQL, and its API is the one Django 6 adopted
(``django.tasks``), so moving to Django's own is a change of import. A :class:`Job`
row is this app's account of a task, kept after it ends: who started it, what it was
asked, how far it got, and what came of it.
"""
