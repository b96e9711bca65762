"""The notice pages' addresses (who may open each: :data:`sanitas.access.doors.PAGES`)."""

from django.urls import path

from sanitas.notices import fee_views, views

app_name = "notices"

urlpatterns = [
    path("", views.notice_list, name="list"),
    path("hearings/", views.hearings, name="hearings"),
    path("draft/", views.draft, name="draft"),
    path("serve/", views.serve_batch, name="serve_batch"),
    path("batch.pdf", views.batch_pdf, name="batch_pdf"),
    path("batch.csv", views.batch_csv, name="batch_csv"),
    path("<int:notice_id>/", views.detail, name="detail"),
    path("<int:notice_id>/pdf/", views.pdf, name="pdf"),
    path("<int:notice_id>/edit/", views.edit, name="edit"),
    path("<int:notice_id>/approve/", views.approve, name="approve"),
    path("<int:notice_id>/serve/", views.serve, name="serve"),
    path("<int:notice_id>/comply/", views.comply, name="comply"),
    path("<int:notice_id>/rescind/", views.rescind, name="rescind"),
    path("<int:notice_id>/supersede/", views.supersede, name="supersede"),
    path("<int:notice_id>/cite/", views.cite, name="cite"),
    path("<int:notice_id>/payments/", views.payment, name="payment"),
    path("<int:notice_id>/extensions/", views.extension, name="extension"),
    path(
        "<int:notice_id>/extensions/<int:request_id>/decide/",
        views.extension_decide,
        name="extension_decide",
    ),
    path("<int:notice_id>/appeals/", views.appeal, name="appeal"),
    path("<int:notice_id>/appeals/<int:appeal_id>/hearing/", views.hearing, name="hearing"),
    path(
        "<int:notice_id>/hearings/<int:hearing_id>/decide/",
        views.hearing_decide,
        name="hearing_decide",
    ),
    path("<int:notice_id>/hearings/<int:hearing_id>/order.pdf", views.order_pdf, name="order_pdf"),
    path("permits/<path:key>/invoice.pdf", fee_views.permit_invoice, name="permit_invoice"),
    path("payments/<path:key>/receipt.pdf", fee_views.payment_receipt, name="payment_receipt"),
]
