"""Serving notices together: the notice list's "Serve together" form starts a
notice-batch job; the job serves each notice on its own, naming the ones it
cannot serve; bad choices are named beside their fields and start nothing."""

from __future__ import annotations

import pytest
from django.test import Client

from sanitas.jobs.models import Job
from sanitas.jobs.tasks import run_job
from sanitas.notices import services
from sanitas.notices.models import Notice
from sanitas.records.models import Finding

from .conftest import AS_OF, draft, serve, user

pytestmark = pytest.mark.django_db


@pytest.fixture
def coordinator_client(city) -> Client:
    client = Client()
    client.force_login(user("coordinator", "sb1383_coordinator", "fog_inspector"))
    return client


def test_the_chosen_notices_are_served_by_one_job_and_a_refused_one_is_named(
    city, coordinator_client
):
    already = serve(draft("ORG-COM-ENROLL", "p-casa"))
    # the first still runs, so no second of it is drafted: another requirement's
    nov = services.draft_notice(
        finding_id=Finding.objects.filter(
            current=True, requirement="ORG-COM-SELF-INSPECT", subject="casa-verde"
        )
        .first()
        .pk,
        actor="coordinator",
    )
    fog = draft("FOG-MIN-FREQUENCY", "gi-pho")
    if services.requires_approval(fog.kind, AS_OF):
        services.approve_notice(notice_id=fog.pk, actor="supervisor")
    page = coordinator_client.get("/notices/").content.decode()
    assert "Serve together" in page
    for notice in (nov, fog):
        assert f'value="{notice.pk}"' in page and notice.code in page
    assert f'name="notices" value="{already.pk}"' not in page  # served: not offered
    assert "Arroyo Pho" in page  # what a person calls the grease interceptor's owner

    answer = coordinator_client.post(
        "/notices/serve/",
        {"notices": [nov.pk, fog.pk], "served_on": AS_OF.isoformat(), "method": "certified_mail"},
    )
    job = Job.objects.get(kind="notice_batch")
    assert answer.status_code == 302 and answer["Location"] == f"/jobs/{job.pk}/"
    assert job.params == {
        "notice_ids": [nov.pk, fog.pk],
        "served_on": AS_OF.isoformat(),
        "method": "certified_mail",
    }
    run_job.call(job.pk)  # what the worker does
    job.refresh_from_db()
    assert job.state == "finished", job.message
    needs_approval = services.requires_approval(nov.kind, AS_OF)
    fog.refresh_from_db()
    nov.refresh_from_db()
    assert fog.state == "served" and fog.method == "certified_mail" and fog.served_on == AS_OF
    if needs_approval:
        assert nov.state == "draft"
        assert job.outcome["served"] == 1 and job.outcome["refused"] == 1
        assert job.outcome["problems"] == [
            f"notice {nov.code}: a Notice of Violation is approved by a supervisor before it "
            "is served"
        ]
    else:
        assert nov.state == "served" and job.outcome["served"] == 2
    # served notices are no longer offered
    page = coordinator_client.get("/notices/").content.decode()
    assert f'name="notices" value="{fog.pk}"' not in page


@pytest.mark.parametrize(
    ("post", "field", "words"),
    [
        (
            {"served_on": AS_OF.isoformat(), "method": "certified_mail"},
            "notices",
            "Choose at least",
        ),
        (
            {"notices": ["999999"], "served_on": AS_OF.isoformat(), "method": "first_class_mail"},
            "notices",
            "Select a valid choice",
        ),
        (
            {"notices": ["FIRST"], "served_on": "someday", "method": "first_class_mail"},
            "served_on",
            "Enter a valid date",
        ),
        (
            {"notices": ["FIRST"], "served_on": AS_OF.isoformat(), "method": "personal"},
            "method",
            "Select a valid choice",
        ),
    ],
)
def test_a_bad_batch_is_named_beside_its_field_and_starts_nothing(
    city, coordinator_client, post, field, words
):
    notice = draft("FOG-MIN-FREQUENCY", "gi-pho")
    post = {k: ([str(notice.pk)] if v == ["FIRST"] else v) for k, v in post.items()}
    answer = coordinator_client.post("/notices/serve/", post)
    assert answer.status_code == 400
    page = answer.content.decode()
    assert words in page and f"id_{field}_error" in page
    assert not Job.objects.exists()
    assert Notice.objects.get(pk=notice.pk).state == "draft"


def test_a_batch_serves_only_what_its_starter_may_still_serve(city):
    """The job asks the access policy again as it serves each notice: a notice of another
    program is not offered and not served, and a role taken away before the job runs
    serves nothing more."""
    from sanitas.jobs import services as jobs
    from sanitas.notices import batch

    fog = draft("FOG-MIN-FREQUENCY", "gi-pho")
    inspector = user("ines", "fog_inspector")
    coordinator = user("cora", "sb1383_coordinator")
    with pytest.raises(jobs.JobError) as refused:
        batch.start_notice_batch(
            user=coordinator, notice_ids=[fog.pk], served_on=AS_OF, method="first_class_mail"
        )
    assert f"{fog.code} is not cora's to serve" in refused.value.problems[0]
    job = batch.start_notice_batch(
        user=inspector, notice_ids=[fog.pk], served_on=AS_OF, method="first_class_mail"
    )
    inspector.groups.clear()  # the role goes before the worker takes the job
    run_job.call(job.pk)
    job.refresh_from_db()
    assert job.outcome["served"] == 0 and "may not serve" in job.outcome["problems"][0]
    assert Notice.objects.get(pk=fog.pk).state == "draft"
