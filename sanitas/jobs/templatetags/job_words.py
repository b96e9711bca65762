"""A job's message in the page's language (:func:`sanitas.jobs.words.in_words`)."""

from __future__ import annotations

from django import template

from sanitas.jobs.words import in_words

register = template.Library()


@register.filter
def job_words(message: str) -> str:
    """``{{ job.message|job_words }}``: what the job's worker said, in the page's language."""
    return in_words(message)
