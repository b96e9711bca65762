"""Staff accounts managed in the application: supervisors invite staff, change their
roles, names and e-mail addresses, and deactivate and reactivate accounts; every change
is an :class:`~sanitas.people.models.AccountEvent`. The Django admin is for repairs."""
