"""Who may do what: the one access policy every door of Sanitas asks.

This is the low shared floor (``../shared/spec/architecture.md``, "Floors"): every app
may import it, and it imports no app above ``records``. It holds

- :mod:`sanitas.access.roles` — the roles a city needs, the programs each works in and
  the fact types each records;
- :mod:`sanitas.access.policy` — the table of permissions: for each role, what it may read
  and do, and over which objects (its programs, its record types, the hearings assigned to
  it, everything); predicates built from it with ``rules``; and :func:`~policy.allows`, the
  one question every door asks (a token's scopes narrow its user, never widen);
- :mod:`sanitas.access.doors` — every door by name (each URL name and each API operation)
  and the permission each method needs, the view decorator that enforces it and the API's.

No views and no URLs live here.
"""
