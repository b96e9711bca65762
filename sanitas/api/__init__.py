"""The REST API: read endpoints for records and findings, and ``POST /api/evaluate``."""
