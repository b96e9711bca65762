"""The records app's tables, as its migrations 0001 to 0013 left them, in one step.

Migrations 0003 and 0005 altered some four hundred fields of the history tables,
each a copy of its table on SQLite: a new database took some 12 seconds to
migrate, every new installation and every test database. Squashed, the same
tables and indexes are created once each. The thirteen files it replaced are gone
(Django's "Squashing migrations": once every database has migrated past the
squash): a database migrated through them has this migration recorded as applied
too, and a database still part of the way through them must first be migrated by
a release that holds them (docs/operating.md, "Upgrading"). The chain's three data
migrations built what a database's existing records needed; a database this
migration creates has none, so they have no step here.
"""

import django.db.models.deletion
import django.utils.timezone
import simple_history.models
from django.db import migrations, models


class Migration(migrations.Migration):
    initial = True

    dependencies = []

    operations = [
        migrations.CreateModel(
            name="RecordIndex",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("key", models.CharField(max_length=200, unique=True)),
                ("fact_type", models.CharField(db_index=True, max_length=64)),
                ("subject_group", models.CharField(db_index=True, max_length=200)),
                ("voided", models.BooleanField(default=False)),
            ],
            options={
                "db_table": "records_index",
            },
        ),
        migrations.CreateModel(
            name="HistoricalAccumulationRecord",
            fields=[
                (
                    "id",
                    models.BigIntegerField(
                        auto_created=True, blank=True, db_index=True, verbose_name="ID"
                    ),
                ),
                (
                    "key",
                    models.CharField(
                        db_index=True,
                        help_text="The fact's id, or for an event without one a key derived from its content.",
                        max_length=200,
                    ),
                ),
                (
                    "subject_group",
                    models.CharField(
                        default="",
                        help_text="The records evaluated together (a business, its premises and their facts).",
                        max_length=200,
                    ),
                ),
                (
                    "recorded_at",
                    models.DateTimeField(default=django.utils.timezone.now, editable=False),
                ),
                (
                    "recorded_by",
                    models.CharField(
                        help_text="Who recorded it: a user name, or the import or process.",
                        max_length=150,
                    ),
                ),
                ("recorded_why", models.TextField(blank=True)),
                ("import_source", models.CharField(blank=True, max_length=300)),
                ("updated_at", models.DateTimeField(blank=True, editable=False)),
                ("voided_at", models.DateTimeField(blank=True, null=True)),
                ("voided_by", models.CharField(blank=True, max_length=150)),
                ("voided_why", models.TextField(blank=True)),
                ("history_user_id", models.IntegerField(blank=True, null=True)),
                (
                    "notes",
                    models.TextField(
                        blank=True, help_text="Free text for people; never evaluated.", null=True
                    ),
                ),
                ("premises", models.CharField(max_length=200)),
                ("since", models.DateTimeField()),
                ("garbage", models.BooleanField()),
                ("observed_at", models.DateTimeField()),
                ("history_id", models.AutoField(primary_key=True, serialize=False)),
                ("history_date", models.DateTimeField(db_index=True)),
                ("history_change_reason", models.CharField(max_length=100, null=True)),
                (
                    "history_type",
                    models.CharField(
                        choices=[("+", "Created"), ("~", "Changed"), ("-", "Deleted")], max_length=1
                    ),
                ),
            ],
            options={
                "verbose_name": "historical accumulation",
                "verbose_name_plural": "historical accumulations",
                "db_table": "records_accumulation_history",
                "ordering": ("-history_date", "-history_id"),
                "get_latest_by": ("history_date", "history_id"),
            },
            bases=(simple_history.models.HistoricalChanges, models.Model),
        ),
        migrations.CreateModel(
            name="HistoricalAppealRequestRecord",
            fields=[
                (
                    "id",
                    models.BigIntegerField(
                        auto_created=True, blank=True, db_index=True, verbose_name="ID"
                    ),
                ),
                (
                    "key",
                    models.CharField(
                        db_index=True,
                        help_text="The fact's id, or for an event without one a key derived from its content.",
                        max_length=200,
                    ),
                ),
                (
                    "subject_group",
                    models.CharField(
                        default="",
                        help_text="The records evaluated together (a business, its premises and their facts).",
                        max_length=200,
                    ),
                ),
                (
                    "recorded_at",
                    models.DateTimeField(default=django.utils.timezone.now, editable=False),
                ),
                (
                    "recorded_by",
                    models.CharField(
                        help_text="Who recorded it: a user name, or the import or process.",
                        max_length=150,
                    ),
                ),
                ("recorded_why", models.TextField(blank=True)),
                ("import_source", models.CharField(blank=True, max_length=300)),
                ("updated_at", models.DateTimeField(blank=True, editable=False)),
                ("voided_at", models.DateTimeField(blank=True, null=True)),
                ("voided_by", models.CharField(blank=True, max_length=150)),
                ("voided_why", models.TextField(blank=True)),
                ("history_user_id", models.IntegerField(blank=True, null=True)),
                (
                    "notes",
                    models.TextField(
                        blank=True, help_text="Free text for people; never evaluated.", null=True
                    ),
                ),
                ("citation", models.CharField(help_text="The citation appealed.", max_length=200)),
                ("date", models.DateField(help_text="The day the request was received.")),
                ("history_id", models.AutoField(primary_key=True, serialize=False)),
                ("history_date", models.DateTimeField(db_index=True)),
                ("history_change_reason", models.CharField(max_length=100, null=True)),
                (
                    "history_type",
                    models.CharField(
                        choices=[("+", "Created"), ("~", "Changed"), ("-", "Deleted")], max_length=1
                    ),
                ),
            ],
            options={
                "verbose_name": "historical appeal request",
                "verbose_name_plural": "historical appeal requests",
                "db_table": "records_appeal_request_history",
                "ordering": ("-history_date", "-history_id"),
                "get_latest_by": ("history_date", "history_id"),
            },
            bases=(simple_history.models.HistoricalChanges, models.Model),
        ),
        migrations.CreateModel(
            name="HistoricalBlockageRecord",
            fields=[
                (
                    "id",
                    models.BigIntegerField(
                        auto_created=True, blank=True, db_index=True, verbose_name="ID"
                    ),
                ),
                (
                    "key",
                    models.CharField(
                        db_index=True,
                        help_text="The fact's id, or for an event without one a key derived from its content.",
                        max_length=200,
                    ),
                ),
                (
                    "subject_group",
                    models.CharField(
                        default="",
                        help_text="The records evaluated together (a business, its premises and their facts).",
                        max_length=200,
                    ),
                ),
                (
                    "recorded_at",
                    models.DateTimeField(default=django.utils.timezone.now, editable=False),
                ),
                (
                    "recorded_by",
                    models.CharField(
                        help_text="Who recorded it: a user name, or the import or process.",
                        max_length=150,
                    ),
                ),
                ("recorded_why", models.TextField(blank=True)),
                ("import_source", models.CharField(blank=True, max_length=300)),
                ("updated_at", models.DateTimeField(blank=True, editable=False)),
                ("voided_at", models.DateTimeField(blank=True, null=True)),
                ("voided_by", models.CharField(blank=True, max_length=150)),
                ("voided_why", models.TextField(blank=True)),
                ("history_user_id", models.IntegerField(blank=True, null=True)),
                (
                    "notes",
                    models.TextField(
                        blank=True, help_text="Free text for people; never evaluated.", null=True
                    ),
                ),
                ("establishment", models.CharField(max_length=200)),
                ("date", models.DateField()),
                ("history_id", models.AutoField(primary_key=True, serialize=False)),
                ("history_date", models.DateTimeField(db_index=True)),
                ("history_change_reason", models.CharField(max_length=100, null=True)),
                (
                    "history_type",
                    models.CharField(
                        choices=[("+", "Created"), ("~", "Changed"), ("-", "Deleted")], max_length=1
                    ),
                ),
            ],
            options={
                "verbose_name": "historical blockage",
                "verbose_name_plural": "historical blockages",
                "db_table": "records_blockage_history",
                "ordering": ("-history_date", "-history_id"),
                "get_latest_by": ("history_date", "history_id"),
            },
            bases=(simple_history.models.HistoricalChanges, models.Model),
        ),
        migrations.CreateModel(
            name="HistoricalBmpSubmittalRecord",
            fields=[
                (
                    "id",
                    models.BigIntegerField(
                        auto_created=True, blank=True, db_index=True, verbose_name="ID"
                    ),
                ),
                (
                    "key",
                    models.CharField(
                        db_index=True,
                        help_text="The fact's id, or for an event without one a key derived from its content.",
                        max_length=200,
                    ),
                ),
                (
                    "subject_group",
                    models.CharField(
                        default="",
                        help_text="The records evaluated together (a business, its premises and their facts).",
                        max_length=200,
                    ),
                ),
                (
                    "recorded_at",
                    models.DateTimeField(default=django.utils.timezone.now, editable=False),
                ),
                (
                    "recorded_by",
                    models.CharField(
                        help_text="Who recorded it: a user name, or the import or process.",
                        max_length=150,
                    ),
                ),
                ("recorded_why", models.TextField(blank=True)),
                ("import_source", models.CharField(blank=True, max_length=300)),
                ("updated_at", models.DateTimeField(blank=True, editable=False)),
                ("voided_at", models.DateTimeField(blank=True, null=True)),
                ("voided_by", models.CharField(blank=True, max_length=150)),
                ("voided_why", models.TextField(blank=True)),
                ("history_user_id", models.IntegerField(blank=True, null=True)),
                (
                    "notes",
                    models.TextField(
                        blank=True, help_text="Free text for people; never evaluated.", null=True
                    ),
                ),
                ("establishment", models.CharField(max_length=200)),
                ("date", models.DateField()),
                (
                    "elements",
                    models.JSONField(
                        blank=True,
                        help_text="BMP elements the program includes (drain_screens, grease_segregation, food_waste_to_trash, exhaust_filters, employee_training, kitchen_signage).",
                        null=True,
                    ),
                ),
                ("history_id", models.AutoField(primary_key=True, serialize=False)),
                ("history_date", models.DateTimeField(db_index=True)),
                ("history_change_reason", models.CharField(max_length=100, null=True)),
                (
                    "history_type",
                    models.CharField(
                        choices=[("+", "Created"), ("~", "Changed"), ("-", "Deleted")], max_length=1
                    ),
                ),
            ],
            options={
                "verbose_name": "historical bmp submittal",
                "verbose_name_plural": "historical bmp submittals",
                "db_table": "records_bmp_submittal_history",
                "ordering": ("-history_date", "-history_id"),
                "get_latest_by": ("history_date", "history_id"),
            },
            bases=(simple_history.models.HistoricalChanges, models.Model),
        ),
        migrations.CreateModel(
            name="HistoricalBuildingApplicationRecord",
            fields=[
                (
                    "id",
                    models.BigIntegerField(
                        auto_created=True, blank=True, db_index=True, verbose_name="ID"
                    ),
                ),
                (
                    "key",
                    models.CharField(
                        db_index=True,
                        help_text="The fact's id, or for an event without one a key derived from its content.",
                        max_length=200,
                    ),
                ),
                (
                    "subject_group",
                    models.CharField(
                        default="",
                        help_text="The records evaluated together (a business, its premises and their facts).",
                        max_length=200,
                    ),
                ),
                (
                    "recorded_at",
                    models.DateTimeField(default=django.utils.timezone.now, editable=False),
                ),
                (
                    "recorded_by",
                    models.CharField(
                        help_text="Who recorded it: a user name, or the import or process.",
                        max_length=150,
                    ),
                ),
                ("recorded_why", models.TextField(blank=True)),
                ("import_source", models.CharField(blank=True, max_length=300)),
                ("updated_at", models.DateTimeField(blank=True, editable=False)),
                ("voided_at", models.DateTimeField(blank=True, null=True)),
                ("voided_by", models.CharField(blank=True, max_length=150)),
                ("voided_why", models.TextField(blank=True)),
                ("history_user_id", models.IntegerField(blank=True, null=True)),
                (
                    "notes",
                    models.TextField(
                        blank=True, help_text="Free text for people; never evaluated.", null=True
                    ),
                ),
                ("premises", models.CharField(blank=True, max_length=200, null=True)),
                ("date", models.DateField(help_text="The day the application was made.")),
                (
                    "construction",
                    models.CharField(
                        choices=[
                            ("new", "new"),
                            ("addition", "addition"),
                            ("alteration", "alteration"),
                        ],
                        max_length=64,
                    ),
                ),
                (
                    "occupancy",
                    models.CharField(
                        choices=[
                            ("multi_family", "multi family"),
                            ("commercial", "commercial"),
                            ("single_family", "single family"),
                            ("mixed_use", "mixed use"),
                        ],
                        max_length=64,
                    ),
                ),
                (
                    "new_dwelling_units",
                    models.BigIntegerField(
                        blank=True,
                        help_text="Multi-family dwelling units built on the building site.",
                        null=True,
                    ),
                ),
                ("existing_floor_area_sqft", models.FloatField(blank=True, null=True)),
                ("added_floor_area_sqft", models.FloatField(blank=True, null=True)),
                (
                    "storage_areas",
                    models.BooleanField(
                        blank=True,
                        help_text="The plans identify readily accessible areas for storing and collecting blue and green container materials.",
                        null=True,
                    ),
                ),
                ("history_id", models.AutoField(primary_key=True, serialize=False)),
                ("history_date", models.DateTimeField(db_index=True)),
                ("history_change_reason", models.CharField(max_length=100, null=True)),
                (
                    "history_type",
                    models.CharField(
                        choices=[("+", "Created"), ("~", "Changed"), ("-", "Deleted")], max_length=1
                    ),
                ),
            ],
            options={
                "verbose_name": "historical building application",
                "verbose_name_plural": "historical building applications",
                "db_table": "records_building_application_history",
                "ordering": ("-history_date", "-history_id"),
                "get_latest_by": ("history_date", "history_id"),
            },
            bases=(simple_history.models.HistoricalChanges, models.Model),
        ),
        migrations.CreateModel(
            name="HistoricalBurialRecord",
            fields=[
                (
                    "id",
                    models.BigIntegerField(
                        auto_created=True, blank=True, db_index=True, verbose_name="ID"
                    ),
                ),
                (
                    "key",
                    models.CharField(
                        db_index=True,
                        help_text="The fact's id, or for an event without one a key derived from its content.",
                        max_length=200,
                    ),
                ),
                (
                    "subject_group",
                    models.CharField(
                        default="",
                        help_text="The records evaluated together (a business, its premises and their facts).",
                        max_length=200,
                    ),
                ),
                (
                    "recorded_at",
                    models.DateTimeField(default=django.utils.timezone.now, editable=False),
                ),
                (
                    "recorded_by",
                    models.CharField(
                        help_text="Who recorded it: a user name, or the import or process.",
                        max_length=150,
                    ),
                ),
                ("recorded_why", models.TextField(blank=True)),
                ("import_source", models.CharField(blank=True, max_length=300)),
                ("updated_at", models.DateTimeField(blank=True, editable=False)),
                ("voided_at", models.DateTimeField(blank=True, null=True)),
                ("voided_by", models.CharField(blank=True, max_length=150)),
                ("voided_why", models.TextField(blank=True)),
                ("history_user_id", models.IntegerField(blank=True, null=True)),
                (
                    "notes",
                    models.TextField(
                        blank=True, help_text="Free text for people; never evaluated.", null=True
                    ),
                ),
                ("premises", models.CharField(max_length=200)),
                ("date", models.DateField()),
                ("history_id", models.AutoField(primary_key=True, serialize=False)),
                ("history_date", models.DateTimeField(db_index=True)),
                ("history_change_reason", models.CharField(max_length=100, null=True)),
                (
                    "history_type",
                    models.CharField(
                        choices=[("+", "Created"), ("~", "Changed"), ("-", "Deleted")], max_length=1
                    ),
                ),
            ],
            options={
                "verbose_name": "historical burial",
                "verbose_name_plural": "historical burials",
                "db_table": "records_burial_history",
                "ordering": ("-history_date", "-history_id"),
                "get_latest_by": ("history_date", "history_id"),
            },
            bases=(simple_history.models.HistoricalChanges, models.Model),
        ),
        migrations.CreateModel(
            name="HistoricalCapacityRequestRecord",
            fields=[
                (
                    "id",
                    models.BigIntegerField(
                        auto_created=True, blank=True, db_index=True, verbose_name="ID"
                    ),
                ),
                (
                    "key",
                    models.CharField(
                        db_index=True,
                        help_text="The fact's id, or for an event without one a key derived from its content.",
                        max_length=200,
                    ),
                ),
                (
                    "subject_group",
                    models.CharField(
                        default="",
                        help_text="The records evaluated together (a business, its premises and their facts).",
                        max_length=200,
                    ),
                ),
                (
                    "recorded_at",
                    models.DateTimeField(default=django.utils.timezone.now, editable=False),
                ),
                (
                    "recorded_by",
                    models.CharField(
                        help_text="Who recorded it: a user name, or the import or process.",
                        max_length=150,
                    ),
                ),
                ("recorded_why", models.TextField(blank=True)),
                ("import_source", models.CharField(blank=True, max_length=300)),
                ("updated_at", models.DateTimeField(blank=True, editable=False)),
                ("voided_at", models.DateTimeField(blank=True, null=True)),
                ("voided_by", models.CharField(blank=True, max_length=150)),
                ("voided_why", models.TextField(blank=True)),
                ("history_user_id", models.IntegerField(blank=True, null=True)),
                (
                    "notes",
                    models.TextField(
                        blank=True, help_text="Free text for people; never evaluated.", null=True
                    ),
                ),
                (
                    "subject",
                    models.CharField(
                        help_text="The entity asked for the information.", max_length=200
                    ),
                ),
                (
                    "kind",
                    models.CharField(
                        choices=[
                            ("food_recovery", "food recovery"),
                            ("organic_waste", "organic waste"),
                        ],
                        help_text="food_recovery (an FRO or FRS, ORG-FRO-CAPACITY) or organic_waste (a recovery facility or community composting operator, ORG-FACILITY-CAPACITY).",
                        max_length=64,
                    ),
                ),
                ("date", models.DateField(help_text="The day the request was sent.")),
                (
                    "due_on",
                    models.DateField(
                        blank=True,
                        help_text="A shorter response date the city set in the request; a later date does not extend the 60 days.",
                        null=True,
                    ),
                ),
                ("history_id", models.AutoField(primary_key=True, serialize=False)),
                ("history_date", models.DateTimeField(db_index=True)),
                ("history_change_reason", models.CharField(max_length=100, null=True)),
                (
                    "history_type",
                    models.CharField(
                        choices=[("+", "Created"), ("~", "Changed"), ("-", "Deleted")], max_length=1
                    ),
                ),
            ],
            options={
                "verbose_name": "historical capacity request",
                "verbose_name_plural": "historical capacity requests",
                "db_table": "records_capacity_request_history",
                "ordering": ("-history_date", "-history_id"),
                "get_latest_by": ("history_date", "history_id"),
            },
            bases=(simple_history.models.HistoricalChanges, models.Model),
        ),
        migrations.CreateModel(
            name="HistoricalCapacityResponseRecord",
            fields=[
                (
                    "id",
                    models.BigIntegerField(
                        auto_created=True, blank=True, db_index=True, verbose_name="ID"
                    ),
                ),
                (
                    "key",
                    models.CharField(
                        db_index=True,
                        help_text="The fact's id, or for an event without one a key derived from its content.",
                        max_length=200,
                    ),
                ),
                (
                    "subject_group",
                    models.CharField(
                        default="",
                        help_text="The records evaluated together (a business, its premises and their facts).",
                        max_length=200,
                    ),
                ),
                (
                    "recorded_at",
                    models.DateTimeField(default=django.utils.timezone.now, editable=False),
                ),
                (
                    "recorded_by",
                    models.CharField(
                        help_text="Who recorded it: a user name, or the import or process.",
                        max_length=150,
                    ),
                ),
                ("recorded_why", models.TextField(blank=True)),
                ("import_source", models.CharField(blank=True, max_length=300)),
                ("updated_at", models.DateTimeField(blank=True, editable=False)),
                ("voided_at", models.DateTimeField(blank=True, null=True)),
                ("voided_by", models.CharField(blank=True, max_length=150)),
                ("voided_why", models.TextField(blank=True)),
                ("history_user_id", models.IntegerField(blank=True, null=True)),
                (
                    "notes",
                    models.TextField(
                        blank=True, help_text="Free text for people; never evaluated.", null=True
                    ),
                ),
                ("request", models.CharField(max_length=200)),
                ("date", models.DateField(help_text="The day the city received the answer.")),
                ("history_id", models.AutoField(primary_key=True, serialize=False)),
                ("history_date", models.DateTimeField(db_index=True)),
                ("history_change_reason", models.CharField(max_length=100, null=True)),
                (
                    "history_type",
                    models.CharField(
                        choices=[("+", "Created"), ("~", "Changed"), ("-", "Deleted")], max_length=1
                    ),
                ),
            ],
            options={
                "verbose_name": "historical capacity response",
                "verbose_name_plural": "historical capacity responses",
                "db_table": "records_capacity_response_history",
                "ordering": ("-history_date", "-history_id"),
                "get_latest_by": ("history_date", "history_id"),
            },
            bases=(simple_history.models.HistoricalChanges, models.Model),
        ),
        migrations.CreateModel(
            name="HistoricalCdProjectRecord",
            fields=[
                (
                    "id",
                    models.BigIntegerField(
                        auto_created=True, blank=True, db_index=True, verbose_name="ID"
                    ),
                ),
                (
                    "key",
                    models.CharField(
                        db_index=True,
                        help_text="The fact's id, or for an event without one a key derived from its content.",
                        max_length=200,
                    ),
                ),
                (
                    "subject_group",
                    models.CharField(
                        default="",
                        help_text="The records evaluated together (a business, its premises and their facts).",
                        max_length=200,
                    ),
                ),
                (
                    "recorded_at",
                    models.DateTimeField(default=django.utils.timezone.now, editable=False),
                ),
                (
                    "recorded_by",
                    models.CharField(
                        help_text="Who recorded it: a user name, or the import or process.",
                        max_length=150,
                    ),
                ),
                ("recorded_why", models.TextField(blank=True)),
                ("import_source", models.CharField(blank=True, max_length=300)),
                ("updated_at", models.DateTimeField(blank=True, editable=False)),
                ("voided_at", models.DateTimeField(blank=True, null=True)),
                ("voided_by", models.CharField(blank=True, max_length=150)),
                ("voided_why", models.TextField(blank=True)),
                ("history_user_id", models.IntegerField(blank=True, null=True)),
                (
                    "notes",
                    models.TextField(
                        blank=True, help_text="Free text for people; never evaluated.", null=True
                    ),
                ),
                ("premises", models.CharField(blank=True, max_length=200, null=True)),
                (
                    "parcel",
                    models.TextField(blank=True, help_text="Assessor's parcel number.", null=True),
                ),
                (
                    "part_of",
                    models.CharField(
                        blank=True,
                        help_text="The project this one is a phase of, or is related to on the same or an adjoining parcel, as the compliance official determined.",
                        max_length=200,
                        null=True,
                    ),
                ),
                (
                    "city_project",
                    models.BooleanField(blank=True, help_text="Undertaken by the city.", null=True),
                ),
                ("demolition_only", models.BooleanField(blank=True, null=True)),
                ("planned_start_on", models.DateField(blank=True, null=True)),
                ("work_began_on", models.DateField(blank=True, null=True)),
                (
                    "wmp_submitted_on",
                    models.DateField(
                        blank=True,
                        help_text="Waste Management Plan submitted to the compliance official.",
                        null=True,
                    ),
                ),
                ("history_id", models.AutoField(primary_key=True, serialize=False)),
                ("history_date", models.DateTimeField(db_index=True)),
                ("history_change_reason", models.CharField(max_length=100, null=True)),
                (
                    "history_type",
                    models.CharField(
                        choices=[("+", "Created"), ("~", "Changed"), ("-", "Deleted")], max_length=1
                    ),
                ),
            ],
            options={
                "verbose_name": "historical cd project",
                "verbose_name_plural": "historical cd projects",
                "db_table": "records_cd_project_history",
                "ordering": ("-history_date", "-history_id"),
                "get_latest_by": ("history_date", "history_id"),
            },
            bases=(simple_history.models.HistoricalChanges, models.Model),
        ),
        migrations.CreateModel(
            name="HistoricalCesspoolRecord",
            fields=[
                (
                    "id",
                    models.BigIntegerField(
                        auto_created=True, blank=True, db_index=True, verbose_name="ID"
                    ),
                ),
                (
                    "key",
                    models.CharField(
                        db_index=True,
                        help_text="The fact's id, or for an event without one a key derived from its content.",
                        max_length=200,
                    ),
                ),
                (
                    "subject_group",
                    models.CharField(
                        default="",
                        help_text="The records evaluated together (a business, its premises and their facts).",
                        max_length=200,
                    ),
                ),
                (
                    "recorded_at",
                    models.DateTimeField(default=django.utils.timezone.now, editable=False),
                ),
                (
                    "recorded_by",
                    models.CharField(
                        help_text="Who recorded it: a user name, or the import or process.",
                        max_length=150,
                    ),
                ),
                ("recorded_why", models.TextField(blank=True)),
                ("import_source", models.CharField(blank=True, max_length=300)),
                ("updated_at", models.DateTimeField(blank=True, editable=False)),
                ("voided_at", models.DateTimeField(blank=True, null=True)),
                ("voided_by", models.CharField(blank=True, max_length=150)),
                ("voided_why", models.TextField(blank=True)),
                ("history_user_id", models.IntegerField(blank=True, null=True)),
                (
                    "notes",
                    models.TextField(
                        blank=True, help_text="Free text for people; never evaluated.", null=True
                    ),
                ),
                (
                    "premises",
                    models.CharField(help_text="The lot the cesspool serves.", max_length=200),
                ),
                (
                    "constructed_on",
                    models.DateField(
                        blank=True, help_text="When it was built (absent: not recorded).", null=True
                    ),
                ),
                (
                    "adequate",
                    models.BooleanField(
                        blank=True,
                        help_text="Sufficient and adequate to serve the premises, as last found (absent: not determined).",
                        null=True,
                    ),
                ),
                (
                    "abandoned_on",
                    models.DateField(
                        blank=True,
                        help_text="Abandoned and the plumbing connected with the public sewer.",
                        null=True,
                    ),
                ),
                ("history_id", models.AutoField(primary_key=True, serialize=False)),
                ("history_date", models.DateTimeField(db_index=True)),
                ("history_change_reason", models.CharField(max_length=100, null=True)),
                (
                    "history_type",
                    models.CharField(
                        choices=[("+", "Created"), ("~", "Changed"), ("-", "Deleted")], max_length=1
                    ),
                ),
            ],
            options={
                "verbose_name": "historical cesspool",
                "verbose_name_plural": "historical cesspools",
                "db_table": "records_cesspool_history",
                "ordering": ("-history_date", "-history_id"),
                "get_latest_by": ("history_date", "history_id"),
            },
            bases=(simple_history.models.HistoricalChanges, models.Model),
        ),
        migrations.CreateModel(
            name="HistoricalCitationRecord",
            fields=[
                (
                    "id",
                    models.BigIntegerField(
                        auto_created=True, blank=True, db_index=True, verbose_name="ID"
                    ),
                ),
                (
                    "key",
                    models.CharField(
                        db_index=True,
                        help_text="The fact's id, or for an event without one a key derived from its content.",
                        max_length=200,
                    ),
                ),
                (
                    "subject_group",
                    models.CharField(
                        default="",
                        help_text="The records evaluated together (a business, its premises and their facts).",
                        max_length=200,
                    ),
                ),
                (
                    "recorded_at",
                    models.DateTimeField(default=django.utils.timezone.now, editable=False),
                ),
                (
                    "recorded_by",
                    models.CharField(
                        help_text="Who recorded it: a user name, or the import or process.",
                        max_length=150,
                    ),
                ),
                ("recorded_why", models.TextField(blank=True)),
                ("import_source", models.CharField(blank=True, max_length=300)),
                ("updated_at", models.DateTimeField(blank=True, editable=False)),
                ("voided_at", models.DateTimeField(blank=True, null=True)),
                ("voided_by", models.CharField(blank=True, max_length=150)),
                ("voided_why", models.TextField(blank=True)),
                ("history_user_id", models.IntegerField(blank=True, null=True)),
                (
                    "notes",
                    models.TextField(
                        blank=True, help_text="Free text for people; never evaluated.", null=True
                    ),
                ),
                ("subject", models.CharField(max_length=200)),
                ("requirement", models.CharField(max_length=64)),
                ("issued_on", models.DateField()),
                ("notice", models.CharField(blank=True, max_length=200, null=True)),
                (
                    "amount",
                    models.DecimalField(blank=True, decimal_places=2, max_digits=14, null=True),
                ),
                ("history_id", models.AutoField(primary_key=True, serialize=False)),
                ("history_date", models.DateTimeField(db_index=True)),
                ("history_change_reason", models.CharField(max_length=100, null=True)),
                (
                    "history_type",
                    models.CharField(
                        choices=[("+", "Created"), ("~", "Changed"), ("-", "Deleted")], max_length=1
                    ),
                ),
            ],
            options={
                "verbose_name": "historical citation",
                "verbose_name_plural": "historical citations",
                "db_table": "records_citation_history",
                "ordering": ("-history_date", "-history_id"),
                "get_latest_by": ("history_date", "history_id"),
            },
            bases=(simple_history.models.HistoricalChanges, models.Model),
        ),
        migrations.CreateModel(
            name="HistoricalCollectionAccessRecord",
            fields=[
                (
                    "id",
                    models.BigIntegerField(
                        auto_created=True, blank=True, db_index=True, verbose_name="ID"
                    ),
                ),
                (
                    "key",
                    models.CharField(
                        db_index=True,
                        help_text="The fact's id, or for an event without one a key derived from its content.",
                        max_length=200,
                    ),
                ),
                (
                    "subject_group",
                    models.CharField(
                        default="",
                        help_text="The records evaluated together (a business, its premises and their facts).",
                        max_length=200,
                    ),
                ),
                (
                    "recorded_at",
                    models.DateTimeField(default=django.utils.timezone.now, editable=False),
                ),
                (
                    "recorded_by",
                    models.CharField(
                        help_text="Who recorded it: a user name, or the import or process.",
                        max_length=150,
                    ),
                ),
                ("recorded_why", models.TextField(blank=True)),
                ("import_source", models.CharField(blank=True, max_length=300)),
                ("updated_at", models.DateTimeField(blank=True, editable=False)),
                ("voided_at", models.DateTimeField(blank=True, null=True)),
                ("voided_by", models.CharField(blank=True, max_length=150)),
                ("voided_why", models.TextField(blank=True)),
                ("history_user_id", models.IntegerField(blank=True, null=True)),
                (
                    "notes",
                    models.TextField(
                        blank=True, help_text="Free text for people; never evaluated.", null=True
                    ),
                ),
                ("premises", models.CharField(max_length=200)),
                ("date", models.DateField()),
                (
                    "rear_or_side_accessible",
                    models.BooleanField(
                        help_text="The rear or side is accessible to the contractor's equipment."
                    ),
                ),
                (
                    "damage_unlikely",
                    models.BooleanField(
                        help_text="Personal injury or property damage is unlikely to result from operating the contractor's equipment there."
                    ),
                ),
                ("history_id", models.AutoField(primary_key=True, serialize=False)),
                ("history_date", models.DateTimeField(db_index=True)),
                ("history_change_reason", models.CharField(max_length=100, null=True)),
                (
                    "history_type",
                    models.CharField(
                        choices=[("+", "Created"), ("~", "Changed"), ("-", "Deleted")], max_length=1
                    ),
                ),
            ],
            options={
                "verbose_name": "historical collection access",
                "verbose_name_plural": "historical collection accesss",
                "db_table": "records_collection_access_history",
                "ordering": ("-history_date", "-history_id"),
                "get_latest_by": ("history_date", "history_id"),
            },
            bases=(simple_history.models.HistoricalChanges, models.Model),
        ),
        migrations.CreateModel(
            name="HistoricalCollectionObservationRecord",
            fields=[
                (
                    "id",
                    models.BigIntegerField(
                        auto_created=True, blank=True, db_index=True, verbose_name="ID"
                    ),
                ),
                (
                    "key",
                    models.CharField(
                        db_index=True,
                        help_text="The fact's id, or for an event without one a key derived from its content.",
                        max_length=200,
                    ),
                ),
                (
                    "subject_group",
                    models.CharField(
                        default="",
                        help_text="The records evaluated together (a business, its premises and their facts).",
                        max_length=200,
                    ),
                ),
                (
                    "recorded_at",
                    models.DateTimeField(default=django.utils.timezone.now, editable=False),
                ),
                (
                    "recorded_by",
                    models.CharField(
                        help_text="Who recorded it: a user name, or the import or process.",
                        max_length=150,
                    ),
                ),
                ("recorded_why", models.TextField(blank=True)),
                ("import_source", models.CharField(blank=True, max_length=300)),
                ("updated_at", models.DateTimeField(blank=True, editable=False)),
                ("voided_at", models.DateTimeField(blank=True, null=True)),
                ("voided_by", models.CharField(blank=True, max_length=150)),
                ("voided_why", models.TextField(blank=True)),
                ("history_user_id", models.IntegerField(blank=True, null=True)),
                (
                    "notes",
                    models.TextField(
                        blank=True, help_text="Free text for people; never evaluated.", null=True
                    ),
                ),
                ("date", models.DateField()),
                ("collector", models.TextField(help_text="The person or business collecting.")),
                (
                    "collector_role",
                    models.CharField(
                        blank=True,
                        choices=[
                            ("contractor", "contractor"),
                            ("city", "city"),
                            ("occupant", "occupant"),
                            ("charity", "charity"),
                            ("other", "other"),
                        ],
                        default="other",
                        help_text="contractor (the city's franchisee), city, occupant (the premises' own owner or occupant), charity (a charitable entity), or other.",
                        max_length=64,
                        null=True,
                    ),
                ),
                ("materials", models.JSONField(blank=True, help_text="What was taken.", null=True)),
                (
                    "locations",
                    models.JSONField(
                        help_text="Each address (or premises id) it was taken from; each location is a separate offense."
                    ),
                ),
                (
                    "tampered",
                    models.BooleanField(
                        blank=True,
                        help_text="Tampered with, injured, destroyed or removed a bin, container or other refuse equipment.",
                        null=True,
                    ),
                ),
                (
                    "from_collection_container",
                    models.BooleanField(
                        blank=True,
                        help_text="The recyclables were taken after being placed at the curb or a designated collection location, or from a container provided by the contractor.",
                        null=True,
                    ),
                ),
                (
                    "recycling_arrangement",
                    models.BooleanField(
                        blank=True,
                        help_text="The collector takes segregated recyclables and has an arrangement to, and does, recycle all it collects.",
                        null=True,
                    ),
                ),
                (
                    "jobsite_debris_own_trucks",
                    models.BooleanField(
                        blank=True,
                        help_text="Debris from a jobsite hauled by the contractor or person in its own trucks.",
                        null=True,
                    ),
                ),
                (
                    "sale",
                    models.CharField(
                        blank=True,
                        help_text="The sale or donation the collection was part of.",
                        max_length=200,
                        null=True,
                    ),
                ),
                ("history_id", models.AutoField(primary_key=True, serialize=False)),
                ("history_date", models.DateTimeField(db_index=True)),
                ("history_change_reason", models.CharField(max_length=100, null=True)),
                (
                    "history_type",
                    models.CharField(
                        choices=[("+", "Created"), ("~", "Changed"), ("-", "Deleted")], max_length=1
                    ),
                ),
            ],
            options={
                "verbose_name": "historical collection observation",
                "verbose_name_plural": "historical collection observations",
                "db_table": "records_collection_observation_history",
                "ordering": ("-history_date", "-history_id"),
                "get_latest_by": ("history_date", "history_id"),
            },
            bases=(simple_history.models.HistoricalChanges, models.Model),
        ),
        migrations.CreateModel(
            name="HistoricalCollectionServiceRecord",
            fields=[
                (
                    "id",
                    models.BigIntegerField(
                        auto_created=True, blank=True, db_index=True, verbose_name="ID"
                    ),
                ),
                (
                    "key",
                    models.CharField(
                        db_index=True,
                        help_text="The fact's id, or for an event without one a key derived from its content.",
                        max_length=200,
                    ),
                ),
                (
                    "subject_group",
                    models.CharField(
                        default="",
                        help_text="The records evaluated together (a business, its premises and their facts).",
                        max_length=200,
                    ),
                ),
                (
                    "recorded_at",
                    models.DateTimeField(default=django.utils.timezone.now, editable=False),
                ),
                (
                    "recorded_by",
                    models.CharField(
                        help_text="Who recorded it: a user name, or the import or process.",
                        max_length=150,
                    ),
                ),
                ("recorded_why", models.TextField(blank=True)),
                ("import_source", models.CharField(blank=True, max_length=300)),
                ("updated_at", models.DateTimeField(blank=True, editable=False)),
                ("voided_at", models.DateTimeField(blank=True, null=True)),
                ("voided_by", models.CharField(blank=True, max_length=150)),
                ("voided_why", models.TextField(blank=True)),
                ("history_user_id", models.IntegerField(blank=True, null=True)),
                (
                    "notes",
                    models.TextField(
                        blank=True, help_text="Free text for people; never evaluated.", null=True
                    ),
                ),
                ("premises", models.CharField(blank=True, max_length=200, null=True)),
                ("establishment", models.CharField(blank=True, max_length=200, null=True)),
                (
                    "stream",
                    models.CharField(
                        choices=[
                            ("recyclables", "recyclables"),
                            ("organics", "organics"),
                            ("black", "black"),
                            ("total", "total"),
                        ],
                        max_length=64,
                    ),
                ),
                ("gallons_per_week", models.FloatField(blank=True, null=True)),
                ("cubic_yards_per_week", models.FloatField(blank=True, null=True)),
                (
                    "collections_per_week",
                    models.FloatField(
                        blank=True,
                        help_text="How often the contractor collects (1 = weekly, 0.5 = every other week); absent, the pack's reading applies (SW-DISPOSAL-MEANS).",
                        null=True,
                    ),
                ),
                ("start", models.DateField()),
                ("end", models.DateField(blank=True, null=True)),
                ("history_id", models.AutoField(primary_key=True, serialize=False)),
                ("history_date", models.DateTimeField(db_index=True)),
                ("history_change_reason", models.CharField(max_length=100, null=True)),
                (
                    "history_type",
                    models.CharField(
                        choices=[("+", "Created"), ("~", "Changed"), ("-", "Deleted")], max_length=1
                    ),
                ),
            ],
            options={
                "verbose_name": "historical collection service",
                "verbose_name_plural": "historical collection services",
                "db_table": "records_collection_service_history",
                "ordering": ("-history_date", "-history_id"),
                "get_latest_by": ("history_date", "history_id"),
            },
            bases=(simple_history.models.HistoricalChanges, models.Model),
        ),
        migrations.CreateModel(
            name="HistoricalCompostObservationRecord",
            fields=[
                (
                    "id",
                    models.BigIntegerField(
                        auto_created=True, blank=True, db_index=True, verbose_name="ID"
                    ),
                ),
                (
                    "key",
                    models.CharField(
                        db_index=True,
                        help_text="The fact's id, or for an event without one a key derived from its content.",
                        max_length=200,
                    ),
                ),
                (
                    "subject_group",
                    models.CharField(
                        default="",
                        help_text="The records evaluated together (a business, its premises and their facts).",
                        max_length=200,
                    ),
                ),
                (
                    "recorded_at",
                    models.DateTimeField(default=django.utils.timezone.now, editable=False),
                ),
                (
                    "recorded_by",
                    models.CharField(
                        help_text="Who recorded it: a user name, or the import or process.",
                        max_length=150,
                    ),
                ),
                ("recorded_why", models.TextField(blank=True)),
                ("import_source", models.CharField(blank=True, max_length=300)),
                ("updated_at", models.DateTimeField(blank=True, editable=False)),
                ("voided_at", models.DateTimeField(blank=True, null=True)),
                ("voided_by", models.CharField(blank=True, max_length=150)),
                ("voided_why", models.TextField(blank=True)),
                ("history_user_id", models.IntegerField(blank=True, null=True)),
                (
                    "notes",
                    models.TextField(
                        blank=True, help_text="Free text for people; never evaluated.", null=True
                    ),
                ),
                ("premises", models.CharField(max_length=200)),
                ("date", models.DateField()),
                (
                    "location",
                    models.CharField(
                        choices=[
                            ("rear_yard", "rear yard"),
                            ("side_yard", "side yard"),
                            ("front_yard", "front yard"),
                            ("street", "street"),
                            ("alley", "alley"),
                            ("parkway", "parkway"),
                            ("other_place", "other place"),
                            ("unimproved_lot", "unimproved lot"),
                        ],
                        max_length=64,
                    ),
                ),
                (
                    "adjoins_owner_improved_lot",
                    models.BooleanField(
                        blank=True,
                        help_text="For an unimproved lot: it adjoins the improved property of its owner.",
                        null=True,
                    ),
                ),
                (
                    "contents",
                    models.JSONField(
                        blank=True, help_text="What the compost is made of.", null=True
                    ),
                ),
                (
                    "receptacle",
                    models.CharField(
                        choices=[
                            ("pit", "pit"),
                            ("container", "container"),
                            ("open_pile", "open pile"),
                        ],
                        max_length=64,
                    ),
                ),
                (
                    "container_material",
                    models.CharField(
                        blank=True,
                        choices=[
                            ("metal", "metal"),
                            ("wood", "wood"),
                            ("plastic", "plastic"),
                            ("other", "other"),
                        ],
                        max_length=64,
                        null=True,
                    ),
                ),
                (
                    "below_ground_level",
                    models.BooleanField(
                        blank=True,
                        help_text="For a pit: the contents are below natural surrounding ground level.",
                        null=True,
                    ),
                ),
                (
                    "height_ft",
                    models.FloatField(
                        blank=True, help_text="Height of the container or open pile.", null=True
                    ),
                ),
                (
                    "distance_ft",
                    models.FloatField(
                        blank=True,
                        help_text="Distance to the nearest property line or structure.",
                        null=True,
                    ),
                ),
                (
                    "cover",
                    models.CharField(
                        blank=True,
                        choices=[
                            ("soil", "soil"),
                            ("approved_covering", "approved covering"),
                            ("unapproved_covering", "unapproved covering"),
                            ("none", "none"),
                        ],
                        help_text="The covering: soil, a covering approved by the Health Officer, another covering, or none.",
                        max_length=64,
                        null=True,
                    ),
                ),
                (
                    "cover_in",
                    models.FloatField(blank=True, help_text="Depth of the covering.", null=True),
                ),
                ("moist", models.BooleanField(blank=True, null=True)),
                (
                    "decomposition_complete",
                    models.BooleanField(
                        blank=True,
                        help_text="Decomposition is completed (it need no longer be kept moist).",
                        null=True,
                    ),
                ),
                (
                    "max_branch_diameter_in",
                    models.FloatField(
                        blank=True,
                        help_text="Diameter of the thickest twig, limb or branch.",
                        null=True,
                    ),
                ),
                (
                    "max_branch_length_ft",
                    models.FloatField(
                        blank=True,
                        help_text="Length of the longest twig, limb or branch.",
                        null=True,
                    ),
                ),
                (
                    "hardwood_or_second_season",
                    models.BooleanField(
                        blank=True,
                        help_text="Hardwood branches or second season growth are in it.",
                        null=True,
                    ),
                ),
                ("history_id", models.AutoField(primary_key=True, serialize=False)),
                ("history_date", models.DateTimeField(db_index=True)),
                ("history_change_reason", models.CharField(max_length=100, null=True)),
                (
                    "history_type",
                    models.CharField(
                        choices=[("+", "Created"), ("~", "Changed"), ("-", "Deleted")], max_length=1
                    ),
                ),
            ],
            options={
                "verbose_name": "historical compost observation",
                "verbose_name_plural": "historical compost observations",
                "db_table": "records_compost_observation_history",
                "ordering": ("-history_date", "-history_id"),
                "get_latest_by": ("history_date", "history_id"),
            },
            bases=(simple_history.models.HistoricalChanges, models.Model),
        ),
        migrations.CreateModel(
            name="HistoricalConnectionDesignRecord",
            fields=[
                (
                    "id",
                    models.BigIntegerField(
                        auto_created=True, blank=True, db_index=True, verbose_name="ID"
                    ),
                ),
                (
                    "key",
                    models.CharField(
                        db_index=True,
                        help_text="The fact's id, or for an event without one a key derived from its content.",
                        max_length=200,
                    ),
                ),
                (
                    "subject_group",
                    models.CharField(
                        default="",
                        help_text="The records evaluated together (a business, its premises and their facts).",
                        max_length=200,
                    ),
                ),
                (
                    "recorded_at",
                    models.DateTimeField(default=django.utils.timezone.now, editable=False),
                ),
                (
                    "recorded_by",
                    models.CharField(
                        help_text="Who recorded it: a user name, or the import or process.",
                        max_length=150,
                    ),
                ),
                ("recorded_why", models.TextField(blank=True)),
                ("import_source", models.CharField(blank=True, max_length=300)),
                ("updated_at", models.DateTimeField(blank=True, editable=False)),
                ("voided_at", models.DateTimeField(blank=True, null=True)),
                ("voided_by", models.CharField(blank=True, max_length=150)),
                ("voided_why", models.TextField(blank=True)),
                ("history_user_id", models.IntegerField(blank=True, null=True)),
                (
                    "notes",
                    models.TextField(
                        blank=True, help_text="Free text for people; never evaluated.", null=True
                    ),
                ),
                ("permit", models.CharField(blank=True, max_length=200, null=True)),
                ("persons_served", models.BigIntegerField()),
                ("segments", models.JSONField()),
                ("public_sewer_diameter_in", models.FloatField(blank=True, null=True)),
                ("public_sewer_depth_ft", models.FloatField(blank=True, null=True)),
                ("existing_branch", models.BooleanField(blank=True, null=True)),
                (
                    "method",
                    models.CharField(
                        blank=True,
                        choices=[("y_branch", "y branch"), ("saddle", "saddle")],
                        max_length=64,
                        null=True,
                    ),
                ),
                ("history_id", models.AutoField(primary_key=True, serialize=False)),
                ("history_date", models.DateTimeField(db_index=True)),
                ("history_change_reason", models.CharField(max_length=100, null=True)),
                (
                    "history_type",
                    models.CharField(
                        choices=[("+", "Created"), ("~", "Changed"), ("-", "Deleted")], max_length=1
                    ),
                ),
            ],
            options={
                "verbose_name": "historical connection design",
                "verbose_name_plural": "historical connection designs",
                "db_table": "records_connection_design_history",
                "ordering": ("-history_date", "-history_id"),
                "get_latest_by": ("history_date", "history_id"),
            },
            bases=(simple_history.models.HistoricalChanges, models.Model),
        ),
        migrations.CreateModel(
            name="HistoricalConnectionRouteRecord",
            fields=[
                (
                    "id",
                    models.BigIntegerField(
                        auto_created=True, blank=True, db_index=True, verbose_name="ID"
                    ),
                ),
                (
                    "key",
                    models.CharField(
                        db_index=True,
                        help_text="The fact's id, or for an event without one a key derived from its content.",
                        max_length=200,
                    ),
                ),
                (
                    "subject_group",
                    models.CharField(
                        default="",
                        help_text="The records evaluated together (a business, its premises and their facts).",
                        max_length=200,
                    ),
                ),
                (
                    "recorded_at",
                    models.DateTimeField(default=django.utils.timezone.now, editable=False),
                ),
                (
                    "recorded_by",
                    models.CharField(
                        help_text="Who recorded it: a user name, or the import or process.",
                        max_length=150,
                    ),
                ),
                ("recorded_why", models.TextField(blank=True)),
                ("import_source", models.CharField(blank=True, max_length=300)),
                ("updated_at", models.DateTimeField(blank=True, editable=False)),
                ("voided_at", models.DateTimeField(blank=True, null=True)),
                ("voided_by", models.CharField(blank=True, max_length=150)),
                ("voided_why", models.TextField(blank=True)),
                ("history_user_id", models.IntegerField(blank=True, null=True)),
                (
                    "notes",
                    models.TextField(
                        blank=True, help_text="Free text for people; never evaluated.", null=True
                    ),
                ),
                ("design", models.CharField(max_length=200)),
                (
                    "lots",
                    models.JSONField(help_text="Every lot the connection lies in, under or upon."),
                ),
                (
                    "building_lots",
                    models.JSONField(
                        blank=True,
                        help_text="The lots the building or structure stands on, wholly or partly (a building covering more than one lot; a house-court's parcel); absent: the lot of the design's permit.",
                        null=True,
                    ),
                ),
                ("history_id", models.AutoField(primary_key=True, serialize=False)),
                ("history_date", models.DateTimeField(db_index=True)),
                ("history_change_reason", models.CharField(max_length=100, null=True)),
                (
                    "history_type",
                    models.CharField(
                        choices=[("+", "Created"), ("~", "Changed"), ("-", "Deleted")], max_length=1
                    ),
                ),
            ],
            options={
                "verbose_name": "historical connection route",
                "verbose_name_plural": "historical connection routes",
                "db_table": "records_connection_route_history",
                "ordering": ("-history_date", "-history_id"),
                "get_latest_by": ("history_date", "history_id"),
            },
            bases=(simple_history.models.HistoricalChanges, models.Model),
        ),
        migrations.CreateModel(
            name="HistoricalCorrectionRecord",
            fields=[
                (
                    "id",
                    models.BigIntegerField(
                        auto_created=True, blank=True, db_index=True, verbose_name="ID"
                    ),
                ),
                (
                    "key",
                    models.CharField(
                        db_index=True,
                        help_text="The fact's id, or for an event without one a key derived from its content.",
                        max_length=200,
                    ),
                ),
                (
                    "subject_group",
                    models.CharField(
                        default="",
                        help_text="The records evaluated together (a business, its premises and their facts).",
                        max_length=200,
                    ),
                ),
                (
                    "recorded_at",
                    models.DateTimeField(default=django.utils.timezone.now, editable=False),
                ),
                (
                    "recorded_by",
                    models.CharField(
                        help_text="Who recorded it: a user name, or the import or process.",
                        max_length=150,
                    ),
                ),
                ("recorded_why", models.TextField(blank=True)),
                ("import_source", models.CharField(blank=True, max_length=300)),
                ("updated_at", models.DateTimeField(blank=True, editable=False)),
                ("voided_at", models.DateTimeField(blank=True, null=True)),
                ("voided_by", models.CharField(blank=True, max_length=150)),
                ("voided_why", models.TextField(blank=True)),
                ("history_user_id", models.IntegerField(blank=True, null=True)),
                (
                    "notes",
                    models.TextField(
                        blank=True, help_text="Free text for people; never evaluated.", null=True
                    ),
                ),
                ("notice", models.CharField(max_length=200)),
                ("date", models.DateField()),
                ("history_id", models.AutoField(primary_key=True, serialize=False)),
                ("history_date", models.DateTimeField(db_index=True)),
                ("history_change_reason", models.CharField(max_length=100, null=True)),
                (
                    "history_type",
                    models.CharField(
                        choices=[("+", "Created"), ("~", "Changed"), ("-", "Deleted")], max_length=1
                    ),
                ),
            ],
            options={
                "verbose_name": "historical correction",
                "verbose_name_plural": "historical corrections",
                "db_table": "records_correction_history",
                "ordering": ("-history_date", "-history_id"),
                "get_latest_by": ("history_date", "history_id"),
            },
            bases=(simple_history.models.HistoricalChanges, models.Model),
        ),
        migrations.CreateModel(
            name="HistoricalDeliveryRecord",
            fields=[
                (
                    "id",
                    models.BigIntegerField(
                        auto_created=True, blank=True, db_index=True, verbose_name="ID"
                    ),
                ),
                (
                    "key",
                    models.CharField(
                        db_index=True,
                        help_text="The fact's id, or for an event without one a key derived from its content.",
                        max_length=200,
                    ),
                ),
                (
                    "subject_group",
                    models.CharField(
                        default="",
                        help_text="The records evaluated together (a business, its premises and their facts).",
                        max_length=200,
                    ),
                ),
                (
                    "recorded_at",
                    models.DateTimeField(default=django.utils.timezone.now, editable=False),
                ),
                (
                    "recorded_by",
                    models.CharField(
                        help_text="Who recorded it: a user name, or the import or process.",
                        max_length=150,
                    ),
                ),
                ("recorded_why", models.TextField(blank=True)),
                ("import_source", models.CharField(blank=True, max_length=300)),
                ("updated_at", models.DateTimeField(blank=True, editable=False)),
                ("voided_at", models.DateTimeField(blank=True, null=True)),
                ("voided_by", models.CharField(blank=True, max_length=150)),
                ("voided_why", models.TextField(blank=True)),
                ("history_user_id", models.IntegerField(blank=True, null=True)),
                (
                    "notes",
                    models.TextField(
                        blank=True, help_text="Free text for people; never evaluated.", null=True
                    ),
                ),
                (
                    "hauled_by",
                    models.CharField(
                        help_text="The franchised hauler, or the business or premises that self-hauls.",
                        max_length=200,
                    ),
                ),
                ("facility", models.CharField(max_length=200)),
                ("date", models.DateField()),
                (
                    "stream",
                    models.CharField(
                        choices=[
                            ("recyclables", "recyclables"),
                            ("organics", "organics"),
                            ("mixed", "mixed"),
                            ("black", "black"),
                        ],
                        help_text="recyclables, organics (source separated green container organic waste), mixed (organic waste not source separated) or black.",
                        max_length=64,
                    ),
                ),
                ("tons", models.FloatField(blank=True, null=True)),
                ("cubic_yards", models.FloatField(blank=True, null=True)),
                (
                    "receipt",
                    models.BooleanField(
                        blank=True,
                        help_text="A delivery receipt or weight ticket from the facility is kept.",
                        null=True,
                    ),
                ),
                (
                    "contaminated",
                    models.BooleanField(
                        blank=True,
                        help_text="The load held prohibited container contaminants.",
                        null=True,
                    ),
                ),
                ("history_id", models.AutoField(primary_key=True, serialize=False)),
                ("history_date", models.DateTimeField(db_index=True)),
                ("history_change_reason", models.CharField(max_length=100, null=True)),
                (
                    "history_type",
                    models.CharField(
                        choices=[("+", "Created"), ("~", "Changed"), ("-", "Deleted")], max_length=1
                    ),
                ),
            ],
            options={
                "verbose_name": "historical delivery",
                "verbose_name_plural": "historical deliverys",
                "db_table": "records_delivery_history",
                "ordering": ("-history_date", "-history_id"),
                "get_latest_by": ("history_date", "history_id"),
            },
            bases=(simple_history.models.HistoricalChanges, models.Model),
        ),
        migrations.CreateModel(
            name="HistoricalDeviceRecord",
            fields=[
                (
                    "id",
                    models.BigIntegerField(
                        auto_created=True, blank=True, db_index=True, verbose_name="ID"
                    ),
                ),
                (
                    "key",
                    models.CharField(
                        db_index=True,
                        help_text="The fact's id, or for an event without one a key derived from its content.",
                        max_length=200,
                    ),
                ),
                (
                    "subject_group",
                    models.CharField(
                        default="",
                        help_text="The records evaluated together (a business, its premises and their facts).",
                        max_length=200,
                    ),
                ),
                (
                    "recorded_at",
                    models.DateTimeField(default=django.utils.timezone.now, editable=False),
                ),
                (
                    "recorded_by",
                    models.CharField(
                        help_text="Who recorded it: a user name, or the import or process.",
                        max_length=150,
                    ),
                ),
                ("recorded_why", models.TextField(blank=True)),
                ("import_source", models.CharField(blank=True, max_length=300)),
                ("updated_at", models.DateTimeField(blank=True, editable=False)),
                ("voided_at", models.DateTimeField(blank=True, null=True)),
                ("voided_by", models.CharField(blank=True, max_length=150)),
                ("voided_why", models.TextField(blank=True)),
                ("history_user_id", models.IntegerField(blank=True, null=True)),
                (
                    "notes",
                    models.TextField(
                        blank=True, help_text="Free text for people; never evaluated.", null=True
                    ),
                ),
                ("establishment", models.CharField(max_length=200)),
                (
                    "kind",
                    models.CharField(
                        choices=[
                            ("grease_interceptor", "grease interceptor"),
                            ("grease_trap", "grease trap"),
                            ("sand_trap", "sand trap"),
                            ("neutralizing_tank", "neutralizing tank"),
                        ],
                        max_length=64,
                    ),
                ),
                ("installed_on", models.DateField(blank=True, null=True)),
                ("removed_on", models.DateField(blank=True, null=True)),
                ("compartments", models.BigIntegerField(blank=True, null=True)),
                ("capacity_gallons", models.FloatField(blank=True, null=True)),
                ("grease_capacity_lbs", models.FloatField(blank=True, null=True)),
                ("approved", models.BooleanField(blank=True, null=True)),
                ("history_id", models.AutoField(primary_key=True, serialize=False)),
                ("history_date", models.DateTimeField(db_index=True)),
                ("history_change_reason", models.CharField(max_length=100, null=True)),
                (
                    "history_type",
                    models.CharField(
                        choices=[("+", "Created"), ("~", "Changed"), ("-", "Deleted")], max_length=1
                    ),
                ),
            ],
            options={
                "verbose_name": "historical device",
                "verbose_name_plural": "historical devices",
                "db_table": "records_device_history",
                "ordering": ("-history_date", "-history_id"),
                "get_latest_by": ("history_date", "history_id"),
            },
            bases=(simple_history.models.HistoricalChanges, models.Model),
        ),
        migrations.CreateModel(
            name="HistoricalDrainConnectionRecord",
            fields=[
                (
                    "id",
                    models.BigIntegerField(
                        auto_created=True, blank=True, db_index=True, verbose_name="ID"
                    ),
                ),
                (
                    "key",
                    models.CharField(
                        db_index=True,
                        help_text="The fact's id, or for an event without one a key derived from its content.",
                        max_length=200,
                    ),
                ),
                (
                    "subject_group",
                    models.CharField(
                        default="",
                        help_text="The records evaluated together (a business, its premises and their facts).",
                        max_length=200,
                    ),
                ),
                (
                    "recorded_at",
                    models.DateTimeField(default=django.utils.timezone.now, editable=False),
                ),
                (
                    "recorded_by",
                    models.CharField(
                        help_text="Who recorded it: a user name, or the import or process.",
                        max_length=150,
                    ),
                ),
                ("recorded_why", models.TextField(blank=True)),
                ("import_source", models.CharField(blank=True, max_length=300)),
                ("updated_at", models.DateTimeField(blank=True, editable=False)),
                ("voided_at", models.DateTimeField(blank=True, null=True)),
                ("voided_by", models.CharField(blank=True, max_length=150)),
                ("voided_why", models.TextField(blank=True)),
                ("history_user_id", models.IntegerField(blank=True, null=True)),
                (
                    "notes",
                    models.TextField(
                        blank=True, help_text="Free text for people; never evaluated.", null=True
                    ),
                ),
                (
                    "premises",
                    models.CharField(help_text="The lot where it is connected.", max_length=200),
                ),
                (
                    "establishment",
                    models.CharField(
                        blank=True,
                        help_text="The establishment whose fixture it is, if any.",
                        max_length=200,
                        null=True,
                    ),
                ),
                (
                    "source",
                    models.CharField(
                        choices=[
                            ("roof_conductor", "roof conductor"),
                            ("yard_drain", "yard drain"),
                            ("surface_water_conduit", "surface water conduit"),
                            ("swimming_pool", "swimming pool"),
                            ("tank", "tank"),
                            ("cellar_drain", "cellar drain"),
                            ("basement_shower", "basement shower"),
                            ("yard_shower", "yard shower"),
                            ("safe_waste_pipe", "safe waste pipe"),
                            ("engine_exhaust", "engine exhaust"),
                            ("boiler_blowoff", "boiler blowoff"),
                            ("acid_waste", "acid waste"),
                        ],
                        help_text="What is connected: a roof conductor, yard drain or surface water conduit; a swimming pool or tank; a cellar drain or basement/yard shower; a safe waste pipe; an engine exhaust or boiler blowoff; acid or corrosive wastes.",
                        max_length=64,
                    ),
                ),
                (
                    "through",
                    models.CharField(
                        blank=True,
                        choices=[
                            ("direct", "direct"),
                            ("sand_trap", "sand trap"),
                            ("watertight_sump", "watertight sump"),
                            ("water_supplied_sink", "water supplied sink"),
                            ("neutralizing_tank", "neutralizing tank"),
                        ],
                        default="direct",
                        help_text="What the discharge passes through before the sewer (direct: nothing).",
                        max_length=64,
                        null=True,
                    ),
                ),
                (
                    "device",
                    models.CharField(
                        blank=True,
                        help_text="The sand trap or neutralizing tank it passes through.",
                        max_length=200,
                        null=True,
                    ),
                ),
                (
                    "permit",
                    models.CharField(
                        blank=True,
                        help_text="The special permit it was connected under.",
                        max_length=200,
                        null=True,
                    ),
                ),
                (
                    "automatic_intake",
                    models.BooleanField(
                        blank=True,
                        help_text="Acid wastes: the dilution and neutralizing sink or tank is automatically supplied with water or neutralizing medium.",
                        null=True,
                    ),
                ),
                (
                    "connected_on",
                    models.DateField(
                        blank=True,
                        help_text="When it was connected (absent: found connected).",
                        null=True,
                    ),
                ),
                ("disconnected_on", models.DateField(blank=True, null=True)),
                ("history_id", models.AutoField(primary_key=True, serialize=False)),
                ("history_date", models.DateTimeField(db_index=True)),
                ("history_change_reason", models.CharField(max_length=100, null=True)),
                (
                    "history_type",
                    models.CharField(
                        choices=[("+", "Created"), ("~", "Changed"), ("-", "Deleted")], max_length=1
                    ),
                ),
            ],
            options={
                "verbose_name": "historical drain connection",
                "verbose_name_plural": "historical drain connections",
                "db_table": "records_drain_connection_history",
                "ordering": ("-history_date", "-history_id"),
                "get_latest_by": ("history_date", "history_id"),
            },
            bases=(simple_history.models.HistoricalChanges, models.Model),
        ),
        migrations.CreateModel(
            name="HistoricalDumpingRecord",
            fields=[
                (
                    "id",
                    models.BigIntegerField(
                        auto_created=True, blank=True, db_index=True, verbose_name="ID"
                    ),
                ),
                (
                    "key",
                    models.CharField(
                        db_index=True,
                        help_text="The fact's id, or for an event without one a key derived from its content.",
                        max_length=200,
                    ),
                ),
                (
                    "subject_group",
                    models.CharField(
                        default="",
                        help_text="The records evaluated together (a business, its premises and their facts).",
                        max_length=200,
                    ),
                ),
                (
                    "recorded_at",
                    models.DateTimeField(default=django.utils.timezone.now, editable=False),
                ),
                (
                    "recorded_by",
                    models.CharField(
                        help_text="Who recorded it: a user name, or the import or process.",
                        max_length=150,
                    ),
                ),
                ("recorded_why", models.TextField(blank=True)),
                ("import_source", models.CharField(blank=True, max_length=300)),
                ("updated_at", models.DateTimeField(blank=True, editable=False)),
                ("voided_at", models.DateTimeField(blank=True, null=True)),
                ("voided_by", models.CharField(blank=True, max_length=150)),
                ("voided_why", models.TextField(blank=True)),
                ("history_user_id", models.IntegerField(blank=True, null=True)),
                (
                    "notes",
                    models.TextField(
                        blank=True, help_text="Free text for people; never evaluated.", null=True
                    ),
                ),
                ("premises", models.CharField(blank=True, max_length=200, null=True)),
                ("date", models.DateField()),
                (
                    "place",
                    models.CharField(
                        choices=[
                            ("private_property", "private property"),
                            ("vacant_lot", "vacant lot"),
                            ("street", "street"),
                            ("alley", "alley"),
                            ("parkway", "parkway"),
                            ("park", "park"),
                            ("public_place", "public place"),
                            ("flood_channel", "flood channel"),
                            ("channel_tributary", "channel tributary"),
                            ("flood_channel_easement", "flood channel easement"),
                            ("stormwater_path", "stormwater path"),
                        ],
                        help_text="Where it was deposited.",
                        max_length=64,
                    ),
                ),
                (
                    "material",
                    models.CharField(
                        blank=True,
                        choices=[
                            ("garbage", "garbage"),
                            ("rubbish", "rubbish"),
                            ("miscellaneous_debris", "miscellaneous debris"),
                            ("combined_rubbish", "combined rubbish"),
                            ("chemical_compound", "chemical compound"),
                            ("other", "other"),
                        ],
                        max_length=64,
                        null=True,
                    ),
                ),
                (
                    "responsible",
                    models.TextField(
                        blank=True, help_text="Who deposited it, if known.", null=True
                    ),
                ),
                ("history_id", models.AutoField(primary_key=True, serialize=False)),
                ("history_date", models.DateTimeField(db_index=True)),
                ("history_change_reason", models.CharField(max_length=100, null=True)),
                (
                    "history_type",
                    models.CharField(
                        choices=[("+", "Created"), ("~", "Changed"), ("-", "Deleted")], max_length=1
                    ),
                ),
            ],
            options={
                "verbose_name": "historical dumping",
                "verbose_name_plural": "historical dumpings",
                "db_table": "records_dumping_history",
                "ordering": ("-history_date", "-history_id"),
                "get_latest_by": ("history_date", "history_id"),
            },
            bases=(simple_history.models.HistoricalChanges, models.Model),
        ),
        migrations.CreateModel(
            name="HistoricalEstablishmentRecord",
            fields=[
                (
                    "id",
                    models.BigIntegerField(
                        auto_created=True, blank=True, db_index=True, verbose_name="ID"
                    ),
                ),
                (
                    "key",
                    models.CharField(
                        db_index=True,
                        help_text="The fact's id, or for an event without one a key derived from its content.",
                        max_length=200,
                    ),
                ),
                (
                    "subject_group",
                    models.CharField(
                        default="",
                        help_text="The records evaluated together (a business, its premises and their facts).",
                        max_length=200,
                    ),
                ),
                (
                    "recorded_at",
                    models.DateTimeField(default=django.utils.timezone.now, editable=False),
                ),
                (
                    "recorded_by",
                    models.CharField(
                        help_text="Who recorded it: a user name, or the import or process.",
                        max_length=150,
                    ),
                ),
                ("recorded_why", models.TextField(blank=True)),
                ("import_source", models.CharField(blank=True, max_length=300)),
                ("updated_at", models.DateTimeField(blank=True, editable=False)),
                ("voided_at", models.DateTimeField(blank=True, null=True)),
                ("voided_by", models.CharField(blank=True, max_length=150)),
                ("voided_why", models.TextField(blank=True)),
                ("history_user_id", models.IntegerField(blank=True, null=True)),
                (
                    "notes",
                    models.TextField(
                        blank=True, help_text="Free text for people; never evaluated.", null=True
                    ),
                ),
                ("premises", models.CharField(blank=True, max_length=200, null=True)),
                ("name", models.TextField(blank=True, null=True)),
                ("address", models.TextField(blank=True, null=True)),
                (
                    "category",
                    models.CharField(
                        choices=[
                            ("restaurant", "restaurant"),
                            ("supermarket", "supermarket"),
                            ("grocery_store", "grocery store"),
                            ("food_service_provider", "food service provider"),
                            ("food_distributor", "food distributor"),
                            ("wholesale_food_vendor", "wholesale food vendor"),
                            ("hotel", "hotel"),
                            ("health_facility", "health facility"),
                            ("large_venue", "large venue"),
                            ("large_event", "large event"),
                            ("state_agency_cafeteria", "state agency cafeteria"),
                            ("local_education_agency", "local education agency"),
                            ("food_recovery_organization", "food recovery organization"),
                            ("food_recovery_service", "food recovery service"),
                            ("car_wash", "car wash"),
                            ("other", "other"),
                        ],
                        max_length=64,
                    ),
                ),
                (
                    "cooks",
                    models.BooleanField(
                        blank=True,
                        help_text="Prepares hot food per the FSE definition (frying, baking, grilling, …).",
                        null=True,
                    ),
                ),
                ("opened_on", models.DateField(blank=True, null=True)),
                ("closed_on", models.DateField(blank=True, null=True)),
                ("meals_per_day", models.BigIntegerField(blank=True, null=True)),
                ("seats", models.BigIntegerField(blank=True, null=True)),
                ("floor_area_sqft", models.FloatField(blank=True, null=True)),
                (
                    "gross_annual_sales",
                    models.DecimalField(blank=True, decimal_places=2, max_digits=14, null=True),
                ),
                ("rooms", models.BigIntegerField(blank=True, null=True)),
                ("beds", models.BigIntegerField(blank=True, null=True)),
                ("on_site_food_facility", models.BooleanField(blank=True, null=True)),
                ("average_daily_attendance", models.BigIntegerField(blank=True, null=True)),
                ("charges_admission", models.BooleanField(blank=True, null=True)),
                ("operated_by_local_agency", models.BooleanField(blank=True, null=True)),
                (
                    "wash_rack",
                    models.BooleanField(
                        blank=True,
                        help_text="Operates an automobile wash rack (car washes always do).",
                        null=True,
                    ),
                ),
                (
                    "kitchen_sink_outlets",
                    models.BigIntegerField(
                        blank=True,
                        help_text="Kitchen sink outlets wasting into the sewer.",
                        null=True,
                    ),
                ),
                (
                    "located_in_city",
                    models.BooleanField(
                        blank=True,
                        help_text="Primary address physically in the city (FROs and FRSs).",
                        null=True,
                    ),
                ),
                (
                    "contact",
                    models.TextField(
                        blank=True,
                        help_text="Contact information (person, phone, email) for food recovery records.",
                        null=True,
                    ),
                ),
                ("multi_family", models.BooleanField(blank=True, null=True)),
                ("history_id", models.AutoField(primary_key=True, serialize=False)),
                ("history_date", models.DateTimeField(db_index=True)),
                ("history_change_reason", models.CharField(max_length=100, null=True)),
                (
                    "history_type",
                    models.CharField(
                        choices=[("+", "Created"), ("~", "Changed"), ("-", "Deleted")], max_length=1
                    ),
                ),
            ],
            options={
                "verbose_name": "historical establishment",
                "verbose_name_plural": "historical establishments",
                "db_table": "records_establishment_history",
                "ordering": ("-history_date", "-history_id"),
                "get_latest_by": ("history_date", "history_id"),
            },
            bases=(simple_history.models.HistoricalChanges, models.Model),
        ),
        migrations.CreateModel(
            name="HistoricalExtensionRecord",
            fields=[
                (
                    "id",
                    models.BigIntegerField(
                        auto_created=True, blank=True, db_index=True, verbose_name="ID"
                    ),
                ),
                (
                    "key",
                    models.CharField(
                        db_index=True,
                        help_text="The fact's id, or for an event without one a key derived from its content.",
                        max_length=200,
                    ),
                ),
                (
                    "subject_group",
                    models.CharField(
                        default="",
                        help_text="The records evaluated together (a business, its premises and their facts).",
                        max_length=200,
                    ),
                ),
                (
                    "recorded_at",
                    models.DateTimeField(default=django.utils.timezone.now, editable=False),
                ),
                (
                    "recorded_by",
                    models.CharField(
                        help_text="Who recorded it: a user name, or the import or process.",
                        max_length=150,
                    ),
                ),
                ("recorded_why", models.TextField(blank=True)),
                ("import_source", models.CharField(blank=True, max_length=300)),
                ("updated_at", models.DateTimeField(blank=True, editable=False)),
                ("voided_at", models.DateTimeField(blank=True, null=True)),
                ("voided_by", models.CharField(blank=True, max_length=150)),
                ("voided_why", models.TextField(blank=True)),
                ("history_user_id", models.IntegerField(blank=True, null=True)),
                (
                    "notes",
                    models.TextField(
                        blank=True, help_text="Free text for people; never evaluated.", null=True
                    ),
                ),
                (
                    "notice",
                    models.CharField(
                        help_text="The notice whose deadline is extended.", max_length=200
                    ),
                ),
                ("date", models.DateField(help_text="The day the city decided.")),
                ("new_due_on", models.DateField(help_text="The new compliance deadline.")),
                (
                    "reason",
                    models.CharField(
                        choices=[
                            ("act_of_god", "act of god"),
                            ("permit_delay", "permit delay"),
                            ("infrastructure_capacity", "infrastructure capacity"),
                        ],
                        help_text="act_of_god ((G)(1): earthquakes, wildfires, flooding, other emergencies), permit_delay ((G)(2): discretionary permits or agency approvals), or infrastructure_capacity ((G)(3): recycling infrastructure or food recovery capacity).",
                        max_length=64,
                    ),
                ),
                (
                    "granted",
                    models.BooleanField(
                        blank=True, help_text="False records a refused request.", null=True
                    ),
                ),
                (
                    "corrective_action_plan",
                    models.BooleanField(
                        blank=True,
                        help_text="The city is under a CalRecycle corrective action plan (14 CCR § 18996.2) for the deficiency; required for an infrastructure_capacity extension.",
                        null=True,
                    ),
                ),
                ("history_id", models.AutoField(primary_key=True, serialize=False)),
                ("history_date", models.DateTimeField(db_index=True)),
                ("history_change_reason", models.CharField(max_length=100, null=True)),
                (
                    "history_type",
                    models.CharField(
                        choices=[("+", "Created"), ("~", "Changed"), ("-", "Deleted")], max_length=1
                    ),
                ),
            ],
            options={
                "verbose_name": "historical extension",
                "verbose_name_plural": "historical extensions",
                "db_table": "records_extension_history",
                "ordering": ("-history_date", "-history_id"),
                "get_latest_by": ("history_date", "history_id"),
            },
            bases=(simple_history.models.HistoricalChanges, models.Model),
        ),
        migrations.CreateModel(
            name="HistoricalFacilityDesignationRecord",
            fields=[
                (
                    "id",
                    models.BigIntegerField(
                        auto_created=True, blank=True, db_index=True, verbose_name="ID"
                    ),
                ),
                (
                    "key",
                    models.CharField(
                        db_index=True,
                        help_text="The fact's id, or for an event without one a key derived from its content.",
                        max_length=200,
                    ),
                ),
                (
                    "subject_group",
                    models.CharField(
                        default="",
                        help_text="The records evaluated together (a business, its premises and their facts).",
                        max_length=200,
                    ),
                ),
                (
                    "recorded_at",
                    models.DateTimeField(default=django.utils.timezone.now, editable=False),
                ),
                (
                    "recorded_by",
                    models.CharField(
                        help_text="Who recorded it: a user name, or the import or process.",
                        max_length=150,
                    ),
                ),
                ("recorded_why", models.TextField(blank=True)),
                ("import_source", models.CharField(blank=True, max_length=300)),
                ("updated_at", models.DateTimeField(blank=True, editable=False)),
                ("voided_at", models.DateTimeField(blank=True, null=True)),
                ("voided_by", models.CharField(blank=True, max_length=150)),
                ("voided_why", models.TextField(blank=True)),
                ("history_user_id", models.IntegerField(blank=True, null=True)),
                (
                    "notes",
                    models.TextField(
                        blank=True, help_text="Free text for people; never evaluated.", null=True
                    ),
                ),
                ("hauler", models.CharField(max_length=200)),
                ("facility", models.CharField(max_length=200)),
                (
                    "period",
                    models.CharField(
                        help_text='The year the designation is for, e.g. "2025".', max_length=64
                    ),
                ),
                (
                    "stream",
                    models.CharField(
                        choices=[
                            ("recyclables", "recyclables"),
                            ("organics", "organics"),
                            ("mixed", "mixed"),
                            ("black", "black"),
                        ],
                        help_text="recyclables, organics (source separated green container), mixed (not source separated) or black (black container waste).",
                        max_length=64,
                    ),
                ),
                ("date", models.DateField(help_text="The day of the written notice.")),
                ("history_id", models.AutoField(primary_key=True, serialize=False)),
                ("history_date", models.DateTimeField(db_index=True)),
                ("history_change_reason", models.CharField(max_length=100, null=True)),
                (
                    "history_type",
                    models.CharField(
                        choices=[("+", "Created"), ("~", "Changed"), ("-", "Deleted")], max_length=1
                    ),
                ),
            ],
            options={
                "verbose_name": "historical facility designation",
                "verbose_name_plural": "historical facility designations",
                "db_table": "records_facility_designation_history",
                "ordering": ("-history_date", "-history_id"),
                "get_latest_by": ("history_date", "history_id"),
            },
            bases=(simple_history.models.HistoricalChanges, models.Model),
        ),
        migrations.CreateModel(
            name="HistoricalFacilityRecord",
            fields=[
                (
                    "id",
                    models.BigIntegerField(
                        auto_created=True, blank=True, db_index=True, verbose_name="ID"
                    ),
                ),
                (
                    "key",
                    models.CharField(
                        db_index=True,
                        help_text="The fact's id, or for an event without one a key derived from its content.",
                        max_length=200,
                    ),
                ),
                (
                    "subject_group",
                    models.CharField(
                        default="",
                        help_text="The records evaluated together (a business, its premises and their facts).",
                        max_length=200,
                    ),
                ),
                (
                    "recorded_at",
                    models.DateTimeField(default=django.utils.timezone.now, editable=False),
                ),
                (
                    "recorded_by",
                    models.CharField(
                        help_text="Who recorded it: a user name, or the import or process.",
                        max_length=150,
                    ),
                ),
                ("recorded_why", models.TextField(blank=True)),
                ("import_source", models.CharField(blank=True, max_length=300)),
                ("updated_at", models.DateTimeField(blank=True, editable=False)),
                ("voided_at", models.DateTimeField(blank=True, null=True)),
                ("voided_by", models.CharField(blank=True, max_length=150)),
                ("voided_why", models.TextField(blank=True)),
                ("history_user_id", models.IntegerField(blank=True, null=True)),
                (
                    "notes",
                    models.TextField(
                        blank=True, help_text="Free text for people; never evaluated.", null=True
                    ),
                ),
                ("name", models.TextField(blank=True, null=True)),
                ("address", models.TextField(blank=True, null=True)),
                (
                    "kind",
                    models.CharField(
                        blank=True,
                        choices=[
                            ("compost", "compost"),
                            ("in_vessel_digestion", "in vessel digestion"),
                            ("publicly_owned_treatment_works", "publicly owned treatment works"),
                            ("community_composting", "community composting"),
                            ("transfer_processor", "transfer processor"),
                            ("materials_recovery", "materials recovery"),
                            ("high_diversion_organics", "high diversion organics"),
                            ("landfill", "landfill"),
                            ("other", "other"),
                        ],
                        max_length=64,
                        null=True,
                    ),
                ),
                (
                    "recovers_recyclables",
                    models.BooleanField(
                        blank=True,
                        help_text="Recovers source separated recyclable materials.",
                        null=True,
                    ),
                ),
                (
                    "recovers_organics",
                    models.BooleanField(
                        blank=True,
                        help_text="Processes or recovers source separated organic waste (14 CCR, Div. 7, Ch. 12, Art. 2).",
                        null=True,
                    ),
                ),
                (
                    "high_diversion",
                    models.BooleanField(
                        blank=True,
                        help_text="A high diversion organic waste processing facility (14 CCR § 18984.3).",
                        null=True,
                    ),
                ),
                (
                    "scales",
                    models.BooleanField(
                        blank=True,
                        help_text="Has on-site scales able to weigh a self-hauler's vehicle; false means the self-hauler need not record the weight (Ch. 50 self-haulers (C)(3)).",
                        null=True,
                    ),
                ),
                ("history_id", models.AutoField(primary_key=True, serialize=False)),
                ("history_date", models.DateTimeField(db_index=True)),
                ("history_change_reason", models.CharField(max_length=100, null=True)),
                (
                    "history_type",
                    models.CharField(
                        choices=[("+", "Created"), ("~", "Changed"), ("-", "Deleted")], max_length=1
                    ),
                ),
            ],
            options={
                "verbose_name": "historical facility",
                "verbose_name_plural": "historical facilitys",
                "db_table": "records_facility_history",
                "ordering": ("-history_date", "-history_id"),
                "get_latest_by": ("history_date", "history_id"),
            },
            bases=(simple_history.models.HistoricalChanges, models.Model),
        ),
        migrations.CreateModel(
            name="HistoricalFinalCertificateRecord",
            fields=[
                (
                    "id",
                    models.BigIntegerField(
                        auto_created=True, blank=True, db_index=True, verbose_name="ID"
                    ),
                ),
                (
                    "key",
                    models.CharField(
                        db_index=True,
                        help_text="The fact's id, or for an event without one a key derived from its content.",
                        max_length=200,
                    ),
                ),
                (
                    "subject_group",
                    models.CharField(
                        default="",
                        help_text="The records evaluated together (a business, its premises and their facts).",
                        max_length=200,
                    ),
                ),
                (
                    "recorded_at",
                    models.DateTimeField(default=django.utils.timezone.now, editable=False),
                ),
                (
                    "recorded_by",
                    models.CharField(
                        help_text="Who recorded it: a user name, or the import or process.",
                        max_length=150,
                    ),
                ),
                ("recorded_why", models.TextField(blank=True)),
                ("import_source", models.CharField(blank=True, max_length=300)),
                ("updated_at", models.DateTimeField(blank=True, editable=False)),
                ("voided_at", models.DateTimeField(blank=True, null=True)),
                ("voided_by", models.CharField(blank=True, max_length=150)),
                ("voided_why", models.TextField(blank=True)),
                ("history_user_id", models.IntegerField(blank=True, null=True)),
                (
                    "notes",
                    models.TextField(
                        blank=True, help_text="Free text for people; never evaluated.", null=True
                    ),
                ),
                ("permit", models.CharField(max_length=200)),
                ("date", models.DateField()),
                ("history_id", models.AutoField(primary_key=True, serialize=False)),
                ("history_date", models.DateTimeField(db_index=True)),
                ("history_change_reason", models.CharField(max_length=100, null=True)),
                (
                    "history_type",
                    models.CharField(
                        choices=[("+", "Created"), ("~", "Changed"), ("-", "Deleted")], max_length=1
                    ),
                ),
            ],
            options={
                "verbose_name": "historical final certificate",
                "verbose_name_plural": "historical final certificates",
                "db_table": "records_final_certificate_history",
                "ordering": ("-history_date", "-history_id"),
                "get_latest_by": ("history_date", "history_id"),
            },
            bases=(simple_history.models.HistoricalChanges, models.Model),
        ),
        migrations.CreateModel(
            name="HistoricalFireHazardNoticeRecord",
            fields=[
                (
                    "id",
                    models.BigIntegerField(
                        auto_created=True, blank=True, db_index=True, verbose_name="ID"
                    ),
                ),
                (
                    "key",
                    models.CharField(
                        db_index=True,
                        help_text="The fact's id, or for an event without one a key derived from its content.",
                        max_length=200,
                    ),
                ),
                (
                    "subject_group",
                    models.CharField(
                        default="",
                        help_text="The records evaluated together (a business, its premises and their facts).",
                        max_length=200,
                    ),
                ),
                (
                    "recorded_at",
                    models.DateTimeField(default=django.utils.timezone.now, editable=False),
                ),
                (
                    "recorded_by",
                    models.CharField(
                        help_text="Who recorded it: a user name, or the import or process.",
                        max_length=150,
                    ),
                ),
                ("recorded_why", models.TextField(blank=True)),
                ("import_source", models.CharField(blank=True, max_length=300)),
                ("updated_at", models.DateTimeField(blank=True, editable=False)),
                ("voided_at", models.DateTimeField(blank=True, null=True)),
                ("voided_by", models.CharField(blank=True, max_length=150)),
                ("voided_why", models.TextField(blank=True)),
                ("history_user_id", models.IntegerField(blank=True, null=True)),
                (
                    "notes",
                    models.TextField(
                        blank=True, help_text="Free text for people; never evaluated.", null=True
                    ),
                ),
                ("premises", models.CharField(max_length=200)),
                ("accumulation", models.CharField(blank=True, max_length=200, null=True)),
                (
                    "date",
                    models.DateField(help_text="The day the responsible person was notified."),
                ),
                (
                    "danger",
                    models.CharField(
                        blank=True,
                        choices=[
                            ("fire_hazard", "fire hazard"),
                            ("public_danger", "public danger"),
                        ],
                        default="fire_hazard",
                        help_text="fire_hazard, or public_danger (dangerous to the public peace, safety or health).",
                        max_length=64,
                        null=True,
                    ),
                ),
                ("history_id", models.AutoField(primary_key=True, serialize=False)),
                ("history_date", models.DateTimeField(db_index=True)),
                ("history_change_reason", models.CharField(max_length=100, null=True)),
                (
                    "history_type",
                    models.CharField(
                        choices=[("+", "Created"), ("~", "Changed"), ("-", "Deleted")], max_length=1
                    ),
                ),
            ],
            options={
                "verbose_name": "historical fire hazard notice",
                "verbose_name_plural": "historical fire hazard notices",
                "db_table": "records_fire_hazard_notice_history",
                "ordering": ("-history_date", "-history_id"),
                "get_latest_by": ("history_date", "history_id"),
            },
            bases=(simple_history.models.HistoricalChanges, models.Model),
        ),
        migrations.CreateModel(
            name="HistoricalFogDecisionRecord",
            fields=[
                (
                    "id",
                    models.BigIntegerField(
                        auto_created=True, blank=True, db_index=True, verbose_name="ID"
                    ),
                ),
                (
                    "key",
                    models.CharField(
                        db_index=True,
                        help_text="The fact's id, or for an event without one a key derived from its content.",
                        max_length=200,
                    ),
                ),
                (
                    "subject_group",
                    models.CharField(
                        default="",
                        help_text="The records evaluated together (a business, its premises and their facts).",
                        max_length=200,
                    ),
                ),
                (
                    "recorded_at",
                    models.DateTimeField(default=django.utils.timezone.now, editable=False),
                ),
                (
                    "recorded_by",
                    models.CharField(
                        help_text="Who recorded it: a user name, or the import or process.",
                        max_length=150,
                    ),
                ),
                ("recorded_why", models.TextField(blank=True)),
                ("import_source", models.CharField(blank=True, max_length=300)),
                ("updated_at", models.DateTimeField(blank=True, editable=False)),
                ("voided_at", models.DateTimeField(blank=True, null=True)),
                ("voided_by", models.CharField(blank=True, max_length=150)),
                ("voided_why", models.TextField(blank=True)),
                ("history_user_id", models.IntegerField(blank=True, null=True)),
                (
                    "notes",
                    models.TextField(
                        blank=True, help_text="Free text for people; never evaluated.", null=True
                    ),
                ),
                ("establishment", models.CharField(max_length=200)),
                (
                    "kind",
                    models.CharField(
                        choices=[
                            ("significant_discharge", "significant discharge"),
                            ("additives_approved", "additives approved"),
                            ("sanitary_fixtures_approved", "sanitary fixtures approved"),
                            ("monitoring_facility_required", "monitoring facility required"),
                        ],
                        max_length=64,
                    ),
                ),
                ("date", models.DateField()),
                (
                    "device",
                    models.CharField(
                        blank=True,
                        help_text="The device an approval is limited to.",
                        max_length=200,
                        null=True,
                    ),
                ),
                (
                    "revoked_on",
                    models.DateField(
                        blank=True, help_text="The decision ends on this date.", null=True
                    ),
                ),
                ("history_id", models.AutoField(primary_key=True, serialize=False)),
                ("history_date", models.DateTimeField(db_index=True)),
                ("history_change_reason", models.CharField(max_length=100, null=True)),
                (
                    "history_type",
                    models.CharField(
                        choices=[("+", "Created"), ("~", "Changed"), ("-", "Deleted")], max_length=1
                    ),
                ),
            ],
            options={
                "verbose_name": "historical fog decision",
                "verbose_name_plural": "historical fog decisions",
                "db_table": "records_fog_decision_history",
                "ordering": ("-history_date", "-history_id"),
                "get_latest_by": ("history_date", "history_id"),
            },
            bases=(simple_history.models.HistoricalChanges, models.Model),
        ),
        migrations.CreateModel(
            name="HistoricalFogObservationRecord",
            fields=[
                (
                    "id",
                    models.BigIntegerField(
                        auto_created=True, blank=True, db_index=True, verbose_name="ID"
                    ),
                ),
                (
                    "key",
                    models.CharField(
                        db_index=True,
                        help_text="The fact's id, or for an event without one a key derived from its content.",
                        max_length=200,
                    ),
                ),
                (
                    "subject_group",
                    models.CharField(
                        default="",
                        help_text="The records evaluated together (a business, its premises and their facts).",
                        max_length=200,
                    ),
                ),
                (
                    "recorded_at",
                    models.DateTimeField(default=django.utils.timezone.now, editable=False),
                ),
                (
                    "recorded_by",
                    models.CharField(
                        help_text="Who recorded it: a user name, or the import or process.",
                        max_length=150,
                    ),
                ),
                ("recorded_why", models.TextField(blank=True)),
                ("import_source", models.CharField(blank=True, max_length=300)),
                ("updated_at", models.DateTimeField(blank=True, editable=False)),
                ("voided_at", models.DateTimeField(blank=True, null=True)),
                ("voided_by", models.CharField(blank=True, max_length=150)),
                ("voided_why", models.TextField(blank=True)),
                ("history_user_id", models.IntegerField(blank=True, null=True)),
                (
                    "notes",
                    models.TextField(
                        blank=True, help_text="Free text for people; never evaluated.", null=True
                    ),
                ),
                ("establishment", models.CharField(max_length=200)),
                ("date", models.DateField()),
                (
                    "device",
                    models.CharField(
                        blank=True,
                        help_text="The device observed, if one.",
                        max_length=200,
                        null=True,
                    ),
                ),
                (
                    "fog_discharge",
                    models.BooleanField(
                        blank=True,
                        help_text="FOG seen discharged to the sanitary sewer (e.g. grease poured down a drain, an overflowing interceptor).",
                        null=True,
                    ),
                ),
                (
                    "sanitary_fixtures_connected",
                    models.BooleanField(
                        blank=True,
                        help_text="Toilets, urinals or similar sanitary fixtures discharge through the grease interceptor.",
                        null=True,
                    ),
                ),
                (
                    "additives_used",
                    models.BooleanField(
                        blank=True,
                        help_text="FOG-reducing additives (e.g. bacteria, enzymes) are in use.",
                        null=True,
                    ),
                ),
                (
                    "emulsifiers_used",
                    models.BooleanField(
                        blank=True,
                        help_text="Emulsifying agents (chemicals, solvents) are introduced into the interceptor beyond ordinary dishwashing and sanitation.",
                        null=True,
                    ),
                ),
                (
                    "monitoring_facility",
                    models.CharField(
                        blank=True,
                        choices=[
                            ("accessible", "accessible"),
                            ("inaccessible", "inaccessible"),
                            ("unsafe", "unsafe"),
                            ("missing", "missing"),
                        ],
                        help_text="The sampling port or manhole the Director required.",
                        max_length=64,
                        null=True,
                    ),
                ),
                ("history_id", models.AutoField(primary_key=True, serialize=False)),
                ("history_date", models.DateTimeField(db_index=True)),
                ("history_change_reason", models.CharField(max_length=100, null=True)),
                (
                    "history_type",
                    models.CharField(
                        choices=[("+", "Created"), ("~", "Changed"), ("-", "Deleted")], max_length=1
                    ),
                ),
            ],
            options={
                "verbose_name": "historical fog observation",
                "verbose_name_plural": "historical fog observations",
                "db_table": "records_fog_observation_history",
                "ordering": ("-history_date", "-history_id"),
                "get_latest_by": ("history_date", "history_id"),
            },
            bases=(simple_history.models.HistoricalChanges, models.Model),
        ),
        migrations.CreateModel(
            name="HistoricalFoodRecoveryAgreementRecord",
            fields=[
                (
                    "id",
                    models.BigIntegerField(
                        auto_created=True, blank=True, db_index=True, verbose_name="ID"
                    ),
                ),
                (
                    "key",
                    models.CharField(
                        db_index=True,
                        help_text="The fact's id, or for an event without one a key derived from its content.",
                        max_length=200,
                    ),
                ),
                (
                    "subject_group",
                    models.CharField(
                        default="",
                        help_text="The records evaluated together (a business, its premises and their facts).",
                        max_length=200,
                    ),
                ),
                (
                    "recorded_at",
                    models.DateTimeField(default=django.utils.timezone.now, editable=False),
                ),
                (
                    "recorded_by",
                    models.CharField(
                        help_text="Who recorded it: a user name, or the import or process.",
                        max_length=150,
                    ),
                ),
                ("recorded_why", models.TextField(blank=True)),
                ("import_source", models.CharField(blank=True, max_length=300)),
                ("updated_at", models.DateTimeField(blank=True, editable=False)),
                ("voided_at", models.DateTimeField(blank=True, null=True)),
                ("voided_by", models.CharField(blank=True, max_length=150)),
                ("voided_why", models.TextField(blank=True)),
                ("history_user_id", models.IntegerField(blank=True, null=True)),
                (
                    "notes",
                    models.TextField(
                        blank=True, help_text="Free text for people; never evaluated.", null=True
                    ),
                ),
                ("generator", models.CharField(max_length=200)),
                ("partner", models.CharField(max_length=200)),
                ("start", models.DateField()),
                ("end", models.DateField(blank=True, null=True)),
                ("food_types", models.JSONField(blank=True, null=True)),
                ("collection_frequency", models.TextField(blank=True, null=True)),
                (
                    "good_samaritan_clause",
                    models.BooleanField(
                        blank=True,
                        help_text="The agreement informs the generator of the Good Samaritan Food Donation Act protections (ORG-FRO-GOOD-SAMARITAN).",
                        null=True,
                    ),
                ),
                ("history_id", models.AutoField(primary_key=True, serialize=False)),
                ("history_date", models.DateTimeField(db_index=True)),
                ("history_change_reason", models.CharField(max_length=100, null=True)),
                (
                    "history_type",
                    models.CharField(
                        choices=[("+", "Created"), ("~", "Changed"), ("-", "Deleted")], max_length=1
                    ),
                ),
            ],
            options={
                "verbose_name": "historical food recovery agreement",
                "verbose_name_plural": "historical food recovery agreements",
                "db_table": "records_food_recovery_agreement_history",
                "ordering": ("-history_date", "-history_id"),
                "get_latest_by": ("history_date", "history_id"),
            },
            bases=(simple_history.models.HistoricalChanges, models.Model),
        ),
        migrations.CreateModel(
            name="HistoricalFoodRecoveryQuantityRecord",
            fields=[
                (
                    "id",
                    models.BigIntegerField(
                        auto_created=True, blank=True, db_index=True, verbose_name="ID"
                    ),
                ),
                (
                    "key",
                    models.CharField(
                        db_index=True,
                        help_text="The fact's id, or for an event without one a key derived from its content.",
                        max_length=200,
                    ),
                ),
                (
                    "subject_group",
                    models.CharField(
                        default="",
                        help_text="The records evaluated together (a business, its premises and their facts).",
                        max_length=200,
                    ),
                ),
                (
                    "recorded_at",
                    models.DateTimeField(default=django.utils.timezone.now, editable=False),
                ),
                (
                    "recorded_by",
                    models.CharField(
                        help_text="Who recorded it: a user name, or the import or process.",
                        max_length=150,
                    ),
                ),
                ("recorded_why", models.TextField(blank=True)),
                ("import_source", models.CharField(blank=True, max_length=300)),
                ("updated_at", models.DateTimeField(blank=True, editable=False)),
                ("voided_at", models.DateTimeField(blank=True, null=True)),
                ("voided_by", models.CharField(blank=True, max_length=150)),
                ("voided_why", models.TextField(blank=True)),
                ("history_user_id", models.IntegerField(blank=True, null=True)),
                (
                    "notes",
                    models.TextField(
                        blank=True, help_text="Free text for people; never evaluated.", null=True
                    ),
                ),
                (
                    "kept_by",
                    models.CharField(
                        help_text="Whose records hold the entry: the generator, the food recovery service or the food recovery organization.",
                        max_length=200,
                    ),
                ),
                (
                    "other_party",
                    models.CharField(
                        help_text="The party the food went to or came from.", max_length=200
                    ),
                ),
                (
                    "year",
                    models.BigIntegerField(
                        help_text="The year of the month the pounds were recovered in."
                    ),
                ),
                (
                    "month",
                    models.BigIntegerField(
                        help_text="The calendar month (1-12) the pounds were recovered in."
                    ),
                ),
                (
                    "pounds",
                    models.FloatField(help_text="Pounds of edible food in the month (0 if none)."),
                ),
                ("history_id", models.AutoField(primary_key=True, serialize=False)),
                ("history_date", models.DateTimeField(db_index=True)),
                ("history_change_reason", models.CharField(max_length=100, null=True)),
                (
                    "history_type",
                    models.CharField(
                        choices=[("+", "Created"), ("~", "Changed"), ("-", "Deleted")], max_length=1
                    ),
                ),
            ],
            options={
                "verbose_name": "historical food recovery quantity",
                "verbose_name_plural": "historical food recovery quantitys",
                "db_table": "records_food_recovery_quantity_history",
                "ordering": ("-history_date", "-history_id"),
                "get_latest_by": ("history_date", "history_id"),
            },
            bases=(simple_history.models.HistoricalChanges, models.Model),
        ),
        migrations.CreateModel(
            name="HistoricalFrequencyOrderRecord",
            fields=[
                (
                    "id",
                    models.BigIntegerField(
                        auto_created=True, blank=True, db_index=True, verbose_name="ID"
                    ),
                ),
                (
                    "key",
                    models.CharField(
                        db_index=True,
                        help_text="The fact's id, or for an event without one a key derived from its content.",
                        max_length=200,
                    ),
                ),
                (
                    "subject_group",
                    models.CharField(
                        default="",
                        help_text="The records evaluated together (a business, its premises and their facts).",
                        max_length=200,
                    ),
                ),
                (
                    "recorded_at",
                    models.DateTimeField(default=django.utils.timezone.now, editable=False),
                ),
                (
                    "recorded_by",
                    models.CharField(
                        help_text="Who recorded it: a user name, or the import or process.",
                        max_length=150,
                    ),
                ),
                ("recorded_why", models.TextField(blank=True)),
                ("import_source", models.CharField(blank=True, max_length=300)),
                ("updated_at", models.DateTimeField(blank=True, editable=False)),
                ("voided_at", models.DateTimeField(blank=True, null=True)),
                ("voided_by", models.CharField(blank=True, max_length=150)),
                ("voided_why", models.TextField(blank=True)),
                ("history_user_id", models.IntegerField(blank=True, null=True)),
                (
                    "notes",
                    models.TextField(
                        blank=True, help_text="Free text for people; never evaluated.", null=True
                    ),
                ),
                ("device", models.CharField(max_length=200)),
                ("date", models.DateField()),
                ("months", models.BigIntegerField()),
                ("history_id", models.AutoField(primary_key=True, serialize=False)),
                ("history_date", models.DateTimeField(db_index=True)),
                ("history_change_reason", models.CharField(max_length=100, null=True)),
                (
                    "history_type",
                    models.CharField(
                        choices=[("+", "Created"), ("~", "Changed"), ("-", "Deleted")], max_length=1
                    ),
                ),
            ],
            options={
                "verbose_name": "historical frequency order",
                "verbose_name_plural": "historical frequency orders",
                "db_table": "records_frequency_order_history",
                "ordering": ("-history_date", "-history_id"),
                "get_latest_by": ("history_date", "history_id"),
            },
            bases=(simple_history.models.HistoricalChanges, models.Model),
        ),
        migrations.CreateModel(
            name="HistoricalGoodSamaritanNoticeRecord",
            fields=[
                (
                    "id",
                    models.BigIntegerField(
                        auto_created=True, blank=True, db_index=True, verbose_name="ID"
                    ),
                ),
                (
                    "key",
                    models.CharField(
                        db_index=True,
                        help_text="The fact's id, or for an event without one a key derived from its content.",
                        max_length=200,
                    ),
                ),
                (
                    "subject_group",
                    models.CharField(
                        default="",
                        help_text="The records evaluated together (a business, its premises and their facts).",
                        max_length=200,
                    ),
                ),
                (
                    "recorded_at",
                    models.DateTimeField(default=django.utils.timezone.now, editable=False),
                ),
                (
                    "recorded_by",
                    models.CharField(
                        help_text="Who recorded it: a user name, or the import or process.",
                        max_length=150,
                    ),
                ),
                ("recorded_why", models.TextField(blank=True)),
                ("import_source", models.CharField(blank=True, max_length=300)),
                ("updated_at", models.DateTimeField(blank=True, editable=False)),
                ("voided_at", models.DateTimeField(blank=True, null=True)),
                ("voided_by", models.CharField(blank=True, max_length=150)),
                ("voided_why", models.TextField(blank=True)),
                ("history_user_id", models.IntegerField(blank=True, null=True)),
                (
                    "notes",
                    models.TextField(
                        blank=True, help_text="Free text for people; never evaluated.", null=True
                    ),
                ),
                (
                    "partner",
                    models.CharField(
                        help_text="The food recovery organization or service that wrote.",
                        max_length=200,
                    ),
                ),
                (
                    "generator",
                    models.CharField(help_text="The generator it wrote to.", max_length=200),
                ),
                ("date", models.DateField()),
                ("history_id", models.AutoField(primary_key=True, serialize=False)),
                ("history_date", models.DateTimeField(db_index=True)),
                ("history_change_reason", models.CharField(max_length=100, null=True)),
                (
                    "history_type",
                    models.CharField(
                        choices=[("+", "Created"), ("~", "Changed"), ("-", "Deleted")], max_length=1
                    ),
                ),
            ],
            options={
                "verbose_name": "historical good samaritan notice",
                "verbose_name_plural": "historical good samaritan notices",
                "db_table": "records_good_samaritan_notice_history",
                "ordering": ("-history_date", "-history_id"),
                "get_latest_by": ("history_date", "history_id"),
            },
            bases=(simple_history.models.HistoricalChanges, models.Model),
        ),
        migrations.CreateModel(
            name="HistoricalGreenwasteCheckRecord",
            fields=[
                (
                    "id",
                    models.BigIntegerField(
                        auto_created=True, blank=True, db_index=True, verbose_name="ID"
                    ),
                ),
                (
                    "key",
                    models.CharField(
                        db_index=True,
                        help_text="The fact's id, or for an event without one a key derived from its content.",
                        max_length=200,
                    ),
                ),
                (
                    "subject_group",
                    models.CharField(
                        default="",
                        help_text="The records evaluated together (a business, its premises and their facts).",
                        max_length=200,
                    ),
                ),
                (
                    "recorded_at",
                    models.DateTimeField(default=django.utils.timezone.now, editable=False),
                ),
                (
                    "recorded_by",
                    models.CharField(
                        help_text="Who recorded it: a user name, or the import or process.",
                        max_length=150,
                    ),
                ),
                ("recorded_why", models.TextField(blank=True)),
                ("import_source", models.CharField(blank=True, max_length=300)),
                ("updated_at", models.DateTimeField(blank=True, editable=False)),
                ("voided_at", models.DateTimeField(blank=True, null=True)),
                ("voided_by", models.CharField(blank=True, max_length=150)),
                ("voided_why", models.TextField(blank=True)),
                ("history_user_id", models.IntegerField(blank=True, null=True)),
                (
                    "notes",
                    models.TextField(
                        blank=True, help_text="Free text for people; never evaluated.", null=True
                    ),
                ),
                ("premises", models.CharField(max_length=200)),
                ("date", models.DateField()),
                ("greenwaste_separated", models.BooleanField()),
                ("history_id", models.AutoField(primary_key=True, serialize=False)),
                ("history_date", models.DateTimeField(db_index=True)),
                ("history_change_reason", models.CharField(max_length=100, null=True)),
                (
                    "history_type",
                    models.CharField(
                        choices=[("+", "Created"), ("~", "Changed"), ("-", "Deleted")], max_length=1
                    ),
                ),
            ],
            options={
                "verbose_name": "historical greenwaste check",
                "verbose_name_plural": "historical greenwaste checks",
                "db_table": "records_greenwaste_check_history",
                "ordering": ("-history_date", "-history_id"),
                "get_latest_by": ("history_date", "history_id"),
            },
            bases=(simple_history.models.HistoricalChanges, models.Model),
        ),
        migrations.CreateModel(
            name="HistoricalHaulerRecord",
            fields=[
                (
                    "id",
                    models.BigIntegerField(
                        auto_created=True, blank=True, db_index=True, verbose_name="ID"
                    ),
                ),
                (
                    "key",
                    models.CharField(
                        db_index=True,
                        help_text="The fact's id, or for an event without one a key derived from its content.",
                        max_length=200,
                    ),
                ),
                (
                    "subject_group",
                    models.CharField(
                        default="",
                        help_text="The records evaluated together (a business, its premises and their facts).",
                        max_length=200,
                    ),
                ),
                (
                    "recorded_at",
                    models.DateTimeField(default=django.utils.timezone.now, editable=False),
                ),
                (
                    "recorded_by",
                    models.CharField(
                        help_text="Who recorded it: a user name, or the import or process.",
                        max_length=150,
                    ),
                ),
                ("recorded_why", models.TextField(blank=True)),
                ("import_source", models.CharField(blank=True, max_length=300)),
                ("updated_at", models.DateTimeField(blank=True, editable=False)),
                ("voided_at", models.DateTimeField(blank=True, null=True)),
                ("voided_by", models.CharField(blank=True, max_length=150)),
                ("voided_why", models.TextField(blank=True)),
                ("history_user_id", models.IntegerField(blank=True, null=True)),
                (
                    "notes",
                    models.TextField(
                        blank=True, help_text="Free text for people; never evaluated.", null=True
                    ),
                ),
                ("name", models.TextField(blank=True, null=True)),
                (
                    "franchised",
                    models.BooleanField(help_text="The city's exclusive franchised hauler."),
                ),
                (
                    "franchise_start",
                    models.DateField(
                        blank=True,
                        help_text="First day of the franchise; absent, before 2022.",
                        null=True,
                    ),
                ),
                (
                    "franchise_end",
                    models.DateField(blank=True, help_text="Last day of the franchise.", null=True),
                ),
                ("history_id", models.AutoField(primary_key=True, serialize=False)),
                ("history_date", models.DateTimeField(db_index=True)),
                ("history_change_reason", models.CharField(max_length=100, null=True)),
                (
                    "history_type",
                    models.CharField(
                        choices=[("+", "Created"), ("~", "Changed"), ("-", "Deleted")], max_length=1
                    ),
                ),
            ],
            options={
                "verbose_name": "historical hauler",
                "verbose_name_plural": "historical haulers",
                "db_table": "records_hauler_history",
                "ordering": ("-history_date", "-history_id"),
                "get_latest_by": ("history_date", "history_id"),
            },
            bases=(simple_history.models.HistoricalChanges, models.Model),
        ),
        migrations.CreateModel(
            name="HistoricalHaulingServiceRecord",
            fields=[
                (
                    "id",
                    models.BigIntegerField(
                        auto_created=True, blank=True, db_index=True, verbose_name="ID"
                    ),
                ),
                (
                    "key",
                    models.CharField(
                        db_index=True,
                        help_text="The fact's id, or for an event without one a key derived from its content.",
                        max_length=200,
                    ),
                ),
                (
                    "subject_group",
                    models.CharField(
                        default="",
                        help_text="The records evaluated together (a business, its premises and their facts).",
                        max_length=200,
                    ),
                ),
                (
                    "recorded_at",
                    models.DateTimeField(default=django.utils.timezone.now, editable=False),
                ),
                (
                    "recorded_by",
                    models.CharField(
                        help_text="Who recorded it: a user name, or the import or process.",
                        max_length=150,
                    ),
                ),
                ("recorded_why", models.TextField(blank=True)),
                ("import_source", models.CharField(blank=True, max_length=300)),
                ("updated_at", models.DateTimeField(blank=True, editable=False)),
                ("voided_at", models.DateTimeField(blank=True, null=True)),
                ("voided_by", models.CharField(blank=True, max_length=150)),
                ("voided_why", models.TextField(blank=True)),
                ("history_user_id", models.IntegerField(blank=True, null=True)),
                (
                    "notes",
                    models.TextField(
                        blank=True, help_text="Free text for people; never evaluated.", null=True
                    ),
                ),
                ("premises", models.CharField(blank=True, max_length=200, null=True)),
                ("date", models.DateField()),
                ("provider", models.TextField(help_text="The hauler's name.")),
                (
                    "franchisee",
                    models.BooleanField(
                        help_text="The provider is the city's franchised contractor."
                    ),
                ),
                (
                    "kind",
                    models.CharField(
                        choices=[
                            ("scheduled_container", "scheduled container"),
                            ("one_time_container", "one time container"),
                            ("own_truck_jobsite_debris", "own truck jobsite debris"),
                            ("hauling_service", "hauling service"),
                        ],
                        help_text="scheduled_container, one_time_container (a bin or roll-off), own_truck_jobsite_debris (a contractor or person hauling its jobsite debris in its own trucks), or hauling_service (any other hired haul).",
                        max_length=64,
                    ),
                ),
                ("history_id", models.AutoField(primary_key=True, serialize=False)),
                ("history_date", models.DateTimeField(db_index=True)),
                ("history_change_reason", models.CharField(max_length=100, null=True)),
                (
                    "history_type",
                    models.CharField(
                        choices=[("+", "Created"), ("~", "Changed"), ("-", "Deleted")], max_length=1
                    ),
                ),
            ],
            options={
                "verbose_name": "historical hauling service",
                "verbose_name_plural": "historical hauling services",
                "db_table": "records_hauling_service_history",
                "ordering": ("-history_date", "-history_id"),
                "get_latest_by": ("history_date", "history_id"),
            },
            bases=(simple_history.models.HistoricalChanges, models.Model),
        ),
        migrations.CreateModel(
            name="HistoricalHazardCollectionArrangedRecord",
            fields=[
                (
                    "id",
                    models.BigIntegerField(
                        auto_created=True, blank=True, db_index=True, verbose_name="ID"
                    ),
                ),
                (
                    "key",
                    models.CharField(
                        db_index=True,
                        help_text="The fact's id, or for an event without one a key derived from its content.",
                        max_length=200,
                    ),
                ),
                (
                    "subject_group",
                    models.CharField(
                        default="",
                        help_text="The records evaluated together (a business, its premises and their facts).",
                        max_length=200,
                    ),
                ),
                (
                    "recorded_at",
                    models.DateTimeField(default=django.utils.timezone.now, editable=False),
                ),
                (
                    "recorded_by",
                    models.CharField(
                        help_text="Who recorded it: a user name, or the import or process.",
                        max_length=150,
                    ),
                ),
                ("recorded_why", models.TextField(blank=True)),
                ("import_source", models.CharField(blank=True, max_length=300)),
                ("updated_at", models.DateTimeField(blank=True, editable=False)),
                ("voided_at", models.DateTimeField(blank=True, null=True)),
                ("voided_by", models.CharField(blank=True, max_length=150)),
                ("voided_why", models.TextField(blank=True)),
                ("history_user_id", models.IntegerField(blank=True, null=True)),
                (
                    "notes",
                    models.TextField(
                        blank=True, help_text="Free text for people; never evaluated.", null=True
                    ),
                ),
                ("notice", models.CharField(max_length=200)),
                ("date", models.DateField()),
                (
                    "means",
                    models.CharField(
                        blank=True,
                        choices=[("contractor", "contractor"), ("self_haul", "self haul")],
                        max_length=64,
                        null=True,
                    ),
                ),
                ("history_id", models.AutoField(primary_key=True, serialize=False)),
                ("history_date", models.DateTimeField(db_index=True)),
                ("history_change_reason", models.CharField(max_length=100, null=True)),
                (
                    "history_type",
                    models.CharField(
                        choices=[("+", "Created"), ("~", "Changed"), ("-", "Deleted")], max_length=1
                    ),
                ),
            ],
            options={
                "verbose_name": "historical hazard collection arranged",
                "verbose_name_plural": "historical hazard collection arrangeds",
                "db_table": "records_hazard_collection_arranged_history",
                "ordering": ("-history_date", "-history_id"),
                "get_latest_by": ("history_date", "history_id"),
            },
            bases=(simple_history.models.HistoricalChanges, models.Model),
        ),
        migrations.CreateModel(
            name="HistoricalHearingOrderRecord",
            fields=[
                (
                    "id",
                    models.BigIntegerField(
                        auto_created=True, blank=True, db_index=True, verbose_name="ID"
                    ),
                ),
                (
                    "key",
                    models.CharField(
                        db_index=True,
                        help_text="The fact's id, or for an event without one a key derived from its content.",
                        max_length=200,
                    ),
                ),
                (
                    "subject_group",
                    models.CharField(
                        default="",
                        help_text="The records evaluated together (a business, its premises and their facts).",
                        max_length=200,
                    ),
                ),
                (
                    "recorded_at",
                    models.DateTimeField(default=django.utils.timezone.now, editable=False),
                ),
                (
                    "recorded_by",
                    models.CharField(
                        help_text="Who recorded it: a user name, or the import or process.",
                        max_length=150,
                    ),
                ),
                ("recorded_why", models.TextField(blank=True)),
                ("import_source", models.CharField(blank=True, max_length=300)),
                ("updated_at", models.DateTimeField(blank=True, editable=False)),
                ("voided_at", models.DateTimeField(blank=True, null=True)),
                ("voided_by", models.CharField(blank=True, max_length=150)),
                ("voided_why", models.TextField(blank=True)),
                ("history_user_id", models.IntegerField(blank=True, null=True)),
                (
                    "notes",
                    models.TextField(
                        blank=True, help_text="Free text for people; never evaluated.", null=True
                    ),
                ),
                ("citation", models.CharField(help_text="The citation decided.", max_length=200)),
                ("date", models.DateField(help_text="The day of the final written order.")),
                (
                    "decision",
                    models.CharField(
                        choices=[
                            ("upheld", "upheld"),
                            ("modified", "modified"),
                            ("dismissed", "dismissed"),
                        ],
                        help_text="upheld (the citation stands), modified (a new amount), or dismissed.",
                        max_length=64,
                    ),
                ),
                (
                    "amount",
                    models.DecimalField(
                        blank=True,
                        decimal_places=2,
                        help_text="The penalty as modified, in dollars (required when decision is modified).",
                        max_digits=14,
                        null=True,
                    ),
                ),
                ("history_id", models.AutoField(primary_key=True, serialize=False)),
                ("history_date", models.DateTimeField(db_index=True)),
                ("history_change_reason", models.CharField(max_length=100, null=True)),
                (
                    "history_type",
                    models.CharField(
                        choices=[("+", "Created"), ("~", "Changed"), ("-", "Deleted")], max_length=1
                    ),
                ),
            ],
            options={
                "verbose_name": "historical hearing order",
                "verbose_name_plural": "historical hearing orders",
                "db_table": "records_hearing_order_history",
                "ordering": ("-history_date", "-history_id"),
                "get_latest_by": ("history_date", "history_id"),
            },
            bases=(simple_history.models.HistoricalChanges, models.Model),
        ),
        migrations.CreateModel(
            name="HistoricalInHouseCleaningRecord",
            fields=[
                (
                    "id",
                    models.BigIntegerField(
                        auto_created=True, blank=True, db_index=True, verbose_name="ID"
                    ),
                ),
                (
                    "key",
                    models.CharField(
                        db_index=True,
                        help_text="The fact's id, or for an event without one a key derived from its content.",
                        max_length=200,
                    ),
                ),
                (
                    "subject_group",
                    models.CharField(
                        default="",
                        help_text="The records evaluated together (a business, its premises and their facts).",
                        max_length=200,
                    ),
                ),
                (
                    "recorded_at",
                    models.DateTimeField(default=django.utils.timezone.now, editable=False),
                ),
                (
                    "recorded_by",
                    models.CharField(
                        help_text="Who recorded it: a user name, or the import or process.",
                        max_length=150,
                    ),
                ),
                ("recorded_why", models.TextField(blank=True)),
                ("import_source", models.CharField(blank=True, max_length=300)),
                ("updated_at", models.DateTimeField(blank=True, editable=False)),
                ("voided_at", models.DateTimeField(blank=True, null=True)),
                ("voided_by", models.CharField(blank=True, max_length=150)),
                ("voided_why", models.TextField(blank=True)),
                ("history_user_id", models.IntegerField(blank=True, null=True)),
                (
                    "notes",
                    models.TextField(
                        blank=True, help_text="Free text for people; never evaluated.", null=True
                    ),
                ),
                ("device", models.CharField(max_length=200)),
                ("date", models.DateField()),
                (
                    "time",
                    models.TextField(
                        blank=True, help_text="Time of day of the cleaning, HH:MM.", null=True
                    ),
                ),
                (
                    "employee_name",
                    models.TextField(
                        blank=True, help_text="Who performed the cleaning.", null=True
                    ),
                ),
                (
                    "volume_gallons",
                    models.FloatField(blank=True, help_text="Volume removed.", null=True),
                ),
                ("history_id", models.AutoField(primary_key=True, serialize=False)),
                ("history_date", models.DateTimeField(db_index=True)),
                ("history_change_reason", models.CharField(max_length=100, null=True)),
                (
                    "history_type",
                    models.CharField(
                        choices=[("+", "Created"), ("~", "Changed"), ("-", "Deleted")], max_length=1
                    ),
                ),
            ],
            options={
                "verbose_name": "historical in house cleaning",
                "verbose_name_plural": "historical in house cleanings",
                "db_table": "records_in_house_cleaning_history",
                "ordering": ("-history_date", "-history_id"),
                "get_latest_by": ("history_date", "history_id"),
            },
            bases=(simple_history.models.HistoricalChanges, models.Model),
        ),
        migrations.CreateModel(
            name="HistoricalInspectionRecord",
            fields=[
                (
                    "id",
                    models.BigIntegerField(
                        auto_created=True, blank=True, db_index=True, verbose_name="ID"
                    ),
                ),
                (
                    "key",
                    models.CharField(
                        db_index=True,
                        help_text="The fact's id, or for an event without one a key derived from its content.",
                        max_length=200,
                    ),
                ),
                (
                    "subject_group",
                    models.CharField(
                        default="",
                        help_text="The records evaluated together (a business, its premises and their facts).",
                        max_length=200,
                    ),
                ),
                (
                    "recorded_at",
                    models.DateTimeField(default=django.utils.timezone.now, editable=False),
                ),
                (
                    "recorded_by",
                    models.CharField(
                        help_text="Who recorded it: a user name, or the import or process.",
                        max_length=150,
                    ),
                ),
                ("recorded_why", models.TextField(blank=True)),
                ("import_source", models.CharField(blank=True, max_length=300)),
                ("updated_at", models.DateTimeField(blank=True, editable=False)),
                ("voided_at", models.DateTimeField(blank=True, null=True)),
                ("voided_by", models.CharField(blank=True, max_length=150)),
                ("voided_why", models.TextField(blank=True)),
                ("history_user_id", models.IntegerField(blank=True, null=True)),
                (
                    "notes",
                    models.TextField(
                        blank=True, help_text="Free text for people; never evaluated.", null=True
                    ),
                ),
                ("subject", models.CharField(max_length=200)),
                ("date", models.DateField()),
                ("fog_solids_percent_volume", models.FloatField(blank=True, null=True)),
                ("fog_solids_percent_depth", models.FloatField(blank=True, null=True)),
                ("access_refused", models.BooleanField(blank=True, null=True)),
                ("records_refused", models.BooleanField(blank=True, null=True)),
                ("remote_monitoring_refused", models.BooleanField(blank=True, null=True)),
                ("contamination", models.BooleanField(blank=True, null=True)),
                ("violations", models.JSONField(blank=True, null=True)),
                (
                    "program",
                    models.CharField(
                        blank=True,
                        choices=[
                            ("fog", "fog"),
                            ("sewer", "sewer"),
                            ("solid_waste", "solid waste"),
                            ("organics", "organics"),
                        ],
                        help_text="The program the inspection was for; absent, every program's rules that fit the subject apply.",
                        max_length=64,
                        null=True,
                    ),
                ),
                (
                    "by_hauler",
                    models.BooleanField(
                        blank=True,
                        help_text="Made by the franchised hauler (route review, cart check).",
                        null=True,
                    ),
                ),
                (
                    "residential_interior",
                    models.BooleanField(
                        blank=True,
                        help_text="Sought entry to the interior of a private residence, which the organics program may not enter (Ch. 50 inspections (A)): a refusal there is no violation.",
                        null=True,
                    ),
                ),
                ("inspector", models.TextField(blank=True, null=True)),
                ("history_id", models.AutoField(primary_key=True, serialize=False)),
                ("history_date", models.DateTimeField(db_index=True)),
                ("history_change_reason", models.CharField(max_length=100, null=True)),
                (
                    "history_type",
                    models.CharField(
                        choices=[("+", "Created"), ("~", "Changed"), ("-", "Deleted")], max_length=1
                    ),
                ),
            ],
            options={
                "verbose_name": "historical inspection",
                "verbose_name_plural": "historical inspections",
                "db_table": "records_inspection_history",
                "ordering": ("-history_date", "-history_id"),
                "get_latest_by": ("history_date", "history_id"),
            },
            bases=(simple_history.models.HistoricalChanges, models.Model),
        ),
        migrations.CreateModel(
            name="HistoricalJointCheckRecord",
            fields=[
                (
                    "id",
                    models.BigIntegerField(
                        auto_created=True, blank=True, db_index=True, verbose_name="ID"
                    ),
                ),
                (
                    "key",
                    models.CharField(
                        db_index=True,
                        help_text="The fact's id, or for an event without one a key derived from its content.",
                        max_length=200,
                    ),
                ),
                (
                    "subject_group",
                    models.CharField(
                        default="",
                        help_text="The records evaluated together (a business, its premises and their facts).",
                        max_length=200,
                    ),
                ),
                (
                    "recorded_at",
                    models.DateTimeField(default=django.utils.timezone.now, editable=False),
                ),
                (
                    "recorded_by",
                    models.CharField(
                        help_text="Who recorded it: a user name, or the import or process.",
                        max_length=150,
                    ),
                ),
                ("recorded_why", models.TextField(blank=True)),
                ("import_source", models.CharField(blank=True, max_length=300)),
                ("updated_at", models.DateTimeField(blank=True, editable=False)),
                ("voided_at", models.DateTimeField(blank=True, null=True)),
                ("voided_by", models.CharField(blank=True, max_length=150)),
                ("voided_why", models.TextField(blank=True)),
                ("history_user_id", models.IntegerField(blank=True, null=True)),
                (
                    "notes",
                    models.TextField(
                        blank=True, help_text="Free text for people; never evaluated.", null=True
                    ),
                ),
                ("permit", models.CharField(max_length=200)),
                ("date", models.DateField()),
                (
                    "material",
                    models.CharField(
                        choices=[("vitrified_clay", "vitrified clay"), ("cast_iron", "cast iron")],
                        max_length=64,
                    ),
                ),
                (
                    "laid_upgrade",
                    models.BooleanField(
                        blank=True,
                        help_text="Clay: pipe laid upgrade on an unyielding foundation.",
                        null=True,
                    ),
                ),
                (
                    "sockets_upgrade",
                    models.BooleanField(
                        blank=True,
                        help_text="Clay: the socket ends of the pipe are upgrade.",
                        null=True,
                    ),
                ),
                (
                    "gasket_caulked",
                    models.BooleanField(
                        blank=True,
                        help_text="Clay: a narrow gasket of oakum, hemp or equivalent caulked into each joint.",
                        null=True,
                    ),
                ),
                (
                    "compound",
                    models.CharField(
                        blank=True,
                        choices=[
                            ("hot_poured", "hot poured"),
                            ("approved_equal", "approved equal"),
                            ("sewer_joint_compound", "sewer joint compound"),
                            ("portland_cement_mortar", "portland cement mortar"),
                            ("other", "other"),
                        ],
                        help_text="Clay: what fills the annular space of the joints (hot_poured: C.P.I. sulphur silica compound).",
                        max_length=64,
                        null=True,
                    ),
                ),
                (
                    "wet_trench",
                    models.BooleanField(
                        blank=True,
                        help_text="Clay: the trench made a watertight mortar joint impossible.",
                        null=True,
                    ),
                ),
                (
                    "watertight",
                    models.BooleanField(
                        blank=True,
                        help_text="Clay: the completed connection is watertight.",
                        null=True,
                    ),
                ),
                (
                    "lead_and_oakum",
                    models.BooleanField(
                        blank=True,
                        help_text="Cast iron: joints made with pig lead and oakum.",
                        null=True,
                    ),
                ),
                (
                    "caulked",
                    models.BooleanField(
                        blank=True, help_text="Cast iron: joints thoroughly caulked.", null=True
                    ),
                ),
                ("history_id", models.AutoField(primary_key=True, serialize=False)),
                ("history_date", models.DateTimeField(db_index=True)),
                ("history_change_reason", models.CharField(max_length=100, null=True)),
                (
                    "history_type",
                    models.CharField(
                        choices=[("+", "Created"), ("~", "Changed"), ("-", "Deleted")], max_length=1
                    ),
                ),
            ],
            options={
                "verbose_name": "historical joint check",
                "verbose_name_plural": "historical joint checks",
                "db_table": "records_joint_check_history",
                "ordering": ("-history_date", "-history_id"),
                "get_latest_by": ("history_date", "history_id"),
            },
            bases=(simple_history.models.HistoricalChanges, models.Model),
        ),
        migrations.CreateModel(
            name="HistoricalMoveInRecord",
            fields=[
                (
                    "id",
                    models.BigIntegerField(
                        auto_created=True, blank=True, db_index=True, verbose_name="ID"
                    ),
                ),
                (
                    "key",
                    models.CharField(
                        db_index=True,
                        help_text="The fact's id, or for an event without one a key derived from its content.",
                        max_length=200,
                    ),
                ),
                (
                    "subject_group",
                    models.CharField(
                        default="",
                        help_text="The records evaluated together (a business, its premises and their facts).",
                        max_length=200,
                    ),
                ),
                (
                    "recorded_at",
                    models.DateTimeField(default=django.utils.timezone.now, editable=False),
                ),
                (
                    "recorded_by",
                    models.CharField(
                        help_text="Who recorded it: a user name, or the import or process.",
                        max_length=150,
                    ),
                ),
                ("recorded_why", models.TextField(blank=True)),
                ("import_source", models.CharField(blank=True, max_length=300)),
                ("updated_at", models.DateTimeField(blank=True, editable=False)),
                ("voided_at", models.DateTimeField(blank=True, null=True)),
                ("voided_by", models.CharField(blank=True, max_length=150)),
                ("voided_why", models.TextField(blank=True)),
                ("history_user_id", models.IntegerField(blank=True, null=True)),
                (
                    "notes",
                    models.TextField(
                        blank=True, help_text="Free text for people; never evaluated.", null=True
                    ),
                ),
                ("premises", models.CharField(max_length=200)),
                ("date", models.DateField(help_text="The day the tenant occupied the premises.")),
                ("tenant", models.TextField(blank=True, help_text="The tenant's name.", null=True)),
                (
                    "establishment",
                    models.CharField(
                        blank=True,
                        help_text="The tenant business, if any.",
                        max_length=200,
                        null=True,
                    ),
                ),
                ("history_id", models.AutoField(primary_key=True, serialize=False)),
                ("history_date", models.DateTimeField(db_index=True)),
                ("history_change_reason", models.CharField(max_length=100, null=True)),
                (
                    "history_type",
                    models.CharField(
                        choices=[("+", "Created"), ("~", "Changed"), ("-", "Deleted")], max_length=1
                    ),
                ),
            ],
            options={
                "verbose_name": "historical move in",
                "verbose_name_plural": "historical move ins",
                "db_table": "records_move_in_history",
                "ordering": ("-history_date", "-history_id"),
                "get_latest_by": ("history_date", "history_id"),
            },
            bases=(simple_history.models.HistoricalChanges, models.Model),
        ),
        migrations.CreateModel(
            name="HistoricalNoncomplianceChargeRecord",
            fields=[
                (
                    "id",
                    models.BigIntegerField(
                        auto_created=True, blank=True, db_index=True, verbose_name="ID"
                    ),
                ),
                (
                    "key",
                    models.CharField(
                        db_index=True,
                        help_text="The fact's id, or for an event without one a key derived from its content.",
                        max_length=200,
                    ),
                ),
                (
                    "subject_group",
                    models.CharField(
                        default="",
                        help_text="The records evaluated together (a business, its premises and their facts).",
                        max_length=200,
                    ),
                ),
                (
                    "recorded_at",
                    models.DateTimeField(default=django.utils.timezone.now, editable=False),
                ),
                (
                    "recorded_by",
                    models.CharField(
                        help_text="Who recorded it: a user name, or the import or process.",
                        max_length=150,
                    ),
                ),
                ("recorded_why", models.TextField(blank=True)),
                ("import_source", models.CharField(blank=True, max_length=300)),
                ("updated_at", models.DateTimeField(blank=True, editable=False)),
                ("voided_at", models.DateTimeField(blank=True, null=True)),
                ("voided_by", models.CharField(blank=True, max_length=150)),
                ("voided_why", models.TextField(blank=True)),
                ("history_user_id", models.IntegerField(blank=True, null=True)),
                (
                    "notes",
                    models.TextField(
                        blank=True, help_text="Free text for people; never evaluated.", null=True
                    ),
                ),
                ("establishment", models.CharField(max_length=200)),
                (
                    "notice",
                    models.CharField(
                        blank=True,
                        help_text="The notice of noncompliance it follows.",
                        max_length=200,
                        null=True,
                    ),
                ),
                ("assessed_on", models.DateField()),
                (
                    "costs",
                    models.JSONField(
                        help_text="The itemized costs, at least one, each {category, amount_cents, description?}; category is inspection_follow_up, sampling, monitoring, laboratory_analysis, treatment, disposal, administrative_processing or agency_fine."
                    ),
                ),
                (
                    "billed_cents",
                    models.BigIntegerField(
                        blank=True,
                        help_text="The total billed, if stated: it must equal the costs.",
                        null=True,
                    ),
                ),
                (
                    "due_on",
                    models.DateField(
                        blank=True, help_text="When payment is due, if set.", null=True
                    ),
                ),
                ("paid_on", models.DateField(blank=True, help_text="When it was paid.", null=True)),
                ("history_id", models.AutoField(primary_key=True, serialize=False)),
                ("history_date", models.DateTimeField(db_index=True)),
                ("history_change_reason", models.CharField(max_length=100, null=True)),
                (
                    "history_type",
                    models.CharField(
                        choices=[("+", "Created"), ("~", "Changed"), ("-", "Deleted")], max_length=1
                    ),
                ),
            ],
            options={
                "verbose_name": "historical noncompliance charge",
                "verbose_name_plural": "historical noncompliance charges",
                "db_table": "records_noncompliance_charge_history",
                "ordering": ("-history_date", "-history_id"),
                "get_latest_by": ("history_date", "history_id"),
            },
            bases=(simple_history.models.HistoricalChanges, models.Model),
        ),
        migrations.CreateModel(
            name="HistoricalNoticeRecord",
            fields=[
                (
                    "id",
                    models.BigIntegerField(
                        auto_created=True, blank=True, db_index=True, verbose_name="ID"
                    ),
                ),
                (
                    "key",
                    models.CharField(
                        db_index=True,
                        help_text="The fact's id, or for an event without one a key derived from its content.",
                        max_length=200,
                    ),
                ),
                (
                    "subject_group",
                    models.CharField(
                        default="",
                        help_text="The records evaluated together (a business, its premises and their facts).",
                        max_length=200,
                    ),
                ),
                (
                    "recorded_at",
                    models.DateTimeField(default=django.utils.timezone.now, editable=False),
                ),
                (
                    "recorded_by",
                    models.CharField(
                        help_text="Who recorded it: a user name, or the import or process.",
                        max_length=150,
                    ),
                ),
                ("recorded_why", models.TextField(blank=True)),
                ("import_source", models.CharField(blank=True, max_length=300)),
                ("updated_at", models.DateTimeField(blank=True, editable=False)),
                ("voided_at", models.DateTimeField(blank=True, null=True)),
                ("voided_by", models.CharField(blank=True, max_length=150)),
                ("voided_why", models.TextField(blank=True)),
                ("history_user_id", models.IntegerField(blank=True, null=True)),
                (
                    "notes",
                    models.TextField(
                        blank=True, help_text="Free text for people; never evaluated.", null=True
                    ),
                ),
                ("subject", models.CharField(max_length=200)),
                ("requirement", models.CharField(max_length=64)),
                ("issued_on", models.DateField()),
                (
                    "kind",
                    models.CharField(
                        blank=True,
                        choices=[
                            ("nov", "nov"),
                            ("cart_tag", "cart tag"),
                            ("noncompliance", "noncompliance"),
                            ("education", "education"),
                        ],
                        default="nov",
                        max_length=64,
                        null=True,
                    ),
                ),
                ("due_on", models.DateField(blank=True, null=True)),
                ("history_id", models.AutoField(primary_key=True, serialize=False)),
                ("history_date", models.DateTimeField(db_index=True)),
                ("history_change_reason", models.CharField(max_length=100, null=True)),
                (
                    "history_type",
                    models.CharField(
                        choices=[("+", "Created"), ("~", "Changed"), ("-", "Deleted")], max_length=1
                    ),
                ),
            ],
            options={
                "verbose_name": "historical notice",
                "verbose_name_plural": "historical notices",
                "db_table": "records_notice_history",
                "ordering": ("-history_date", "-history_id"),
                "get_latest_by": ("history_date", "history_id"),
            },
            bases=(simple_history.models.HistoricalChanges, models.Model),
        ),
        migrations.CreateModel(
            name="HistoricalOperationsChangeRecord",
            fields=[
                (
                    "id",
                    models.BigIntegerField(
                        auto_created=True, blank=True, db_index=True, verbose_name="ID"
                    ),
                ),
                (
                    "key",
                    models.CharField(
                        db_index=True,
                        help_text="The fact's id, or for an event without one a key derived from its content.",
                        max_length=200,
                    ),
                ),
                (
                    "subject_group",
                    models.CharField(
                        default="",
                        help_text="The records evaluated together (a business, its premises and their facts).",
                        max_length=200,
                    ),
                ),
                (
                    "recorded_at",
                    models.DateTimeField(default=django.utils.timezone.now, editable=False),
                ),
                (
                    "recorded_by",
                    models.CharField(
                        help_text="Who recorded it: a user name, or the import or process.",
                        max_length=150,
                    ),
                ),
                ("recorded_why", models.TextField(blank=True)),
                ("import_source", models.CharField(blank=True, max_length=300)),
                ("updated_at", models.DateTimeField(blank=True, editable=False)),
                ("voided_at", models.DateTimeField(blank=True, null=True)),
                ("voided_by", models.CharField(blank=True, max_length=150)),
                ("voided_why", models.TextField(blank=True)),
                ("history_user_id", models.IntegerField(blank=True, null=True)),
                (
                    "notes",
                    models.TextField(
                        blank=True, help_text="Free text for people; never evaluated.", null=True
                    ),
                ),
                ("establishment", models.CharField(max_length=200)),
                ("date", models.DateField()),
                (
                    "change",
                    models.CharField(
                        choices=[
                            ("food_types", "food types"),
                            ("food_preparation", "food preparation"),
                            ("operational_procedures", "operational procedures"),
                            ("increased_discharge", "increased discharge"),
                        ],
                        max_length=64,
                    ),
                ),
                ("history_id", models.AutoField(primary_key=True, serialize=False)),
                ("history_date", models.DateTimeField(db_index=True)),
                ("history_change_reason", models.CharField(max_length=100, null=True)),
                (
                    "history_type",
                    models.CharField(
                        choices=[("+", "Created"), ("~", "Changed"), ("-", "Deleted")], max_length=1
                    ),
                ),
            ],
            options={
                "verbose_name": "historical operations change",
                "verbose_name_plural": "historical operations changes",
                "db_table": "records_operations_change_history",
                "ordering": ("-history_date", "-history_id"),
                "get_latest_by": ("history_date", "history_id"),
            },
            bases=(simple_history.models.HistoricalChanges, models.Model),
        ),
        migrations.CreateModel(
            name="HistoricalOrganicsChecklistRecord",
            fields=[
                (
                    "id",
                    models.BigIntegerField(
                        auto_created=True, blank=True, db_index=True, verbose_name="ID"
                    ),
                ),
                (
                    "key",
                    models.CharField(
                        db_index=True,
                        help_text="The fact's id, or for an event without one a key derived from its content.",
                        max_length=200,
                    ),
                ),
                (
                    "subject_group",
                    models.CharField(
                        default="",
                        help_text="The records evaluated together (a business, its premises and their facts).",
                        max_length=200,
                    ),
                ),
                (
                    "recorded_at",
                    models.DateTimeField(default=django.utils.timezone.now, editable=False),
                ),
                (
                    "recorded_by",
                    models.CharField(
                        help_text="Who recorded it: a user name, or the import or process.",
                        max_length=150,
                    ),
                ),
                ("recorded_why", models.TextField(blank=True)),
                ("import_source", models.CharField(blank=True, max_length=300)),
                ("updated_at", models.DateTimeField(blank=True, editable=False)),
                ("voided_at", models.DateTimeField(blank=True, null=True)),
                ("voided_by", models.CharField(blank=True, max_length=150)),
                ("voided_why", models.TextField(blank=True)),
                ("history_user_id", models.IntegerField(blank=True, null=True)),
                (
                    "notes",
                    models.TextField(
                        blank=True, help_text="Free text for people; never evaluated.", null=True
                    ),
                ),
                ("subject", models.CharField(max_length=200)),
                ("date", models.DateField()),
                (
                    "containers_adequate",
                    models.BooleanField(
                        blank=True,
                        help_text="Adequate number, size, type and location of containers for employees, contractors, tenants and customers ((A)(3)).",
                        null=True,
                    ),
                ),
                (
                    "customer_organics_containers",
                    models.BooleanField(
                        blank=True,
                        help_text="Organics containers beside every customer disposal container, restrooms excepted ((A)(4)).",
                        null=True,
                    ),
                ),
                (
                    "generates_organics",
                    models.BooleanField(
                        blank=True,
                        help_text="False: the business generates no green container organic waste, so needs no customer organics container.",
                        null=True,
                    ),
                ),
                (
                    "containers_colored_or_labeled",
                    models.BooleanField(
                        blank=True,
                        help_text="Customer containers have conforming colors or labels ((A)(4)).",
                        null=True,
                    ),
                ),
                (
                    "employee_sorting_measures",
                    models.BooleanField(
                        blank=True,
                        help_text="Education, training or inspection keeps employees from mis-sorting ((A)(5)).",
                        null=True,
                    ),
                ),
                ("history_id", models.AutoField(primary_key=True, serialize=False)),
                ("history_date", models.DateTimeField(db_index=True)),
                ("history_change_reason", models.CharField(max_length=100, null=True)),
                (
                    "history_type",
                    models.CharField(
                        choices=[("+", "Created"), ("~", "Changed"), ("-", "Deleted")], max_length=1
                    ),
                ),
            ],
            options={
                "verbose_name": "historical organics checklist",
                "verbose_name_plural": "historical organics checklists",
                "db_table": "records_organics_checklist_history",
                "ordering": ("-history_date", "-history_id"),
                "get_latest_by": ("history_date", "history_id"),
            },
            bases=(simple_history.models.HistoricalChanges, models.Model),
        ),
        migrations.CreateModel(
            name="HistoricalOrganicsEducationRecord",
            fields=[
                (
                    "id",
                    models.BigIntegerField(
                        auto_created=True, blank=True, db_index=True, verbose_name="ID"
                    ),
                ),
                (
                    "key",
                    models.CharField(
                        db_index=True,
                        help_text="The fact's id, or for an event without one a key derived from its content.",
                        max_length=200,
                    ),
                ),
                (
                    "subject_group",
                    models.CharField(
                        default="",
                        help_text="The records evaluated together (a business, its premises and their facts).",
                        max_length=200,
                    ),
                ),
                (
                    "recorded_at",
                    models.DateTimeField(default=django.utils.timezone.now, editable=False),
                ),
                (
                    "recorded_by",
                    models.CharField(
                        help_text="Who recorded it: a user name, or the import or process.",
                        max_length=150,
                    ),
                ),
                ("recorded_why", models.TextField(blank=True)),
                ("import_source", models.CharField(blank=True, max_length=300)),
                ("updated_at", models.DateTimeField(blank=True, editable=False)),
                ("voided_at", models.DateTimeField(blank=True, null=True)),
                ("voided_by", models.CharField(blank=True, max_length=150)),
                ("voided_why", models.TextField(blank=True)),
                ("history_user_id", models.IntegerField(blank=True, null=True)),
                (
                    "notes",
                    models.TextField(
                        blank=True, help_text="Free text for people; never evaluated.", null=True
                    ),
                ),
                ("subject", models.CharField(max_length=200)),
                ("date", models.DateField()),
                (
                    "audiences",
                    models.JSONField(
                        blank=True,
                        help_text="employees, contractors, tenants, customers.",
                        null=True,
                    ),
                ),
                (
                    "move_in",
                    models.CharField(
                        blank=True,
                        help_text="The new tenancy this education is for.",
                        max_length=200,
                        null=True,
                    ),
                ),
                ("history_id", models.AutoField(primary_key=True, serialize=False)),
                ("history_date", models.DateTimeField(db_index=True)),
                ("history_change_reason", models.CharField(max_length=100, null=True)),
                (
                    "history_type",
                    models.CharField(
                        choices=[("+", "Created"), ("~", "Changed"), ("-", "Deleted")], max_length=1
                    ),
                ),
            ],
            options={
                "verbose_name": "historical organics education",
                "verbose_name_plural": "historical organics educations",
                "db_table": "records_organics_education_history",
                "ordering": ("-history_date", "-history_id"),
                "get_latest_by": ("history_date", "history_id"),
            },
            bases=(simple_history.models.HistoricalChanges, models.Model),
        ),
        migrations.CreateModel(
            name="HistoricalOwnershipTransferRecord",
            fields=[
                (
                    "id",
                    models.BigIntegerField(
                        auto_created=True, blank=True, db_index=True, verbose_name="ID"
                    ),
                ),
                (
                    "key",
                    models.CharField(
                        db_index=True,
                        help_text="The fact's id, or for an event without one a key derived from its content.",
                        max_length=200,
                    ),
                ),
                (
                    "subject_group",
                    models.CharField(
                        default="",
                        help_text="The records evaluated together (a business, its premises and their facts).",
                        max_length=200,
                    ),
                ),
                (
                    "recorded_at",
                    models.DateTimeField(default=django.utils.timezone.now, editable=False),
                ),
                (
                    "recorded_by",
                    models.CharField(
                        help_text="Who recorded it: a user name, or the import or process.",
                        max_length=150,
                    ),
                ),
                ("recorded_why", models.TextField(blank=True)),
                ("import_source", models.CharField(blank=True, max_length=300)),
                ("updated_at", models.DateTimeField(blank=True, editable=False)),
                ("voided_at", models.DateTimeField(blank=True, null=True)),
                ("voided_by", models.CharField(blank=True, max_length=150)),
                ("voided_why", models.TextField(blank=True)),
                ("history_user_id", models.IntegerField(blank=True, null=True)),
                (
                    "notes",
                    models.TextField(
                        blank=True, help_text="Free text for people; never evaluated.", null=True
                    ),
                ),
                ("establishment", models.CharField(max_length=200)),
                ("date", models.DateField()),
                ("history_id", models.AutoField(primary_key=True, serialize=False)),
                ("history_date", models.DateTimeField(db_index=True)),
                ("history_change_reason", models.CharField(max_length=100, null=True)),
                (
                    "history_type",
                    models.CharField(
                        choices=[("+", "Created"), ("~", "Changed"), ("-", "Deleted")], max_length=1
                    ),
                ),
            ],
            options={
                "verbose_name": "historical ownership transfer",
                "verbose_name_plural": "historical ownership transfers",
                "db_table": "records_ownership_transfer_history",
                "ordering": ("-history_date", "-history_id"),
                "get_latest_by": ("history_date", "history_id"),
            },
            bases=(simple_history.models.HistoricalChanges, models.Model),
        ),
        migrations.CreateModel(
            name="HistoricalPileObservationRecord",
            fields=[
                (
                    "id",
                    models.BigIntegerField(
                        auto_created=True, blank=True, db_index=True, verbose_name="ID"
                    ),
                ),
                (
                    "key",
                    models.CharField(
                        db_index=True,
                        help_text="The fact's id, or for an event without one a key derived from its content.",
                        max_length=200,
                    ),
                ),
                (
                    "subject_group",
                    models.CharField(
                        default="",
                        help_text="The records evaluated together (a business, its premises and their facts).",
                        max_length=200,
                    ),
                ),
                (
                    "recorded_at",
                    models.DateTimeField(default=django.utils.timezone.now, editable=False),
                ),
                (
                    "recorded_by",
                    models.CharField(
                        help_text="Who recorded it: a user name, or the import or process.",
                        max_length=150,
                    ),
                ),
                ("recorded_why", models.TextField(blank=True)),
                ("import_source", models.CharField(blank=True, max_length=300)),
                ("updated_at", models.DateTimeField(blank=True, editable=False)),
                ("voided_at", models.DateTimeField(blank=True, null=True)),
                ("voided_by", models.CharField(blank=True, max_length=150)),
                ("voided_why", models.TextField(blank=True)),
                ("history_user_id", models.IntegerField(blank=True, null=True)),
                (
                    "notes",
                    models.TextField(
                        blank=True, help_text="Free text for people; never evaluated.", null=True
                    ),
                ),
                ("premises", models.CharField(max_length=200)),
                ("date", models.DateField()),
                (
                    "location",
                    models.CharField(
                        choices=[
                            ("rear_yard", "rear yard"),
                            ("side_yard", "side yard"),
                            ("front_yard", "front yard"),
                            ("street", "street"),
                            ("alley", "alley"),
                            ("parkway", "parkway"),
                            ("public_place", "public place"),
                            ("vacant_lot", "vacant lot"),
                        ],
                        help_text="Where the stacks or piles stand.",
                        max_length=64,
                    ),
                ),
                (
                    "total_cubic_yards",
                    models.FloatField(
                        help_text="Volume of all the stacks and piles at the premises together."
                    ),
                ),
                (
                    "separation_ft",
                    models.FloatField(
                        blank=True,
                        help_text="Smallest distance from a pile to another stack or pile, a building, a structure or other combustible material.",
                        null=True,
                    ),
                ),
                (
                    "shielded_from_wind",
                    models.BooleanField(
                        blank=True, help_text="Shielded from winds which may scatter it.", null=True
                    ),
                ),
                (
                    "shielded_from_view",
                    models.BooleanField(
                        blank=True,
                        help_text="Shielded from the view of neighboring properties and public rights of way.",
                        null=True,
                    ),
                ),
                ("history_id", models.AutoField(primary_key=True, serialize=False)),
                ("history_date", models.DateTimeField(db_index=True)),
                ("history_change_reason", models.CharField(max_length=100, null=True)),
                (
                    "history_type",
                    models.CharField(
                        choices=[("+", "Created"), ("~", "Changed"), ("-", "Deleted")], max_length=1
                    ),
                ),
            ],
            options={
                "verbose_name": "historical pile observation",
                "verbose_name_plural": "historical pile observations",
                "db_table": "records_pile_observation_history",
                "ordering": ("-history_date", "-history_id"),
                "get_latest_by": ("history_date", "history_id"),
            },
            bases=(simple_history.models.HistoricalChanges, models.Model),
        ),
        migrations.CreateModel(
            name="HistoricalPremisesRecord",
            fields=[
                (
                    "id",
                    models.BigIntegerField(
                        auto_created=True, blank=True, db_index=True, verbose_name="ID"
                    ),
                ),
                (
                    "key",
                    models.CharField(
                        db_index=True,
                        help_text="The fact's id, or for an event without one a key derived from its content.",
                        max_length=200,
                    ),
                ),
                (
                    "subject_group",
                    models.CharField(
                        default="",
                        help_text="The records evaluated together (a business, its premises and their facts).",
                        max_length=200,
                    ),
                ),
                (
                    "recorded_at",
                    models.DateTimeField(default=django.utils.timezone.now, editable=False),
                ),
                (
                    "recorded_by",
                    models.CharField(
                        help_text="Who recorded it: a user name, or the import or process.",
                        max_length=150,
                    ),
                ),
                ("recorded_why", models.TextField(blank=True)),
                ("import_source", models.CharField(blank=True, max_length=300)),
                ("updated_at", models.DateTimeField(blank=True, editable=False)),
                ("voided_at", models.DateTimeField(blank=True, null=True)),
                ("voided_by", models.CharField(blank=True, max_length=150)),
                ("voided_why", models.TextField(blank=True)),
                ("history_user_id", models.IntegerField(blank=True, null=True)),
                (
                    "notes",
                    models.TextField(
                        blank=True, help_text="Free text for people; never evaluated.", null=True
                    ),
                ),
                ("address", models.TextField(blank=True, null=True)),
                (
                    "zone",
                    models.TextField(
                        blank=True, help_text="Zoning district, e.g. C-3 or R-1.", null=True
                    ),
                ),
                ("dwelling_units", models.BigIntegerField(blank=True, null=True)),
                (
                    "use",
                    models.CharField(
                        blank=True,
                        choices=[
                            ("residential", "residential"),
                            ("commercial", "commercial"),
                            ("industrial", "industrial"),
                            ("mixed_use", "mixed use"),
                            ("hotel", "hotel"),
                        ],
                        max_length=64,
                        null=True,
                    ),
                ),
                (
                    "planned_development",
                    models.BooleanField(
                        blank=True,
                        help_text="Part of a planned development (Cal. Civil Code § 1351).",
                        null=True,
                    ),
                ),
                (
                    "shared_bins",
                    models.BooleanField(
                        blank=True,
                        help_text="The City Manager has determined the units must share bins.",
                        null=True,
                    ),
                ),
                (
                    "non_local_entity",
                    models.CharField(
                        blank=True,
                        choices=[
                            ("special_district", "special district"),
                            ("federal", "federal"),
                            ("prison", "prison"),
                            ("state_park", "state park"),
                            ("public_university", "public university"),
                            ("county_fairground", "county fairground"),
                            ("state_agency", "state agency"),
                        ],
                        max_length=64,
                        null=True,
                    ),
                ),
                (
                    "alley",
                    models.BooleanField(
                        blank=True,
                        help_text="The lot is contiguous to a public alley (set-out location).",
                        null=True,
                    ),
                ),
                ("owner_name", models.TextField(blank=True, null=True)),
                (
                    "owner_tax_address",
                    models.TextField(
                        blank=True,
                        help_text="The owner's address on the tax collector's roll.",
                        null=True,
                    ),
                ),
                (
                    "service_payer_name",
                    models.TextField(
                        blank=True,
                        help_text="The party responsible for paying for collection service.",
                        null=True,
                    ),
                ),
                ("service_payer_address", models.TextField(blank=True, null=True)),
                (
                    "located_in_city",
                    models.BooleanField(
                        blank=True,
                        help_text="Lies within the city's corporate limits (absent: it does); a sewer connection from outside pays the § 6-8.114(A) charge (PRM-CHARGES).",
                        null=True,
                    ),
                ),
                ("history_id", models.AutoField(primary_key=True, serialize=False)),
                ("history_date", models.DateTimeField(db_index=True)),
                ("history_change_reason", models.CharField(max_length=100, null=True)),
                (
                    "history_type",
                    models.CharField(
                        choices=[("+", "Created"), ("~", "Changed"), ("-", "Deleted")], max_length=1
                    ),
                ),
            ],
            options={
                "verbose_name": "historical premises",
                "verbose_name_plural": "historical premisess",
                "db_table": "records_premises_history",
                "ordering": ("-history_date", "-history_id"),
                "get_latest_by": ("history_date", "history_id"),
            },
            bases=(simple_history.models.HistoricalChanges, models.Model),
        ),
        migrations.CreateModel(
            name="HistoricalPressureTestRecord",
            fields=[
                (
                    "id",
                    models.BigIntegerField(
                        auto_created=True, blank=True, db_index=True, verbose_name="ID"
                    ),
                ),
                (
                    "key",
                    models.CharField(
                        db_index=True,
                        help_text="The fact's id, or for an event without one a key derived from its content.",
                        max_length=200,
                    ),
                ),
                (
                    "subject_group",
                    models.CharField(
                        default="",
                        help_text="The records evaluated together (a business, its premises and their facts).",
                        max_length=200,
                    ),
                ),
                (
                    "recorded_at",
                    models.DateTimeField(default=django.utils.timezone.now, editable=False),
                ),
                (
                    "recorded_by",
                    models.CharField(
                        help_text="Who recorded it: a user name, or the import or process.",
                        max_length=150,
                    ),
                ),
                ("recorded_why", models.TextField(blank=True)),
                ("import_source", models.CharField(blank=True, max_length=300)),
                ("updated_at", models.DateTimeField(blank=True, editable=False)),
                ("voided_at", models.DateTimeField(blank=True, null=True)),
                ("voided_by", models.CharField(blank=True, max_length=150)),
                ("voided_why", models.TextField(blank=True)),
                ("history_user_id", models.IntegerField(blank=True, null=True)),
                (
                    "notes",
                    models.TextField(
                        blank=True, help_text="Free text for people; never evaluated.", null=True
                    ),
                ),
                ("permit", models.CharField(max_length=200)),
                ("date", models.DateField()),
                (
                    "kind",
                    models.CharField(
                        choices=[("standing", "standing"), ("air", "air")], max_length=64
                    ),
                ),
                ("psi_at_lower_terminus", models.FloatField()),
                ("head_above_upper_terminus_in", models.FloatField(blank=True, null=True)),
                ("leaked", models.BooleanField()),
                ("cement_joints_made_at", models.DateTimeField(blank=True, null=True)),
                ("at", models.DateTimeField(blank=True, null=True)),
                ("history_id", models.AutoField(primary_key=True, serialize=False)),
                ("history_date", models.DateTimeField(db_index=True)),
                ("history_change_reason", models.CharField(max_length=100, null=True)),
                (
                    "history_type",
                    models.CharField(
                        choices=[("+", "Created"), ("~", "Changed"), ("-", "Deleted")], max_length=1
                    ),
                ),
            ],
            options={
                "verbose_name": "historical pressure test",
                "verbose_name_plural": "historical pressure tests",
                "db_table": "records_pressure_test_history",
                "ordering": ("-history_date", "-history_id"),
                "get_latest_by": ("history_date", "history_id"),
            },
            bases=(simple_history.models.HistoricalChanges, models.Model),
        ),
        migrations.CreateModel(
            name="HistoricalPumpOutRecord",
            fields=[
                (
                    "id",
                    models.BigIntegerField(
                        auto_created=True, blank=True, db_index=True, verbose_name="ID"
                    ),
                ),
                (
                    "key",
                    models.CharField(
                        db_index=True,
                        help_text="The fact's id, or for an event without one a key derived from its content.",
                        max_length=200,
                    ),
                ),
                (
                    "subject_group",
                    models.CharField(
                        default="",
                        help_text="The records evaluated together (a business, its premises and their facts).",
                        max_length=200,
                    ),
                ),
                (
                    "recorded_at",
                    models.DateTimeField(default=django.utils.timezone.now, editable=False),
                ),
                (
                    "recorded_by",
                    models.CharField(
                        help_text="Who recorded it: a user name, or the import or process.",
                        max_length=150,
                    ),
                ),
                ("recorded_why", models.TextField(blank=True)),
                ("import_source", models.CharField(blank=True, max_length=300)),
                ("updated_at", models.DateTimeField(blank=True, editable=False)),
                ("voided_at", models.DateTimeField(blank=True, null=True)),
                ("voided_by", models.CharField(blank=True, max_length=150)),
                ("voided_why", models.TextField(blank=True)),
                ("history_user_id", models.IntegerField(blank=True, null=True)),
                (
                    "notes",
                    models.TextField(
                        blank=True, help_text="Free text for people; never evaluated.", null=True
                    ),
                ),
                ("device", models.CharField(max_length=200)),
                ("date", models.DateField()),
                ("full", models.BooleanField()),
                ("hauler_name", models.TextField(blank=True, null=True)),
                ("hauler_address", models.TextField(blank=True, null=True)),
                ("operator_name", models.TextField(blank=True, null=True)),
                ("operator_signed", models.BooleanField(blank=True, null=True)),
                ("manifest_number", models.TextField(blank=True, null=True)),
                ("water_gallons", models.FloatField(blank=True, null=True)),
                ("fog_gallons", models.FloatField(blank=True, null=True)),
                ("floating_fog_inches", models.FloatField(blank=True, null=True)),
                ("settled_solids_inches", models.FloatField(blank=True, null=True)),
                ("repairs", models.TextField(blank=True, null=True)),
                ("disposal_facility", models.TextField(blank=True, null=True)),
                ("history_id", models.AutoField(primary_key=True, serialize=False)),
                ("history_date", models.DateTimeField(db_index=True)),
                ("history_change_reason", models.CharField(max_length=100, null=True)),
                (
                    "history_type",
                    models.CharField(
                        choices=[("+", "Created"), ("~", "Changed"), ("-", "Deleted")], max_length=1
                    ),
                ),
            ],
            options={
                "verbose_name": "historical pump out",
                "verbose_name_plural": "historical pump outs",
                "db_table": "records_pump_out_history",
                "ordering": ("-history_date", "-history_id"),
                "get_latest_by": ("history_date", "history_id"),
            },
            bases=(simple_history.models.HistoricalChanges, models.Model),
        ),
        migrations.CreateModel(
            name="HistoricalRecyclablesSaleRecord",
            fields=[
                (
                    "id",
                    models.BigIntegerField(
                        auto_created=True, blank=True, db_index=True, verbose_name="ID"
                    ),
                ),
                (
                    "key",
                    models.CharField(
                        db_index=True,
                        help_text="The fact's id, or for an event without one a key derived from its content.",
                        max_length=200,
                    ),
                ),
                (
                    "subject_group",
                    models.CharField(
                        default="",
                        help_text="The records evaluated together (a business, its premises and their facts).",
                        max_length=200,
                    ),
                ),
                (
                    "recorded_at",
                    models.DateTimeField(default=django.utils.timezone.now, editable=False),
                ),
                (
                    "recorded_by",
                    models.CharField(
                        help_text="Who recorded it: a user name, or the import or process.",
                        max_length=150,
                    ),
                ),
                ("recorded_why", models.TextField(blank=True)),
                ("import_source", models.CharField(blank=True, max_length=300)),
                ("updated_at", models.DateTimeField(blank=True, editable=False)),
                ("voided_at", models.DateTimeField(blank=True, null=True)),
                ("voided_by", models.CharField(blank=True, max_length=150)),
                ("voided_why", models.TextField(blank=True)),
                ("history_user_id", models.IntegerField(blank=True, null=True)),
                (
                    "notes",
                    models.TextField(
                        blank=True, help_text="Free text for people; never evaluated.", null=True
                    ),
                ),
                ("seller", models.CharField(blank=True, max_length=200, null=True)),
                ("buyer", models.TextField(help_text="Who bought or received the recyclables.")),
                ("date", models.DateField()),
                (
                    "kind",
                    models.CharField(
                        blank=True,
                        choices=[("sale", "sale"), ("donation", "donation")],
                        default="sale",
                        max_length=64,
                        null=True,
                    ),
                ),
                (
                    "segregated",
                    models.BooleanField(
                        help_text="The recyclables were kept apart from solid waste."
                    ),
                ),
                (
                    "seller_paid_buyer",
                    models.BooleanField(
                        help_text="The seller or donor paid the buyer or donee a consideration or consulting fee for recycling services or for collecting, processing or transporting them."
                    ),
                ),
                (
                    "discount_for_service",
                    models.BooleanField(
                        blank=True,
                        help_text="The claimed sale is a discount or reduction in price for collection, disposal or recycling service.",
                        null=True,
                    ),
                ),
                ("history_id", models.AutoField(primary_key=True, serialize=False)),
                ("history_date", models.DateTimeField(db_index=True)),
                ("history_change_reason", models.CharField(max_length=100, null=True)),
                (
                    "history_type",
                    models.CharField(
                        choices=[("+", "Created"), ("~", "Changed"), ("-", "Deleted")], max_length=1
                    ),
                ),
            ],
            options={
                "verbose_name": "historical recyclables sale",
                "verbose_name_plural": "historical recyclables sales",
                "db_table": "records_recyclables_sale_history",
                "ordering": ("-history_date", "-history_id"),
                "get_latest_by": ("history_date", "history_id"),
            },
            bases=(simple_history.models.HistoricalChanges, models.Model),
        ),
        migrations.CreateModel(
            name="HistoricalRenovationRecord",
            fields=[
                (
                    "id",
                    models.BigIntegerField(
                        auto_created=True, blank=True, db_index=True, verbose_name="ID"
                    ),
                ),
                (
                    "key",
                    models.CharField(
                        db_index=True,
                        help_text="The fact's id, or for an event without one a key derived from its content.",
                        max_length=200,
                    ),
                ),
                (
                    "subject_group",
                    models.CharField(
                        default="",
                        help_text="The records evaluated together (a business, its premises and their facts).",
                        max_length=200,
                    ),
                ),
                (
                    "recorded_at",
                    models.DateTimeField(default=django.utils.timezone.now, editable=False),
                ),
                (
                    "recorded_by",
                    models.CharField(
                        help_text="Who recorded it: a user name, or the import or process.",
                        max_length=150,
                    ),
                ),
                ("recorded_why", models.TextField(blank=True)),
                ("import_source", models.CharField(blank=True, max_length=300)),
                ("updated_at", models.DateTimeField(blank=True, editable=False)),
                ("voided_at", models.DateTimeField(blank=True, null=True)),
                ("voided_by", models.CharField(blank=True, max_length=150)),
                ("voided_why", models.TextField(blank=True)),
                ("history_user_id", models.IntegerField(blank=True, null=True)),
                (
                    "notes",
                    models.TextField(
                        blank=True, help_text="Free text for people; never evaluated.", null=True
                    ),
                ),
                ("establishment", models.CharField(max_length=200)),
                ("date", models.DateField()),
                ("plumbing", models.BooleanField(blank=True, null=True)),
                (
                    "fog_equipment",
                    models.BooleanField(
                        blank=True,
                        help_text="Adds equipment that may increase FOG discharge.",
                        null=True,
                    ),
                ),
                (
                    "valuation",
                    models.DecimalField(blank=True, decimal_places=2, max_digits=14, null=True),
                ),
                ("history_id", models.AutoField(primary_key=True, serialize=False)),
                ("history_date", models.DateTimeField(db_index=True)),
                ("history_change_reason", models.CharField(max_length=100, null=True)),
                (
                    "history_type",
                    models.CharField(
                        choices=[("+", "Created"), ("~", "Changed"), ("-", "Deleted")], max_length=1
                    ),
                ),
            ],
            options={
                "verbose_name": "historical renovation",
                "verbose_name_plural": "historical renovations",
                "db_table": "records_renovation_history",
                "ordering": ("-history_date", "-history_id"),
                "get_latest_by": ("history_date", "history_id"),
            },
            bases=(simple_history.models.HistoricalChanges, models.Model),
        ),
        migrations.CreateModel(
            name="HistoricalReportRecord",
            fields=[
                (
                    "id",
                    models.BigIntegerField(
                        auto_created=True, blank=True, db_index=True, verbose_name="ID"
                    ),
                ),
                (
                    "key",
                    models.CharField(
                        db_index=True,
                        help_text="The fact's id, or for an event without one a key derived from its content.",
                        max_length=200,
                    ),
                ),
                (
                    "subject_group",
                    models.CharField(
                        default="",
                        help_text="The records evaluated together (a business, its premises and their facts).",
                        max_length=200,
                    ),
                ),
                (
                    "recorded_at",
                    models.DateTimeField(default=django.utils.timezone.now, editable=False),
                ),
                (
                    "recorded_by",
                    models.CharField(
                        help_text="Who recorded it: a user name, or the import or process.",
                        max_length=150,
                    ),
                ),
                ("recorded_why", models.TextField(blank=True)),
                ("import_source", models.CharField(blank=True, max_length=300)),
                ("updated_at", models.DateTimeField(blank=True, editable=False)),
                ("voided_at", models.DateTimeField(blank=True, null=True)),
                ("voided_by", models.CharField(blank=True, max_length=150)),
                ("voided_why", models.TextField(blank=True)),
                ("history_user_id", models.IntegerField(blank=True, null=True)),
                (
                    "notes",
                    models.TextField(
                        blank=True, help_text="Free text for people; never evaluated.", null=True
                    ),
                ),
                ("subject", models.CharField(max_length=200)),
                (
                    "kind",
                    models.CharField(
                        choices=[
                            ("edible_food_annual", "edible food annual"),
                            ("food_recovery_annual", "food recovery annual"),
                            ("self_haul_quarterly", "self haul quarterly"),
                            ("hauler_facilities", "hauler facilities"),
                        ],
                        max_length=64,
                    ),
                ),
                ("period", models.CharField(max_length=64)),
                ("date", models.DateField()),
                ("history_id", models.AutoField(primary_key=True, serialize=False)),
                ("history_date", models.DateTimeField(db_index=True)),
                ("history_change_reason", models.CharField(max_length=100, null=True)),
                (
                    "history_type",
                    models.CharField(
                        choices=[("+", "Created"), ("~", "Changed"), ("-", "Deleted")], max_length=1
                    ),
                ),
            ],
            options={
                "verbose_name": "historical report",
                "verbose_name_plural": "historical reports",
                "db_table": "records_report_history",
                "ordering": ("-history_date", "-history_id"),
                "get_latest_by": ("history_date", "history_id"),
            },
            bases=(simple_history.models.HistoricalChanges, models.Model),
        ),
        migrations.CreateModel(
            name="HistoricalSandTrapInspectionRecord",
            fields=[
                (
                    "id",
                    models.BigIntegerField(
                        auto_created=True, blank=True, db_index=True, verbose_name="ID"
                    ),
                ),
                (
                    "key",
                    models.CharField(
                        db_index=True,
                        help_text="The fact's id, or for an event without one a key derived from its content.",
                        max_length=200,
                    ),
                ),
                (
                    "subject_group",
                    models.CharField(
                        default="",
                        help_text="The records evaluated together (a business, its premises and their facts).",
                        max_length=200,
                    ),
                ),
                (
                    "recorded_at",
                    models.DateTimeField(default=django.utils.timezone.now, editable=False),
                ),
                (
                    "recorded_by",
                    models.CharField(
                        help_text="Who recorded it: a user name, or the import or process.",
                        max_length=150,
                    ),
                ),
                ("recorded_why", models.TextField(blank=True)),
                ("import_source", models.CharField(blank=True, max_length=300)),
                ("updated_at", models.DateTimeField(blank=True, editable=False)),
                ("voided_at", models.DateTimeField(blank=True, null=True)),
                ("voided_by", models.CharField(blank=True, max_length=150)),
                ("voided_why", models.TextField(blank=True)),
                ("history_user_id", models.IntegerField(blank=True, null=True)),
                (
                    "notes",
                    models.TextField(
                        blank=True, help_text="Free text for people; never evaluated.", null=True
                    ),
                ),
                ("device", models.CharField(help_text="The sand trap inspected.", max_length=200)),
                ("date", models.DateField()),
                (
                    "cleaned",
                    models.BooleanField(
                        blank=True, help_text="The trap was cleaned that day.", null=True
                    ),
                ),
                ("inspector", models.TextField(blank=True, null=True)),
                ("history_id", models.AutoField(primary_key=True, serialize=False)),
                ("history_date", models.DateTimeField(db_index=True)),
                ("history_change_reason", models.CharField(max_length=100, null=True)),
                (
                    "history_type",
                    models.CharField(
                        choices=[("+", "Created"), ("~", "Changed"), ("-", "Deleted")], max_length=1
                    ),
                ),
            ],
            options={
                "verbose_name": "historical sand trap inspection",
                "verbose_name_plural": "historical sand trap inspections",
                "db_table": "records_sand_trap_inspection_history",
                "ordering": ("-history_date", "-history_id"),
                "get_latest_by": ("history_date", "history_id"),
            },
            bases=(simple_history.models.HistoricalChanges, models.Model),
        ),
        migrations.CreateModel(
            name="HistoricalSelfHaulerRecord",
            fields=[
                (
                    "id",
                    models.BigIntegerField(
                        auto_created=True, blank=True, db_index=True, verbose_name="ID"
                    ),
                ),
                (
                    "key",
                    models.CharField(
                        db_index=True,
                        help_text="The fact's id, or for an event without one a key derived from its content.",
                        max_length=200,
                    ),
                ),
                (
                    "subject_group",
                    models.CharField(
                        default="",
                        help_text="The records evaluated together (a business, its premises and their facts).",
                        max_length=200,
                    ),
                ),
                (
                    "recorded_at",
                    models.DateTimeField(default=django.utils.timezone.now, editable=False),
                ),
                (
                    "recorded_by",
                    models.CharField(
                        help_text="Who recorded it: a user name, or the import or process.",
                        max_length=150,
                    ),
                ),
                ("recorded_why", models.TextField(blank=True)),
                ("import_source", models.CharField(blank=True, max_length=300)),
                ("updated_at", models.DateTimeField(blank=True, editable=False)),
                ("voided_at", models.DateTimeField(blank=True, null=True)),
                ("voided_by", models.CharField(blank=True, max_length=150)),
                ("voided_why", models.TextField(blank=True)),
                ("history_user_id", models.IntegerField(blank=True, null=True)),
                (
                    "notes",
                    models.TextField(
                        blank=True, help_text="Free text for people; never evaluated.", null=True
                    ),
                ),
                ("subject", models.CharField(max_length=200)),
                ("start", models.DateField()),
                ("end", models.DateField(blank=True, null=True)),
                ("residential", models.BooleanField(blank=True, null=True)),
                ("history_id", models.AutoField(primary_key=True, serialize=False)),
                ("history_date", models.DateTimeField(db_index=True)),
                ("history_change_reason", models.CharField(max_length=100, null=True)),
                (
                    "history_type",
                    models.CharField(
                        choices=[("+", "Created"), ("~", "Changed"), ("-", "Deleted")], max_length=1
                    ),
                ),
            ],
            options={
                "verbose_name": "historical self hauler",
                "verbose_name_plural": "historical self haulers",
                "db_table": "records_self_hauler_history",
                "ordering": ("-history_date", "-history_id"),
                "get_latest_by": ("history_date", "history_id"),
            },
            bases=(simple_history.models.HistoricalChanges, models.Model),
        ),
        migrations.CreateModel(
            name="HistoricalSelfInspectionRecord",
            fields=[
                (
                    "id",
                    models.BigIntegerField(
                        auto_created=True, blank=True, db_index=True, verbose_name="ID"
                    ),
                ),
                (
                    "key",
                    models.CharField(
                        db_index=True,
                        help_text="The fact's id, or for an event without one a key derived from its content.",
                        max_length=200,
                    ),
                ),
                (
                    "subject_group",
                    models.CharField(
                        default="",
                        help_text="The records evaluated together (a business, its premises and their facts).",
                        max_length=200,
                    ),
                ),
                (
                    "recorded_at",
                    models.DateTimeField(default=django.utils.timezone.now, editable=False),
                ),
                (
                    "recorded_by",
                    models.CharField(
                        help_text="Who recorded it: a user name, or the import or process.",
                        max_length=150,
                    ),
                ),
                ("recorded_why", models.TextField(blank=True)),
                ("import_source", models.CharField(blank=True, max_length=300)),
                ("updated_at", models.DateTimeField(blank=True, editable=False)),
                ("voided_at", models.DateTimeField(blank=True, null=True)),
                ("voided_by", models.CharField(blank=True, max_length=150)),
                ("voided_why", models.TextField(blank=True)),
                ("history_user_id", models.IntegerField(blank=True, null=True)),
                (
                    "notes",
                    models.TextField(
                        blank=True, help_text="Free text for people; never evaluated.", null=True
                    ),
                ),
                ("subject", models.CharField(max_length=200)),
                ("date", models.DateField()),
                ("contamination_found", models.BooleanField(blank=True, null=True)),
                (
                    "employees_informed",
                    models.BooleanField(
                        blank=True,
                        help_text="Employees were told of the contamination and how to keep it out.",
                        null=True,
                    ),
                ),
                ("history_id", models.AutoField(primary_key=True, serialize=False)),
                ("history_date", models.DateTimeField(db_index=True)),
                ("history_change_reason", models.CharField(max_length=100, null=True)),
                (
                    "history_type",
                    models.CharField(
                        choices=[("+", "Created"), ("~", "Changed"), ("-", "Deleted")], max_length=1
                    ),
                ),
            ],
            options={
                "verbose_name": "historical self inspection",
                "verbose_name_plural": "historical self inspections",
                "db_table": "records_self_inspection_history",
                "ordering": ("-history_date", "-history_id"),
                "get_latest_by": ("history_date", "history_id"),
            },
            bases=(simple_history.models.HistoricalChanges, models.Model),
        ),
        migrations.CreateModel(
            name="HistoricalSetOutRecord",
            fields=[
                (
                    "id",
                    models.BigIntegerField(
                        auto_created=True, blank=True, db_index=True, verbose_name="ID"
                    ),
                ),
                (
                    "key",
                    models.CharField(
                        db_index=True,
                        help_text="The fact's id, or for an event without one a key derived from its content.",
                        max_length=200,
                    ),
                ),
                (
                    "subject_group",
                    models.CharField(
                        default="",
                        help_text="The records evaluated together (a business, its premises and their facts).",
                        max_length=200,
                    ),
                ),
                (
                    "recorded_at",
                    models.DateTimeField(default=django.utils.timezone.now, editable=False),
                ),
                (
                    "recorded_by",
                    models.CharField(
                        help_text="Who recorded it: a user name, or the import or process.",
                        max_length=150,
                    ),
                ),
                ("recorded_why", models.TextField(blank=True)),
                ("import_source", models.CharField(blank=True, max_length=300)),
                ("updated_at", models.DateTimeField(blank=True, editable=False)),
                ("voided_at", models.DateTimeField(blank=True, null=True)),
                ("voided_by", models.CharField(blank=True, max_length=150)),
                ("voided_why", models.TextField(blank=True)),
                ("history_user_id", models.IntegerField(blank=True, null=True)),
                (
                    "notes",
                    models.TextField(
                        blank=True, help_text="Free text for people; never evaluated.", null=True
                    ),
                ),
                ("premises", models.CharField(max_length=200)),
                ("collection_day", models.DateField()),
                ("placed_at", models.DateTimeField()),
                ("removed_at", models.DateTimeField(blank=True, null=True)),
                (
                    "location",
                    models.TextField(
                        blank=True,
                        help_text="Where the containers stood (alley_line, curb, parkway, rear, side, …).",
                        null=True,
                    ),
                ),
                ("history_id", models.AutoField(primary_key=True, serialize=False)),
                ("history_date", models.DateTimeField(db_index=True)),
                ("history_change_reason", models.CharField(max_length=100, null=True)),
                (
                    "history_type",
                    models.CharField(
                        choices=[("+", "Created"), ("~", "Changed"), ("-", "Deleted")], max_length=1
                    ),
                ),
            ],
            options={
                "verbose_name": "historical set out",
                "verbose_name_plural": "historical set outs",
                "db_table": "records_set_out_history",
                "ordering": ("-history_date", "-history_id"),
                "get_latest_by": ("history_date", "history_id"),
            },
            bases=(simple_history.models.HistoricalChanges, models.Model),
        ),
        migrations.CreateModel(
            name="HistoricalSewerConnectionRecord",
            fields=[
                (
                    "id",
                    models.BigIntegerField(
                        auto_created=True, blank=True, db_index=True, verbose_name="ID"
                    ),
                ),
                (
                    "key",
                    models.CharField(
                        db_index=True,
                        help_text="The fact's id, or for an event without one a key derived from its content.",
                        max_length=200,
                    ),
                ),
                (
                    "subject_group",
                    models.CharField(
                        default="",
                        help_text="The records evaluated together (a business, its premises and their facts).",
                        max_length=200,
                    ),
                ),
                (
                    "recorded_at",
                    models.DateTimeField(default=django.utils.timezone.now, editable=False),
                ),
                (
                    "recorded_by",
                    models.CharField(
                        help_text="Who recorded it: a user name, or the import or process.",
                        max_length=150,
                    ),
                ),
                ("recorded_why", models.TextField(blank=True)),
                ("import_source", models.CharField(blank=True, max_length=300)),
                ("updated_at", models.DateTimeField(blank=True, editable=False)),
                ("voided_at", models.DateTimeField(blank=True, null=True)),
                ("voided_by", models.CharField(blank=True, max_length=150)),
                ("voided_why", models.TextField(blank=True)),
                ("history_user_id", models.IntegerField(blank=True, null=True)),
                (
                    "notes",
                    models.TextField(
                        blank=True, help_text="Free text for people; never evaluated.", null=True
                    ),
                ),
                (
                    "premises",
                    models.CharField(
                        help_text="The lot whose building the connection serves.", max_length=200
                    ),
                ),
                ("date", models.DateField()),
                (
                    "work",
                    models.CharField(
                        blank=True,
                        choices=[
                            ("new", "new"),
                            ("renewal", "renewal"),
                            ("alteration", "alteration"),
                            ("repair", "repair"),
                        ],
                        default="new",
                        help_text="new: a connection made with a public sewer; renewal, alteration or repair: work on an existing public or house-connection sewer.",
                        max_length=64,
                        null=True,
                    ),
                ),
                (
                    "permit",
                    models.CharField(
                        blank=True,
                        help_text="The permit the work was done under (absent: none was named).",
                        max_length=200,
                        null=True,
                    ),
                ),
                (
                    "at_designated_place",
                    models.BooleanField(
                        blank=True,
                        help_text="Made at the place the permit designates (false: somewhere else).",
                        null=True,
                    ),
                ),
                ("history_id", models.AutoField(primary_key=True, serialize=False)),
                ("history_date", models.DateTimeField(db_index=True)),
                ("history_change_reason", models.CharField(max_length=100, null=True)),
                (
                    "history_type",
                    models.CharField(
                        choices=[("+", "Created"), ("~", "Changed"), ("-", "Deleted")], max_length=1
                    ),
                ),
            ],
            options={
                "verbose_name": "historical sewer connection",
                "verbose_name_plural": "historical sewer connections",
                "db_table": "records_sewer_connection_history",
                "ordering": ("-history_date", "-history_id"),
                "get_latest_by": ("history_date", "history_id"),
            },
            bases=(simple_history.models.HistoricalChanges, models.Model),
        ),
        migrations.CreateModel(
            name="HistoricalSewerEntryRecord",
            fields=[
                (
                    "id",
                    models.BigIntegerField(
                        auto_created=True, blank=True, db_index=True, verbose_name="ID"
                    ),
                ),
                (
                    "key",
                    models.CharField(
                        db_index=True,
                        help_text="The fact's id, or for an event without one a key derived from its content.",
                        max_length=200,
                    ),
                ),
                (
                    "subject_group",
                    models.CharField(
                        default="",
                        help_text="The records evaluated together (a business, its premises and their facts).",
                        max_length=200,
                    ),
                ),
                (
                    "recorded_at",
                    models.DateTimeField(default=django.utils.timezone.now, editable=False),
                ),
                (
                    "recorded_by",
                    models.CharField(
                        help_text="Who recorded it: a user name, or the import or process.",
                        max_length=150,
                    ),
                ),
                ("recorded_why", models.TextField(blank=True)),
                ("import_source", models.CharField(blank=True, max_length=300)),
                ("updated_at", models.DateTimeField(blank=True, editable=False)),
                ("voided_at", models.DateTimeField(blank=True, null=True)),
                ("voided_by", models.CharField(blank=True, max_length=150)),
                ("voided_why", models.TextField(blank=True)),
                ("history_user_id", models.IntegerField(blank=True, null=True)),
                (
                    "notes",
                    models.TextField(
                        blank=True, help_text="Free text for people; never evaluated.", null=True
                    ),
                ),
                ("date", models.DateField()),
                (
                    "act",
                    models.CharField(
                        choices=[
                            ("open_or_enter", "open or enter"),
                            ("remove", "remove"),
                            ("injure", "injure"),
                            ("take_flushing_water", "take flushing water"),
                        ],
                        max_length=64,
                    ),
                ),
                (
                    "permit",
                    models.CharField(
                        blank=True,
                        help_text="The special permit named for it.",
                        max_length=200,
                        null=True,
                    ),
                ),
                ("person", models.TextField(blank=True, null=True)),
                ("location", models.TextField(blank=True, null=True)),
                ("history_id", models.AutoField(primary_key=True, serialize=False)),
                ("history_date", models.DateTimeField(db_index=True)),
                ("history_change_reason", models.CharField(max_length=100, null=True)),
                (
                    "history_type",
                    models.CharField(
                        choices=[("+", "Created"), ("~", "Changed"), ("-", "Deleted")], max_length=1
                    ),
                ),
            ],
            options={
                "verbose_name": "historical sewer entry",
                "verbose_name_plural": "historical sewer entrys",
                "db_table": "records_sewer_entry_history",
                "ordering": ("-history_date", "-history_id"),
                "get_latest_by": ("history_date", "history_id"),
            },
            bases=(simple_history.models.HistoricalChanges, models.Model),
        ),
        migrations.CreateModel(
            name="HistoricalStreetExcavationRecord",
            fields=[
                (
                    "id",
                    models.BigIntegerField(
                        auto_created=True, blank=True, db_index=True, verbose_name="ID"
                    ),
                ),
                (
                    "key",
                    models.CharField(
                        db_index=True,
                        help_text="The fact's id, or for an event without one a key derived from its content.",
                        max_length=200,
                    ),
                ),
                (
                    "subject_group",
                    models.CharField(
                        default="",
                        help_text="The records evaluated together (a business, its premises and their facts).",
                        max_length=200,
                    ),
                ),
                (
                    "recorded_at",
                    models.DateTimeField(default=django.utils.timezone.now, editable=False),
                ),
                (
                    "recorded_by",
                    models.CharField(
                        help_text="Who recorded it: a user name, or the import or process.",
                        max_length=150,
                    ),
                ),
                ("recorded_why", models.TextField(blank=True)),
                ("import_source", models.CharField(blank=True, max_length=300)),
                ("updated_at", models.DateTimeField(blank=True, editable=False)),
                ("voided_at", models.DateTimeField(blank=True, null=True)),
                ("voided_by", models.CharField(blank=True, max_length=150)),
                ("voided_why", models.TextField(blank=True)),
                ("history_user_id", models.IntegerField(blank=True, null=True)),
                (
                    "notes",
                    models.TextField(
                        blank=True, help_text="Free text for people; never evaluated.", null=True
                    ),
                ),
                ("permit", models.CharField(max_length=200)),
                ("date", models.DateField()),
                (
                    "area_sqft",
                    models.FloatField(
                        help_text="Square feet of street improvements to be patched or replaced."
                    ),
                ),
                ("history_id", models.AutoField(primary_key=True, serialize=False)),
                ("history_date", models.DateTimeField(db_index=True)),
                ("history_change_reason", models.CharField(max_length=100, null=True)),
                (
                    "history_type",
                    models.CharField(
                        choices=[("+", "Created"), ("~", "Changed"), ("-", "Deleted")], max_length=1
                    ),
                ),
            ],
            options={
                "verbose_name": "historical street excavation",
                "verbose_name_plural": "historical street excavations",
                "db_table": "records_street_excavation_history",
                "ordering": ("-history_date", "-history_id"),
                "get_latest_by": ("history_date", "history_id"),
            },
            bases=(simple_history.models.HistoricalChanges, models.Model),
        ),
        migrations.CreateModel(
            name="HistoricalTrainingRecord",
            fields=[
                (
                    "id",
                    models.BigIntegerField(
                        auto_created=True, blank=True, db_index=True, verbose_name="ID"
                    ),
                ),
                (
                    "key",
                    models.CharField(
                        db_index=True,
                        help_text="The fact's id, or for an event without one a key derived from its content.",
                        max_length=200,
                    ),
                ),
                (
                    "subject_group",
                    models.CharField(
                        default="",
                        help_text="The records evaluated together (a business, its premises and their facts).",
                        max_length=200,
                    ),
                ),
                (
                    "recorded_at",
                    models.DateTimeField(default=django.utils.timezone.now, editable=False),
                ),
                (
                    "recorded_by",
                    models.CharField(
                        help_text="Who recorded it: a user name, or the import or process.",
                        max_length=150,
                    ),
                ),
                ("recorded_why", models.TextField(blank=True)),
                ("import_source", models.CharField(blank=True, max_length=300)),
                ("updated_at", models.DateTimeField(blank=True, editable=False)),
                ("voided_at", models.DateTimeField(blank=True, null=True)),
                ("voided_by", models.CharField(blank=True, max_length=150)),
                ("voided_why", models.TextField(blank=True)),
                ("history_user_id", models.IntegerField(blank=True, null=True)),
                (
                    "notes",
                    models.TextField(
                        blank=True, help_text="Free text for people; never evaluated.", null=True
                    ),
                ),
                ("establishment", models.CharField(max_length=200)),
                ("date", models.DateField()),
                ("employees", models.JSONField()),
                ("signed", models.BooleanField()),
                (
                    "topics",
                    models.JSONField(
                        blank=True,
                        help_text="Subjects covered (dry_wipe, food_waste_bagging, absorbents, grease_disposal).",
                        null=True,
                    ),
                ),
                ("history_id", models.AutoField(primary_key=True, serialize=False)),
                ("history_date", models.DateTimeField(db_index=True)),
                ("history_change_reason", models.CharField(max_length=100, null=True)),
                (
                    "history_type",
                    models.CharField(
                        choices=[("+", "Created"), ("~", "Changed"), ("-", "Deleted")], max_length=1
                    ),
                ),
            ],
            options={
                "verbose_name": "historical training",
                "verbose_name_plural": "historical trainings",
                "db_table": "records_training_history",
                "ordering": ("-history_date", "-history_id"),
                "get_latest_by": ("history_date", "history_id"),
            },
            bases=(simple_history.models.HistoricalChanges, models.Model),
        ),
        migrations.CreateModel(
            name="HistoricalUnacceptedStreetSewerRecord",
            fields=[
                (
                    "id",
                    models.BigIntegerField(
                        auto_created=True, blank=True, db_index=True, verbose_name="ID"
                    ),
                ),
                (
                    "key",
                    models.CharField(
                        db_index=True,
                        help_text="The fact's id, or for an event without one a key derived from its content.",
                        max_length=200,
                    ),
                ),
                (
                    "subject_group",
                    models.CharField(
                        default="",
                        help_text="The records evaluated together (a business, its premises and their facts).",
                        max_length=200,
                    ),
                ),
                (
                    "recorded_at",
                    models.DateTimeField(default=django.utils.timezone.now, editable=False),
                ),
                (
                    "recorded_by",
                    models.CharField(
                        help_text="Who recorded it: a user name, or the import or process.",
                        max_length=150,
                    ),
                ),
                ("recorded_why", models.TextField(blank=True)),
                ("import_source", models.CharField(blank=True, max_length=300)),
                ("updated_at", models.DateTimeField(blank=True, editable=False)),
                ("voided_at", models.DateTimeField(blank=True, null=True)),
                ("voided_by", models.CharField(blank=True, max_length=150)),
                ("voided_why", models.TextField(blank=True)),
                ("history_user_id", models.IntegerField(blank=True, null=True)),
                (
                    "notes",
                    models.TextField(
                        blank=True, help_text="Free text for people; never evaluated.", null=True
                    ),
                ),
                (
                    "design",
                    models.CharField(
                        help_text="The house-connection design that connects through it.",
                        max_length=200,
                    ),
                ),
                (
                    "supervised",
                    models.BooleanField(
                        help_text="Laid under the supervision and to the satisfaction of the Community Development Director or the Chief Engineer."
                    ),
                ),
                (
                    "plans_approved",
                    models.BooleanField(
                        help_text="Laid in accordance with the standard specifications and the plans and profiles they approved."
                    ),
                ),
                (
                    "street",
                    models.TextField(
                        blank=True, help_text="The street, alley or place.", null=True
                    ),
                ),
                ("history_id", models.AutoField(primary_key=True, serialize=False)),
                ("history_date", models.DateTimeField(db_index=True)),
                ("history_change_reason", models.CharField(max_length=100, null=True)),
                (
                    "history_type",
                    models.CharField(
                        choices=[("+", "Created"), ("~", "Changed"), ("-", "Deleted")], max_length=1
                    ),
                ),
            ],
            options={
                "verbose_name": "historical unaccepted street sewer",
                "verbose_name_plural": "historical unaccepted street sewers",
                "db_table": "records_unaccepted_street_sewer_history",
                "ordering": ("-history_date", "-history_id"),
                "get_latest_by": ("history_date", "history_id"),
            },
            bases=(simple_history.models.HistoricalChanges, models.Model),
        ),
        migrations.CreateModel(
            name="HistoricalWaiverRecord",
            fields=[
                (
                    "id",
                    models.BigIntegerField(
                        auto_created=True, blank=True, db_index=True, verbose_name="ID"
                    ),
                ),
                (
                    "key",
                    models.CharField(
                        db_index=True,
                        help_text="The fact's id, or for an event without one a key derived from its content.",
                        max_length=200,
                    ),
                ),
                (
                    "subject_group",
                    models.CharField(
                        default="",
                        help_text="The records evaluated together (a business, its premises and their facts).",
                        max_length=200,
                    ),
                ),
                (
                    "recorded_at",
                    models.DateTimeField(default=django.utils.timezone.now, editable=False),
                ),
                (
                    "recorded_by",
                    models.CharField(
                        help_text="Who recorded it: a user name, or the import or process.",
                        max_length=150,
                    ),
                ),
                ("recorded_why", models.TextField(blank=True)),
                ("import_source", models.CharField(blank=True, max_length=300)),
                ("updated_at", models.DateTimeField(blank=True, editable=False)),
                ("voided_at", models.DateTimeField(blank=True, null=True)),
                ("voided_by", models.CharField(blank=True, max_length=150)),
                ("voided_why", models.TextField(blank=True)),
                ("history_user_id", models.IntegerField(blank=True, null=True)),
                (
                    "notes",
                    models.TextField(
                        blank=True, help_text="Free text for people; never evaluated.", null=True
                    ),
                ),
                ("subject", models.CharField(max_length=200)),
                (
                    "kind",
                    models.CharField(
                        choices=[
                            ("fog_conditional", "fog conditional"),
                            ("fog_variance", "fog variance"),
                            ("de_minimis", "de minimis"),
                            ("physical_space", "physical space"),
                        ],
                        max_length=64,
                    ),
                ),
                ("granted_on", models.DateField()),
                ("expires_on", models.DateField(blank=True, null=True)),
                ("revoked_on", models.DateField(blank=True, null=True)),
                ("reverified_on", models.DateField(blank=True, null=True)),
                ("history_id", models.AutoField(primary_key=True, serialize=False)),
                ("history_date", models.DateTimeField(db_index=True)),
                ("history_change_reason", models.CharField(max_length=100, null=True)),
                (
                    "history_type",
                    models.CharField(
                        choices=[("+", "Created"), ("~", "Changed"), ("-", "Deleted")], max_length=1
                    ),
                ),
            ],
            options={
                "verbose_name": "historical waiver",
                "verbose_name_plural": "historical waivers",
                "db_table": "records_waiver_history",
                "ordering": ("-history_date", "-history_id"),
                "get_latest_by": ("history_date", "history_id"),
            },
            bases=(simple_history.models.HistoricalChanges, models.Model),
        ),
        migrations.CreateModel(
            name="HistoricalWashRackUseRecord",
            fields=[
                (
                    "id",
                    models.BigIntegerField(
                        auto_created=True, blank=True, db_index=True, verbose_name="ID"
                    ),
                ),
                (
                    "key",
                    models.CharField(
                        db_index=True,
                        help_text="The fact's id, or for an event without one a key derived from its content.",
                        max_length=200,
                    ),
                ),
                (
                    "subject_group",
                    models.CharField(
                        default="",
                        help_text="The records evaluated together (a business, its premises and their facts).",
                        max_length=200,
                    ),
                ),
                (
                    "recorded_at",
                    models.DateTimeField(default=django.utils.timezone.now, editable=False),
                ),
                (
                    "recorded_by",
                    models.CharField(
                        help_text="Who recorded it: a user name, or the import or process.",
                        max_length=150,
                    ),
                ),
                ("recorded_why", models.TextField(blank=True)),
                ("import_source", models.CharField(blank=True, max_length=300)),
                ("updated_at", models.DateTimeField(blank=True, editable=False)),
                ("voided_at", models.DateTimeField(blank=True, null=True)),
                ("voided_by", models.CharField(blank=True, max_length=150)),
                ("voided_why", models.TextField(blank=True)),
                ("history_user_id", models.IntegerField(blank=True, null=True)),
                (
                    "notes",
                    models.TextField(
                        blank=True, help_text="Free text for people; never evaluated.", null=True
                    ),
                ),
                (
                    "establishment",
                    models.CharField(
                        help_text="The establishment operating the wash rack.", max_length=200
                    ),
                ),
                ("date", models.DateField()),
                (
                    "until",
                    models.DateField(
                        blank=True,
                        help_text="The last day of a run of days in use (inclusive).",
                        null=True,
                    ),
                ),
                ("history_id", models.AutoField(primary_key=True, serialize=False)),
                ("history_date", models.DateTimeField(db_index=True)),
                ("history_change_reason", models.CharField(max_length=100, null=True)),
                (
                    "history_type",
                    models.CharField(
                        choices=[("+", "Created"), ("~", "Changed"), ("-", "Deleted")], max_length=1
                    ),
                ),
            ],
            options={
                "verbose_name": "historical wash rack use",
                "verbose_name_plural": "historical wash rack uses",
                "db_table": "records_wash_rack_use_history",
                "ordering": ("-history_date", "-history_id"),
                "get_latest_by": ("history_date", "history_id"),
            },
            bases=(simple_history.models.HistoricalChanges, models.Model),
        ),
        migrations.CreateModel(
            name="HistoricalWorkCoveredRecord",
            fields=[
                (
                    "id",
                    models.BigIntegerField(
                        auto_created=True, blank=True, db_index=True, verbose_name="ID"
                    ),
                ),
                (
                    "key",
                    models.CharField(
                        db_index=True,
                        help_text="The fact's id, or for an event without one a key derived from its content.",
                        max_length=200,
                    ),
                ),
                (
                    "subject_group",
                    models.CharField(
                        default="",
                        help_text="The records evaluated together (a business, its premises and their facts).",
                        max_length=200,
                    ),
                ),
                (
                    "recorded_at",
                    models.DateTimeField(default=django.utils.timezone.now, editable=False),
                ),
                (
                    "recorded_by",
                    models.CharField(
                        help_text="Who recorded it: a user name, or the import or process.",
                        max_length=150,
                    ),
                ),
                ("recorded_why", models.TextField(blank=True)),
                ("import_source", models.CharField(blank=True, max_length=300)),
                ("updated_at", models.DateTimeField(blank=True, editable=False)),
                ("voided_at", models.DateTimeField(blank=True, null=True)),
                ("voided_by", models.CharField(blank=True, max_length=150)),
                ("voided_why", models.TextField(blank=True)),
                ("history_user_id", models.IntegerField(blank=True, null=True)),
                (
                    "notes",
                    models.TextField(
                        blank=True, help_text="Free text for people; never evaluated.", null=True
                    ),
                ),
                ("permit", models.CharField(max_length=200)),
                ("date", models.DateField()),
                ("history_id", models.AutoField(primary_key=True, serialize=False)),
                ("history_date", models.DateTimeField(db_index=True)),
                ("history_change_reason", models.CharField(max_length=100, null=True)),
                (
                    "history_type",
                    models.CharField(
                        choices=[("+", "Created"), ("~", "Changed"), ("-", "Deleted")], max_length=1
                    ),
                ),
            ],
            options={
                "verbose_name": "historical work covered",
                "verbose_name_plural": "historical work covereds",
                "db_table": "records_work_covered_history",
                "ordering": ("-history_date", "-history_id"),
                "get_latest_by": ("history_date", "history_id"),
            },
            bases=(simple_history.models.HistoricalChanges, models.Model),
        ),
        migrations.CreateModel(
            name="HistoricalWorkInspectionRecord",
            fields=[
                (
                    "id",
                    models.BigIntegerField(
                        auto_created=True, blank=True, db_index=True, verbose_name="ID"
                    ),
                ),
                (
                    "key",
                    models.CharField(
                        db_index=True,
                        help_text="The fact's id, or for an event without one a key derived from its content.",
                        max_length=200,
                    ),
                ),
                (
                    "subject_group",
                    models.CharField(
                        default="",
                        help_text="The records evaluated together (a business, its premises and their facts).",
                        max_length=200,
                    ),
                ),
                (
                    "recorded_at",
                    models.DateTimeField(default=django.utils.timezone.now, editable=False),
                ),
                (
                    "recorded_by",
                    models.CharField(
                        help_text="Who recorded it: a user name, or the import or process.",
                        max_length=150,
                    ),
                ),
                ("recorded_why", models.TextField(blank=True)),
                ("import_source", models.CharField(blank=True, max_length=300)),
                ("updated_at", models.DateTimeField(blank=True, editable=False)),
                ("voided_at", models.DateTimeField(blank=True, null=True)),
                ("voided_by", models.CharField(blank=True, max_length=150)),
                ("voided_why", models.TextField(blank=True)),
                ("history_user_id", models.IntegerField(blank=True, null=True)),
                (
                    "notes",
                    models.TextField(
                        blank=True, help_text="Free text for people; never evaluated.", null=True
                    ),
                ),
                ("permit", models.CharField(max_length=200)),
                ("date", models.DateField()),
                (
                    "result",
                    models.CharField(
                        choices=[
                            ("approved", "approved"),
                            ("defective", "defective"),
                            ("obstructed", "obstructed"),
                        ],
                        help_text="approved: inspected and approved (§ 6-8.119(B)(7)); defective: the work is defective in construction or material and must be removed or repaired; obstructed: pipes were enclosed or covered so the inspection could not be made.",
                        max_length=64,
                    ),
                ),
                (
                    "defects",
                    models.TextField(blank=True, help_text="What the inspector found.", null=True),
                ),
                ("history_id", models.AutoField(primary_key=True, serialize=False)),
                ("history_date", models.DateTimeField(db_index=True)),
                ("history_change_reason", models.CharField(max_length=100, null=True)),
                (
                    "history_type",
                    models.CharField(
                        choices=[("+", "Created"), ("~", "Changed"), ("-", "Deleted")], max_length=1
                    ),
                ),
            ],
            options={
                "verbose_name": "historical work inspection",
                "verbose_name_plural": "historical work inspections",
                "db_table": "records_work_inspection_history",
                "ordering": ("-history_date", "-history_id"),
                "get_latest_by": ("history_date", "history_id"),
            },
            bases=(simple_history.models.HistoricalChanges, models.Model),
        ),
        migrations.CreateModel(
            name="HistoricalWorkResumedRecord",
            fields=[
                (
                    "id",
                    models.BigIntegerField(
                        auto_created=True, blank=True, db_index=True, verbose_name="ID"
                    ),
                ),
                (
                    "key",
                    models.CharField(
                        db_index=True,
                        help_text="The fact's id, or for an event without one a key derived from its content.",
                        max_length=200,
                    ),
                ),
                (
                    "subject_group",
                    models.CharField(
                        default="",
                        help_text="The records evaluated together (a business, its premises and their facts).",
                        max_length=200,
                    ),
                ),
                (
                    "recorded_at",
                    models.DateTimeField(default=django.utils.timezone.now, editable=False),
                ),
                (
                    "recorded_by",
                    models.CharField(
                        help_text="Who recorded it: a user name, or the import or process.",
                        max_length=150,
                    ),
                ),
                ("recorded_why", models.TextField(blank=True)),
                ("import_source", models.CharField(blank=True, max_length=300)),
                ("updated_at", models.DateTimeField(blank=True, editable=False)),
                ("voided_at", models.DateTimeField(blank=True, null=True)),
                ("voided_by", models.CharField(blank=True, max_length=150)),
                ("voided_why", models.TextField(blank=True)),
                ("history_user_id", models.IntegerField(blank=True, null=True)),
                (
                    "notes",
                    models.TextField(
                        blank=True, help_text="Free text for people; never evaluated.", null=True
                    ),
                ),
                ("permit", models.CharField(max_length=200)),
                ("date", models.DateField()),
                ("history_id", models.AutoField(primary_key=True, serialize=False)),
                ("history_date", models.DateTimeField(db_index=True)),
                ("history_change_reason", models.CharField(max_length=100, null=True)),
                (
                    "history_type",
                    models.CharField(
                        choices=[("+", "Created"), ("~", "Changed"), ("-", "Deleted")], max_length=1
                    ),
                ),
            ],
            options={
                "verbose_name": "historical work resumed",
                "verbose_name_plural": "historical work resumeds",
                "db_table": "records_work_resumed_history",
                "ordering": ("-history_date", "-history_id"),
                "get_latest_by": ("history_date", "history_id"),
            },
            bases=(simple_history.models.HistoricalChanges, models.Model),
        ),
        migrations.CreateModel(
            name="HistoricalWorkStartedRecord",
            fields=[
                (
                    "id",
                    models.BigIntegerField(
                        auto_created=True, blank=True, db_index=True, verbose_name="ID"
                    ),
                ),
                (
                    "key",
                    models.CharField(
                        db_index=True,
                        help_text="The fact's id, or for an event without one a key derived from its content.",
                        max_length=200,
                    ),
                ),
                (
                    "subject_group",
                    models.CharField(
                        default="",
                        help_text="The records evaluated together (a business, its premises and their facts).",
                        max_length=200,
                    ),
                ),
                (
                    "recorded_at",
                    models.DateTimeField(default=django.utils.timezone.now, editable=False),
                ),
                (
                    "recorded_by",
                    models.CharField(
                        help_text="Who recorded it: a user name, or the import or process.",
                        max_length=150,
                    ),
                ),
                ("recorded_why", models.TextField(blank=True)),
                ("import_source", models.CharField(blank=True, max_length=300)),
                ("updated_at", models.DateTimeField(blank=True, editable=False)),
                ("voided_at", models.DateTimeField(blank=True, null=True)),
                ("voided_by", models.CharField(blank=True, max_length=150)),
                ("voided_why", models.TextField(blank=True)),
                ("history_user_id", models.IntegerField(blank=True, null=True)),
                (
                    "notes",
                    models.TextField(
                        blank=True, help_text="Free text for people; never evaluated.", null=True
                    ),
                ),
                ("permit", models.CharField(max_length=200)),
                ("date", models.DateField()),
                ("history_id", models.AutoField(primary_key=True, serialize=False)),
                ("history_date", models.DateTimeField(db_index=True)),
                ("history_change_reason", models.CharField(max_length=100, null=True)),
                (
                    "history_type",
                    models.CharField(
                        choices=[("+", "Created"), ("~", "Changed"), ("-", "Deleted")], max_length=1
                    ),
                ),
            ],
            options={
                "verbose_name": "historical work started",
                "verbose_name_plural": "historical work starteds",
                "db_table": "records_work_started_history",
                "ordering": ("-history_date", "-history_id"),
                "get_latest_by": ("history_date", "history_id"),
            },
            bases=(simple_history.models.HistoricalChanges, models.Model),
        ),
        migrations.CreateModel(
            name="HistoricalWorkSuspendedRecord",
            fields=[
                (
                    "id",
                    models.BigIntegerField(
                        auto_created=True, blank=True, db_index=True, verbose_name="ID"
                    ),
                ),
                (
                    "key",
                    models.CharField(
                        db_index=True,
                        help_text="The fact's id, or for an event without one a key derived from its content.",
                        max_length=200,
                    ),
                ),
                (
                    "subject_group",
                    models.CharField(
                        default="",
                        help_text="The records evaluated together (a business, its premises and their facts).",
                        max_length=200,
                    ),
                ),
                (
                    "recorded_at",
                    models.DateTimeField(default=django.utils.timezone.now, editable=False),
                ),
                (
                    "recorded_by",
                    models.CharField(
                        help_text="Who recorded it: a user name, or the import or process.",
                        max_length=150,
                    ),
                ),
                ("recorded_why", models.TextField(blank=True)),
                ("import_source", models.CharField(blank=True, max_length=300)),
                ("updated_at", models.DateTimeField(blank=True, editable=False)),
                ("voided_at", models.DateTimeField(blank=True, null=True)),
                ("voided_by", models.CharField(blank=True, max_length=150)),
                ("voided_why", models.TextField(blank=True)),
                ("history_user_id", models.IntegerField(blank=True, null=True)),
                (
                    "notes",
                    models.TextField(
                        blank=True, help_text="Free text for people; never evaluated.", null=True
                    ),
                ),
                ("permit", models.CharField(max_length=200)),
                ("date", models.DateField()),
                ("history_id", models.AutoField(primary_key=True, serialize=False)),
                ("history_date", models.DateTimeField(db_index=True)),
                ("history_change_reason", models.CharField(max_length=100, null=True)),
                (
                    "history_type",
                    models.CharField(
                        choices=[("+", "Created"), ("~", "Changed"), ("-", "Deleted")], max_length=1
                    ),
                ),
            ],
            options={
                "verbose_name": "historical work suspended",
                "verbose_name_plural": "historical work suspendeds",
                "db_table": "records_work_suspended_history",
                "ordering": ("-history_date", "-history_id"),
                "get_latest_by": ("history_date", "history_id"),
            },
            bases=(simple_history.models.HistoricalChanges, models.Model),
        ),
        migrations.CreateModel(
            name="SubjectGroup",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("key", models.CharField(max_length=200, unique=True)),
                (
                    "changed_at",
                    models.DateTimeField(db_index=True, default=django.utils.timezone.now),
                ),
                ("swept_at", models.DateTimeField(blank=True, null=True)),
                ("swept_as_of", models.DateField(blank=True, null=True)),
                (
                    "next_check_on",
                    models.DateField(
                        blank=True,
                        db_index=True,
                        help_text="The earliest open deadline or start date: sweep again when it arrives.",
                        null=True,
                    ),
                ),
                (
                    "findings_digest",
                    models.CharField(
                        blank=True,
                        default="",
                        help_text="A digest of the findings stored for the group by its last sweep: an evaluation with the same digest has nothing to store.",
                        max_length=64,
                    ),
                ),
            ],
            options={
                "db_table": "records_subject_group",
            },
        ),
        migrations.CreateModel(
            name="AccumulationRecord",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                (
                    "key",
                    models.CharField(
                        help_text="The fact's id, or for an event without one a key derived from its content.",
                        max_length=200,
                        unique=True,
                    ),
                ),
                (
                    "subject_group",
                    models.CharField(
                        db_index=True,
                        default="",
                        help_text="The records evaluated together (a business, its premises and their facts).",
                        max_length=200,
                    ),
                ),
                (
                    "recorded_at",
                    models.DateTimeField(default=django.utils.timezone.now, editable=False),
                ),
                (
                    "recorded_by",
                    models.CharField(
                        help_text="Who recorded it: a user name, or the import or process.",
                        max_length=150,
                    ),
                ),
                ("recorded_why", models.TextField(blank=True)),
                ("import_source", models.CharField(blank=True, max_length=300)),
                ("updated_at", models.DateTimeField(auto_now=True, db_index=True)),
                ("voided_at", models.DateTimeField(blank=True, null=True)),
                ("voided_by", models.CharField(blank=True, max_length=150)),
                ("voided_why", models.TextField(blank=True)),
                (
                    "notes",
                    models.TextField(
                        blank=True, help_text="Free text for people; never evaluated.", null=True
                    ),
                ),
                ("premises", models.CharField(db_index=True, max_length=200)),
                ("since", models.DateTimeField()),
                ("garbage", models.BooleanField()),
                ("observed_at", models.DateTimeField()),
            ],
            options={
                "verbose_name": "accumulation",
                "db_table": "records_accumulation",
                "ordering": ["key"],
                "indexes": [
                    models.Index(
                        condition=models.Q(("voided_at__isnull", False)),
                        fields=["voided_at"],
                        name="voided_4c6d0f4d1385",
                    )
                ],
            },
        ),
        migrations.CreateModel(
            name="AppealRequestRecord",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                (
                    "key",
                    models.CharField(
                        help_text="The fact's id, or for an event without one a key derived from its content.",
                        max_length=200,
                        unique=True,
                    ),
                ),
                (
                    "subject_group",
                    models.CharField(
                        db_index=True,
                        default="",
                        help_text="The records evaluated together (a business, its premises and their facts).",
                        max_length=200,
                    ),
                ),
                (
                    "recorded_at",
                    models.DateTimeField(default=django.utils.timezone.now, editable=False),
                ),
                (
                    "recorded_by",
                    models.CharField(
                        help_text="Who recorded it: a user name, or the import or process.",
                        max_length=150,
                    ),
                ),
                ("recorded_why", models.TextField(blank=True)),
                ("import_source", models.CharField(blank=True, max_length=300)),
                ("updated_at", models.DateTimeField(auto_now=True, db_index=True)),
                ("voided_at", models.DateTimeField(blank=True, null=True)),
                ("voided_by", models.CharField(blank=True, max_length=150)),
                ("voided_why", models.TextField(blank=True)),
                (
                    "notes",
                    models.TextField(
                        blank=True, help_text="Free text for people; never evaluated.", null=True
                    ),
                ),
                (
                    "citation",
                    models.CharField(
                        db_index=True, help_text="The citation appealed.", max_length=200
                    ),
                ),
                ("date", models.DateField(help_text="The day the request was received.")),
            ],
            options={
                "verbose_name": "appeal request",
                "db_table": "records_appeal_request",
                "ordering": ["key"],
                "indexes": [
                    models.Index(
                        condition=models.Q(("voided_at__isnull", False)),
                        fields=["voided_at"],
                        name="voided_ae863bbea6de",
                    )
                ],
            },
        ),
        migrations.CreateModel(
            name="BlockageRecord",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                (
                    "key",
                    models.CharField(
                        help_text="The fact's id, or for an event without one a key derived from its content.",
                        max_length=200,
                        unique=True,
                    ),
                ),
                (
                    "subject_group",
                    models.CharField(
                        db_index=True,
                        default="",
                        help_text="The records evaluated together (a business, its premises and their facts).",
                        max_length=200,
                    ),
                ),
                (
                    "recorded_at",
                    models.DateTimeField(default=django.utils.timezone.now, editable=False),
                ),
                (
                    "recorded_by",
                    models.CharField(
                        help_text="Who recorded it: a user name, or the import or process.",
                        max_length=150,
                    ),
                ),
                ("recorded_why", models.TextField(blank=True)),
                ("import_source", models.CharField(blank=True, max_length=300)),
                ("updated_at", models.DateTimeField(auto_now=True, db_index=True)),
                ("voided_at", models.DateTimeField(blank=True, null=True)),
                ("voided_by", models.CharField(blank=True, max_length=150)),
                ("voided_why", models.TextField(blank=True)),
                (
                    "notes",
                    models.TextField(
                        blank=True, help_text="Free text for people; never evaluated.", null=True
                    ),
                ),
                ("establishment", models.CharField(db_index=True, max_length=200)),
                ("date", models.DateField()),
            ],
            options={
                "verbose_name": "blockage",
                "db_table": "records_blockage",
                "ordering": ["key"],
                "indexes": [
                    models.Index(
                        condition=models.Q(("voided_at__isnull", False)),
                        fields=["voided_at"],
                        name="voided_aadc06899e43",
                    )
                ],
            },
        ),
        migrations.CreateModel(
            name="BmpSubmittalRecord",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                (
                    "key",
                    models.CharField(
                        help_text="The fact's id, or for an event without one a key derived from its content.",
                        max_length=200,
                        unique=True,
                    ),
                ),
                (
                    "subject_group",
                    models.CharField(
                        db_index=True,
                        default="",
                        help_text="The records evaluated together (a business, its premises and their facts).",
                        max_length=200,
                    ),
                ),
                (
                    "recorded_at",
                    models.DateTimeField(default=django.utils.timezone.now, editable=False),
                ),
                (
                    "recorded_by",
                    models.CharField(
                        help_text="Who recorded it: a user name, or the import or process.",
                        max_length=150,
                    ),
                ),
                ("recorded_why", models.TextField(blank=True)),
                ("import_source", models.CharField(blank=True, max_length=300)),
                ("updated_at", models.DateTimeField(auto_now=True, db_index=True)),
                ("voided_at", models.DateTimeField(blank=True, null=True)),
                ("voided_by", models.CharField(blank=True, max_length=150)),
                ("voided_why", models.TextField(blank=True)),
                (
                    "notes",
                    models.TextField(
                        blank=True, help_text="Free text for people; never evaluated.", null=True
                    ),
                ),
                ("establishment", models.CharField(db_index=True, max_length=200)),
                ("date", models.DateField()),
                (
                    "elements",
                    models.JSONField(
                        blank=True,
                        help_text="BMP elements the program includes (drain_screens, grease_segregation, food_waste_to_trash, exhaust_filters, employee_training, kitchen_signage).",
                        null=True,
                    ),
                ),
            ],
            options={
                "verbose_name": "bmp submittal",
                "db_table": "records_bmp_submittal",
                "ordering": ["key"],
                "indexes": [
                    models.Index(
                        condition=models.Q(("voided_at__isnull", False)),
                        fields=["voided_at"],
                        name="voided_b0d511222806",
                    )
                ],
            },
        ),
        migrations.CreateModel(
            name="BuildingApplicationRecord",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                (
                    "key",
                    models.CharField(
                        help_text="The fact's id, or for an event without one a key derived from its content.",
                        max_length=200,
                        unique=True,
                    ),
                ),
                (
                    "subject_group",
                    models.CharField(
                        db_index=True,
                        default="",
                        help_text="The records evaluated together (a business, its premises and their facts).",
                        max_length=200,
                    ),
                ),
                (
                    "recorded_at",
                    models.DateTimeField(default=django.utils.timezone.now, editable=False),
                ),
                (
                    "recorded_by",
                    models.CharField(
                        help_text="Who recorded it: a user name, or the import or process.",
                        max_length=150,
                    ),
                ),
                ("recorded_why", models.TextField(blank=True)),
                ("import_source", models.CharField(blank=True, max_length=300)),
                ("updated_at", models.DateTimeField(auto_now=True, db_index=True)),
                ("voided_at", models.DateTimeField(blank=True, null=True)),
                ("voided_by", models.CharField(blank=True, max_length=150)),
                ("voided_why", models.TextField(blank=True)),
                (
                    "notes",
                    models.TextField(
                        blank=True, help_text="Free text for people; never evaluated.", null=True
                    ),
                ),
                (
                    "premises",
                    models.CharField(blank=True, db_index=True, max_length=200, null=True),
                ),
                ("date", models.DateField(help_text="The day the application was made.")),
                (
                    "construction",
                    models.CharField(
                        choices=[
                            ("new", "new"),
                            ("addition", "addition"),
                            ("alteration", "alteration"),
                        ],
                        max_length=64,
                    ),
                ),
                (
                    "occupancy",
                    models.CharField(
                        choices=[
                            ("multi_family", "multi family"),
                            ("commercial", "commercial"),
                            ("single_family", "single family"),
                            ("mixed_use", "mixed use"),
                        ],
                        max_length=64,
                    ),
                ),
                (
                    "new_dwelling_units",
                    models.BigIntegerField(
                        blank=True,
                        help_text="Multi-family dwelling units built on the building site.",
                        null=True,
                    ),
                ),
                ("existing_floor_area_sqft", models.FloatField(blank=True, null=True)),
                ("added_floor_area_sqft", models.FloatField(blank=True, null=True)),
                (
                    "storage_areas",
                    models.BooleanField(
                        blank=True,
                        help_text="The plans identify readily accessible areas for storing and collecting blue and green container materials.",
                        null=True,
                    ),
                ),
            ],
            options={
                "verbose_name": "building application",
                "db_table": "records_building_application",
                "ordering": ["key"],
                "indexes": [
                    models.Index(
                        condition=models.Q(("voided_at__isnull", False)),
                        fields=["voided_at"],
                        name="voided_caf0a137746d",
                    )
                ],
            },
        ),
        migrations.CreateModel(
            name="BurialRecord",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                (
                    "key",
                    models.CharField(
                        help_text="The fact's id, or for an event without one a key derived from its content.",
                        max_length=200,
                        unique=True,
                    ),
                ),
                (
                    "subject_group",
                    models.CharField(
                        db_index=True,
                        default="",
                        help_text="The records evaluated together (a business, its premises and their facts).",
                        max_length=200,
                    ),
                ),
                (
                    "recorded_at",
                    models.DateTimeField(default=django.utils.timezone.now, editable=False),
                ),
                (
                    "recorded_by",
                    models.CharField(
                        help_text="Who recorded it: a user name, or the import or process.",
                        max_length=150,
                    ),
                ),
                ("recorded_why", models.TextField(blank=True)),
                ("import_source", models.CharField(blank=True, max_length=300)),
                ("updated_at", models.DateTimeField(auto_now=True, db_index=True)),
                ("voided_at", models.DateTimeField(blank=True, null=True)),
                ("voided_by", models.CharField(blank=True, max_length=150)),
                ("voided_why", models.TextField(blank=True)),
                (
                    "notes",
                    models.TextField(
                        blank=True, help_text="Free text for people; never evaluated.", null=True
                    ),
                ),
                ("premises", models.CharField(db_index=True, max_length=200)),
                ("date", models.DateField()),
            ],
            options={
                "verbose_name": "burial",
                "db_table": "records_burial",
                "ordering": ["key"],
                "indexes": [
                    models.Index(
                        condition=models.Q(("voided_at__isnull", False)),
                        fields=["voided_at"],
                        name="voided_65ee5e962b75",
                    )
                ],
            },
        ),
        migrations.CreateModel(
            name="CapacityRequestRecord",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                (
                    "key",
                    models.CharField(
                        help_text="The fact's id, or for an event without one a key derived from its content.",
                        max_length=200,
                        unique=True,
                    ),
                ),
                (
                    "subject_group",
                    models.CharField(
                        db_index=True,
                        default="",
                        help_text="The records evaluated together (a business, its premises and their facts).",
                        max_length=200,
                    ),
                ),
                (
                    "recorded_at",
                    models.DateTimeField(default=django.utils.timezone.now, editable=False),
                ),
                (
                    "recorded_by",
                    models.CharField(
                        help_text="Who recorded it: a user name, or the import or process.",
                        max_length=150,
                    ),
                ),
                ("recorded_why", models.TextField(blank=True)),
                ("import_source", models.CharField(blank=True, max_length=300)),
                ("updated_at", models.DateTimeField(auto_now=True, db_index=True)),
                ("voided_at", models.DateTimeField(blank=True, null=True)),
                ("voided_by", models.CharField(blank=True, max_length=150)),
                ("voided_why", models.TextField(blank=True)),
                (
                    "notes",
                    models.TextField(
                        blank=True, help_text="Free text for people; never evaluated.", null=True
                    ),
                ),
                (
                    "subject",
                    models.CharField(
                        db_index=True,
                        help_text="The entity asked for the information.",
                        max_length=200,
                    ),
                ),
                (
                    "kind",
                    models.CharField(
                        choices=[
                            ("food_recovery", "food recovery"),
                            ("organic_waste", "organic waste"),
                        ],
                        help_text="food_recovery (an FRO or FRS, ORG-FRO-CAPACITY) or organic_waste (a recovery facility or community composting operator, ORG-FACILITY-CAPACITY).",
                        max_length=64,
                    ),
                ),
                ("date", models.DateField(help_text="The day the request was sent.")),
                (
                    "due_on",
                    models.DateField(
                        blank=True,
                        help_text="A shorter response date the city set in the request; a later date does not extend the 60 days.",
                        null=True,
                    ),
                ),
            ],
            options={
                "verbose_name": "capacity request",
                "db_table": "records_capacity_request",
                "ordering": ["key"],
                "indexes": [
                    models.Index(
                        condition=models.Q(("voided_at__isnull", False)),
                        fields=["voided_at"],
                        name="voided_d771f2301fd0",
                    )
                ],
            },
        ),
        migrations.CreateModel(
            name="CapacityResponseRecord",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                (
                    "key",
                    models.CharField(
                        help_text="The fact's id, or for an event without one a key derived from its content.",
                        max_length=200,
                        unique=True,
                    ),
                ),
                (
                    "subject_group",
                    models.CharField(
                        db_index=True,
                        default="",
                        help_text="The records evaluated together (a business, its premises and their facts).",
                        max_length=200,
                    ),
                ),
                (
                    "recorded_at",
                    models.DateTimeField(default=django.utils.timezone.now, editable=False),
                ),
                (
                    "recorded_by",
                    models.CharField(
                        help_text="Who recorded it: a user name, or the import or process.",
                        max_length=150,
                    ),
                ),
                ("recorded_why", models.TextField(blank=True)),
                ("import_source", models.CharField(blank=True, max_length=300)),
                ("updated_at", models.DateTimeField(auto_now=True, db_index=True)),
                ("voided_at", models.DateTimeField(blank=True, null=True)),
                ("voided_by", models.CharField(blank=True, max_length=150)),
                ("voided_why", models.TextField(blank=True)),
                (
                    "notes",
                    models.TextField(
                        blank=True, help_text="Free text for people; never evaluated.", null=True
                    ),
                ),
                ("request", models.CharField(db_index=True, max_length=200)),
                ("date", models.DateField(help_text="The day the city received the answer.")),
            ],
            options={
                "verbose_name": "capacity response",
                "db_table": "records_capacity_response",
                "ordering": ["key"],
                "indexes": [
                    models.Index(
                        condition=models.Q(("voided_at__isnull", False)),
                        fields=["voided_at"],
                        name="voided_3a429454a8d0",
                    )
                ],
            },
        ),
        migrations.CreateModel(
            name="CdProjectRecord",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                (
                    "key",
                    models.CharField(
                        help_text="The fact's id, or for an event without one a key derived from its content.",
                        max_length=200,
                        unique=True,
                    ),
                ),
                (
                    "subject_group",
                    models.CharField(
                        db_index=True,
                        default="",
                        help_text="The records evaluated together (a business, its premises and their facts).",
                        max_length=200,
                    ),
                ),
                (
                    "recorded_at",
                    models.DateTimeField(default=django.utils.timezone.now, editable=False),
                ),
                (
                    "recorded_by",
                    models.CharField(
                        help_text="Who recorded it: a user name, or the import or process.",
                        max_length=150,
                    ),
                ),
                ("recorded_why", models.TextField(blank=True)),
                ("import_source", models.CharField(blank=True, max_length=300)),
                ("updated_at", models.DateTimeField(auto_now=True, db_index=True)),
                ("voided_at", models.DateTimeField(blank=True, null=True)),
                ("voided_by", models.CharField(blank=True, max_length=150)),
                ("voided_why", models.TextField(blank=True)),
                (
                    "notes",
                    models.TextField(
                        blank=True, help_text="Free text for people; never evaluated.", null=True
                    ),
                ),
                (
                    "premises",
                    models.CharField(blank=True, db_index=True, max_length=200, null=True),
                ),
                (
                    "parcel",
                    models.TextField(blank=True, help_text="Assessor's parcel number.", null=True),
                ),
                (
                    "part_of",
                    models.CharField(
                        blank=True,
                        db_index=True,
                        help_text="The project this one is a phase of, or is related to on the same or an adjoining parcel, as the compliance official determined.",
                        max_length=200,
                        null=True,
                    ),
                ),
                (
                    "city_project",
                    models.BooleanField(blank=True, help_text="Undertaken by the city.", null=True),
                ),
                ("demolition_only", models.BooleanField(blank=True, null=True)),
                ("planned_start_on", models.DateField(blank=True, null=True)),
                ("work_began_on", models.DateField(blank=True, null=True)),
                (
                    "wmp_submitted_on",
                    models.DateField(
                        blank=True,
                        help_text="Waste Management Plan submitted to the compliance official.",
                        null=True,
                    ),
                ),
            ],
            options={
                "verbose_name": "cd project",
                "db_table": "records_cd_project",
                "ordering": ["key"],
                "indexes": [
                    models.Index(
                        condition=models.Q(("voided_at__isnull", False)),
                        fields=["voided_at"],
                        name="voided_786bba800839",
                    )
                ],
            },
        ),
        migrations.CreateModel(
            name="CesspoolRecord",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                (
                    "key",
                    models.CharField(
                        help_text="The fact's id, or for an event without one a key derived from its content.",
                        max_length=200,
                        unique=True,
                    ),
                ),
                (
                    "subject_group",
                    models.CharField(
                        db_index=True,
                        default="",
                        help_text="The records evaluated together (a business, its premises and their facts).",
                        max_length=200,
                    ),
                ),
                (
                    "recorded_at",
                    models.DateTimeField(default=django.utils.timezone.now, editable=False),
                ),
                (
                    "recorded_by",
                    models.CharField(
                        help_text="Who recorded it: a user name, or the import or process.",
                        max_length=150,
                    ),
                ),
                ("recorded_why", models.TextField(blank=True)),
                ("import_source", models.CharField(blank=True, max_length=300)),
                ("updated_at", models.DateTimeField(auto_now=True, db_index=True)),
                ("voided_at", models.DateTimeField(blank=True, null=True)),
                ("voided_by", models.CharField(blank=True, max_length=150)),
                ("voided_why", models.TextField(blank=True)),
                (
                    "notes",
                    models.TextField(
                        blank=True, help_text="Free text for people; never evaluated.", null=True
                    ),
                ),
                (
                    "premises",
                    models.CharField(
                        db_index=True, help_text="The lot the cesspool serves.", max_length=200
                    ),
                ),
                (
                    "constructed_on",
                    models.DateField(
                        blank=True, help_text="When it was built (absent: not recorded).", null=True
                    ),
                ),
                (
                    "adequate",
                    models.BooleanField(
                        blank=True,
                        help_text="Sufficient and adequate to serve the premises, as last found (absent: not determined).",
                        null=True,
                    ),
                ),
                (
                    "abandoned_on",
                    models.DateField(
                        blank=True,
                        help_text="Abandoned and the plumbing connected with the public sewer.",
                        null=True,
                    ),
                ),
            ],
            options={
                "verbose_name": "cesspool",
                "db_table": "records_cesspool",
                "ordering": ["key"],
                "indexes": [
                    models.Index(
                        condition=models.Q(("voided_at__isnull", False)),
                        fields=["voided_at"],
                        name="voided_bd9a659b2419",
                    )
                ],
            },
        ),
        migrations.CreateModel(
            name="CitationRecord",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                (
                    "key",
                    models.CharField(
                        help_text="The fact's id, or for an event without one a key derived from its content.",
                        max_length=200,
                        unique=True,
                    ),
                ),
                (
                    "subject_group",
                    models.CharField(
                        db_index=True,
                        default="",
                        help_text="The records evaluated together (a business, its premises and their facts).",
                        max_length=200,
                    ),
                ),
                (
                    "recorded_at",
                    models.DateTimeField(default=django.utils.timezone.now, editable=False),
                ),
                (
                    "recorded_by",
                    models.CharField(
                        help_text="Who recorded it: a user name, or the import or process.",
                        max_length=150,
                    ),
                ),
                ("recorded_why", models.TextField(blank=True)),
                ("import_source", models.CharField(blank=True, max_length=300)),
                ("updated_at", models.DateTimeField(auto_now=True, db_index=True)),
                ("voided_at", models.DateTimeField(blank=True, null=True)),
                ("voided_by", models.CharField(blank=True, max_length=150)),
                ("voided_why", models.TextField(blank=True)),
                (
                    "notes",
                    models.TextField(
                        blank=True, help_text="Free text for people; never evaluated.", null=True
                    ),
                ),
                ("subject", models.CharField(db_index=True, max_length=200)),
                ("requirement", models.CharField(db_index=True, max_length=64)),
                ("issued_on", models.DateField()),
                ("notice", models.CharField(blank=True, db_index=True, max_length=200, null=True)),
                (
                    "amount",
                    models.DecimalField(blank=True, decimal_places=2, max_digits=14, null=True),
                ),
            ],
            options={
                "verbose_name": "citation",
                "db_table": "records_citation",
                "ordering": ["key"],
                "indexes": [
                    models.Index(
                        condition=models.Q(("voided_at__isnull", False)),
                        fields=["voided_at"],
                        name="voided_1a81b1197638",
                    )
                ],
            },
        ),
        migrations.CreateModel(
            name="CollectionAccessRecord",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                (
                    "key",
                    models.CharField(
                        help_text="The fact's id, or for an event without one a key derived from its content.",
                        max_length=200,
                        unique=True,
                    ),
                ),
                (
                    "subject_group",
                    models.CharField(
                        db_index=True,
                        default="",
                        help_text="The records evaluated together (a business, its premises and their facts).",
                        max_length=200,
                    ),
                ),
                (
                    "recorded_at",
                    models.DateTimeField(default=django.utils.timezone.now, editable=False),
                ),
                (
                    "recorded_by",
                    models.CharField(
                        help_text="Who recorded it: a user name, or the import or process.",
                        max_length=150,
                    ),
                ),
                ("recorded_why", models.TextField(blank=True)),
                ("import_source", models.CharField(blank=True, max_length=300)),
                ("updated_at", models.DateTimeField(auto_now=True, db_index=True)),
                ("voided_at", models.DateTimeField(blank=True, null=True)),
                ("voided_by", models.CharField(blank=True, max_length=150)),
                ("voided_why", models.TextField(blank=True)),
                (
                    "notes",
                    models.TextField(
                        blank=True, help_text="Free text for people; never evaluated.", null=True
                    ),
                ),
                ("premises", models.CharField(db_index=True, max_length=200)),
                ("date", models.DateField()),
                (
                    "rear_or_side_accessible",
                    models.BooleanField(
                        help_text="The rear or side is accessible to the contractor's equipment."
                    ),
                ),
                (
                    "damage_unlikely",
                    models.BooleanField(
                        help_text="Personal injury or property damage is unlikely to result from operating the contractor's equipment there."
                    ),
                ),
            ],
            options={
                "verbose_name": "collection access",
                "db_table": "records_collection_access",
                "ordering": ["key"],
                "indexes": [
                    models.Index(
                        condition=models.Q(("voided_at__isnull", False)),
                        fields=["voided_at"],
                        name="voided_3008a53cd803",
                    )
                ],
            },
        ),
        migrations.CreateModel(
            name="CollectionObservationRecord",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                (
                    "key",
                    models.CharField(
                        help_text="The fact's id, or for an event without one a key derived from its content.",
                        max_length=200,
                        unique=True,
                    ),
                ),
                (
                    "subject_group",
                    models.CharField(
                        db_index=True,
                        default="",
                        help_text="The records evaluated together (a business, its premises and their facts).",
                        max_length=200,
                    ),
                ),
                (
                    "recorded_at",
                    models.DateTimeField(default=django.utils.timezone.now, editable=False),
                ),
                (
                    "recorded_by",
                    models.CharField(
                        help_text="Who recorded it: a user name, or the import or process.",
                        max_length=150,
                    ),
                ),
                ("recorded_why", models.TextField(blank=True)),
                ("import_source", models.CharField(blank=True, max_length=300)),
                ("updated_at", models.DateTimeField(auto_now=True, db_index=True)),
                ("voided_at", models.DateTimeField(blank=True, null=True)),
                ("voided_by", models.CharField(blank=True, max_length=150)),
                ("voided_why", models.TextField(blank=True)),
                (
                    "notes",
                    models.TextField(
                        blank=True, help_text="Free text for people; never evaluated.", null=True
                    ),
                ),
                ("date", models.DateField()),
                ("collector", models.TextField(help_text="The person or business collecting.")),
                (
                    "collector_role",
                    models.CharField(
                        blank=True,
                        choices=[
                            ("contractor", "contractor"),
                            ("city", "city"),
                            ("occupant", "occupant"),
                            ("charity", "charity"),
                            ("other", "other"),
                        ],
                        default="other",
                        help_text="contractor (the city's franchisee), city, occupant (the premises' own owner or occupant), charity (a charitable entity), or other.",
                        max_length=64,
                        null=True,
                    ),
                ),
                ("materials", models.JSONField(blank=True, help_text="What was taken.", null=True)),
                (
                    "locations",
                    models.JSONField(
                        help_text="Each address (or premises id) it was taken from; each location is a separate offense."
                    ),
                ),
                (
                    "tampered",
                    models.BooleanField(
                        blank=True,
                        help_text="Tampered with, injured, destroyed or removed a bin, container or other refuse equipment.",
                        null=True,
                    ),
                ),
                (
                    "from_collection_container",
                    models.BooleanField(
                        blank=True,
                        help_text="The recyclables were taken after being placed at the curb or a designated collection location, or from a container provided by the contractor.",
                        null=True,
                    ),
                ),
                (
                    "recycling_arrangement",
                    models.BooleanField(
                        blank=True,
                        help_text="The collector takes segregated recyclables and has an arrangement to, and does, recycle all it collects.",
                        null=True,
                    ),
                ),
                (
                    "jobsite_debris_own_trucks",
                    models.BooleanField(
                        blank=True,
                        help_text="Debris from a jobsite hauled by the contractor or person in its own trucks.",
                        null=True,
                    ),
                ),
                (
                    "sale",
                    models.CharField(
                        blank=True,
                        db_index=True,
                        help_text="The sale or donation the collection was part of.",
                        max_length=200,
                        null=True,
                    ),
                ),
            ],
            options={
                "verbose_name": "collection observation",
                "db_table": "records_collection_observation",
                "ordering": ["key"],
                "indexes": [
                    models.Index(
                        condition=models.Q(("voided_at__isnull", False)),
                        fields=["voided_at"],
                        name="voided_f0caf70a695b",
                    )
                ],
            },
        ),
        migrations.CreateModel(
            name="CollectionServiceRecord",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                (
                    "key",
                    models.CharField(
                        help_text="The fact's id, or for an event without one a key derived from its content.",
                        max_length=200,
                        unique=True,
                    ),
                ),
                (
                    "subject_group",
                    models.CharField(
                        db_index=True,
                        default="",
                        help_text="The records evaluated together (a business, its premises and their facts).",
                        max_length=200,
                    ),
                ),
                (
                    "recorded_at",
                    models.DateTimeField(default=django.utils.timezone.now, editable=False),
                ),
                (
                    "recorded_by",
                    models.CharField(
                        help_text="Who recorded it: a user name, or the import or process.",
                        max_length=150,
                    ),
                ),
                ("recorded_why", models.TextField(blank=True)),
                ("import_source", models.CharField(blank=True, max_length=300)),
                ("updated_at", models.DateTimeField(auto_now=True, db_index=True)),
                ("voided_at", models.DateTimeField(blank=True, null=True)),
                ("voided_by", models.CharField(blank=True, max_length=150)),
                ("voided_why", models.TextField(blank=True)),
                (
                    "notes",
                    models.TextField(
                        blank=True, help_text="Free text for people; never evaluated.", null=True
                    ),
                ),
                (
                    "premises",
                    models.CharField(blank=True, db_index=True, max_length=200, null=True),
                ),
                (
                    "establishment",
                    models.CharField(blank=True, db_index=True, max_length=200, null=True),
                ),
                (
                    "stream",
                    models.CharField(
                        choices=[
                            ("recyclables", "recyclables"),
                            ("organics", "organics"),
                            ("black", "black"),
                            ("total", "total"),
                        ],
                        max_length=64,
                    ),
                ),
                ("gallons_per_week", models.FloatField(blank=True, null=True)),
                ("cubic_yards_per_week", models.FloatField(blank=True, null=True)),
                (
                    "collections_per_week",
                    models.FloatField(
                        blank=True,
                        help_text="How often the contractor collects (1 = weekly, 0.5 = every other week); absent, the pack's reading applies (SW-DISPOSAL-MEANS).",
                        null=True,
                    ),
                ),
                ("start", models.DateField()),
                ("end", models.DateField(blank=True, null=True)),
            ],
            options={
                "verbose_name": "collection service",
                "db_table": "records_collection_service",
                "ordering": ["key"],
                "indexes": [
                    models.Index(
                        condition=models.Q(("voided_at__isnull", False)),
                        fields=["voided_at"],
                        name="voided_ed3aa61ae517",
                    )
                ],
            },
        ),
        migrations.CreateModel(
            name="CompostObservationRecord",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                (
                    "key",
                    models.CharField(
                        help_text="The fact's id, or for an event without one a key derived from its content.",
                        max_length=200,
                        unique=True,
                    ),
                ),
                (
                    "subject_group",
                    models.CharField(
                        db_index=True,
                        default="",
                        help_text="The records evaluated together (a business, its premises and their facts).",
                        max_length=200,
                    ),
                ),
                (
                    "recorded_at",
                    models.DateTimeField(default=django.utils.timezone.now, editable=False),
                ),
                (
                    "recorded_by",
                    models.CharField(
                        help_text="Who recorded it: a user name, or the import or process.",
                        max_length=150,
                    ),
                ),
                ("recorded_why", models.TextField(blank=True)),
                ("import_source", models.CharField(blank=True, max_length=300)),
                ("updated_at", models.DateTimeField(auto_now=True, db_index=True)),
                ("voided_at", models.DateTimeField(blank=True, null=True)),
                ("voided_by", models.CharField(blank=True, max_length=150)),
                ("voided_why", models.TextField(blank=True)),
                (
                    "notes",
                    models.TextField(
                        blank=True, help_text="Free text for people; never evaluated.", null=True
                    ),
                ),
                ("premises", models.CharField(db_index=True, max_length=200)),
                ("date", models.DateField()),
                (
                    "location",
                    models.CharField(
                        choices=[
                            ("rear_yard", "rear yard"),
                            ("side_yard", "side yard"),
                            ("front_yard", "front yard"),
                            ("street", "street"),
                            ("alley", "alley"),
                            ("parkway", "parkway"),
                            ("other_place", "other place"),
                            ("unimproved_lot", "unimproved lot"),
                        ],
                        max_length=64,
                    ),
                ),
                (
                    "adjoins_owner_improved_lot",
                    models.BooleanField(
                        blank=True,
                        help_text="For an unimproved lot: it adjoins the improved property of its owner.",
                        null=True,
                    ),
                ),
                (
                    "contents",
                    models.JSONField(
                        blank=True, help_text="What the compost is made of.", null=True
                    ),
                ),
                (
                    "receptacle",
                    models.CharField(
                        choices=[
                            ("pit", "pit"),
                            ("container", "container"),
                            ("open_pile", "open pile"),
                        ],
                        max_length=64,
                    ),
                ),
                (
                    "container_material",
                    models.CharField(
                        blank=True,
                        choices=[
                            ("metal", "metal"),
                            ("wood", "wood"),
                            ("plastic", "plastic"),
                            ("other", "other"),
                        ],
                        max_length=64,
                        null=True,
                    ),
                ),
                (
                    "below_ground_level",
                    models.BooleanField(
                        blank=True,
                        help_text="For a pit: the contents are below natural surrounding ground level.",
                        null=True,
                    ),
                ),
                (
                    "height_ft",
                    models.FloatField(
                        blank=True, help_text="Height of the container or open pile.", null=True
                    ),
                ),
                (
                    "distance_ft",
                    models.FloatField(
                        blank=True,
                        help_text="Distance to the nearest property line or structure.",
                        null=True,
                    ),
                ),
                (
                    "cover",
                    models.CharField(
                        blank=True,
                        choices=[
                            ("soil", "soil"),
                            ("approved_covering", "approved covering"),
                            ("unapproved_covering", "unapproved covering"),
                            ("none", "none"),
                        ],
                        help_text="The covering: soil, a covering approved by the Health Officer, another covering, or none.",
                        max_length=64,
                        null=True,
                    ),
                ),
                (
                    "cover_in",
                    models.FloatField(blank=True, help_text="Depth of the covering.", null=True),
                ),
                ("moist", models.BooleanField(blank=True, null=True)),
                (
                    "decomposition_complete",
                    models.BooleanField(
                        blank=True,
                        help_text="Decomposition is completed (it need no longer be kept moist).",
                        null=True,
                    ),
                ),
                (
                    "max_branch_diameter_in",
                    models.FloatField(
                        blank=True,
                        help_text="Diameter of the thickest twig, limb or branch.",
                        null=True,
                    ),
                ),
                (
                    "max_branch_length_ft",
                    models.FloatField(
                        blank=True,
                        help_text="Length of the longest twig, limb or branch.",
                        null=True,
                    ),
                ),
                (
                    "hardwood_or_second_season",
                    models.BooleanField(
                        blank=True,
                        help_text="Hardwood branches or second season growth are in it.",
                        null=True,
                    ),
                ),
            ],
            options={
                "verbose_name": "compost observation",
                "db_table": "records_compost_observation",
                "ordering": ["key"],
                "indexes": [
                    models.Index(
                        condition=models.Q(("voided_at__isnull", False)),
                        fields=["voided_at"],
                        name="voided_a1faa61a2f36",
                    )
                ],
            },
        ),
        migrations.CreateModel(
            name="ConnectionDesignRecord",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                (
                    "key",
                    models.CharField(
                        help_text="The fact's id, or for an event without one a key derived from its content.",
                        max_length=200,
                        unique=True,
                    ),
                ),
                (
                    "subject_group",
                    models.CharField(
                        db_index=True,
                        default="",
                        help_text="The records evaluated together (a business, its premises and their facts).",
                        max_length=200,
                    ),
                ),
                (
                    "recorded_at",
                    models.DateTimeField(default=django.utils.timezone.now, editable=False),
                ),
                (
                    "recorded_by",
                    models.CharField(
                        help_text="Who recorded it: a user name, or the import or process.",
                        max_length=150,
                    ),
                ),
                ("recorded_why", models.TextField(blank=True)),
                ("import_source", models.CharField(blank=True, max_length=300)),
                ("updated_at", models.DateTimeField(auto_now=True, db_index=True)),
                ("voided_at", models.DateTimeField(blank=True, null=True)),
                ("voided_by", models.CharField(blank=True, max_length=150)),
                ("voided_why", models.TextField(blank=True)),
                (
                    "notes",
                    models.TextField(
                        blank=True, help_text="Free text for people; never evaluated.", null=True
                    ),
                ),
                ("permit", models.CharField(blank=True, db_index=True, max_length=200, null=True)),
                ("persons_served", models.BigIntegerField()),
                ("segments", models.JSONField()),
                ("public_sewer_diameter_in", models.FloatField(blank=True, null=True)),
                ("public_sewer_depth_ft", models.FloatField(blank=True, null=True)),
                ("existing_branch", models.BooleanField(blank=True, null=True)),
                (
                    "method",
                    models.CharField(
                        blank=True,
                        choices=[("y_branch", "y branch"), ("saddle", "saddle")],
                        max_length=64,
                        null=True,
                    ),
                ),
            ],
            options={
                "verbose_name": "connection design",
                "db_table": "records_connection_design",
                "ordering": ["key"],
                "indexes": [
                    models.Index(
                        condition=models.Q(("voided_at__isnull", False)),
                        fields=["voided_at"],
                        name="voided_fb7c994d5f5c",
                    )
                ],
            },
        ),
        migrations.CreateModel(
            name="ConnectionRouteRecord",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                (
                    "key",
                    models.CharField(
                        help_text="The fact's id, or for an event without one a key derived from its content.",
                        max_length=200,
                        unique=True,
                    ),
                ),
                (
                    "subject_group",
                    models.CharField(
                        db_index=True,
                        default="",
                        help_text="The records evaluated together (a business, its premises and their facts).",
                        max_length=200,
                    ),
                ),
                (
                    "recorded_at",
                    models.DateTimeField(default=django.utils.timezone.now, editable=False),
                ),
                (
                    "recorded_by",
                    models.CharField(
                        help_text="Who recorded it: a user name, or the import or process.",
                        max_length=150,
                    ),
                ),
                ("recorded_why", models.TextField(blank=True)),
                ("import_source", models.CharField(blank=True, max_length=300)),
                ("updated_at", models.DateTimeField(auto_now=True, db_index=True)),
                ("voided_at", models.DateTimeField(blank=True, null=True)),
                ("voided_by", models.CharField(blank=True, max_length=150)),
                ("voided_why", models.TextField(blank=True)),
                (
                    "notes",
                    models.TextField(
                        blank=True, help_text="Free text for people; never evaluated.", null=True
                    ),
                ),
                ("design", models.CharField(db_index=True, max_length=200)),
                (
                    "lots",
                    models.JSONField(help_text="Every lot the connection lies in, under or upon."),
                ),
                (
                    "building_lots",
                    models.JSONField(
                        blank=True,
                        help_text="The lots the building or structure stands on, wholly or partly (a building covering more than one lot; a house-court's parcel); absent: the lot of the design's permit.",
                        null=True,
                    ),
                ),
            ],
            options={
                "verbose_name": "connection route",
                "db_table": "records_connection_route",
                "ordering": ["key"],
                "indexes": [
                    models.Index(
                        condition=models.Q(("voided_at__isnull", False)),
                        fields=["voided_at"],
                        name="voided_6db1c564de16",
                    )
                ],
            },
        ),
        migrations.CreateModel(
            name="CorrectionRecord",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                (
                    "key",
                    models.CharField(
                        help_text="The fact's id, or for an event without one a key derived from its content.",
                        max_length=200,
                        unique=True,
                    ),
                ),
                (
                    "subject_group",
                    models.CharField(
                        db_index=True,
                        default="",
                        help_text="The records evaluated together (a business, its premises and their facts).",
                        max_length=200,
                    ),
                ),
                (
                    "recorded_at",
                    models.DateTimeField(default=django.utils.timezone.now, editable=False),
                ),
                (
                    "recorded_by",
                    models.CharField(
                        help_text="Who recorded it: a user name, or the import or process.",
                        max_length=150,
                    ),
                ),
                ("recorded_why", models.TextField(blank=True)),
                ("import_source", models.CharField(blank=True, max_length=300)),
                ("updated_at", models.DateTimeField(auto_now=True, db_index=True)),
                ("voided_at", models.DateTimeField(blank=True, null=True)),
                ("voided_by", models.CharField(blank=True, max_length=150)),
                ("voided_why", models.TextField(blank=True)),
                (
                    "notes",
                    models.TextField(
                        blank=True, help_text="Free text for people; never evaluated.", null=True
                    ),
                ),
                ("notice", models.CharField(db_index=True, max_length=200)),
                ("date", models.DateField()),
            ],
            options={
                "verbose_name": "correction",
                "db_table": "records_correction",
                "ordering": ["key"],
                "indexes": [
                    models.Index(
                        condition=models.Q(("voided_at__isnull", False)),
                        fields=["voided_at"],
                        name="voided_3c72f2b3b917",
                    )
                ],
            },
        ),
        migrations.CreateModel(
            name="DeliveryRecord",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                (
                    "key",
                    models.CharField(
                        help_text="The fact's id, or for an event without one a key derived from its content.",
                        max_length=200,
                        unique=True,
                    ),
                ),
                (
                    "subject_group",
                    models.CharField(
                        db_index=True,
                        default="",
                        help_text="The records evaluated together (a business, its premises and their facts).",
                        max_length=200,
                    ),
                ),
                (
                    "recorded_at",
                    models.DateTimeField(default=django.utils.timezone.now, editable=False),
                ),
                (
                    "recorded_by",
                    models.CharField(
                        help_text="Who recorded it: a user name, or the import or process.",
                        max_length=150,
                    ),
                ),
                ("recorded_why", models.TextField(blank=True)),
                ("import_source", models.CharField(blank=True, max_length=300)),
                ("updated_at", models.DateTimeField(auto_now=True, db_index=True)),
                ("voided_at", models.DateTimeField(blank=True, null=True)),
                ("voided_by", models.CharField(blank=True, max_length=150)),
                ("voided_why", models.TextField(blank=True)),
                (
                    "notes",
                    models.TextField(
                        blank=True, help_text="Free text for people; never evaluated.", null=True
                    ),
                ),
                (
                    "hauled_by",
                    models.CharField(
                        db_index=True,
                        help_text="The franchised hauler, or the business or premises that self-hauls.",
                        max_length=200,
                    ),
                ),
                ("facility", models.CharField(db_index=True, max_length=200)),
                ("date", models.DateField()),
                (
                    "stream",
                    models.CharField(
                        choices=[
                            ("recyclables", "recyclables"),
                            ("organics", "organics"),
                            ("mixed", "mixed"),
                            ("black", "black"),
                        ],
                        help_text="recyclables, organics (source separated green container organic waste), mixed (organic waste not source separated) or black.",
                        max_length=64,
                    ),
                ),
                ("tons", models.FloatField(blank=True, null=True)),
                ("cubic_yards", models.FloatField(blank=True, null=True)),
                (
                    "receipt",
                    models.BooleanField(
                        blank=True,
                        help_text="A delivery receipt or weight ticket from the facility is kept.",
                        null=True,
                    ),
                ),
                (
                    "contaminated",
                    models.BooleanField(
                        blank=True,
                        help_text="The load held prohibited container contaminants.",
                        null=True,
                    ),
                ),
            ],
            options={
                "verbose_name": "delivery",
                "db_table": "records_delivery",
                "ordering": ["key"],
                "indexes": [
                    models.Index(
                        condition=models.Q(("voided_at__isnull", False)),
                        fields=["voided_at"],
                        name="voided_c6c55971249e",
                    )
                ],
            },
        ),
        migrations.CreateModel(
            name="DeviceRecord",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                (
                    "key",
                    models.CharField(
                        help_text="The fact's id, or for an event without one a key derived from its content.",
                        max_length=200,
                        unique=True,
                    ),
                ),
                (
                    "subject_group",
                    models.CharField(
                        db_index=True,
                        default="",
                        help_text="The records evaluated together (a business, its premises and their facts).",
                        max_length=200,
                    ),
                ),
                (
                    "recorded_at",
                    models.DateTimeField(default=django.utils.timezone.now, editable=False),
                ),
                (
                    "recorded_by",
                    models.CharField(
                        help_text="Who recorded it: a user name, or the import or process.",
                        max_length=150,
                    ),
                ),
                ("recorded_why", models.TextField(blank=True)),
                ("import_source", models.CharField(blank=True, max_length=300)),
                ("updated_at", models.DateTimeField(auto_now=True, db_index=True)),
                ("voided_at", models.DateTimeField(blank=True, null=True)),
                ("voided_by", models.CharField(blank=True, max_length=150)),
                ("voided_why", models.TextField(blank=True)),
                (
                    "notes",
                    models.TextField(
                        blank=True, help_text="Free text for people; never evaluated.", null=True
                    ),
                ),
                ("establishment", models.CharField(db_index=True, max_length=200)),
                (
                    "kind",
                    models.CharField(
                        choices=[
                            ("grease_interceptor", "grease interceptor"),
                            ("grease_trap", "grease trap"),
                            ("sand_trap", "sand trap"),
                            ("neutralizing_tank", "neutralizing tank"),
                        ],
                        max_length=64,
                    ),
                ),
                ("installed_on", models.DateField(blank=True, null=True)),
                ("removed_on", models.DateField(blank=True, null=True)),
                ("compartments", models.BigIntegerField(blank=True, null=True)),
                ("capacity_gallons", models.FloatField(blank=True, null=True)),
                ("grease_capacity_lbs", models.FloatField(blank=True, null=True)),
                ("approved", models.BooleanField(blank=True, null=True)),
            ],
            options={
                "verbose_name": "device",
                "db_table": "records_device",
                "ordering": ["key"],
                "indexes": [
                    models.Index(
                        condition=models.Q(("voided_at__isnull", False)),
                        fields=["voided_at"],
                        name="voided_7e96dde3783b",
                    )
                ],
            },
        ),
        migrations.CreateModel(
            name="DrainConnectionRecord",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                (
                    "key",
                    models.CharField(
                        help_text="The fact's id, or for an event without one a key derived from its content.",
                        max_length=200,
                        unique=True,
                    ),
                ),
                (
                    "subject_group",
                    models.CharField(
                        db_index=True,
                        default="",
                        help_text="The records evaluated together (a business, its premises and their facts).",
                        max_length=200,
                    ),
                ),
                (
                    "recorded_at",
                    models.DateTimeField(default=django.utils.timezone.now, editable=False),
                ),
                (
                    "recorded_by",
                    models.CharField(
                        help_text="Who recorded it: a user name, or the import or process.",
                        max_length=150,
                    ),
                ),
                ("recorded_why", models.TextField(blank=True)),
                ("import_source", models.CharField(blank=True, max_length=300)),
                ("updated_at", models.DateTimeField(auto_now=True, db_index=True)),
                ("voided_at", models.DateTimeField(blank=True, null=True)),
                ("voided_by", models.CharField(blank=True, max_length=150)),
                ("voided_why", models.TextField(blank=True)),
                (
                    "notes",
                    models.TextField(
                        blank=True, help_text="Free text for people; never evaluated.", null=True
                    ),
                ),
                (
                    "premises",
                    models.CharField(
                        db_index=True, help_text="The lot where it is connected.", max_length=200
                    ),
                ),
                (
                    "establishment",
                    models.CharField(
                        blank=True,
                        db_index=True,
                        help_text="The establishment whose fixture it is, if any.",
                        max_length=200,
                        null=True,
                    ),
                ),
                (
                    "source",
                    models.CharField(
                        choices=[
                            ("roof_conductor", "roof conductor"),
                            ("yard_drain", "yard drain"),
                            ("surface_water_conduit", "surface water conduit"),
                            ("swimming_pool", "swimming pool"),
                            ("tank", "tank"),
                            ("cellar_drain", "cellar drain"),
                            ("basement_shower", "basement shower"),
                            ("yard_shower", "yard shower"),
                            ("safe_waste_pipe", "safe waste pipe"),
                            ("engine_exhaust", "engine exhaust"),
                            ("boiler_blowoff", "boiler blowoff"),
                            ("acid_waste", "acid waste"),
                        ],
                        help_text="What is connected: a roof conductor, yard drain or surface water conduit; a swimming pool or tank; a cellar drain or basement/yard shower; a safe waste pipe; an engine exhaust or boiler blowoff; acid or corrosive wastes.",
                        max_length=64,
                    ),
                ),
                (
                    "through",
                    models.CharField(
                        blank=True,
                        choices=[
                            ("direct", "direct"),
                            ("sand_trap", "sand trap"),
                            ("watertight_sump", "watertight sump"),
                            ("water_supplied_sink", "water supplied sink"),
                            ("neutralizing_tank", "neutralizing tank"),
                        ],
                        default="direct",
                        help_text="What the discharge passes through before the sewer (direct: nothing).",
                        max_length=64,
                        null=True,
                    ),
                ),
                (
                    "device",
                    models.CharField(
                        blank=True,
                        db_index=True,
                        help_text="The sand trap or neutralizing tank it passes through.",
                        max_length=200,
                        null=True,
                    ),
                ),
                (
                    "permit",
                    models.CharField(
                        blank=True,
                        db_index=True,
                        help_text="The special permit it was connected under.",
                        max_length=200,
                        null=True,
                    ),
                ),
                (
                    "automatic_intake",
                    models.BooleanField(
                        blank=True,
                        help_text="Acid wastes: the dilution and neutralizing sink or tank is automatically supplied with water or neutralizing medium.",
                        null=True,
                    ),
                ),
                (
                    "connected_on",
                    models.DateField(
                        blank=True,
                        help_text="When it was connected (absent: found connected).",
                        null=True,
                    ),
                ),
                ("disconnected_on", models.DateField(blank=True, null=True)),
            ],
            options={
                "verbose_name": "drain connection",
                "db_table": "records_drain_connection",
                "ordering": ["key"],
                "indexes": [
                    models.Index(
                        condition=models.Q(("voided_at__isnull", False)),
                        fields=["voided_at"],
                        name="voided_0ce29665844d",
                    )
                ],
            },
        ),
        migrations.CreateModel(
            name="DumpingRecord",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                (
                    "key",
                    models.CharField(
                        help_text="The fact's id, or for an event without one a key derived from its content.",
                        max_length=200,
                        unique=True,
                    ),
                ),
                (
                    "subject_group",
                    models.CharField(
                        db_index=True,
                        default="",
                        help_text="The records evaluated together (a business, its premises and their facts).",
                        max_length=200,
                    ),
                ),
                (
                    "recorded_at",
                    models.DateTimeField(default=django.utils.timezone.now, editable=False),
                ),
                (
                    "recorded_by",
                    models.CharField(
                        help_text="Who recorded it: a user name, or the import or process.",
                        max_length=150,
                    ),
                ),
                ("recorded_why", models.TextField(blank=True)),
                ("import_source", models.CharField(blank=True, max_length=300)),
                ("updated_at", models.DateTimeField(auto_now=True, db_index=True)),
                ("voided_at", models.DateTimeField(blank=True, null=True)),
                ("voided_by", models.CharField(blank=True, max_length=150)),
                ("voided_why", models.TextField(blank=True)),
                (
                    "notes",
                    models.TextField(
                        blank=True, help_text="Free text for people; never evaluated.", null=True
                    ),
                ),
                (
                    "premises",
                    models.CharField(blank=True, db_index=True, max_length=200, null=True),
                ),
                ("date", models.DateField()),
                (
                    "place",
                    models.CharField(
                        choices=[
                            ("private_property", "private property"),
                            ("vacant_lot", "vacant lot"),
                            ("street", "street"),
                            ("alley", "alley"),
                            ("parkway", "parkway"),
                            ("park", "park"),
                            ("public_place", "public place"),
                            ("flood_channel", "flood channel"),
                            ("channel_tributary", "channel tributary"),
                            ("flood_channel_easement", "flood channel easement"),
                            ("stormwater_path", "stormwater path"),
                        ],
                        help_text="Where it was deposited.",
                        max_length=64,
                    ),
                ),
                (
                    "material",
                    models.CharField(
                        blank=True,
                        choices=[
                            ("garbage", "garbage"),
                            ("rubbish", "rubbish"),
                            ("miscellaneous_debris", "miscellaneous debris"),
                            ("combined_rubbish", "combined rubbish"),
                            ("chemical_compound", "chemical compound"),
                            ("other", "other"),
                        ],
                        max_length=64,
                        null=True,
                    ),
                ),
                (
                    "responsible",
                    models.TextField(
                        blank=True, help_text="Who deposited it, if known.", null=True
                    ),
                ),
            ],
            options={
                "verbose_name": "dumping",
                "db_table": "records_dumping",
                "ordering": ["key"],
                "indexes": [
                    models.Index(
                        condition=models.Q(("voided_at__isnull", False)),
                        fields=["voided_at"],
                        name="voided_879057de8946",
                    )
                ],
            },
        ),
        migrations.CreateModel(
            name="EstablishmentRecord",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                (
                    "key",
                    models.CharField(
                        help_text="The fact's id, or for an event without one a key derived from its content.",
                        max_length=200,
                        unique=True,
                    ),
                ),
                (
                    "subject_group",
                    models.CharField(
                        db_index=True,
                        default="",
                        help_text="The records evaluated together (a business, its premises and their facts).",
                        max_length=200,
                    ),
                ),
                (
                    "recorded_at",
                    models.DateTimeField(default=django.utils.timezone.now, editable=False),
                ),
                (
                    "recorded_by",
                    models.CharField(
                        help_text="Who recorded it: a user name, or the import or process.",
                        max_length=150,
                    ),
                ),
                ("recorded_why", models.TextField(blank=True)),
                ("import_source", models.CharField(blank=True, max_length=300)),
                ("updated_at", models.DateTimeField(auto_now=True, db_index=True)),
                ("voided_at", models.DateTimeField(blank=True, null=True)),
                ("voided_by", models.CharField(blank=True, max_length=150)),
                ("voided_why", models.TextField(blank=True)),
                (
                    "notes",
                    models.TextField(
                        blank=True, help_text="Free text for people; never evaluated.", null=True
                    ),
                ),
                (
                    "premises",
                    models.CharField(blank=True, db_index=True, max_length=200, null=True),
                ),
                ("name", models.TextField(blank=True, null=True)),
                ("address", models.TextField(blank=True, null=True)),
                (
                    "category",
                    models.CharField(
                        choices=[
                            ("restaurant", "restaurant"),
                            ("supermarket", "supermarket"),
                            ("grocery_store", "grocery store"),
                            ("food_service_provider", "food service provider"),
                            ("food_distributor", "food distributor"),
                            ("wholesale_food_vendor", "wholesale food vendor"),
                            ("hotel", "hotel"),
                            ("health_facility", "health facility"),
                            ("large_venue", "large venue"),
                            ("large_event", "large event"),
                            ("state_agency_cafeteria", "state agency cafeteria"),
                            ("local_education_agency", "local education agency"),
                            ("food_recovery_organization", "food recovery organization"),
                            ("food_recovery_service", "food recovery service"),
                            ("car_wash", "car wash"),
                            ("other", "other"),
                        ],
                        max_length=64,
                    ),
                ),
                (
                    "cooks",
                    models.BooleanField(
                        blank=True,
                        help_text="Prepares hot food per the FSE definition (frying, baking, grilling, …).",
                        null=True,
                    ),
                ),
                ("opened_on", models.DateField(blank=True, null=True)),
                ("closed_on", models.DateField(blank=True, null=True)),
                ("meals_per_day", models.BigIntegerField(blank=True, null=True)),
                ("seats", models.BigIntegerField(blank=True, null=True)),
                ("floor_area_sqft", models.FloatField(blank=True, null=True)),
                (
                    "gross_annual_sales",
                    models.DecimalField(blank=True, decimal_places=2, max_digits=14, null=True),
                ),
                ("rooms", models.BigIntegerField(blank=True, null=True)),
                ("beds", models.BigIntegerField(blank=True, null=True)),
                ("on_site_food_facility", models.BooleanField(blank=True, null=True)),
                ("average_daily_attendance", models.BigIntegerField(blank=True, null=True)),
                ("charges_admission", models.BooleanField(blank=True, null=True)),
                ("operated_by_local_agency", models.BooleanField(blank=True, null=True)),
                (
                    "wash_rack",
                    models.BooleanField(
                        blank=True,
                        help_text="Operates an automobile wash rack (car washes always do).",
                        null=True,
                    ),
                ),
                (
                    "kitchen_sink_outlets",
                    models.BigIntegerField(
                        blank=True,
                        help_text="Kitchen sink outlets wasting into the sewer.",
                        null=True,
                    ),
                ),
                (
                    "located_in_city",
                    models.BooleanField(
                        blank=True,
                        help_text="Primary address physically in the city (FROs and FRSs).",
                        null=True,
                    ),
                ),
                (
                    "contact",
                    models.TextField(
                        blank=True,
                        help_text="Contact information (person, phone, email) for food recovery records.",
                        null=True,
                    ),
                ),
                ("multi_family", models.BooleanField(blank=True, null=True)),
            ],
            options={
                "verbose_name": "establishment",
                "db_table": "records_establishment",
                "ordering": ["key"],
                "indexes": [
                    models.Index(
                        condition=models.Q(("voided_at__isnull", False)),
                        fields=["voided_at"],
                        name="voided_61a067b4fccd",
                    )
                ],
            },
        ),
        migrations.CreateModel(
            name="ExtensionRecord",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                (
                    "key",
                    models.CharField(
                        help_text="The fact's id, or for an event without one a key derived from its content.",
                        max_length=200,
                        unique=True,
                    ),
                ),
                (
                    "subject_group",
                    models.CharField(
                        db_index=True,
                        default="",
                        help_text="The records evaluated together (a business, its premises and their facts).",
                        max_length=200,
                    ),
                ),
                (
                    "recorded_at",
                    models.DateTimeField(default=django.utils.timezone.now, editable=False),
                ),
                (
                    "recorded_by",
                    models.CharField(
                        help_text="Who recorded it: a user name, or the import or process.",
                        max_length=150,
                    ),
                ),
                ("recorded_why", models.TextField(blank=True)),
                ("import_source", models.CharField(blank=True, max_length=300)),
                ("updated_at", models.DateTimeField(auto_now=True, db_index=True)),
                ("voided_at", models.DateTimeField(blank=True, null=True)),
                ("voided_by", models.CharField(blank=True, max_length=150)),
                ("voided_why", models.TextField(blank=True)),
                (
                    "notes",
                    models.TextField(
                        blank=True, help_text="Free text for people; never evaluated.", null=True
                    ),
                ),
                (
                    "notice",
                    models.CharField(
                        db_index=True,
                        help_text="The notice whose deadline is extended.",
                        max_length=200,
                    ),
                ),
                ("date", models.DateField(help_text="The day the city decided.")),
                ("new_due_on", models.DateField(help_text="The new compliance deadline.")),
                (
                    "reason",
                    models.CharField(
                        choices=[
                            ("act_of_god", "act of god"),
                            ("permit_delay", "permit delay"),
                            ("infrastructure_capacity", "infrastructure capacity"),
                        ],
                        help_text="act_of_god ((G)(1): earthquakes, wildfires, flooding, other emergencies), permit_delay ((G)(2): discretionary permits or agency approvals), or infrastructure_capacity ((G)(3): recycling infrastructure or food recovery capacity).",
                        max_length=64,
                    ),
                ),
                (
                    "granted",
                    models.BooleanField(
                        blank=True, help_text="False records a refused request.", null=True
                    ),
                ),
                (
                    "corrective_action_plan",
                    models.BooleanField(
                        blank=True,
                        help_text="The city is under a CalRecycle corrective action plan (14 CCR § 18996.2) for the deficiency; required for an infrastructure_capacity extension.",
                        null=True,
                    ),
                ),
            ],
            options={
                "verbose_name": "extension",
                "db_table": "records_extension",
                "ordering": ["key"],
                "indexes": [
                    models.Index(
                        condition=models.Q(("voided_at__isnull", False)),
                        fields=["voided_at"],
                        name="voided_fc866cba22e0",
                    )
                ],
            },
        ),
        migrations.CreateModel(
            name="FacilityDesignationRecord",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                (
                    "key",
                    models.CharField(
                        help_text="The fact's id, or for an event without one a key derived from its content.",
                        max_length=200,
                        unique=True,
                    ),
                ),
                (
                    "subject_group",
                    models.CharField(
                        db_index=True,
                        default="",
                        help_text="The records evaluated together (a business, its premises and their facts).",
                        max_length=200,
                    ),
                ),
                (
                    "recorded_at",
                    models.DateTimeField(default=django.utils.timezone.now, editable=False),
                ),
                (
                    "recorded_by",
                    models.CharField(
                        help_text="Who recorded it: a user name, or the import or process.",
                        max_length=150,
                    ),
                ),
                ("recorded_why", models.TextField(blank=True)),
                ("import_source", models.CharField(blank=True, max_length=300)),
                ("updated_at", models.DateTimeField(auto_now=True, db_index=True)),
                ("voided_at", models.DateTimeField(blank=True, null=True)),
                ("voided_by", models.CharField(blank=True, max_length=150)),
                ("voided_why", models.TextField(blank=True)),
                (
                    "notes",
                    models.TextField(
                        blank=True, help_text="Free text for people; never evaluated.", null=True
                    ),
                ),
                ("hauler", models.CharField(db_index=True, max_length=200)),
                ("facility", models.CharField(db_index=True, max_length=200)),
                (
                    "period",
                    models.CharField(
                        help_text='The year the designation is for, e.g. "2025".', max_length=64
                    ),
                ),
                (
                    "stream",
                    models.CharField(
                        choices=[
                            ("recyclables", "recyclables"),
                            ("organics", "organics"),
                            ("mixed", "mixed"),
                            ("black", "black"),
                        ],
                        help_text="recyclables, organics (source separated green container), mixed (not source separated) or black (black container waste).",
                        max_length=64,
                    ),
                ),
                ("date", models.DateField(help_text="The day of the written notice.")),
            ],
            options={
                "verbose_name": "facility designation",
                "db_table": "records_facility_designation",
                "ordering": ["key"],
                "indexes": [
                    models.Index(
                        condition=models.Q(("voided_at__isnull", False)),
                        fields=["voided_at"],
                        name="voided_1e026bcbaddb",
                    )
                ],
            },
        ),
        migrations.CreateModel(
            name="FacilityRecord",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                (
                    "key",
                    models.CharField(
                        help_text="The fact's id, or for an event without one a key derived from its content.",
                        max_length=200,
                        unique=True,
                    ),
                ),
                (
                    "subject_group",
                    models.CharField(
                        db_index=True,
                        default="",
                        help_text="The records evaluated together (a business, its premises and their facts).",
                        max_length=200,
                    ),
                ),
                (
                    "recorded_at",
                    models.DateTimeField(default=django.utils.timezone.now, editable=False),
                ),
                (
                    "recorded_by",
                    models.CharField(
                        help_text="Who recorded it: a user name, or the import or process.",
                        max_length=150,
                    ),
                ),
                ("recorded_why", models.TextField(blank=True)),
                ("import_source", models.CharField(blank=True, max_length=300)),
                ("updated_at", models.DateTimeField(auto_now=True, db_index=True)),
                ("voided_at", models.DateTimeField(blank=True, null=True)),
                ("voided_by", models.CharField(blank=True, max_length=150)),
                ("voided_why", models.TextField(blank=True)),
                (
                    "notes",
                    models.TextField(
                        blank=True, help_text="Free text for people; never evaluated.", null=True
                    ),
                ),
                ("name", models.TextField(blank=True, null=True)),
                ("address", models.TextField(blank=True, null=True)),
                (
                    "kind",
                    models.CharField(
                        blank=True,
                        choices=[
                            ("compost", "compost"),
                            ("in_vessel_digestion", "in vessel digestion"),
                            ("publicly_owned_treatment_works", "publicly owned treatment works"),
                            ("community_composting", "community composting"),
                            ("transfer_processor", "transfer processor"),
                            ("materials_recovery", "materials recovery"),
                            ("high_diversion_organics", "high diversion organics"),
                            ("landfill", "landfill"),
                            ("other", "other"),
                        ],
                        max_length=64,
                        null=True,
                    ),
                ),
                (
                    "recovers_recyclables",
                    models.BooleanField(
                        blank=True,
                        help_text="Recovers source separated recyclable materials.",
                        null=True,
                    ),
                ),
                (
                    "recovers_organics",
                    models.BooleanField(
                        blank=True,
                        help_text="Processes or recovers source separated organic waste (14 CCR, Div. 7, Ch. 12, Art. 2).",
                        null=True,
                    ),
                ),
                (
                    "high_diversion",
                    models.BooleanField(
                        blank=True,
                        help_text="A high diversion organic waste processing facility (14 CCR § 18984.3).",
                        null=True,
                    ),
                ),
                (
                    "scales",
                    models.BooleanField(
                        blank=True,
                        help_text="Has on-site scales able to weigh a self-hauler's vehicle; false means the self-hauler need not record the weight (Ch. 50 self-haulers (C)(3)).",
                        null=True,
                    ),
                ),
            ],
            options={
                "verbose_name": "facility",
                "db_table": "records_facility",
                "ordering": ["key"],
                "indexes": [
                    models.Index(
                        condition=models.Q(("voided_at__isnull", False)),
                        fields=["voided_at"],
                        name="voided_be5437bf0289",
                    )
                ],
            },
        ),
        migrations.CreateModel(
            name="FinalCertificateRecord",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                (
                    "key",
                    models.CharField(
                        help_text="The fact's id, or for an event without one a key derived from its content.",
                        max_length=200,
                        unique=True,
                    ),
                ),
                (
                    "subject_group",
                    models.CharField(
                        db_index=True,
                        default="",
                        help_text="The records evaluated together (a business, its premises and their facts).",
                        max_length=200,
                    ),
                ),
                (
                    "recorded_at",
                    models.DateTimeField(default=django.utils.timezone.now, editable=False),
                ),
                (
                    "recorded_by",
                    models.CharField(
                        help_text="Who recorded it: a user name, or the import or process.",
                        max_length=150,
                    ),
                ),
                ("recorded_why", models.TextField(blank=True)),
                ("import_source", models.CharField(blank=True, max_length=300)),
                ("updated_at", models.DateTimeField(auto_now=True, db_index=True)),
                ("voided_at", models.DateTimeField(blank=True, null=True)),
                ("voided_by", models.CharField(blank=True, max_length=150)),
                ("voided_why", models.TextField(blank=True)),
                (
                    "notes",
                    models.TextField(
                        blank=True, help_text="Free text for people; never evaluated.", null=True
                    ),
                ),
                ("permit", models.CharField(db_index=True, max_length=200)),
                ("date", models.DateField()),
            ],
            options={
                "verbose_name": "final certificate",
                "db_table": "records_final_certificate",
                "ordering": ["key"],
                "indexes": [
                    models.Index(
                        condition=models.Q(("voided_at__isnull", False)),
                        fields=["voided_at"],
                        name="voided_ddba9a7611a7",
                    )
                ],
            },
        ),
        migrations.CreateModel(
            name="FireHazardNoticeRecord",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                (
                    "key",
                    models.CharField(
                        help_text="The fact's id, or for an event without one a key derived from its content.",
                        max_length=200,
                        unique=True,
                    ),
                ),
                (
                    "subject_group",
                    models.CharField(
                        db_index=True,
                        default="",
                        help_text="The records evaluated together (a business, its premises and their facts).",
                        max_length=200,
                    ),
                ),
                (
                    "recorded_at",
                    models.DateTimeField(default=django.utils.timezone.now, editable=False),
                ),
                (
                    "recorded_by",
                    models.CharField(
                        help_text="Who recorded it: a user name, or the import or process.",
                        max_length=150,
                    ),
                ),
                ("recorded_why", models.TextField(blank=True)),
                ("import_source", models.CharField(blank=True, max_length=300)),
                ("updated_at", models.DateTimeField(auto_now=True, db_index=True)),
                ("voided_at", models.DateTimeField(blank=True, null=True)),
                ("voided_by", models.CharField(blank=True, max_length=150)),
                ("voided_why", models.TextField(blank=True)),
                (
                    "notes",
                    models.TextField(
                        blank=True, help_text="Free text for people; never evaluated.", null=True
                    ),
                ),
                ("premises", models.CharField(db_index=True, max_length=200)),
                (
                    "accumulation",
                    models.CharField(blank=True, db_index=True, max_length=200, null=True),
                ),
                (
                    "date",
                    models.DateField(help_text="The day the responsible person was notified."),
                ),
                (
                    "danger",
                    models.CharField(
                        blank=True,
                        choices=[
                            ("fire_hazard", "fire hazard"),
                            ("public_danger", "public danger"),
                        ],
                        default="fire_hazard",
                        help_text="fire_hazard, or public_danger (dangerous to the public peace, safety or health).",
                        max_length=64,
                        null=True,
                    ),
                ),
            ],
            options={
                "verbose_name": "fire hazard notice",
                "db_table": "records_fire_hazard_notice",
                "ordering": ["key"],
                "indexes": [
                    models.Index(
                        condition=models.Q(("voided_at__isnull", False)),
                        fields=["voided_at"],
                        name="voided_0fae350327dd",
                    )
                ],
            },
        ),
        migrations.CreateModel(
            name="FogDecisionRecord",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                (
                    "key",
                    models.CharField(
                        help_text="The fact's id, or for an event without one a key derived from its content.",
                        max_length=200,
                        unique=True,
                    ),
                ),
                (
                    "subject_group",
                    models.CharField(
                        db_index=True,
                        default="",
                        help_text="The records evaluated together (a business, its premises and their facts).",
                        max_length=200,
                    ),
                ),
                (
                    "recorded_at",
                    models.DateTimeField(default=django.utils.timezone.now, editable=False),
                ),
                (
                    "recorded_by",
                    models.CharField(
                        help_text="Who recorded it: a user name, or the import or process.",
                        max_length=150,
                    ),
                ),
                ("recorded_why", models.TextField(blank=True)),
                ("import_source", models.CharField(blank=True, max_length=300)),
                ("updated_at", models.DateTimeField(auto_now=True, db_index=True)),
                ("voided_at", models.DateTimeField(blank=True, null=True)),
                ("voided_by", models.CharField(blank=True, max_length=150)),
                ("voided_why", models.TextField(blank=True)),
                (
                    "notes",
                    models.TextField(
                        blank=True, help_text="Free text for people; never evaluated.", null=True
                    ),
                ),
                ("establishment", models.CharField(db_index=True, max_length=200)),
                (
                    "kind",
                    models.CharField(
                        choices=[
                            ("significant_discharge", "significant discharge"),
                            ("additives_approved", "additives approved"),
                            ("sanitary_fixtures_approved", "sanitary fixtures approved"),
                            ("monitoring_facility_required", "monitoring facility required"),
                        ],
                        max_length=64,
                    ),
                ),
                ("date", models.DateField()),
                (
                    "device",
                    models.CharField(
                        blank=True,
                        db_index=True,
                        help_text="The device an approval is limited to.",
                        max_length=200,
                        null=True,
                    ),
                ),
                (
                    "revoked_on",
                    models.DateField(
                        blank=True, help_text="The decision ends on this date.", null=True
                    ),
                ),
            ],
            options={
                "verbose_name": "fog decision",
                "db_table": "records_fog_decision",
                "ordering": ["key"],
                "indexes": [
                    models.Index(
                        condition=models.Q(("voided_at__isnull", False)),
                        fields=["voided_at"],
                        name="voided_99ee45fd1ce1",
                    )
                ],
            },
        ),
        migrations.CreateModel(
            name="FogObservationRecord",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                (
                    "key",
                    models.CharField(
                        help_text="The fact's id, or for an event without one a key derived from its content.",
                        max_length=200,
                        unique=True,
                    ),
                ),
                (
                    "subject_group",
                    models.CharField(
                        db_index=True,
                        default="",
                        help_text="The records evaluated together (a business, its premises and their facts).",
                        max_length=200,
                    ),
                ),
                (
                    "recorded_at",
                    models.DateTimeField(default=django.utils.timezone.now, editable=False),
                ),
                (
                    "recorded_by",
                    models.CharField(
                        help_text="Who recorded it: a user name, or the import or process.",
                        max_length=150,
                    ),
                ),
                ("recorded_why", models.TextField(blank=True)),
                ("import_source", models.CharField(blank=True, max_length=300)),
                ("updated_at", models.DateTimeField(auto_now=True, db_index=True)),
                ("voided_at", models.DateTimeField(blank=True, null=True)),
                ("voided_by", models.CharField(blank=True, max_length=150)),
                ("voided_why", models.TextField(blank=True)),
                (
                    "notes",
                    models.TextField(
                        blank=True, help_text="Free text for people; never evaluated.", null=True
                    ),
                ),
                ("establishment", models.CharField(db_index=True, max_length=200)),
                ("date", models.DateField()),
                (
                    "device",
                    models.CharField(
                        blank=True,
                        db_index=True,
                        help_text="The device observed, if one.",
                        max_length=200,
                        null=True,
                    ),
                ),
                (
                    "fog_discharge",
                    models.BooleanField(
                        blank=True,
                        help_text="FOG seen discharged to the sanitary sewer (e.g. grease poured down a drain, an overflowing interceptor).",
                        null=True,
                    ),
                ),
                (
                    "sanitary_fixtures_connected",
                    models.BooleanField(
                        blank=True,
                        help_text="Toilets, urinals or similar sanitary fixtures discharge through the grease interceptor.",
                        null=True,
                    ),
                ),
                (
                    "additives_used",
                    models.BooleanField(
                        blank=True,
                        help_text="FOG-reducing additives (e.g. bacteria, enzymes) are in use.",
                        null=True,
                    ),
                ),
                (
                    "emulsifiers_used",
                    models.BooleanField(
                        blank=True,
                        help_text="Emulsifying agents (chemicals, solvents) are introduced into the interceptor beyond ordinary dishwashing and sanitation.",
                        null=True,
                    ),
                ),
                (
                    "monitoring_facility",
                    models.CharField(
                        blank=True,
                        choices=[
                            ("accessible", "accessible"),
                            ("inaccessible", "inaccessible"),
                            ("unsafe", "unsafe"),
                            ("missing", "missing"),
                        ],
                        help_text="The sampling port or manhole the Director required.",
                        max_length=64,
                        null=True,
                    ),
                ),
            ],
            options={
                "verbose_name": "fog observation",
                "db_table": "records_fog_observation",
                "ordering": ["key"],
                "indexes": [
                    models.Index(
                        condition=models.Q(("voided_at__isnull", False)),
                        fields=["voided_at"],
                        name="voided_1849c36bf0cd",
                    )
                ],
            },
        ),
        migrations.CreateModel(
            name="FoodRecoveryAgreementRecord",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                (
                    "key",
                    models.CharField(
                        help_text="The fact's id, or for an event without one a key derived from its content.",
                        max_length=200,
                        unique=True,
                    ),
                ),
                (
                    "subject_group",
                    models.CharField(
                        db_index=True,
                        default="",
                        help_text="The records evaluated together (a business, its premises and their facts).",
                        max_length=200,
                    ),
                ),
                (
                    "recorded_at",
                    models.DateTimeField(default=django.utils.timezone.now, editable=False),
                ),
                (
                    "recorded_by",
                    models.CharField(
                        help_text="Who recorded it: a user name, or the import or process.",
                        max_length=150,
                    ),
                ),
                ("recorded_why", models.TextField(blank=True)),
                ("import_source", models.CharField(blank=True, max_length=300)),
                ("updated_at", models.DateTimeField(auto_now=True, db_index=True)),
                ("voided_at", models.DateTimeField(blank=True, null=True)),
                ("voided_by", models.CharField(blank=True, max_length=150)),
                ("voided_why", models.TextField(blank=True)),
                (
                    "notes",
                    models.TextField(
                        blank=True, help_text="Free text for people; never evaluated.", null=True
                    ),
                ),
                ("generator", models.CharField(db_index=True, max_length=200)),
                ("partner", models.CharField(db_index=True, max_length=200)),
                ("start", models.DateField()),
                ("end", models.DateField(blank=True, null=True)),
                ("food_types", models.JSONField(blank=True, null=True)),
                ("collection_frequency", models.TextField(blank=True, null=True)),
                (
                    "good_samaritan_clause",
                    models.BooleanField(
                        blank=True,
                        help_text="The agreement informs the generator of the Good Samaritan Food Donation Act protections (ORG-FRO-GOOD-SAMARITAN).",
                        null=True,
                    ),
                ),
            ],
            options={
                "verbose_name": "food recovery agreement",
                "db_table": "records_food_recovery_agreement",
                "ordering": ["key"],
                "indexes": [
                    models.Index(
                        condition=models.Q(("voided_at__isnull", False)),
                        fields=["voided_at"],
                        name="voided_b8ee9b1c566f",
                    )
                ],
            },
        ),
        migrations.CreateModel(
            name="FoodRecoveryQuantityRecord",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                (
                    "key",
                    models.CharField(
                        help_text="The fact's id, or for an event without one a key derived from its content.",
                        max_length=200,
                        unique=True,
                    ),
                ),
                (
                    "subject_group",
                    models.CharField(
                        db_index=True,
                        default="",
                        help_text="The records evaluated together (a business, its premises and their facts).",
                        max_length=200,
                    ),
                ),
                (
                    "recorded_at",
                    models.DateTimeField(default=django.utils.timezone.now, editable=False),
                ),
                (
                    "recorded_by",
                    models.CharField(
                        help_text="Who recorded it: a user name, or the import or process.",
                        max_length=150,
                    ),
                ),
                ("recorded_why", models.TextField(blank=True)),
                ("import_source", models.CharField(blank=True, max_length=300)),
                ("updated_at", models.DateTimeField(auto_now=True, db_index=True)),
                ("voided_at", models.DateTimeField(blank=True, null=True)),
                ("voided_by", models.CharField(blank=True, max_length=150)),
                ("voided_why", models.TextField(blank=True)),
                (
                    "notes",
                    models.TextField(
                        blank=True, help_text="Free text for people; never evaluated.", null=True
                    ),
                ),
                (
                    "kept_by",
                    models.CharField(
                        db_index=True,
                        help_text="Whose records hold the entry: the generator, the food recovery service or the food recovery organization.",
                        max_length=200,
                    ),
                ),
                (
                    "other_party",
                    models.CharField(
                        db_index=True,
                        help_text="The party the food went to or came from.",
                        max_length=200,
                    ),
                ),
                (
                    "year",
                    models.BigIntegerField(
                        help_text="The year of the month the pounds were recovered in."
                    ),
                ),
                (
                    "month",
                    models.BigIntegerField(
                        help_text="The calendar month (1-12) the pounds were recovered in."
                    ),
                ),
                (
                    "pounds",
                    models.FloatField(help_text="Pounds of edible food in the month (0 if none)."),
                ),
            ],
            options={
                "verbose_name": "food recovery quantity",
                "db_table": "records_food_recovery_quantity",
                "ordering": ["key"],
                "indexes": [
                    models.Index(
                        condition=models.Q(("voided_at__isnull", False)),
                        fields=["voided_at"],
                        name="voided_cd91420e9c57",
                    )
                ],
            },
        ),
        migrations.CreateModel(
            name="FrequencyOrderRecord",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                (
                    "key",
                    models.CharField(
                        help_text="The fact's id, or for an event without one a key derived from its content.",
                        max_length=200,
                        unique=True,
                    ),
                ),
                (
                    "subject_group",
                    models.CharField(
                        db_index=True,
                        default="",
                        help_text="The records evaluated together (a business, its premises and their facts).",
                        max_length=200,
                    ),
                ),
                (
                    "recorded_at",
                    models.DateTimeField(default=django.utils.timezone.now, editable=False),
                ),
                (
                    "recorded_by",
                    models.CharField(
                        help_text="Who recorded it: a user name, or the import or process.",
                        max_length=150,
                    ),
                ),
                ("recorded_why", models.TextField(blank=True)),
                ("import_source", models.CharField(blank=True, max_length=300)),
                ("updated_at", models.DateTimeField(auto_now=True, db_index=True)),
                ("voided_at", models.DateTimeField(blank=True, null=True)),
                ("voided_by", models.CharField(blank=True, max_length=150)),
                ("voided_why", models.TextField(blank=True)),
                (
                    "notes",
                    models.TextField(
                        blank=True, help_text="Free text for people; never evaluated.", null=True
                    ),
                ),
                ("device", models.CharField(db_index=True, max_length=200)),
                ("date", models.DateField()),
                ("months", models.BigIntegerField()),
            ],
            options={
                "verbose_name": "frequency order",
                "db_table": "records_frequency_order",
                "ordering": ["key"],
                "indexes": [
                    models.Index(
                        condition=models.Q(("voided_at__isnull", False)),
                        fields=["voided_at"],
                        name="voided_92e8f4c50b88",
                    )
                ],
            },
        ),
        migrations.CreateModel(
            name="GoodSamaritanNoticeRecord",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                (
                    "key",
                    models.CharField(
                        help_text="The fact's id, or for an event without one a key derived from its content.",
                        max_length=200,
                        unique=True,
                    ),
                ),
                (
                    "subject_group",
                    models.CharField(
                        db_index=True,
                        default="",
                        help_text="The records evaluated together (a business, its premises and their facts).",
                        max_length=200,
                    ),
                ),
                (
                    "recorded_at",
                    models.DateTimeField(default=django.utils.timezone.now, editable=False),
                ),
                (
                    "recorded_by",
                    models.CharField(
                        help_text="Who recorded it: a user name, or the import or process.",
                        max_length=150,
                    ),
                ),
                ("recorded_why", models.TextField(blank=True)),
                ("import_source", models.CharField(blank=True, max_length=300)),
                ("updated_at", models.DateTimeField(auto_now=True, db_index=True)),
                ("voided_at", models.DateTimeField(blank=True, null=True)),
                ("voided_by", models.CharField(blank=True, max_length=150)),
                ("voided_why", models.TextField(blank=True)),
                (
                    "notes",
                    models.TextField(
                        blank=True, help_text="Free text for people; never evaluated.", null=True
                    ),
                ),
                (
                    "partner",
                    models.CharField(
                        db_index=True,
                        help_text="The food recovery organization or service that wrote.",
                        max_length=200,
                    ),
                ),
                (
                    "generator",
                    models.CharField(
                        db_index=True, help_text="The generator it wrote to.", max_length=200
                    ),
                ),
                ("date", models.DateField()),
            ],
            options={
                "verbose_name": "good samaritan notice",
                "db_table": "records_good_samaritan_notice",
                "ordering": ["key"],
                "indexes": [
                    models.Index(
                        condition=models.Q(("voided_at__isnull", False)),
                        fields=["voided_at"],
                        name="voided_c12923419488",
                    )
                ],
            },
        ),
        migrations.CreateModel(
            name="GreenwasteCheckRecord",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                (
                    "key",
                    models.CharField(
                        help_text="The fact's id, or for an event without one a key derived from its content.",
                        max_length=200,
                        unique=True,
                    ),
                ),
                (
                    "subject_group",
                    models.CharField(
                        db_index=True,
                        default="",
                        help_text="The records evaluated together (a business, its premises and their facts).",
                        max_length=200,
                    ),
                ),
                (
                    "recorded_at",
                    models.DateTimeField(default=django.utils.timezone.now, editable=False),
                ),
                (
                    "recorded_by",
                    models.CharField(
                        help_text="Who recorded it: a user name, or the import or process.",
                        max_length=150,
                    ),
                ),
                ("recorded_why", models.TextField(blank=True)),
                ("import_source", models.CharField(blank=True, max_length=300)),
                ("updated_at", models.DateTimeField(auto_now=True, db_index=True)),
                ("voided_at", models.DateTimeField(blank=True, null=True)),
                ("voided_by", models.CharField(blank=True, max_length=150)),
                ("voided_why", models.TextField(blank=True)),
                (
                    "notes",
                    models.TextField(
                        blank=True, help_text="Free text for people; never evaluated.", null=True
                    ),
                ),
                ("premises", models.CharField(db_index=True, max_length=200)),
                ("date", models.DateField()),
                ("greenwaste_separated", models.BooleanField()),
            ],
            options={
                "verbose_name": "greenwaste check",
                "db_table": "records_greenwaste_check",
                "ordering": ["key"],
                "indexes": [
                    models.Index(
                        condition=models.Q(("voided_at__isnull", False)),
                        fields=["voided_at"],
                        name="voided_58ffcaa9a6fe",
                    )
                ],
            },
        ),
        migrations.CreateModel(
            name="HaulerRecord",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                (
                    "key",
                    models.CharField(
                        help_text="The fact's id, or for an event without one a key derived from its content.",
                        max_length=200,
                        unique=True,
                    ),
                ),
                (
                    "subject_group",
                    models.CharField(
                        db_index=True,
                        default="",
                        help_text="The records evaluated together (a business, its premises and their facts).",
                        max_length=200,
                    ),
                ),
                (
                    "recorded_at",
                    models.DateTimeField(default=django.utils.timezone.now, editable=False),
                ),
                (
                    "recorded_by",
                    models.CharField(
                        help_text="Who recorded it: a user name, or the import or process.",
                        max_length=150,
                    ),
                ),
                ("recorded_why", models.TextField(blank=True)),
                ("import_source", models.CharField(blank=True, max_length=300)),
                ("updated_at", models.DateTimeField(auto_now=True, db_index=True)),
                ("voided_at", models.DateTimeField(blank=True, null=True)),
                ("voided_by", models.CharField(blank=True, max_length=150)),
                ("voided_why", models.TextField(blank=True)),
                (
                    "notes",
                    models.TextField(
                        blank=True, help_text="Free text for people; never evaluated.", null=True
                    ),
                ),
                ("name", models.TextField(blank=True, null=True)),
                (
                    "franchised",
                    models.BooleanField(help_text="The city's exclusive franchised hauler."),
                ),
                (
                    "franchise_start",
                    models.DateField(
                        blank=True,
                        help_text="First day of the franchise; absent, before 2022.",
                        null=True,
                    ),
                ),
                (
                    "franchise_end",
                    models.DateField(blank=True, help_text="Last day of the franchise.", null=True),
                ),
            ],
            options={
                "verbose_name": "hauler",
                "db_table": "records_hauler",
                "ordering": ["key"],
                "indexes": [
                    models.Index(
                        condition=models.Q(("voided_at__isnull", False)),
                        fields=["voided_at"],
                        name="voided_10451ef391c4",
                    )
                ],
            },
        ),
        migrations.CreateModel(
            name="HaulingServiceRecord",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                (
                    "key",
                    models.CharField(
                        help_text="The fact's id, or for an event without one a key derived from its content.",
                        max_length=200,
                        unique=True,
                    ),
                ),
                (
                    "subject_group",
                    models.CharField(
                        db_index=True,
                        default="",
                        help_text="The records evaluated together (a business, its premises and their facts).",
                        max_length=200,
                    ),
                ),
                (
                    "recorded_at",
                    models.DateTimeField(default=django.utils.timezone.now, editable=False),
                ),
                (
                    "recorded_by",
                    models.CharField(
                        help_text="Who recorded it: a user name, or the import or process.",
                        max_length=150,
                    ),
                ),
                ("recorded_why", models.TextField(blank=True)),
                ("import_source", models.CharField(blank=True, max_length=300)),
                ("updated_at", models.DateTimeField(auto_now=True, db_index=True)),
                ("voided_at", models.DateTimeField(blank=True, null=True)),
                ("voided_by", models.CharField(blank=True, max_length=150)),
                ("voided_why", models.TextField(blank=True)),
                (
                    "notes",
                    models.TextField(
                        blank=True, help_text="Free text for people; never evaluated.", null=True
                    ),
                ),
                (
                    "premises",
                    models.CharField(blank=True, db_index=True, max_length=200, null=True),
                ),
                ("date", models.DateField()),
                ("provider", models.TextField(help_text="The hauler's name.")),
                (
                    "franchisee",
                    models.BooleanField(
                        help_text="The provider is the city's franchised contractor."
                    ),
                ),
                (
                    "kind",
                    models.CharField(
                        choices=[
                            ("scheduled_container", "scheduled container"),
                            ("one_time_container", "one time container"),
                            ("own_truck_jobsite_debris", "own truck jobsite debris"),
                            ("hauling_service", "hauling service"),
                        ],
                        help_text="scheduled_container, one_time_container (a bin or roll-off), own_truck_jobsite_debris (a contractor or person hauling its jobsite debris in its own trucks), or hauling_service (any other hired haul).",
                        max_length=64,
                    ),
                ),
            ],
            options={
                "verbose_name": "hauling service",
                "db_table": "records_hauling_service",
                "ordering": ["key"],
                "indexes": [
                    models.Index(
                        condition=models.Q(("voided_at__isnull", False)),
                        fields=["voided_at"],
                        name="voided_ac829c916338",
                    )
                ],
            },
        ),
        migrations.CreateModel(
            name="HazardCollectionArrangedRecord",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                (
                    "key",
                    models.CharField(
                        help_text="The fact's id, or for an event without one a key derived from its content.",
                        max_length=200,
                        unique=True,
                    ),
                ),
                (
                    "subject_group",
                    models.CharField(
                        db_index=True,
                        default="",
                        help_text="The records evaluated together (a business, its premises and their facts).",
                        max_length=200,
                    ),
                ),
                (
                    "recorded_at",
                    models.DateTimeField(default=django.utils.timezone.now, editable=False),
                ),
                (
                    "recorded_by",
                    models.CharField(
                        help_text="Who recorded it: a user name, or the import or process.",
                        max_length=150,
                    ),
                ),
                ("recorded_why", models.TextField(blank=True)),
                ("import_source", models.CharField(blank=True, max_length=300)),
                ("updated_at", models.DateTimeField(auto_now=True, db_index=True)),
                ("voided_at", models.DateTimeField(blank=True, null=True)),
                ("voided_by", models.CharField(blank=True, max_length=150)),
                ("voided_why", models.TextField(blank=True)),
                (
                    "notes",
                    models.TextField(
                        blank=True, help_text="Free text for people; never evaluated.", null=True
                    ),
                ),
                ("notice", models.CharField(db_index=True, max_length=200)),
                ("date", models.DateField()),
                (
                    "means",
                    models.CharField(
                        blank=True,
                        choices=[("contractor", "contractor"), ("self_haul", "self haul")],
                        max_length=64,
                        null=True,
                    ),
                ),
            ],
            options={
                "verbose_name": "hazard collection arranged",
                "db_table": "records_hazard_collection_arranged",
                "ordering": ["key"],
                "indexes": [
                    models.Index(
                        condition=models.Q(("voided_at__isnull", False)),
                        fields=["voided_at"],
                        name="voided_24164e42d15a",
                    )
                ],
            },
        ),
        migrations.CreateModel(
            name="HearingOrderRecord",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                (
                    "key",
                    models.CharField(
                        help_text="The fact's id, or for an event without one a key derived from its content.",
                        max_length=200,
                        unique=True,
                    ),
                ),
                (
                    "subject_group",
                    models.CharField(
                        db_index=True,
                        default="",
                        help_text="The records evaluated together (a business, its premises and their facts).",
                        max_length=200,
                    ),
                ),
                (
                    "recorded_at",
                    models.DateTimeField(default=django.utils.timezone.now, editable=False),
                ),
                (
                    "recorded_by",
                    models.CharField(
                        help_text="Who recorded it: a user name, or the import or process.",
                        max_length=150,
                    ),
                ),
                ("recorded_why", models.TextField(blank=True)),
                ("import_source", models.CharField(blank=True, max_length=300)),
                ("updated_at", models.DateTimeField(auto_now=True, db_index=True)),
                ("voided_at", models.DateTimeField(blank=True, null=True)),
                ("voided_by", models.CharField(blank=True, max_length=150)),
                ("voided_why", models.TextField(blank=True)),
                (
                    "notes",
                    models.TextField(
                        blank=True, help_text="Free text for people; never evaluated.", null=True
                    ),
                ),
                (
                    "citation",
                    models.CharField(
                        db_index=True, help_text="The citation decided.", max_length=200
                    ),
                ),
                ("date", models.DateField(help_text="The day of the final written order.")),
                (
                    "decision",
                    models.CharField(
                        choices=[
                            ("upheld", "upheld"),
                            ("modified", "modified"),
                            ("dismissed", "dismissed"),
                        ],
                        help_text="upheld (the citation stands), modified (a new amount), or dismissed.",
                        max_length=64,
                    ),
                ),
                (
                    "amount",
                    models.DecimalField(
                        blank=True,
                        decimal_places=2,
                        help_text="The penalty as modified, in dollars (required when decision is modified).",
                        max_digits=14,
                        null=True,
                    ),
                ),
            ],
            options={
                "verbose_name": "hearing order",
                "db_table": "records_hearing_order",
                "ordering": ["key"],
                "indexes": [
                    models.Index(
                        condition=models.Q(("voided_at__isnull", False)),
                        fields=["voided_at"],
                        name="voided_fa488a0b3808",
                    )
                ],
            },
        ),
        migrations.CreateModel(
            name="InHouseCleaningRecord",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                (
                    "key",
                    models.CharField(
                        help_text="The fact's id, or for an event without one a key derived from its content.",
                        max_length=200,
                        unique=True,
                    ),
                ),
                (
                    "subject_group",
                    models.CharField(
                        db_index=True,
                        default="",
                        help_text="The records evaluated together (a business, its premises and their facts).",
                        max_length=200,
                    ),
                ),
                (
                    "recorded_at",
                    models.DateTimeField(default=django.utils.timezone.now, editable=False),
                ),
                (
                    "recorded_by",
                    models.CharField(
                        help_text="Who recorded it: a user name, or the import or process.",
                        max_length=150,
                    ),
                ),
                ("recorded_why", models.TextField(blank=True)),
                ("import_source", models.CharField(blank=True, max_length=300)),
                ("updated_at", models.DateTimeField(auto_now=True, db_index=True)),
                ("voided_at", models.DateTimeField(blank=True, null=True)),
                ("voided_by", models.CharField(blank=True, max_length=150)),
                ("voided_why", models.TextField(blank=True)),
                (
                    "notes",
                    models.TextField(
                        blank=True, help_text="Free text for people; never evaluated.", null=True
                    ),
                ),
                ("device", models.CharField(db_index=True, max_length=200)),
                ("date", models.DateField()),
                (
                    "time",
                    models.TextField(
                        blank=True, help_text="Time of day of the cleaning, HH:MM.", null=True
                    ),
                ),
                (
                    "employee_name",
                    models.TextField(
                        blank=True, help_text="Who performed the cleaning.", null=True
                    ),
                ),
                (
                    "volume_gallons",
                    models.FloatField(blank=True, help_text="Volume removed.", null=True),
                ),
            ],
            options={
                "verbose_name": "in house cleaning",
                "db_table": "records_in_house_cleaning",
                "ordering": ["key"],
                "indexes": [
                    models.Index(
                        condition=models.Q(("voided_at__isnull", False)),
                        fields=["voided_at"],
                        name="voided_4e3328fa453b",
                    )
                ],
            },
        ),
        migrations.CreateModel(
            name="InspectionRecord",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                (
                    "key",
                    models.CharField(
                        help_text="The fact's id, or for an event without one a key derived from its content.",
                        max_length=200,
                        unique=True,
                    ),
                ),
                (
                    "subject_group",
                    models.CharField(
                        db_index=True,
                        default="",
                        help_text="The records evaluated together (a business, its premises and their facts).",
                        max_length=200,
                    ),
                ),
                (
                    "recorded_at",
                    models.DateTimeField(default=django.utils.timezone.now, editable=False),
                ),
                (
                    "recorded_by",
                    models.CharField(
                        help_text="Who recorded it: a user name, or the import or process.",
                        max_length=150,
                    ),
                ),
                ("recorded_why", models.TextField(blank=True)),
                ("import_source", models.CharField(blank=True, max_length=300)),
                ("updated_at", models.DateTimeField(auto_now=True, db_index=True)),
                ("voided_at", models.DateTimeField(blank=True, null=True)),
                ("voided_by", models.CharField(blank=True, max_length=150)),
                ("voided_why", models.TextField(blank=True)),
                (
                    "notes",
                    models.TextField(
                        blank=True, help_text="Free text for people; never evaluated.", null=True
                    ),
                ),
                ("subject", models.CharField(db_index=True, max_length=200)),
                ("date", models.DateField()),
                ("fog_solids_percent_volume", models.FloatField(blank=True, null=True)),
                ("fog_solids_percent_depth", models.FloatField(blank=True, null=True)),
                ("access_refused", models.BooleanField(blank=True, null=True)),
                ("records_refused", models.BooleanField(blank=True, null=True)),
                ("remote_monitoring_refused", models.BooleanField(blank=True, null=True)),
                ("contamination", models.BooleanField(blank=True, null=True)),
                ("violations", models.JSONField(blank=True, null=True)),
                (
                    "program",
                    models.CharField(
                        blank=True,
                        choices=[
                            ("fog", "fog"),
                            ("sewer", "sewer"),
                            ("solid_waste", "solid waste"),
                            ("organics", "organics"),
                        ],
                        help_text="The program the inspection was for; absent, every program's rules that fit the subject apply.",
                        max_length=64,
                        null=True,
                    ),
                ),
                (
                    "by_hauler",
                    models.BooleanField(
                        blank=True,
                        help_text="Made by the franchised hauler (route review, cart check).",
                        null=True,
                    ),
                ),
                (
                    "residential_interior",
                    models.BooleanField(
                        blank=True,
                        help_text="Sought entry to the interior of a private residence, which the organics program may not enter (Ch. 50 inspections (A)): a refusal there is no violation.",
                        null=True,
                    ),
                ),
                ("inspector", models.TextField(blank=True, null=True)),
            ],
            options={
                "verbose_name": "inspection",
                "db_table": "records_inspection",
                "ordering": ["key"],
                "indexes": [
                    models.Index(
                        condition=models.Q(("voided_at__isnull", False)),
                        fields=["voided_at"],
                        name="voided_c980e6282b0f",
                    )
                ],
            },
        ),
        migrations.CreateModel(
            name="JointCheckRecord",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                (
                    "key",
                    models.CharField(
                        help_text="The fact's id, or for an event without one a key derived from its content.",
                        max_length=200,
                        unique=True,
                    ),
                ),
                (
                    "subject_group",
                    models.CharField(
                        db_index=True,
                        default="",
                        help_text="The records evaluated together (a business, its premises and their facts).",
                        max_length=200,
                    ),
                ),
                (
                    "recorded_at",
                    models.DateTimeField(default=django.utils.timezone.now, editable=False),
                ),
                (
                    "recorded_by",
                    models.CharField(
                        help_text="Who recorded it: a user name, or the import or process.",
                        max_length=150,
                    ),
                ),
                ("recorded_why", models.TextField(blank=True)),
                ("import_source", models.CharField(blank=True, max_length=300)),
                ("updated_at", models.DateTimeField(auto_now=True, db_index=True)),
                ("voided_at", models.DateTimeField(blank=True, null=True)),
                ("voided_by", models.CharField(blank=True, max_length=150)),
                ("voided_why", models.TextField(blank=True)),
                (
                    "notes",
                    models.TextField(
                        blank=True, help_text="Free text for people; never evaluated.", null=True
                    ),
                ),
                ("permit", models.CharField(db_index=True, max_length=200)),
                ("date", models.DateField()),
                (
                    "material",
                    models.CharField(
                        choices=[("vitrified_clay", "vitrified clay"), ("cast_iron", "cast iron")],
                        max_length=64,
                    ),
                ),
                (
                    "laid_upgrade",
                    models.BooleanField(
                        blank=True,
                        help_text="Clay: pipe laid upgrade on an unyielding foundation.",
                        null=True,
                    ),
                ),
                (
                    "sockets_upgrade",
                    models.BooleanField(
                        blank=True,
                        help_text="Clay: the socket ends of the pipe are upgrade.",
                        null=True,
                    ),
                ),
                (
                    "gasket_caulked",
                    models.BooleanField(
                        blank=True,
                        help_text="Clay: a narrow gasket of oakum, hemp or equivalent caulked into each joint.",
                        null=True,
                    ),
                ),
                (
                    "compound",
                    models.CharField(
                        blank=True,
                        choices=[
                            ("hot_poured", "hot poured"),
                            ("approved_equal", "approved equal"),
                            ("sewer_joint_compound", "sewer joint compound"),
                            ("portland_cement_mortar", "portland cement mortar"),
                            ("other", "other"),
                        ],
                        help_text="Clay: what fills the annular space of the joints (hot_poured: C.P.I. sulphur silica compound).",
                        max_length=64,
                        null=True,
                    ),
                ),
                (
                    "wet_trench",
                    models.BooleanField(
                        blank=True,
                        help_text="Clay: the trench made a watertight mortar joint impossible.",
                        null=True,
                    ),
                ),
                (
                    "watertight",
                    models.BooleanField(
                        blank=True,
                        help_text="Clay: the completed connection is watertight.",
                        null=True,
                    ),
                ),
                (
                    "lead_and_oakum",
                    models.BooleanField(
                        blank=True,
                        help_text="Cast iron: joints made with pig lead and oakum.",
                        null=True,
                    ),
                ),
                (
                    "caulked",
                    models.BooleanField(
                        blank=True, help_text="Cast iron: joints thoroughly caulked.", null=True
                    ),
                ),
            ],
            options={
                "verbose_name": "joint check",
                "db_table": "records_joint_check",
                "ordering": ["key"],
                "indexes": [
                    models.Index(
                        condition=models.Q(("voided_at__isnull", False)),
                        fields=["voided_at"],
                        name="voided_c8db93831d5f",
                    )
                ],
            },
        ),
        migrations.CreateModel(
            name="MoveInRecord",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                (
                    "key",
                    models.CharField(
                        help_text="The fact's id, or for an event without one a key derived from its content.",
                        max_length=200,
                        unique=True,
                    ),
                ),
                (
                    "subject_group",
                    models.CharField(
                        db_index=True,
                        default="",
                        help_text="The records evaluated together (a business, its premises and their facts).",
                        max_length=200,
                    ),
                ),
                (
                    "recorded_at",
                    models.DateTimeField(default=django.utils.timezone.now, editable=False),
                ),
                (
                    "recorded_by",
                    models.CharField(
                        help_text="Who recorded it: a user name, or the import or process.",
                        max_length=150,
                    ),
                ),
                ("recorded_why", models.TextField(blank=True)),
                ("import_source", models.CharField(blank=True, max_length=300)),
                ("updated_at", models.DateTimeField(auto_now=True, db_index=True)),
                ("voided_at", models.DateTimeField(blank=True, null=True)),
                ("voided_by", models.CharField(blank=True, max_length=150)),
                ("voided_why", models.TextField(blank=True)),
                (
                    "notes",
                    models.TextField(
                        blank=True, help_text="Free text for people; never evaluated.", null=True
                    ),
                ),
                ("premises", models.CharField(db_index=True, max_length=200)),
                ("date", models.DateField(help_text="The day the tenant occupied the premises.")),
                ("tenant", models.TextField(blank=True, help_text="The tenant's name.", null=True)),
                (
                    "establishment",
                    models.CharField(
                        blank=True,
                        db_index=True,
                        help_text="The tenant business, if any.",
                        max_length=200,
                        null=True,
                    ),
                ),
            ],
            options={
                "verbose_name": "move in",
                "db_table": "records_move_in",
                "ordering": ["key"],
                "indexes": [
                    models.Index(
                        condition=models.Q(("voided_at__isnull", False)),
                        fields=["voided_at"],
                        name="voided_fc342058af66",
                    )
                ],
            },
        ),
        migrations.CreateModel(
            name="NoncomplianceChargeRecord",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                (
                    "key",
                    models.CharField(
                        help_text="The fact's id, or for an event without one a key derived from its content.",
                        max_length=200,
                        unique=True,
                    ),
                ),
                (
                    "subject_group",
                    models.CharField(
                        db_index=True,
                        default="",
                        help_text="The records evaluated together (a business, its premises and their facts).",
                        max_length=200,
                    ),
                ),
                (
                    "recorded_at",
                    models.DateTimeField(default=django.utils.timezone.now, editable=False),
                ),
                (
                    "recorded_by",
                    models.CharField(
                        help_text="Who recorded it: a user name, or the import or process.",
                        max_length=150,
                    ),
                ),
                ("recorded_why", models.TextField(blank=True)),
                ("import_source", models.CharField(blank=True, max_length=300)),
                ("updated_at", models.DateTimeField(auto_now=True, db_index=True)),
                ("voided_at", models.DateTimeField(blank=True, null=True)),
                ("voided_by", models.CharField(blank=True, max_length=150)),
                ("voided_why", models.TextField(blank=True)),
                (
                    "notes",
                    models.TextField(
                        blank=True, help_text="Free text for people; never evaluated.", null=True
                    ),
                ),
                ("establishment", models.CharField(db_index=True, max_length=200)),
                (
                    "notice",
                    models.CharField(
                        blank=True,
                        db_index=True,
                        help_text="The notice of noncompliance it follows.",
                        max_length=200,
                        null=True,
                    ),
                ),
                ("assessed_on", models.DateField()),
                (
                    "costs",
                    models.JSONField(
                        help_text="The itemized costs, at least one, each {category, amount_cents, description?}; category is inspection_follow_up, sampling, monitoring, laboratory_analysis, treatment, disposal, administrative_processing or agency_fine."
                    ),
                ),
                (
                    "billed_cents",
                    models.BigIntegerField(
                        blank=True,
                        help_text="The total billed, if stated: it must equal the costs.",
                        null=True,
                    ),
                ),
                (
                    "due_on",
                    models.DateField(
                        blank=True, help_text="When payment is due, if set.", null=True
                    ),
                ),
                ("paid_on", models.DateField(blank=True, help_text="When it was paid.", null=True)),
            ],
            options={
                "verbose_name": "noncompliance charge",
                "db_table": "records_noncompliance_charge",
                "ordering": ["key"],
                "indexes": [
                    models.Index(
                        condition=models.Q(("voided_at__isnull", False)),
                        fields=["voided_at"],
                        name="voided_c243c93928c6",
                    )
                ],
            },
        ),
        migrations.CreateModel(
            name="NoticeRecord",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                (
                    "key",
                    models.CharField(
                        help_text="The fact's id, or for an event without one a key derived from its content.",
                        max_length=200,
                        unique=True,
                    ),
                ),
                (
                    "subject_group",
                    models.CharField(
                        db_index=True,
                        default="",
                        help_text="The records evaluated together (a business, its premises and their facts).",
                        max_length=200,
                    ),
                ),
                (
                    "recorded_at",
                    models.DateTimeField(default=django.utils.timezone.now, editable=False),
                ),
                (
                    "recorded_by",
                    models.CharField(
                        help_text="Who recorded it: a user name, or the import or process.",
                        max_length=150,
                    ),
                ),
                ("recorded_why", models.TextField(blank=True)),
                ("import_source", models.CharField(blank=True, max_length=300)),
                ("updated_at", models.DateTimeField(auto_now=True, db_index=True)),
                ("voided_at", models.DateTimeField(blank=True, null=True)),
                ("voided_by", models.CharField(blank=True, max_length=150)),
                ("voided_why", models.TextField(blank=True)),
                (
                    "notes",
                    models.TextField(
                        blank=True, help_text="Free text for people; never evaluated.", null=True
                    ),
                ),
                ("subject", models.CharField(db_index=True, max_length=200)),
                ("requirement", models.CharField(db_index=True, max_length=64)),
                ("issued_on", models.DateField()),
                (
                    "kind",
                    models.CharField(
                        blank=True,
                        choices=[
                            ("nov", "nov"),
                            ("cart_tag", "cart tag"),
                            ("noncompliance", "noncompliance"),
                            ("education", "education"),
                        ],
                        default="nov",
                        max_length=64,
                        null=True,
                    ),
                ),
                ("due_on", models.DateField(blank=True, null=True)),
            ],
            options={
                "verbose_name": "notice",
                "db_table": "records_notice",
                "ordering": ["key"],
                "indexes": [
                    models.Index(
                        condition=models.Q(("voided_at__isnull", False)),
                        fields=["voided_at"],
                        name="voided_7beb5099b5a9",
                    )
                ],
            },
        ),
        migrations.CreateModel(
            name="OperationsChangeRecord",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                (
                    "key",
                    models.CharField(
                        help_text="The fact's id, or for an event without one a key derived from its content.",
                        max_length=200,
                        unique=True,
                    ),
                ),
                (
                    "subject_group",
                    models.CharField(
                        db_index=True,
                        default="",
                        help_text="The records evaluated together (a business, its premises and their facts).",
                        max_length=200,
                    ),
                ),
                (
                    "recorded_at",
                    models.DateTimeField(default=django.utils.timezone.now, editable=False),
                ),
                (
                    "recorded_by",
                    models.CharField(
                        help_text="Who recorded it: a user name, or the import or process.",
                        max_length=150,
                    ),
                ),
                ("recorded_why", models.TextField(blank=True)),
                ("import_source", models.CharField(blank=True, max_length=300)),
                ("updated_at", models.DateTimeField(auto_now=True, db_index=True)),
                ("voided_at", models.DateTimeField(blank=True, null=True)),
                ("voided_by", models.CharField(blank=True, max_length=150)),
                ("voided_why", models.TextField(blank=True)),
                (
                    "notes",
                    models.TextField(
                        blank=True, help_text="Free text for people; never evaluated.", null=True
                    ),
                ),
                ("establishment", models.CharField(db_index=True, max_length=200)),
                ("date", models.DateField()),
                (
                    "change",
                    models.CharField(
                        choices=[
                            ("food_types", "food types"),
                            ("food_preparation", "food preparation"),
                            ("operational_procedures", "operational procedures"),
                            ("increased_discharge", "increased discharge"),
                        ],
                        max_length=64,
                    ),
                ),
            ],
            options={
                "verbose_name": "operations change",
                "db_table": "records_operations_change",
                "ordering": ["key"],
                "indexes": [
                    models.Index(
                        condition=models.Q(("voided_at__isnull", False)),
                        fields=["voided_at"],
                        name="voided_72e24c7657e7",
                    )
                ],
            },
        ),
        migrations.CreateModel(
            name="OrganicsChecklistRecord",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                (
                    "key",
                    models.CharField(
                        help_text="The fact's id, or for an event without one a key derived from its content.",
                        max_length=200,
                        unique=True,
                    ),
                ),
                (
                    "subject_group",
                    models.CharField(
                        db_index=True,
                        default="",
                        help_text="The records evaluated together (a business, its premises and their facts).",
                        max_length=200,
                    ),
                ),
                (
                    "recorded_at",
                    models.DateTimeField(default=django.utils.timezone.now, editable=False),
                ),
                (
                    "recorded_by",
                    models.CharField(
                        help_text="Who recorded it: a user name, or the import or process.",
                        max_length=150,
                    ),
                ),
                ("recorded_why", models.TextField(blank=True)),
                ("import_source", models.CharField(blank=True, max_length=300)),
                ("updated_at", models.DateTimeField(auto_now=True, db_index=True)),
                ("voided_at", models.DateTimeField(blank=True, null=True)),
                ("voided_by", models.CharField(blank=True, max_length=150)),
                ("voided_why", models.TextField(blank=True)),
                (
                    "notes",
                    models.TextField(
                        blank=True, help_text="Free text for people; never evaluated.", null=True
                    ),
                ),
                ("subject", models.CharField(db_index=True, max_length=200)),
                ("date", models.DateField()),
                (
                    "containers_adequate",
                    models.BooleanField(
                        blank=True,
                        help_text="Adequate number, size, type and location of containers for employees, contractors, tenants and customers ((A)(3)).",
                        null=True,
                    ),
                ),
                (
                    "customer_organics_containers",
                    models.BooleanField(
                        blank=True,
                        help_text="Organics containers beside every customer disposal container, restrooms excepted ((A)(4)).",
                        null=True,
                    ),
                ),
                (
                    "generates_organics",
                    models.BooleanField(
                        blank=True,
                        help_text="False: the business generates no green container organic waste, so needs no customer organics container.",
                        null=True,
                    ),
                ),
                (
                    "containers_colored_or_labeled",
                    models.BooleanField(
                        blank=True,
                        help_text="Customer containers have conforming colors or labels ((A)(4)).",
                        null=True,
                    ),
                ),
                (
                    "employee_sorting_measures",
                    models.BooleanField(
                        blank=True,
                        help_text="Education, training or inspection keeps employees from mis-sorting ((A)(5)).",
                        null=True,
                    ),
                ),
            ],
            options={
                "verbose_name": "organics checklist",
                "db_table": "records_organics_checklist",
                "ordering": ["key"],
                "indexes": [
                    models.Index(
                        condition=models.Q(("voided_at__isnull", False)),
                        fields=["voided_at"],
                        name="voided_a079904cdc2c",
                    )
                ],
            },
        ),
        migrations.CreateModel(
            name="OrganicsEducationRecord",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                (
                    "key",
                    models.CharField(
                        help_text="The fact's id, or for an event without one a key derived from its content.",
                        max_length=200,
                        unique=True,
                    ),
                ),
                (
                    "subject_group",
                    models.CharField(
                        db_index=True,
                        default="",
                        help_text="The records evaluated together (a business, its premises and their facts).",
                        max_length=200,
                    ),
                ),
                (
                    "recorded_at",
                    models.DateTimeField(default=django.utils.timezone.now, editable=False),
                ),
                (
                    "recorded_by",
                    models.CharField(
                        help_text="Who recorded it: a user name, or the import or process.",
                        max_length=150,
                    ),
                ),
                ("recorded_why", models.TextField(blank=True)),
                ("import_source", models.CharField(blank=True, max_length=300)),
                ("updated_at", models.DateTimeField(auto_now=True, db_index=True)),
                ("voided_at", models.DateTimeField(blank=True, null=True)),
                ("voided_by", models.CharField(blank=True, max_length=150)),
                ("voided_why", models.TextField(blank=True)),
                (
                    "notes",
                    models.TextField(
                        blank=True, help_text="Free text for people; never evaluated.", null=True
                    ),
                ),
                ("subject", models.CharField(db_index=True, max_length=200)),
                ("date", models.DateField()),
                (
                    "audiences",
                    models.JSONField(
                        blank=True,
                        help_text="employees, contractors, tenants, customers.",
                        null=True,
                    ),
                ),
                (
                    "move_in",
                    models.CharField(
                        blank=True,
                        db_index=True,
                        help_text="The new tenancy this education is for.",
                        max_length=200,
                        null=True,
                    ),
                ),
            ],
            options={
                "verbose_name": "organics education",
                "db_table": "records_organics_education",
                "ordering": ["key"],
                "indexes": [
                    models.Index(
                        condition=models.Q(("voided_at__isnull", False)),
                        fields=["voided_at"],
                        name="voided_232bb071308f",
                    )
                ],
            },
        ),
        migrations.CreateModel(
            name="OwnershipTransferRecord",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                (
                    "key",
                    models.CharField(
                        help_text="The fact's id, or for an event without one a key derived from its content.",
                        max_length=200,
                        unique=True,
                    ),
                ),
                (
                    "subject_group",
                    models.CharField(
                        db_index=True,
                        default="",
                        help_text="The records evaluated together (a business, its premises and their facts).",
                        max_length=200,
                    ),
                ),
                (
                    "recorded_at",
                    models.DateTimeField(default=django.utils.timezone.now, editable=False),
                ),
                (
                    "recorded_by",
                    models.CharField(
                        help_text="Who recorded it: a user name, or the import or process.",
                        max_length=150,
                    ),
                ),
                ("recorded_why", models.TextField(blank=True)),
                ("import_source", models.CharField(blank=True, max_length=300)),
                ("updated_at", models.DateTimeField(auto_now=True, db_index=True)),
                ("voided_at", models.DateTimeField(blank=True, null=True)),
                ("voided_by", models.CharField(blank=True, max_length=150)),
                ("voided_why", models.TextField(blank=True)),
                (
                    "notes",
                    models.TextField(
                        blank=True, help_text="Free text for people; never evaluated.", null=True
                    ),
                ),
                ("establishment", models.CharField(db_index=True, max_length=200)),
                ("date", models.DateField()),
            ],
            options={
                "verbose_name": "ownership transfer",
                "db_table": "records_ownership_transfer",
                "ordering": ["key"],
                "indexes": [
                    models.Index(
                        condition=models.Q(("voided_at__isnull", False)),
                        fields=["voided_at"],
                        name="voided_6a9a966f553f",
                    )
                ],
            },
        ),
        migrations.CreateModel(
            name="PileObservationRecord",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                (
                    "key",
                    models.CharField(
                        help_text="The fact's id, or for an event without one a key derived from its content.",
                        max_length=200,
                        unique=True,
                    ),
                ),
                (
                    "subject_group",
                    models.CharField(
                        db_index=True,
                        default="",
                        help_text="The records evaluated together (a business, its premises and their facts).",
                        max_length=200,
                    ),
                ),
                (
                    "recorded_at",
                    models.DateTimeField(default=django.utils.timezone.now, editable=False),
                ),
                (
                    "recorded_by",
                    models.CharField(
                        help_text="Who recorded it: a user name, or the import or process.",
                        max_length=150,
                    ),
                ),
                ("recorded_why", models.TextField(blank=True)),
                ("import_source", models.CharField(blank=True, max_length=300)),
                ("updated_at", models.DateTimeField(auto_now=True, db_index=True)),
                ("voided_at", models.DateTimeField(blank=True, null=True)),
                ("voided_by", models.CharField(blank=True, max_length=150)),
                ("voided_why", models.TextField(blank=True)),
                (
                    "notes",
                    models.TextField(
                        blank=True, help_text="Free text for people; never evaluated.", null=True
                    ),
                ),
                ("premises", models.CharField(db_index=True, max_length=200)),
                ("date", models.DateField()),
                (
                    "location",
                    models.CharField(
                        choices=[
                            ("rear_yard", "rear yard"),
                            ("side_yard", "side yard"),
                            ("front_yard", "front yard"),
                            ("street", "street"),
                            ("alley", "alley"),
                            ("parkway", "parkway"),
                            ("public_place", "public place"),
                            ("vacant_lot", "vacant lot"),
                        ],
                        help_text="Where the stacks or piles stand.",
                        max_length=64,
                    ),
                ),
                (
                    "total_cubic_yards",
                    models.FloatField(
                        help_text="Volume of all the stacks and piles at the premises together."
                    ),
                ),
                (
                    "separation_ft",
                    models.FloatField(
                        blank=True,
                        help_text="Smallest distance from a pile to another stack or pile, a building, a structure or other combustible material.",
                        null=True,
                    ),
                ),
                (
                    "shielded_from_wind",
                    models.BooleanField(
                        blank=True, help_text="Shielded from winds which may scatter it.", null=True
                    ),
                ),
                (
                    "shielded_from_view",
                    models.BooleanField(
                        blank=True,
                        help_text="Shielded from the view of neighboring properties and public rights of way.",
                        null=True,
                    ),
                ),
            ],
            options={
                "verbose_name": "pile observation",
                "db_table": "records_pile_observation",
                "ordering": ["key"],
                "indexes": [
                    models.Index(
                        condition=models.Q(("voided_at__isnull", False)),
                        fields=["voided_at"],
                        name="voided_2aada2382d52",
                    )
                ],
            },
        ),
        migrations.CreateModel(
            name="PremisesRecord",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                (
                    "key",
                    models.CharField(
                        help_text="The fact's id, or for an event without one a key derived from its content.",
                        max_length=200,
                        unique=True,
                    ),
                ),
                (
                    "subject_group",
                    models.CharField(
                        db_index=True,
                        default="",
                        help_text="The records evaluated together (a business, its premises and their facts).",
                        max_length=200,
                    ),
                ),
                (
                    "recorded_at",
                    models.DateTimeField(default=django.utils.timezone.now, editable=False),
                ),
                (
                    "recorded_by",
                    models.CharField(
                        help_text="Who recorded it: a user name, or the import or process.",
                        max_length=150,
                    ),
                ),
                ("recorded_why", models.TextField(blank=True)),
                ("import_source", models.CharField(blank=True, max_length=300)),
                ("updated_at", models.DateTimeField(auto_now=True, db_index=True)),
                ("voided_at", models.DateTimeField(blank=True, null=True)),
                ("voided_by", models.CharField(blank=True, max_length=150)),
                ("voided_why", models.TextField(blank=True)),
                (
                    "notes",
                    models.TextField(
                        blank=True, help_text="Free text for people; never evaluated.", null=True
                    ),
                ),
                ("address", models.TextField(blank=True, null=True)),
                (
                    "zone",
                    models.TextField(
                        blank=True, help_text="Zoning district, e.g. C-3 or R-1.", null=True
                    ),
                ),
                ("dwelling_units", models.BigIntegerField(blank=True, null=True)),
                (
                    "use",
                    models.CharField(
                        blank=True,
                        choices=[
                            ("residential", "residential"),
                            ("commercial", "commercial"),
                            ("industrial", "industrial"),
                            ("mixed_use", "mixed use"),
                            ("hotel", "hotel"),
                        ],
                        max_length=64,
                        null=True,
                    ),
                ),
                (
                    "planned_development",
                    models.BooleanField(
                        blank=True,
                        help_text="Part of a planned development (Cal. Civil Code § 1351).",
                        null=True,
                    ),
                ),
                (
                    "shared_bins",
                    models.BooleanField(
                        blank=True,
                        help_text="The City Manager has determined the units must share bins.",
                        null=True,
                    ),
                ),
                (
                    "non_local_entity",
                    models.CharField(
                        blank=True,
                        choices=[
                            ("special_district", "special district"),
                            ("federal", "federal"),
                            ("prison", "prison"),
                            ("state_park", "state park"),
                            ("public_university", "public university"),
                            ("county_fairground", "county fairground"),
                            ("state_agency", "state agency"),
                        ],
                        max_length=64,
                        null=True,
                    ),
                ),
                (
                    "alley",
                    models.BooleanField(
                        blank=True,
                        help_text="The lot is contiguous to a public alley (set-out location).",
                        null=True,
                    ),
                ),
                ("owner_name", models.TextField(blank=True, null=True)),
                (
                    "owner_tax_address",
                    models.TextField(
                        blank=True,
                        help_text="The owner's address on the tax collector's roll.",
                        null=True,
                    ),
                ),
                (
                    "service_payer_name",
                    models.TextField(
                        blank=True,
                        help_text="The party responsible for paying for collection service.",
                        null=True,
                    ),
                ),
                ("service_payer_address", models.TextField(blank=True, null=True)),
                (
                    "located_in_city",
                    models.BooleanField(
                        blank=True,
                        help_text="Lies within the city's corporate limits (absent: it does); a sewer connection from outside pays the § 6-8.114(A) charge (PRM-CHARGES).",
                        null=True,
                    ),
                ),
            ],
            options={
                "verbose_name": "premises",
                "db_table": "records_premises",
                "ordering": ["key"],
                "indexes": [
                    models.Index(
                        condition=models.Q(("voided_at__isnull", False)),
                        fields=["voided_at"],
                        name="voided_28afbf7f4aa7",
                    )
                ],
            },
        ),
        migrations.CreateModel(
            name="PressureTestRecord",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                (
                    "key",
                    models.CharField(
                        help_text="The fact's id, or for an event without one a key derived from its content.",
                        max_length=200,
                        unique=True,
                    ),
                ),
                (
                    "subject_group",
                    models.CharField(
                        db_index=True,
                        default="",
                        help_text="The records evaluated together (a business, its premises and their facts).",
                        max_length=200,
                    ),
                ),
                (
                    "recorded_at",
                    models.DateTimeField(default=django.utils.timezone.now, editable=False),
                ),
                (
                    "recorded_by",
                    models.CharField(
                        help_text="Who recorded it: a user name, or the import or process.",
                        max_length=150,
                    ),
                ),
                ("recorded_why", models.TextField(blank=True)),
                ("import_source", models.CharField(blank=True, max_length=300)),
                ("updated_at", models.DateTimeField(auto_now=True, db_index=True)),
                ("voided_at", models.DateTimeField(blank=True, null=True)),
                ("voided_by", models.CharField(blank=True, max_length=150)),
                ("voided_why", models.TextField(blank=True)),
                (
                    "notes",
                    models.TextField(
                        blank=True, help_text="Free text for people; never evaluated.", null=True
                    ),
                ),
                ("permit", models.CharField(db_index=True, max_length=200)),
                ("date", models.DateField()),
                (
                    "kind",
                    models.CharField(
                        choices=[("standing", "standing"), ("air", "air")], max_length=64
                    ),
                ),
                ("psi_at_lower_terminus", models.FloatField()),
                ("head_above_upper_terminus_in", models.FloatField(blank=True, null=True)),
                ("leaked", models.BooleanField()),
                ("cement_joints_made_at", models.DateTimeField(blank=True, null=True)),
                ("at", models.DateTimeField(blank=True, null=True)),
            ],
            options={
                "verbose_name": "pressure test",
                "db_table": "records_pressure_test",
                "ordering": ["key"],
                "indexes": [
                    models.Index(
                        condition=models.Q(("voided_at__isnull", False)),
                        fields=["voided_at"],
                        name="voided_22756c3fcd5f",
                    )
                ],
            },
        ),
        migrations.CreateModel(
            name="PumpOutRecord",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                (
                    "key",
                    models.CharField(
                        help_text="The fact's id, or for an event without one a key derived from its content.",
                        max_length=200,
                        unique=True,
                    ),
                ),
                (
                    "subject_group",
                    models.CharField(
                        db_index=True,
                        default="",
                        help_text="The records evaluated together (a business, its premises and their facts).",
                        max_length=200,
                    ),
                ),
                (
                    "recorded_at",
                    models.DateTimeField(default=django.utils.timezone.now, editable=False),
                ),
                (
                    "recorded_by",
                    models.CharField(
                        help_text="Who recorded it: a user name, or the import or process.",
                        max_length=150,
                    ),
                ),
                ("recorded_why", models.TextField(blank=True)),
                ("import_source", models.CharField(blank=True, max_length=300)),
                ("updated_at", models.DateTimeField(auto_now=True, db_index=True)),
                ("voided_at", models.DateTimeField(blank=True, null=True)),
                ("voided_by", models.CharField(blank=True, max_length=150)),
                ("voided_why", models.TextField(blank=True)),
                (
                    "notes",
                    models.TextField(
                        blank=True, help_text="Free text for people; never evaluated.", null=True
                    ),
                ),
                ("device", models.CharField(db_index=True, max_length=200)),
                ("date", models.DateField()),
                ("full", models.BooleanField()),
                ("hauler_name", models.TextField(blank=True, null=True)),
                ("hauler_address", models.TextField(blank=True, null=True)),
                ("operator_name", models.TextField(blank=True, null=True)),
                ("operator_signed", models.BooleanField(blank=True, null=True)),
                ("manifest_number", models.TextField(blank=True, null=True)),
                ("water_gallons", models.FloatField(blank=True, null=True)),
                ("fog_gallons", models.FloatField(blank=True, null=True)),
                ("floating_fog_inches", models.FloatField(blank=True, null=True)),
                ("settled_solids_inches", models.FloatField(blank=True, null=True)),
                ("repairs", models.TextField(blank=True, null=True)),
                ("disposal_facility", models.TextField(blank=True, null=True)),
            ],
            options={
                "verbose_name": "pump out",
                "db_table": "records_pump_out",
                "ordering": ["key"],
                "indexes": [
                    models.Index(
                        condition=models.Q(("voided_at__isnull", False)),
                        fields=["voided_at"],
                        name="voided_f40b62954f9e",
                    )
                ],
            },
        ),
        migrations.CreateModel(
            name="RecyclablesSaleRecord",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                (
                    "key",
                    models.CharField(
                        help_text="The fact's id, or for an event without one a key derived from its content.",
                        max_length=200,
                        unique=True,
                    ),
                ),
                (
                    "subject_group",
                    models.CharField(
                        db_index=True,
                        default="",
                        help_text="The records evaluated together (a business, its premises and their facts).",
                        max_length=200,
                    ),
                ),
                (
                    "recorded_at",
                    models.DateTimeField(default=django.utils.timezone.now, editable=False),
                ),
                (
                    "recorded_by",
                    models.CharField(
                        help_text="Who recorded it: a user name, or the import or process.",
                        max_length=150,
                    ),
                ),
                ("recorded_why", models.TextField(blank=True)),
                ("import_source", models.CharField(blank=True, max_length=300)),
                ("updated_at", models.DateTimeField(auto_now=True, db_index=True)),
                ("voided_at", models.DateTimeField(blank=True, null=True)),
                ("voided_by", models.CharField(blank=True, max_length=150)),
                ("voided_why", models.TextField(blank=True)),
                (
                    "notes",
                    models.TextField(
                        blank=True, help_text="Free text for people; never evaluated.", null=True
                    ),
                ),
                ("seller", models.CharField(blank=True, db_index=True, max_length=200, null=True)),
                ("buyer", models.TextField(help_text="Who bought or received the recyclables.")),
                ("date", models.DateField()),
                (
                    "kind",
                    models.CharField(
                        blank=True,
                        choices=[("sale", "sale"), ("donation", "donation")],
                        default="sale",
                        max_length=64,
                        null=True,
                    ),
                ),
                (
                    "segregated",
                    models.BooleanField(
                        help_text="The recyclables were kept apart from solid waste."
                    ),
                ),
                (
                    "seller_paid_buyer",
                    models.BooleanField(
                        help_text="The seller or donor paid the buyer or donee a consideration or consulting fee for recycling services or for collecting, processing or transporting them."
                    ),
                ),
                (
                    "discount_for_service",
                    models.BooleanField(
                        blank=True,
                        help_text="The claimed sale is a discount or reduction in price for collection, disposal or recycling service.",
                        null=True,
                    ),
                ),
            ],
            options={
                "verbose_name": "recyclables sale",
                "db_table": "records_recyclables_sale",
                "ordering": ["key"],
                "indexes": [
                    models.Index(
                        condition=models.Q(("voided_at__isnull", False)),
                        fields=["voided_at"],
                        name="voided_9892c3b28c78",
                    )
                ],
            },
        ),
        migrations.CreateModel(
            name="RenovationRecord",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                (
                    "key",
                    models.CharField(
                        help_text="The fact's id, or for an event without one a key derived from its content.",
                        max_length=200,
                        unique=True,
                    ),
                ),
                (
                    "subject_group",
                    models.CharField(
                        db_index=True,
                        default="",
                        help_text="The records evaluated together (a business, its premises and their facts).",
                        max_length=200,
                    ),
                ),
                (
                    "recorded_at",
                    models.DateTimeField(default=django.utils.timezone.now, editable=False),
                ),
                (
                    "recorded_by",
                    models.CharField(
                        help_text="Who recorded it: a user name, or the import or process.",
                        max_length=150,
                    ),
                ),
                ("recorded_why", models.TextField(blank=True)),
                ("import_source", models.CharField(blank=True, max_length=300)),
                ("updated_at", models.DateTimeField(auto_now=True, db_index=True)),
                ("voided_at", models.DateTimeField(blank=True, null=True)),
                ("voided_by", models.CharField(blank=True, max_length=150)),
                ("voided_why", models.TextField(blank=True)),
                (
                    "notes",
                    models.TextField(
                        blank=True, help_text="Free text for people; never evaluated.", null=True
                    ),
                ),
                ("establishment", models.CharField(db_index=True, max_length=200)),
                ("date", models.DateField()),
                ("plumbing", models.BooleanField(blank=True, null=True)),
                (
                    "fog_equipment",
                    models.BooleanField(
                        blank=True,
                        help_text="Adds equipment that may increase FOG discharge.",
                        null=True,
                    ),
                ),
                (
                    "valuation",
                    models.DecimalField(blank=True, decimal_places=2, max_digits=14, null=True),
                ),
            ],
            options={
                "verbose_name": "renovation",
                "db_table": "records_renovation",
                "ordering": ["key"],
                "indexes": [
                    models.Index(
                        condition=models.Q(("voided_at__isnull", False)),
                        fields=["voided_at"],
                        name="voided_2aaf9286d29a",
                    )
                ],
            },
        ),
        migrations.CreateModel(
            name="ReportRecord",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                (
                    "key",
                    models.CharField(
                        help_text="The fact's id, or for an event without one a key derived from its content.",
                        max_length=200,
                        unique=True,
                    ),
                ),
                (
                    "subject_group",
                    models.CharField(
                        db_index=True,
                        default="",
                        help_text="The records evaluated together (a business, its premises and their facts).",
                        max_length=200,
                    ),
                ),
                (
                    "recorded_at",
                    models.DateTimeField(default=django.utils.timezone.now, editable=False),
                ),
                (
                    "recorded_by",
                    models.CharField(
                        help_text="Who recorded it: a user name, or the import or process.",
                        max_length=150,
                    ),
                ),
                ("recorded_why", models.TextField(blank=True)),
                ("import_source", models.CharField(blank=True, max_length=300)),
                ("updated_at", models.DateTimeField(auto_now=True, db_index=True)),
                ("voided_at", models.DateTimeField(blank=True, null=True)),
                ("voided_by", models.CharField(blank=True, max_length=150)),
                ("voided_why", models.TextField(blank=True)),
                (
                    "notes",
                    models.TextField(
                        blank=True, help_text="Free text for people; never evaluated.", null=True
                    ),
                ),
                ("subject", models.CharField(db_index=True, max_length=200)),
                (
                    "kind",
                    models.CharField(
                        choices=[
                            ("edible_food_annual", "edible food annual"),
                            ("food_recovery_annual", "food recovery annual"),
                            ("self_haul_quarterly", "self haul quarterly"),
                            ("hauler_facilities", "hauler facilities"),
                        ],
                        max_length=64,
                    ),
                ),
                ("period", models.CharField(max_length=64)),
                ("date", models.DateField()),
            ],
            options={
                "verbose_name": "report",
                "db_table": "records_report",
                "ordering": ["key"],
                "indexes": [
                    models.Index(
                        condition=models.Q(("voided_at__isnull", False)),
                        fields=["voided_at"],
                        name="voided_2519405ba388",
                    )
                ],
            },
        ),
        migrations.CreateModel(
            name="SandTrapInspectionRecord",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                (
                    "key",
                    models.CharField(
                        help_text="The fact's id, or for an event without one a key derived from its content.",
                        max_length=200,
                        unique=True,
                    ),
                ),
                (
                    "subject_group",
                    models.CharField(
                        db_index=True,
                        default="",
                        help_text="The records evaluated together (a business, its premises and their facts).",
                        max_length=200,
                    ),
                ),
                (
                    "recorded_at",
                    models.DateTimeField(default=django.utils.timezone.now, editable=False),
                ),
                (
                    "recorded_by",
                    models.CharField(
                        help_text="Who recorded it: a user name, or the import or process.",
                        max_length=150,
                    ),
                ),
                ("recorded_why", models.TextField(blank=True)),
                ("import_source", models.CharField(blank=True, max_length=300)),
                ("updated_at", models.DateTimeField(auto_now=True, db_index=True)),
                ("voided_at", models.DateTimeField(blank=True, null=True)),
                ("voided_by", models.CharField(blank=True, max_length=150)),
                ("voided_why", models.TextField(blank=True)),
                (
                    "notes",
                    models.TextField(
                        blank=True, help_text="Free text for people; never evaluated.", null=True
                    ),
                ),
                (
                    "device",
                    models.CharField(
                        db_index=True, help_text="The sand trap inspected.", max_length=200
                    ),
                ),
                ("date", models.DateField()),
                (
                    "cleaned",
                    models.BooleanField(
                        blank=True, help_text="The trap was cleaned that day.", null=True
                    ),
                ),
                ("inspector", models.TextField(blank=True, null=True)),
            ],
            options={
                "verbose_name": "sand trap inspection",
                "db_table": "records_sand_trap_inspection",
                "ordering": ["key"],
                "indexes": [
                    models.Index(
                        condition=models.Q(("voided_at__isnull", False)),
                        fields=["voided_at"],
                        name="voided_586bb5a40c30",
                    )
                ],
            },
        ),
        migrations.CreateModel(
            name="SelfHaulerRecord",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                (
                    "key",
                    models.CharField(
                        help_text="The fact's id, or for an event without one a key derived from its content.",
                        max_length=200,
                        unique=True,
                    ),
                ),
                (
                    "subject_group",
                    models.CharField(
                        db_index=True,
                        default="",
                        help_text="The records evaluated together (a business, its premises and their facts).",
                        max_length=200,
                    ),
                ),
                (
                    "recorded_at",
                    models.DateTimeField(default=django.utils.timezone.now, editable=False),
                ),
                (
                    "recorded_by",
                    models.CharField(
                        help_text="Who recorded it: a user name, or the import or process.",
                        max_length=150,
                    ),
                ),
                ("recorded_why", models.TextField(blank=True)),
                ("import_source", models.CharField(blank=True, max_length=300)),
                ("updated_at", models.DateTimeField(auto_now=True, db_index=True)),
                ("voided_at", models.DateTimeField(blank=True, null=True)),
                ("voided_by", models.CharField(blank=True, max_length=150)),
                ("voided_why", models.TextField(blank=True)),
                (
                    "notes",
                    models.TextField(
                        blank=True, help_text="Free text for people; never evaluated.", null=True
                    ),
                ),
                ("subject", models.CharField(db_index=True, max_length=200)),
                ("start", models.DateField()),
                ("end", models.DateField(blank=True, null=True)),
                ("residential", models.BooleanField(blank=True, null=True)),
            ],
            options={
                "verbose_name": "self hauler",
                "db_table": "records_self_hauler",
                "ordering": ["key"],
                "indexes": [
                    models.Index(
                        condition=models.Q(("voided_at__isnull", False)),
                        fields=["voided_at"],
                        name="voided_5f17c96f6cc2",
                    )
                ],
            },
        ),
        migrations.CreateModel(
            name="SelfInspectionRecord",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                (
                    "key",
                    models.CharField(
                        help_text="The fact's id, or for an event without one a key derived from its content.",
                        max_length=200,
                        unique=True,
                    ),
                ),
                (
                    "subject_group",
                    models.CharField(
                        db_index=True,
                        default="",
                        help_text="The records evaluated together (a business, its premises and their facts).",
                        max_length=200,
                    ),
                ),
                (
                    "recorded_at",
                    models.DateTimeField(default=django.utils.timezone.now, editable=False),
                ),
                (
                    "recorded_by",
                    models.CharField(
                        help_text="Who recorded it: a user name, or the import or process.",
                        max_length=150,
                    ),
                ),
                ("recorded_why", models.TextField(blank=True)),
                ("import_source", models.CharField(blank=True, max_length=300)),
                ("updated_at", models.DateTimeField(auto_now=True, db_index=True)),
                ("voided_at", models.DateTimeField(blank=True, null=True)),
                ("voided_by", models.CharField(blank=True, max_length=150)),
                ("voided_why", models.TextField(blank=True)),
                (
                    "notes",
                    models.TextField(
                        blank=True, help_text="Free text for people; never evaluated.", null=True
                    ),
                ),
                ("subject", models.CharField(db_index=True, max_length=200)),
                ("date", models.DateField()),
                ("contamination_found", models.BooleanField(blank=True, null=True)),
                (
                    "employees_informed",
                    models.BooleanField(
                        blank=True,
                        help_text="Employees were told of the contamination and how to keep it out.",
                        null=True,
                    ),
                ),
            ],
            options={
                "verbose_name": "self inspection",
                "db_table": "records_self_inspection",
                "ordering": ["key"],
                "indexes": [
                    models.Index(
                        condition=models.Q(("voided_at__isnull", False)),
                        fields=["voided_at"],
                        name="voided_a61f6946b7cf",
                    )
                ],
            },
        ),
        migrations.CreateModel(
            name="SetOutRecord",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                (
                    "key",
                    models.CharField(
                        help_text="The fact's id, or for an event without one a key derived from its content.",
                        max_length=200,
                        unique=True,
                    ),
                ),
                (
                    "subject_group",
                    models.CharField(
                        db_index=True,
                        default="",
                        help_text="The records evaluated together (a business, its premises and their facts).",
                        max_length=200,
                    ),
                ),
                (
                    "recorded_at",
                    models.DateTimeField(default=django.utils.timezone.now, editable=False),
                ),
                (
                    "recorded_by",
                    models.CharField(
                        help_text="Who recorded it: a user name, or the import or process.",
                        max_length=150,
                    ),
                ),
                ("recorded_why", models.TextField(blank=True)),
                ("import_source", models.CharField(blank=True, max_length=300)),
                ("updated_at", models.DateTimeField(auto_now=True, db_index=True)),
                ("voided_at", models.DateTimeField(blank=True, null=True)),
                ("voided_by", models.CharField(blank=True, max_length=150)),
                ("voided_why", models.TextField(blank=True)),
                (
                    "notes",
                    models.TextField(
                        blank=True, help_text="Free text for people; never evaluated.", null=True
                    ),
                ),
                ("premises", models.CharField(db_index=True, max_length=200)),
                ("collection_day", models.DateField()),
                ("placed_at", models.DateTimeField()),
                ("removed_at", models.DateTimeField(blank=True, null=True)),
                (
                    "location",
                    models.TextField(
                        blank=True,
                        help_text="Where the containers stood (alley_line, curb, parkway, rear, side, …).",
                        null=True,
                    ),
                ),
            ],
            options={
                "verbose_name": "set out",
                "db_table": "records_set_out",
                "ordering": ["key"],
                "indexes": [
                    models.Index(
                        condition=models.Q(("voided_at__isnull", False)),
                        fields=["voided_at"],
                        name="voided_1b4126cf14b7",
                    )
                ],
            },
        ),
        migrations.CreateModel(
            name="SewerConnectionRecord",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                (
                    "key",
                    models.CharField(
                        help_text="The fact's id, or for an event without one a key derived from its content.",
                        max_length=200,
                        unique=True,
                    ),
                ),
                (
                    "subject_group",
                    models.CharField(
                        db_index=True,
                        default="",
                        help_text="The records evaluated together (a business, its premises and their facts).",
                        max_length=200,
                    ),
                ),
                (
                    "recorded_at",
                    models.DateTimeField(default=django.utils.timezone.now, editable=False),
                ),
                (
                    "recorded_by",
                    models.CharField(
                        help_text="Who recorded it: a user name, or the import or process.",
                        max_length=150,
                    ),
                ),
                ("recorded_why", models.TextField(blank=True)),
                ("import_source", models.CharField(blank=True, max_length=300)),
                ("updated_at", models.DateTimeField(auto_now=True, db_index=True)),
                ("voided_at", models.DateTimeField(blank=True, null=True)),
                ("voided_by", models.CharField(blank=True, max_length=150)),
                ("voided_why", models.TextField(blank=True)),
                (
                    "notes",
                    models.TextField(
                        blank=True, help_text="Free text for people; never evaluated.", null=True
                    ),
                ),
                (
                    "premises",
                    models.CharField(
                        db_index=True,
                        help_text="The lot whose building the connection serves.",
                        max_length=200,
                    ),
                ),
                ("date", models.DateField()),
                (
                    "work",
                    models.CharField(
                        blank=True,
                        choices=[
                            ("new", "new"),
                            ("renewal", "renewal"),
                            ("alteration", "alteration"),
                            ("repair", "repair"),
                        ],
                        default="new",
                        help_text="new: a connection made with a public sewer; renewal, alteration or repair: work on an existing public or house-connection sewer.",
                        max_length=64,
                        null=True,
                    ),
                ),
                (
                    "permit",
                    models.CharField(
                        blank=True,
                        db_index=True,
                        help_text="The permit the work was done under (absent: none was named).",
                        max_length=200,
                        null=True,
                    ),
                ),
                (
                    "at_designated_place",
                    models.BooleanField(
                        blank=True,
                        help_text="Made at the place the permit designates (false: somewhere else).",
                        null=True,
                    ),
                ),
            ],
            options={
                "verbose_name": "sewer connection",
                "db_table": "records_sewer_connection",
                "ordering": ["key"],
                "indexes": [
                    models.Index(
                        condition=models.Q(("voided_at__isnull", False)),
                        fields=["voided_at"],
                        name="voided_bfdfc4782582",
                    )
                ],
            },
        ),
        migrations.CreateModel(
            name="SewerEntryRecord",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                (
                    "key",
                    models.CharField(
                        help_text="The fact's id, or for an event without one a key derived from its content.",
                        max_length=200,
                        unique=True,
                    ),
                ),
                (
                    "subject_group",
                    models.CharField(
                        db_index=True,
                        default="",
                        help_text="The records evaluated together (a business, its premises and their facts).",
                        max_length=200,
                    ),
                ),
                (
                    "recorded_at",
                    models.DateTimeField(default=django.utils.timezone.now, editable=False),
                ),
                (
                    "recorded_by",
                    models.CharField(
                        help_text="Who recorded it: a user name, or the import or process.",
                        max_length=150,
                    ),
                ),
                ("recorded_why", models.TextField(blank=True)),
                ("import_source", models.CharField(blank=True, max_length=300)),
                ("updated_at", models.DateTimeField(auto_now=True, db_index=True)),
                ("voided_at", models.DateTimeField(blank=True, null=True)),
                ("voided_by", models.CharField(blank=True, max_length=150)),
                ("voided_why", models.TextField(blank=True)),
                (
                    "notes",
                    models.TextField(
                        blank=True, help_text="Free text for people; never evaluated.", null=True
                    ),
                ),
                ("date", models.DateField()),
                (
                    "act",
                    models.CharField(
                        choices=[
                            ("open_or_enter", "open or enter"),
                            ("remove", "remove"),
                            ("injure", "injure"),
                            ("take_flushing_water", "take flushing water"),
                        ],
                        max_length=64,
                    ),
                ),
                (
                    "permit",
                    models.CharField(
                        blank=True,
                        db_index=True,
                        help_text="The special permit named for it.",
                        max_length=200,
                        null=True,
                    ),
                ),
                ("person", models.TextField(blank=True, null=True)),
                ("location", models.TextField(blank=True, null=True)),
            ],
            options={
                "verbose_name": "sewer entry",
                "db_table": "records_sewer_entry",
                "ordering": ["key"],
                "indexes": [
                    models.Index(
                        condition=models.Q(("voided_at__isnull", False)),
                        fields=["voided_at"],
                        name="voided_9fa4cb95259c",
                    )
                ],
            },
        ),
        migrations.CreateModel(
            name="StreetExcavationRecord",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                (
                    "key",
                    models.CharField(
                        help_text="The fact's id, or for an event without one a key derived from its content.",
                        max_length=200,
                        unique=True,
                    ),
                ),
                (
                    "subject_group",
                    models.CharField(
                        db_index=True,
                        default="",
                        help_text="The records evaluated together (a business, its premises and their facts).",
                        max_length=200,
                    ),
                ),
                (
                    "recorded_at",
                    models.DateTimeField(default=django.utils.timezone.now, editable=False),
                ),
                (
                    "recorded_by",
                    models.CharField(
                        help_text="Who recorded it: a user name, or the import or process.",
                        max_length=150,
                    ),
                ),
                ("recorded_why", models.TextField(blank=True)),
                ("import_source", models.CharField(blank=True, max_length=300)),
                ("updated_at", models.DateTimeField(auto_now=True, db_index=True)),
                ("voided_at", models.DateTimeField(blank=True, null=True)),
                ("voided_by", models.CharField(blank=True, max_length=150)),
                ("voided_why", models.TextField(blank=True)),
                (
                    "notes",
                    models.TextField(
                        blank=True, help_text="Free text for people; never evaluated.", null=True
                    ),
                ),
                ("permit", models.CharField(db_index=True, max_length=200)),
                ("date", models.DateField()),
                (
                    "area_sqft",
                    models.FloatField(
                        help_text="Square feet of street improvements to be patched or replaced."
                    ),
                ),
            ],
            options={
                "verbose_name": "street excavation",
                "db_table": "records_street_excavation",
                "ordering": ["key"],
                "indexes": [
                    models.Index(
                        condition=models.Q(("voided_at__isnull", False)),
                        fields=["voided_at"],
                        name="voided_1e2eadb5d3b5",
                    )
                ],
            },
        ),
        migrations.CreateModel(
            name="TrainingRecord",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                (
                    "key",
                    models.CharField(
                        help_text="The fact's id, or for an event without one a key derived from its content.",
                        max_length=200,
                        unique=True,
                    ),
                ),
                (
                    "subject_group",
                    models.CharField(
                        db_index=True,
                        default="",
                        help_text="The records evaluated together (a business, its premises and their facts).",
                        max_length=200,
                    ),
                ),
                (
                    "recorded_at",
                    models.DateTimeField(default=django.utils.timezone.now, editable=False),
                ),
                (
                    "recorded_by",
                    models.CharField(
                        help_text="Who recorded it: a user name, or the import or process.",
                        max_length=150,
                    ),
                ),
                ("recorded_why", models.TextField(blank=True)),
                ("import_source", models.CharField(blank=True, max_length=300)),
                ("updated_at", models.DateTimeField(auto_now=True, db_index=True)),
                ("voided_at", models.DateTimeField(blank=True, null=True)),
                ("voided_by", models.CharField(blank=True, max_length=150)),
                ("voided_why", models.TextField(blank=True)),
                (
                    "notes",
                    models.TextField(
                        blank=True, help_text="Free text for people; never evaluated.", null=True
                    ),
                ),
                ("establishment", models.CharField(db_index=True, max_length=200)),
                ("date", models.DateField()),
                ("employees", models.JSONField()),
                ("signed", models.BooleanField()),
                (
                    "topics",
                    models.JSONField(
                        blank=True,
                        help_text="Subjects covered (dry_wipe, food_waste_bagging, absorbents, grease_disposal).",
                        null=True,
                    ),
                ),
            ],
            options={
                "verbose_name": "training",
                "db_table": "records_training",
                "ordering": ["key"],
                "indexes": [
                    models.Index(
                        condition=models.Q(("voided_at__isnull", False)),
                        fields=["voided_at"],
                        name="voided_7fadd2f00a62",
                    )
                ],
            },
        ),
        migrations.CreateModel(
            name="UnacceptedStreetSewerRecord",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                (
                    "key",
                    models.CharField(
                        help_text="The fact's id, or for an event without one a key derived from its content.",
                        max_length=200,
                        unique=True,
                    ),
                ),
                (
                    "subject_group",
                    models.CharField(
                        db_index=True,
                        default="",
                        help_text="The records evaluated together (a business, its premises and their facts).",
                        max_length=200,
                    ),
                ),
                (
                    "recorded_at",
                    models.DateTimeField(default=django.utils.timezone.now, editable=False),
                ),
                (
                    "recorded_by",
                    models.CharField(
                        help_text="Who recorded it: a user name, or the import or process.",
                        max_length=150,
                    ),
                ),
                ("recorded_why", models.TextField(blank=True)),
                ("import_source", models.CharField(blank=True, max_length=300)),
                ("updated_at", models.DateTimeField(auto_now=True, db_index=True)),
                ("voided_at", models.DateTimeField(blank=True, null=True)),
                ("voided_by", models.CharField(blank=True, max_length=150)),
                ("voided_why", models.TextField(blank=True)),
                (
                    "notes",
                    models.TextField(
                        blank=True, help_text="Free text for people; never evaluated.", null=True
                    ),
                ),
                (
                    "design",
                    models.CharField(
                        db_index=True,
                        help_text="The house-connection design that connects through it.",
                        max_length=200,
                    ),
                ),
                (
                    "supervised",
                    models.BooleanField(
                        help_text="Laid under the supervision and to the satisfaction of the Community Development Director or the Chief Engineer."
                    ),
                ),
                (
                    "plans_approved",
                    models.BooleanField(
                        help_text="Laid in accordance with the standard specifications and the plans and profiles they approved."
                    ),
                ),
                (
                    "street",
                    models.TextField(
                        blank=True, help_text="The street, alley or place.", null=True
                    ),
                ),
            ],
            options={
                "verbose_name": "unaccepted street sewer",
                "db_table": "records_unaccepted_street_sewer",
                "ordering": ["key"],
                "indexes": [
                    models.Index(
                        condition=models.Q(("voided_at__isnull", False)),
                        fields=["voided_at"],
                        name="voided_c8ba4318518a",
                    )
                ],
            },
        ),
        migrations.CreateModel(
            name="WaiverRecord",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                (
                    "key",
                    models.CharField(
                        help_text="The fact's id, or for an event without one a key derived from its content.",
                        max_length=200,
                        unique=True,
                    ),
                ),
                (
                    "subject_group",
                    models.CharField(
                        db_index=True,
                        default="",
                        help_text="The records evaluated together (a business, its premises and their facts).",
                        max_length=200,
                    ),
                ),
                (
                    "recorded_at",
                    models.DateTimeField(default=django.utils.timezone.now, editable=False),
                ),
                (
                    "recorded_by",
                    models.CharField(
                        help_text="Who recorded it: a user name, or the import or process.",
                        max_length=150,
                    ),
                ),
                ("recorded_why", models.TextField(blank=True)),
                ("import_source", models.CharField(blank=True, max_length=300)),
                ("updated_at", models.DateTimeField(auto_now=True, db_index=True)),
                ("voided_at", models.DateTimeField(blank=True, null=True)),
                ("voided_by", models.CharField(blank=True, max_length=150)),
                ("voided_why", models.TextField(blank=True)),
                (
                    "notes",
                    models.TextField(
                        blank=True, help_text="Free text for people; never evaluated.", null=True
                    ),
                ),
                ("subject", models.CharField(db_index=True, max_length=200)),
                (
                    "kind",
                    models.CharField(
                        choices=[
                            ("fog_conditional", "fog conditional"),
                            ("fog_variance", "fog variance"),
                            ("de_minimis", "de minimis"),
                            ("physical_space", "physical space"),
                        ],
                        max_length=64,
                    ),
                ),
                ("granted_on", models.DateField()),
                ("expires_on", models.DateField(blank=True, null=True)),
                ("revoked_on", models.DateField(blank=True, null=True)),
                ("reverified_on", models.DateField(blank=True, null=True)),
            ],
            options={
                "verbose_name": "waiver",
                "db_table": "records_waiver",
                "ordering": ["key"],
                "indexes": [
                    models.Index(
                        condition=models.Q(("voided_at__isnull", False)),
                        fields=["voided_at"],
                        name="voided_920b57aa90a6",
                    )
                ],
            },
        ),
        migrations.CreateModel(
            name="WashRackUseRecord",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                (
                    "key",
                    models.CharField(
                        help_text="The fact's id, or for an event without one a key derived from its content.",
                        max_length=200,
                        unique=True,
                    ),
                ),
                (
                    "subject_group",
                    models.CharField(
                        db_index=True,
                        default="",
                        help_text="The records evaluated together (a business, its premises and their facts).",
                        max_length=200,
                    ),
                ),
                (
                    "recorded_at",
                    models.DateTimeField(default=django.utils.timezone.now, editable=False),
                ),
                (
                    "recorded_by",
                    models.CharField(
                        help_text="Who recorded it: a user name, or the import or process.",
                        max_length=150,
                    ),
                ),
                ("recorded_why", models.TextField(blank=True)),
                ("import_source", models.CharField(blank=True, max_length=300)),
                ("updated_at", models.DateTimeField(auto_now=True, db_index=True)),
                ("voided_at", models.DateTimeField(blank=True, null=True)),
                ("voided_by", models.CharField(blank=True, max_length=150)),
                ("voided_why", models.TextField(blank=True)),
                (
                    "notes",
                    models.TextField(
                        blank=True, help_text="Free text for people; never evaluated.", null=True
                    ),
                ),
                (
                    "establishment",
                    models.CharField(
                        db_index=True,
                        help_text="The establishment operating the wash rack.",
                        max_length=200,
                    ),
                ),
                ("date", models.DateField()),
                (
                    "until",
                    models.DateField(
                        blank=True,
                        help_text="The last day of a run of days in use (inclusive).",
                        null=True,
                    ),
                ),
            ],
            options={
                "verbose_name": "wash rack use",
                "db_table": "records_wash_rack_use",
                "ordering": ["key"],
                "indexes": [
                    models.Index(
                        condition=models.Q(("voided_at__isnull", False)),
                        fields=["voided_at"],
                        name="voided_33d08f371c2e",
                    )
                ],
            },
        ),
        migrations.CreateModel(
            name="WorkCoveredRecord",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                (
                    "key",
                    models.CharField(
                        help_text="The fact's id, or for an event without one a key derived from its content.",
                        max_length=200,
                        unique=True,
                    ),
                ),
                (
                    "subject_group",
                    models.CharField(
                        db_index=True,
                        default="",
                        help_text="The records evaluated together (a business, its premises and their facts).",
                        max_length=200,
                    ),
                ),
                (
                    "recorded_at",
                    models.DateTimeField(default=django.utils.timezone.now, editable=False),
                ),
                (
                    "recorded_by",
                    models.CharField(
                        help_text="Who recorded it: a user name, or the import or process.",
                        max_length=150,
                    ),
                ),
                ("recorded_why", models.TextField(blank=True)),
                ("import_source", models.CharField(blank=True, max_length=300)),
                ("updated_at", models.DateTimeField(auto_now=True, db_index=True)),
                ("voided_at", models.DateTimeField(blank=True, null=True)),
                ("voided_by", models.CharField(blank=True, max_length=150)),
                ("voided_why", models.TextField(blank=True)),
                (
                    "notes",
                    models.TextField(
                        blank=True, help_text="Free text for people; never evaluated.", null=True
                    ),
                ),
                ("permit", models.CharField(db_index=True, max_length=200)),
                ("date", models.DateField()),
            ],
            options={
                "verbose_name": "work covered",
                "db_table": "records_work_covered",
                "ordering": ["key"],
                "indexes": [
                    models.Index(
                        condition=models.Q(("voided_at__isnull", False)),
                        fields=["voided_at"],
                        name="voided_55fbda934a43",
                    )
                ],
            },
        ),
        migrations.CreateModel(
            name="WorkInspectionRecord",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                (
                    "key",
                    models.CharField(
                        help_text="The fact's id, or for an event without one a key derived from its content.",
                        max_length=200,
                        unique=True,
                    ),
                ),
                (
                    "subject_group",
                    models.CharField(
                        db_index=True,
                        default="",
                        help_text="The records evaluated together (a business, its premises and their facts).",
                        max_length=200,
                    ),
                ),
                (
                    "recorded_at",
                    models.DateTimeField(default=django.utils.timezone.now, editable=False),
                ),
                (
                    "recorded_by",
                    models.CharField(
                        help_text="Who recorded it: a user name, or the import or process.",
                        max_length=150,
                    ),
                ),
                ("recorded_why", models.TextField(blank=True)),
                ("import_source", models.CharField(blank=True, max_length=300)),
                ("updated_at", models.DateTimeField(auto_now=True, db_index=True)),
                ("voided_at", models.DateTimeField(blank=True, null=True)),
                ("voided_by", models.CharField(blank=True, max_length=150)),
                ("voided_why", models.TextField(blank=True)),
                (
                    "notes",
                    models.TextField(
                        blank=True, help_text="Free text for people; never evaluated.", null=True
                    ),
                ),
                ("permit", models.CharField(db_index=True, max_length=200)),
                ("date", models.DateField()),
                (
                    "result",
                    models.CharField(
                        choices=[
                            ("approved", "approved"),
                            ("defective", "defective"),
                            ("obstructed", "obstructed"),
                        ],
                        help_text="approved: inspected and approved (§ 6-8.119(B)(7)); defective: the work is defective in construction or material and must be removed or repaired; obstructed: pipes were enclosed or covered so the inspection could not be made.",
                        max_length=64,
                    ),
                ),
                (
                    "defects",
                    models.TextField(blank=True, help_text="What the inspector found.", null=True),
                ),
            ],
            options={
                "verbose_name": "work inspection",
                "db_table": "records_work_inspection",
                "ordering": ["key"],
                "indexes": [
                    models.Index(
                        condition=models.Q(("voided_at__isnull", False)),
                        fields=["voided_at"],
                        name="voided_e7bf8db58504",
                    )
                ],
            },
        ),
        migrations.CreateModel(
            name="WorkResumedRecord",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                (
                    "key",
                    models.CharField(
                        help_text="The fact's id, or for an event without one a key derived from its content.",
                        max_length=200,
                        unique=True,
                    ),
                ),
                (
                    "subject_group",
                    models.CharField(
                        db_index=True,
                        default="",
                        help_text="The records evaluated together (a business, its premises and their facts).",
                        max_length=200,
                    ),
                ),
                (
                    "recorded_at",
                    models.DateTimeField(default=django.utils.timezone.now, editable=False),
                ),
                (
                    "recorded_by",
                    models.CharField(
                        help_text="Who recorded it: a user name, or the import or process.",
                        max_length=150,
                    ),
                ),
                ("recorded_why", models.TextField(blank=True)),
                ("import_source", models.CharField(blank=True, max_length=300)),
                ("updated_at", models.DateTimeField(auto_now=True, db_index=True)),
                ("voided_at", models.DateTimeField(blank=True, null=True)),
                ("voided_by", models.CharField(blank=True, max_length=150)),
                ("voided_why", models.TextField(blank=True)),
                (
                    "notes",
                    models.TextField(
                        blank=True, help_text="Free text for people; never evaluated.", null=True
                    ),
                ),
                ("permit", models.CharField(db_index=True, max_length=200)),
                ("date", models.DateField()),
            ],
            options={
                "verbose_name": "work resumed",
                "db_table": "records_work_resumed",
                "ordering": ["key"],
                "indexes": [
                    models.Index(
                        condition=models.Q(("voided_at__isnull", False)),
                        fields=["voided_at"],
                        name="voided_e3000d84925b",
                    )
                ],
            },
        ),
        migrations.CreateModel(
            name="WorkStartedRecord",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                (
                    "key",
                    models.CharField(
                        help_text="The fact's id, or for an event without one a key derived from its content.",
                        max_length=200,
                        unique=True,
                    ),
                ),
                (
                    "subject_group",
                    models.CharField(
                        db_index=True,
                        default="",
                        help_text="The records evaluated together (a business, its premises and their facts).",
                        max_length=200,
                    ),
                ),
                (
                    "recorded_at",
                    models.DateTimeField(default=django.utils.timezone.now, editable=False),
                ),
                (
                    "recorded_by",
                    models.CharField(
                        help_text="Who recorded it: a user name, or the import or process.",
                        max_length=150,
                    ),
                ),
                ("recorded_why", models.TextField(blank=True)),
                ("import_source", models.CharField(blank=True, max_length=300)),
                ("updated_at", models.DateTimeField(auto_now=True, db_index=True)),
                ("voided_at", models.DateTimeField(blank=True, null=True)),
                ("voided_by", models.CharField(blank=True, max_length=150)),
                ("voided_why", models.TextField(blank=True)),
                (
                    "notes",
                    models.TextField(
                        blank=True, help_text="Free text for people; never evaluated.", null=True
                    ),
                ),
                ("permit", models.CharField(db_index=True, max_length=200)),
                ("date", models.DateField()),
            ],
            options={
                "verbose_name": "work started",
                "db_table": "records_work_started",
                "ordering": ["key"],
                "indexes": [
                    models.Index(
                        condition=models.Q(("voided_at__isnull", False)),
                        fields=["voided_at"],
                        name="voided_b1401c1056bc",
                    )
                ],
            },
        ),
        migrations.CreateModel(
            name="WorkSuspendedRecord",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                (
                    "key",
                    models.CharField(
                        help_text="The fact's id, or for an event without one a key derived from its content.",
                        max_length=200,
                        unique=True,
                    ),
                ),
                (
                    "subject_group",
                    models.CharField(
                        db_index=True,
                        default="",
                        help_text="The records evaluated together (a business, its premises and their facts).",
                        max_length=200,
                    ),
                ),
                (
                    "recorded_at",
                    models.DateTimeField(default=django.utils.timezone.now, editable=False),
                ),
                (
                    "recorded_by",
                    models.CharField(
                        help_text="Who recorded it: a user name, or the import or process.",
                        max_length=150,
                    ),
                ),
                ("recorded_why", models.TextField(blank=True)),
                ("import_source", models.CharField(blank=True, max_length=300)),
                ("updated_at", models.DateTimeField(auto_now=True, db_index=True)),
                ("voided_at", models.DateTimeField(blank=True, null=True)),
                ("voided_by", models.CharField(blank=True, max_length=150)),
                ("voided_why", models.TextField(blank=True)),
                (
                    "notes",
                    models.TextField(
                        blank=True, help_text="Free text for people; never evaluated.", null=True
                    ),
                ),
                ("permit", models.CharField(db_index=True, max_length=200)),
                ("date", models.DateField()),
            ],
            options={
                "verbose_name": "work suspended",
                "db_table": "records_work_suspended",
                "ordering": ["key"],
                "indexes": [
                    models.Index(
                        condition=models.Q(("voided_at__isnull", False)),
                        fields=["voided_at"],
                        name="voided_05a8d2ec3297",
                    )
                ],
            },
        ),
        migrations.CreateModel(
            name="EmployeeRecord",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                (
                    "key",
                    models.CharField(
                        help_text="The fact's id, or for an event without one a key derived from its content.",
                        max_length=200,
                        unique=True,
                    ),
                ),
                (
                    "subject_group",
                    models.CharField(
                        db_index=True,
                        default="",
                        help_text="The records evaluated together (a business, its premises and their facts).",
                        max_length=200,
                    ),
                ),
                (
                    "recorded_at",
                    models.DateTimeField(default=django.utils.timezone.now, editable=False),
                ),
                (
                    "recorded_by",
                    models.CharField(
                        help_text="Who recorded it: a user name, or the import or process.",
                        max_length=150,
                    ),
                ),
                ("recorded_why", models.TextField(blank=True)),
                ("import_source", models.CharField(blank=True, max_length=300)),
                ("updated_at", models.DateTimeField(auto_now=True, db_index=True)),
                ("voided_at", models.DateTimeField(blank=True, null=True)),
                ("voided_by", models.CharField(blank=True, max_length=150)),
                ("voided_why", models.TextField(blank=True)),
                (
                    "notes",
                    models.TextField(
                        blank=True, help_text="Free text for people; never evaluated.", null=True
                    ),
                ),
                ("establishment", models.CharField(db_index=True, max_length=200)),
                ("hired_on", models.DateField()),
                ("left_on", models.DateField(blank=True, null=True)),
                (
                    "job_title",
                    models.TextField(
                        blank=True, help_text="What the employee does, e.g. line cook.", null=True
                    ),
                ),
                (
                    "name",
                    models.TextField(
                        blank=True, help_text="The employee's name, as people call them.", null=True
                    ),
                ),
            ],
            options={
                "verbose_name": "employee",
                "db_table": "records_employee",
                "ordering": ["key"],
                "indexes": [
                    models.Index(
                        condition=models.Q(("voided_at__isnull", False)),
                        fields=["voided_at"],
                        name="voided_3217d4f3625b",
                    )
                ],
            },
        ),
        migrations.CreateModel(
            name="HistoricalEmployeeRecord",
            fields=[
                (
                    "id",
                    models.BigIntegerField(
                        auto_created=True, blank=True, db_index=True, verbose_name="ID"
                    ),
                ),
                (
                    "key",
                    models.CharField(
                        db_index=True,
                        help_text="The fact's id, or for an event without one a key derived from its content.",
                        max_length=200,
                    ),
                ),
                (
                    "subject_group",
                    models.CharField(
                        default="",
                        help_text="The records evaluated together (a business, its premises and their facts).",
                        max_length=200,
                    ),
                ),
                (
                    "recorded_at",
                    models.DateTimeField(default=django.utils.timezone.now, editable=False),
                ),
                (
                    "recorded_by",
                    models.CharField(
                        help_text="Who recorded it: a user name, or the import or process.",
                        max_length=150,
                    ),
                ),
                ("recorded_why", models.TextField(blank=True)),
                ("import_source", models.CharField(blank=True, max_length=300)),
                ("updated_at", models.DateTimeField(blank=True, editable=False)),
                ("voided_at", models.DateTimeField(blank=True, null=True)),
                ("voided_by", models.CharField(blank=True, max_length=150)),
                ("voided_why", models.TextField(blank=True)),
                ("history_user_id", models.IntegerField(blank=True, null=True)),
                (
                    "notes",
                    models.TextField(
                        blank=True, help_text="Free text for people; never evaluated.", null=True
                    ),
                ),
                ("establishment", models.CharField(max_length=200)),
                ("hired_on", models.DateField()),
                ("left_on", models.DateField(blank=True, null=True)),
                ("history_id", models.AutoField(primary_key=True, serialize=False)),
                ("history_date", models.DateTimeField(db_index=True)),
                ("history_change_reason", models.CharField(max_length=100, null=True)),
                (
                    "history_type",
                    models.CharField(
                        choices=[("+", "Created"), ("~", "Changed"), ("-", "Deleted")], max_length=1
                    ),
                ),
                (
                    "job_title",
                    models.TextField(
                        blank=True, help_text="What the employee does, e.g. line cook.", null=True
                    ),
                ),
                (
                    "name",
                    models.TextField(
                        blank=True, help_text="The employee's name, as people call them.", null=True
                    ),
                ),
            ],
            options={
                "verbose_name": "historical employee",
                "verbose_name_plural": "historical employees",
                "db_table": "records_employee_history",
                "ordering": ("-history_date", "-history_id"),
                "get_latest_by": ("history_date", "history_id"),
            },
            bases=(simple_history.models.HistoricalChanges, models.Model),
        ),
        migrations.CreateModel(
            name="HistoricalPermitRecord",
            fields=[
                (
                    "id",
                    models.BigIntegerField(
                        auto_created=True, blank=True, db_index=True, verbose_name="ID"
                    ),
                ),
                (
                    "key",
                    models.CharField(
                        db_index=True,
                        help_text="The fact's id, or for an event without one a key derived from its content.",
                        max_length=200,
                    ),
                ),
                (
                    "subject_group",
                    models.CharField(
                        default="",
                        help_text="The records evaluated together (a business, its premises and their facts).",
                        max_length=200,
                    ),
                ),
                (
                    "recorded_at",
                    models.DateTimeField(default=django.utils.timezone.now, editable=False),
                ),
                (
                    "recorded_by",
                    models.CharField(
                        help_text="Who recorded it: a user name, or the import or process.",
                        max_length=150,
                    ),
                ),
                ("recorded_why", models.TextField(blank=True)),
                ("import_source", models.CharField(blank=True, max_length=300)),
                ("updated_at", models.DateTimeField(blank=True, editable=False)),
                ("voided_at", models.DateTimeField(blank=True, null=True)),
                ("voided_by", models.CharField(blank=True, max_length=150)),
                ("voided_why", models.TextField(blank=True)),
                ("history_user_id", models.IntegerField(blank=True, null=True)),
                (
                    "notes",
                    models.TextField(
                        blank=True, help_text="Free text for people; never evaluated.", null=True
                    ),
                ),
                (
                    "kind",
                    models.CharField(
                        choices=[
                            ("house_connection", "house connection"),
                            ("special_pool", "special pool"),
                            ("special_grade", "special grade"),
                            ("special_depth", "special depth"),
                            ("special_manhole", "special manhole"),
                        ],
                        max_length=64,
                    ),
                ),
                ("premises", models.CharField(blank=True, max_length=200, null=True)),
                ("issued_on", models.DateField()),
                ("fees_paid", models.BooleanField(blank=True, null=True)),
                ("contractor", models.TextField(blank=True, null=True)),
                ("contractor_license_expires_on", models.DateField(blank=True, null=True)),
                ("history_id", models.AutoField(primary_key=True, serialize=False)),
                ("history_date", models.DateTimeField(db_index=True)),
                ("history_change_reason", models.CharField(max_length=100, null=True)),
                (
                    "history_type",
                    models.CharField(
                        choices=[("+", "Created"), ("~", "Changed"), ("-", "Deleted")], max_length=1
                    ),
                ),
                (
                    "number",
                    models.TextField(
                        blank=True,
                        help_text="The permit number printed on the permit, e.g. HC-2025-022.",
                        null=True,
                    ),
                ),
            ],
            options={
                "verbose_name": "historical permit",
                "verbose_name_plural": "historical permits",
                "db_table": "records_permit_history",
                "ordering": ("-history_date", "-history_id"),
                "get_latest_by": ("history_date", "history_id"),
            },
            bases=(simple_history.models.HistoricalChanges, models.Model),
        ),
        migrations.CreateModel(
            name="PermitRecord",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                (
                    "key",
                    models.CharField(
                        help_text="The fact's id, or for an event without one a key derived from its content.",
                        max_length=200,
                        unique=True,
                    ),
                ),
                (
                    "subject_group",
                    models.CharField(
                        db_index=True,
                        default="",
                        help_text="The records evaluated together (a business, its premises and their facts).",
                        max_length=200,
                    ),
                ),
                (
                    "recorded_at",
                    models.DateTimeField(default=django.utils.timezone.now, editable=False),
                ),
                (
                    "recorded_by",
                    models.CharField(
                        help_text="Who recorded it: a user name, or the import or process.",
                        max_length=150,
                    ),
                ),
                ("recorded_why", models.TextField(blank=True)),
                ("import_source", models.CharField(blank=True, max_length=300)),
                ("updated_at", models.DateTimeField(auto_now=True, db_index=True)),
                ("voided_at", models.DateTimeField(blank=True, null=True)),
                ("voided_by", models.CharField(blank=True, max_length=150)),
                ("voided_why", models.TextField(blank=True)),
                (
                    "notes",
                    models.TextField(
                        blank=True, help_text="Free text for people; never evaluated.", null=True
                    ),
                ),
                (
                    "kind",
                    models.CharField(
                        choices=[
                            ("house_connection", "house connection"),
                            ("special_pool", "special pool"),
                            ("special_grade", "special grade"),
                            ("special_depth", "special depth"),
                            ("special_manhole", "special manhole"),
                        ],
                        max_length=64,
                    ),
                ),
                (
                    "premises",
                    models.CharField(blank=True, db_index=True, max_length=200, null=True),
                ),
                ("issued_on", models.DateField()),
                ("fees_paid", models.BooleanField(blank=True, null=True)),
                ("contractor", models.TextField(blank=True, null=True)),
                ("contractor_license_expires_on", models.DateField(blank=True, null=True)),
                (
                    "number",
                    models.TextField(
                        blank=True,
                        help_text="The permit number printed on the permit, e.g. HC-2025-022.",
                        null=True,
                    ),
                ),
            ],
            options={
                "verbose_name": "permit",
                "db_table": "records_permit",
                "ordering": ["key"],
                "indexes": [
                    models.Index(
                        condition=models.Q(("voided_at__isnull", False)),
                        fields=["voided_at"],
                        name="voided_a7208866ea7f",
                    )
                ],
            },
        ),
        migrations.CreateModel(
            name="DataProblem",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("subject_group", models.CharField(db_index=True, max_length=200)),
                (
                    "facts",
                    models.JSONField(
                        help_text="The keys of the records that contradict each other."
                    ),
                ),
                (
                    "problem",
                    models.TextField(help_text="What is wrong with them, in one sentence."),
                ),
                ("evaluated_as_of", models.DateField()),
                ("first_found_at", models.DateTimeField(default=django.utils.timezone.now)),
                ("updated_at", models.DateTimeField(auto_now=True)),
                (
                    "current",
                    models.BooleanField(
                        default=True,
                        help_text="False once the engine no longer reports it (kept for history).",
                    ),
                ),
            ],
            options={
                "db_table": "records_data_problem",
                "ordering": ["subject_group", "id"],
            },
        ),
        migrations.CreateModel(
            name="HistoricalDataProblem",
            fields=[
                (
                    "id",
                    models.BigIntegerField(
                        auto_created=True, blank=True, db_index=True, verbose_name="ID"
                    ),
                ),
                ("subject_group", models.CharField(max_length=200)),
                (
                    "facts",
                    models.JSONField(
                        help_text="The keys of the records that contradict each other."
                    ),
                ),
                (
                    "problem",
                    models.TextField(help_text="What is wrong with them, in one sentence."),
                ),
                ("evaluated_as_of", models.DateField()),
                ("first_found_at", models.DateTimeField(default=django.utils.timezone.now)),
                ("updated_at", models.DateTimeField(blank=True, editable=False)),
                (
                    "current",
                    models.BooleanField(
                        default=True,
                        help_text="False once the engine no longer reports it (kept for history).",
                    ),
                ),
                ("history_user_id", models.IntegerField(blank=True, null=True)),
                ("history_id", models.AutoField(primary_key=True, serialize=False)),
                ("history_date", models.DateTimeField(db_index=True)),
                ("history_change_reason", models.CharField(max_length=100, null=True)),
                (
                    "history_type",
                    models.CharField(
                        choices=[("+", "Created"), ("~", "Changed"), ("-", "Deleted")], max_length=1
                    ),
                ),
            ],
            options={
                "verbose_name": "historical data problem",
                "verbose_name_plural": "historical data problems",
                "db_table": "records_data_problem_history",
                "ordering": ("-history_date", "-history_id"),
                "get_latest_by": ("history_date", "history_id"),
            },
            bases=(simple_history.models.HistoricalChanges, models.Model),
        ),
        migrations.CreateModel(
            name="Finding",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("subject_group", models.CharField(db_index=True, max_length=200)),
                ("requirement", models.CharField(max_length=64)),
                ("subject", models.CharField(db_index=True, max_length=200)),
                ("period", models.CharField(blank=True, max_length=16)),
                (
                    "ordinal",
                    models.PositiveSmallIntegerField(
                        default=0,
                        help_text="Which of several findings for the same requirement, subject, period.",
                    ),
                ),
                ("status", models.CharField(max_length=16)),
                ("due", models.CharField(blank=True, max_length=16)),
                ("cite", models.CharField(max_length=120)),
                ("explanation", models.TextField()),
                ("evaluated_as_of", models.DateField()),
                ("first_found_at", models.DateTimeField(default=django.utils.timezone.now)),
                ("updated_at", models.DateTimeField(auto_now=True)),
                (
                    "current",
                    models.BooleanField(
                        default=True,
                        help_text="False once the engine no longer finds it (kept for history).",
                    ),
                ),
                (
                    "reading",
                    models.TextField(
                        blank=True,
                        help_text="The interpretation of the law the finding relies on (most have none).",
                        null=True,
                    ),
                ),
            ],
            options={
                "db_table": "records_finding",
                "indexes": [models.Index(fields=["current", "status", "due"], name="worklist")],
                "constraints": [
                    models.UniqueConstraint(
                        fields=("requirement", "subject", "period", "ordinal"),
                        name="one_finding_per_key",
                    )
                ],
            },
        ),
        migrations.CreateModel(
            name="HistoricalFinding",
            fields=[
                (
                    "id",
                    models.BigIntegerField(
                        auto_created=True, blank=True, db_index=True, verbose_name="ID"
                    ),
                ),
                ("subject_group", models.CharField(max_length=200)),
                ("requirement", models.CharField(max_length=64)),
                ("subject", models.CharField(max_length=200)),
                ("period", models.CharField(blank=True, max_length=16)),
                (
                    "ordinal",
                    models.PositiveSmallIntegerField(
                        default=0,
                        help_text="Which of several findings for the same requirement, subject, period.",
                    ),
                ),
                ("status", models.CharField(max_length=16)),
                ("due", models.CharField(blank=True, max_length=16)),
                ("cite", models.CharField(max_length=120)),
                ("explanation", models.TextField()),
                ("evaluated_as_of", models.DateField()),
                ("first_found_at", models.DateTimeField(default=django.utils.timezone.now)),
                ("updated_at", models.DateTimeField(blank=True, editable=False)),
                (
                    "current",
                    models.BooleanField(
                        default=True,
                        help_text="False once the engine no longer finds it (kept for history).",
                    ),
                ),
                ("history_user_id", models.IntegerField(blank=True, null=True)),
                ("history_id", models.AutoField(primary_key=True, serialize=False)),
                ("history_date", models.DateTimeField(db_index=True)),
                ("history_change_reason", models.CharField(max_length=100, null=True)),
                (
                    "history_type",
                    models.CharField(
                        choices=[("+", "Created"), ("~", "Changed"), ("-", "Deleted")], max_length=1
                    ),
                ),
                (
                    "reading",
                    models.TextField(
                        blank=True,
                        help_text="The interpretation of the law the finding relies on (most have none).",
                        null=True,
                    ),
                ),
            ],
            options={
                "verbose_name": "historical finding",
                "verbose_name_plural": "historical findings",
                "db_table": "records_finding_history",
                "ordering": ("-history_date", "-history_id"),
                "get_latest_by": ("history_date", "history_id"),
            },
            bases=(simple_history.models.HistoricalChanges, models.Model),
        ),
        migrations.CreateModel(
            name="HistoricalFollowUpObservationRecord",
            fields=[
                (
                    "id",
                    models.BigIntegerField(
                        auto_created=True, blank=True, db_index=True, verbose_name="ID"
                    ),
                ),
                (
                    "key",
                    models.CharField(
                        db_index=True,
                        help_text="The fact's id, or for an event without one a key derived from its content.",
                        max_length=200,
                    ),
                ),
                (
                    "subject_group",
                    models.CharField(
                        default="",
                        help_text="The records evaluated together (a business, its premises and their facts).",
                        max_length=200,
                    ),
                ),
                (
                    "recorded_at",
                    models.DateTimeField(default=django.utils.timezone.now, editable=False),
                ),
                (
                    "recorded_by",
                    models.CharField(
                        help_text="Who recorded it: a user name, or the import or process.",
                        max_length=150,
                    ),
                ),
                ("recorded_why", models.TextField(blank=True)),
                ("import_source", models.CharField(blank=True, max_length=300)),
                ("updated_at", models.DateTimeField(blank=True, editable=False)),
                ("voided_at", models.DateTimeField(blank=True, null=True)),
                ("voided_by", models.CharField(blank=True, max_length=150)),
                ("voided_why", models.TextField(blank=True)),
                ("history_user_id", models.IntegerField(blank=True, null=True)),
                (
                    "notes",
                    models.TextField(
                        blank=True, help_text="Free text for people; never evaluated.", null=True
                    ),
                ),
                ("subject", models.CharField(max_length=200)),
                ("observed_at", models.DateTimeField()),
                (
                    "still_there",
                    models.BooleanField(
                        help_text="The solid waste, or the containers at the collection place, were still there (true) or gone (false)."
                    ),
                ),
                ("history_id", models.AutoField(primary_key=True, serialize=False)),
                ("history_date", models.DateTimeField(db_index=True)),
                ("history_change_reason", models.CharField(max_length=100, null=True)),
                (
                    "history_type",
                    models.CharField(
                        choices=[("+", "Created"), ("~", "Changed"), ("-", "Deleted")], max_length=1
                    ),
                ),
            ],
            options={
                "verbose_name": "historical follow up observation",
                "verbose_name_plural": "historical follow up observations",
                "db_table": "records_follow_up_observation_history",
                "ordering": ("-history_date", "-history_id"),
                "get_latest_by": ("history_date", "history_id"),
            },
            bases=(simple_history.models.HistoricalChanges, models.Model),
        ),
        migrations.CreateModel(
            name="AccumulationRemovalRecord",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                (
                    "key",
                    models.CharField(
                        help_text="The fact's id, or for an event without one a key derived from its content.",
                        max_length=200,
                        unique=True,
                    ),
                ),
                (
                    "subject_group",
                    models.CharField(
                        db_index=True,
                        default="",
                        help_text="The records evaluated together (a business, its premises and their facts).",
                        max_length=200,
                    ),
                ),
                (
                    "recorded_at",
                    models.DateTimeField(default=django.utils.timezone.now, editable=False),
                ),
                (
                    "recorded_by",
                    models.CharField(
                        help_text="Who recorded it: a user name, or the import or process.",
                        max_length=150,
                    ),
                ),
                ("recorded_why", models.TextField(blank=True)),
                ("import_source", models.CharField(blank=True, max_length=300)),
                ("updated_at", models.DateTimeField(auto_now=True, db_index=True)),
                ("voided_at", models.DateTimeField(blank=True, null=True)),
                ("voided_by", models.CharField(blank=True, max_length=150)),
                ("voided_why", models.TextField(blank=True)),
                (
                    "notes",
                    models.TextField(
                        blank=True, help_text="Free text for people; never evaluated.", null=True
                    ),
                ),
                ("accumulation", models.CharField(db_index=True, max_length=200)),
                (
                    "removed_at",
                    models.DateTimeField(help_text="When it was collected or disposed of."),
                ),
            ],
            options={
                "verbose_name": "accumulation removal",
                "db_table": "records_accumulation_removal",
                "ordering": ["key"],
                "indexes": [
                    models.Index(
                        condition=models.Q(("voided_at__isnull", False)),
                        fields=["voided_at"],
                        name="voided_c425f2898f06",
                    )
                ],
            },
        ),
        migrations.CreateModel(
            name="ContainerRecord",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                (
                    "key",
                    models.CharField(
                        help_text="The fact's id, or for an event without one a key derived from its content.",
                        max_length=200,
                        unique=True,
                    ),
                ),
                (
                    "subject_group",
                    models.CharField(
                        db_index=True,
                        default="",
                        help_text="The records evaluated together (a business, its premises and their facts).",
                        max_length=200,
                    ),
                ),
                (
                    "recorded_at",
                    models.DateTimeField(default=django.utils.timezone.now, editable=False),
                ),
                (
                    "recorded_by",
                    models.CharField(
                        help_text="Who recorded it: a user name, or the import or process.",
                        max_length=150,
                    ),
                ),
                ("recorded_why", models.TextField(blank=True)),
                ("import_source", models.CharField(blank=True, max_length=300)),
                ("updated_at", models.DateTimeField(auto_now=True, db_index=True)),
                ("voided_at", models.DateTimeField(blank=True, null=True)),
                ("voided_by", models.CharField(blank=True, max_length=150)),
                ("voided_why", models.TextField(blank=True)),
                (
                    "notes",
                    models.TextField(
                        blank=True, help_text="Free text for people; never evaluated.", null=True
                    ),
                ),
                ("holder", models.CharField(db_index=True, max_length=200)),
                (
                    "stream",
                    models.CharField(
                        choices=[
                            ("recyclables", "recyclables"),
                            ("organics", "organics"),
                            ("black", "black"),
                        ],
                        max_length=64,
                    ),
                ),
                (
                    "location",
                    models.CharField(
                        blank=True,
                        choices=[
                            ("customer", "customer"),
                            ("employee", "employee"),
                            ("tenant", "tenant"),
                            ("restroom", "restroom"),
                            ("service", "service"),
                        ],
                        help_text="Where it stands: customer, employee, tenant, restroom, service.",
                        max_length=64,
                        null=True,
                    ),
                ),
                (
                    "acquired_on",
                    models.DateField(
                        blank=True,
                        help_text="Purchase date; absent, not on record (the reading org.undated_container_is_old decides what that allows).",
                        null=True,
                    ),
                ),
                (
                    "color_conforms",
                    models.BooleanField(
                        blank=True,
                        help_text="Body or lid in the collection service's color for the stream.",
                        null=True,
                    ),
                ),
                (
                    "labeled",
                    models.BooleanField(
                        blank=True,
                        help_text="Labels or imprinted text or graphics showing the primary materials accepted and prohibited.",
                        null=True,
                    ),
                ),
                (
                    "functional",
                    models.BooleanField(
                        blank=True,
                        help_text="Still serviceable; false means at the end of its useful life.",
                        null=True,
                    ),
                ),
                (
                    "useful_life_ends_on",
                    models.DateField(
                        blank=True,
                        help_text="When the container's useful life ends, where known.",
                        null=True,
                    ),
                ),
                (
                    "replaced_on",
                    models.DateField(
                        blank=True,
                        help_text="Replaced by a conforming container or taken out of service.",
                        null=True,
                    ),
                ),
            ],
            options={
                "verbose_name": "container",
                "db_table": "records_container",
                "ordering": ["key"],
                "indexes": [
                    models.Index(
                        condition=models.Q(("voided_at__isnull", False)),
                        fields=["voided_at"],
                        name="voided_2b9ea02979ec",
                    )
                ],
            },
        ),
        migrations.CreateModel(
            name="HistoricalAccumulationRemovalRecord",
            fields=[
                (
                    "id",
                    models.BigIntegerField(
                        auto_created=True, blank=True, db_index=True, verbose_name="ID"
                    ),
                ),
                (
                    "key",
                    models.CharField(
                        db_index=True,
                        help_text="The fact's id, or for an event without one a key derived from its content.",
                        max_length=200,
                    ),
                ),
                (
                    "subject_group",
                    models.CharField(
                        default="",
                        help_text="The records evaluated together (a business, its premises and their facts).",
                        max_length=200,
                    ),
                ),
                (
                    "recorded_at",
                    models.DateTimeField(default=django.utils.timezone.now, editable=False),
                ),
                (
                    "recorded_by",
                    models.CharField(
                        help_text="Who recorded it: a user name, or the import or process.",
                        max_length=150,
                    ),
                ),
                ("recorded_why", models.TextField(blank=True)),
                ("import_source", models.CharField(blank=True, max_length=300)),
                ("updated_at", models.DateTimeField(blank=True, editable=False)),
                ("voided_at", models.DateTimeField(blank=True, null=True)),
                ("voided_by", models.CharField(blank=True, max_length=150)),
                ("voided_why", models.TextField(blank=True)),
                ("history_user_id", models.IntegerField(blank=True, null=True)),
                (
                    "notes",
                    models.TextField(
                        blank=True, help_text="Free text for people; never evaluated.", null=True
                    ),
                ),
                ("accumulation", models.CharField(max_length=200)),
                (
                    "removed_at",
                    models.DateTimeField(help_text="When it was collected or disposed of."),
                ),
                ("history_id", models.AutoField(primary_key=True, serialize=False)),
                ("history_date", models.DateTimeField(db_index=True)),
                ("history_change_reason", models.CharField(max_length=100, null=True)),
                (
                    "history_type",
                    models.CharField(
                        choices=[("+", "Created"), ("~", "Changed"), ("-", "Deleted")], max_length=1
                    ),
                ),
            ],
            options={
                "verbose_name": "historical accumulation removal",
                "verbose_name_plural": "historical accumulation removals",
                "db_table": "records_accumulation_removal_history",
                "ordering": ("-history_date", "-history_id"),
                "get_latest_by": ("history_date", "history_id"),
            },
            bases=(simple_history.models.HistoricalChanges, models.Model),
        ),
        migrations.CreateModel(
            name="HistoricalContainerRecord",
            fields=[
                (
                    "id",
                    models.BigIntegerField(
                        auto_created=True, blank=True, db_index=True, verbose_name="ID"
                    ),
                ),
                (
                    "key",
                    models.CharField(
                        db_index=True,
                        help_text="The fact's id, or for an event without one a key derived from its content.",
                        max_length=200,
                    ),
                ),
                (
                    "subject_group",
                    models.CharField(
                        default="",
                        help_text="The records evaluated together (a business, its premises and their facts).",
                        max_length=200,
                    ),
                ),
                (
                    "recorded_at",
                    models.DateTimeField(default=django.utils.timezone.now, editable=False),
                ),
                (
                    "recorded_by",
                    models.CharField(
                        help_text="Who recorded it: a user name, or the import or process.",
                        max_length=150,
                    ),
                ),
                ("recorded_why", models.TextField(blank=True)),
                ("import_source", models.CharField(blank=True, max_length=300)),
                ("updated_at", models.DateTimeField(blank=True, editable=False)),
                ("voided_at", models.DateTimeField(blank=True, null=True)),
                ("voided_by", models.CharField(blank=True, max_length=150)),
                ("voided_why", models.TextField(blank=True)),
                ("history_user_id", models.IntegerField(blank=True, null=True)),
                (
                    "notes",
                    models.TextField(
                        blank=True, help_text="Free text for people; never evaluated.", null=True
                    ),
                ),
                ("holder", models.CharField(max_length=200)),
                (
                    "stream",
                    models.CharField(
                        choices=[
                            ("recyclables", "recyclables"),
                            ("organics", "organics"),
                            ("black", "black"),
                        ],
                        max_length=64,
                    ),
                ),
                (
                    "location",
                    models.CharField(
                        blank=True,
                        choices=[
                            ("customer", "customer"),
                            ("employee", "employee"),
                            ("tenant", "tenant"),
                            ("restroom", "restroom"),
                            ("service", "service"),
                        ],
                        help_text="Where it stands: customer, employee, tenant, restroom, service.",
                        max_length=64,
                        null=True,
                    ),
                ),
                (
                    "acquired_on",
                    models.DateField(
                        blank=True,
                        help_text="Purchase date; absent, not on record (the reading org.undated_container_is_old decides what that allows).",
                        null=True,
                    ),
                ),
                (
                    "color_conforms",
                    models.BooleanField(
                        blank=True,
                        help_text="Body or lid in the collection service's color for the stream.",
                        null=True,
                    ),
                ),
                (
                    "labeled",
                    models.BooleanField(
                        blank=True,
                        help_text="Labels or imprinted text or graphics showing the primary materials accepted and prohibited.",
                        null=True,
                    ),
                ),
                (
                    "functional",
                    models.BooleanField(
                        blank=True,
                        help_text="Still serviceable; false means at the end of its useful life.",
                        null=True,
                    ),
                ),
                (
                    "useful_life_ends_on",
                    models.DateField(
                        blank=True,
                        help_text="When the container's useful life ends, where known.",
                        null=True,
                    ),
                ),
                (
                    "replaced_on",
                    models.DateField(
                        blank=True,
                        help_text="Replaced by a conforming container or taken out of service.",
                        null=True,
                    ),
                ),
                ("history_id", models.AutoField(primary_key=True, serialize=False)),
                ("history_date", models.DateTimeField(db_index=True)),
                ("history_change_reason", models.CharField(max_length=100, null=True)),
                (
                    "history_type",
                    models.CharField(
                        choices=[("+", "Created"), ("~", "Changed"), ("-", "Deleted")], max_length=1
                    ),
                ),
            ],
            options={
                "verbose_name": "historical container",
                "verbose_name_plural": "historical containers",
                "db_table": "records_container_history",
                "ordering": ("-history_date", "-history_id"),
                "get_latest_by": ("history_date", "history_id"),
            },
            bases=(simple_history.models.HistoricalChanges, models.Model),
        ),
        migrations.CreateModel(
            name="FollowUpObservationRecord",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                (
                    "key",
                    models.CharField(
                        help_text="The fact's id, or for an event without one a key derived from its content.",
                        max_length=200,
                        unique=True,
                    ),
                ),
                (
                    "subject_group",
                    models.CharField(
                        db_index=True,
                        default="",
                        help_text="The records evaluated together (a business, its premises and their facts).",
                        max_length=200,
                    ),
                ),
                (
                    "recorded_at",
                    models.DateTimeField(default=django.utils.timezone.now, editable=False),
                ),
                (
                    "recorded_by",
                    models.CharField(
                        help_text="Who recorded it: a user name, or the import or process.",
                        max_length=150,
                    ),
                ),
                ("recorded_why", models.TextField(blank=True)),
                ("import_source", models.CharField(blank=True, max_length=300)),
                ("updated_at", models.DateTimeField(auto_now=True, db_index=True)),
                ("voided_at", models.DateTimeField(blank=True, null=True)),
                ("voided_by", models.CharField(blank=True, max_length=150)),
                ("voided_why", models.TextField(blank=True)),
                (
                    "notes",
                    models.TextField(
                        blank=True, help_text="Free text for people; never evaluated.", null=True
                    ),
                ),
                ("subject", models.CharField(db_index=True, max_length=200)),
                ("observed_at", models.DateTimeField()),
                (
                    "still_there",
                    models.BooleanField(
                        help_text="The solid waste, or the containers at the collection place, were still there (true) or gone (false)."
                    ),
                ),
            ],
            options={
                "verbose_name": "follow up observation",
                "db_table": "records_follow_up_observation",
                "ordering": ["key"],
                "indexes": [
                    models.Index(
                        condition=models.Q(("voided_at__isnull", False)),
                        fields=["voided_at"],
                        name="voided_45d45aeba072",
                    )
                ],
            },
        ),
        migrations.CreateModel(
            name="GroupFacts",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("subject_group", models.CharField(max_length=200, unique=True)),
                (
                    "document",
                    models.TextField(
                        default="[]",
                        help_text="The group's live records, as JSON: [fact type, key, facts-file mapping] for each, in the order of fact type and key.",
                    ),
                ),
            ],
            options={
                "db_table": "records_group_facts",
            },
        ),
        migrations.AddField(
            model_name="establishmentrecord",
            name="operator_language",
            field=models.CharField(
                blank=True,
                choices=[("en", "en"), ("es", "es"), ("zh-Hant", "zh-Hant")],
                help_text="The language the operator reads notices in (en, es, zh-Hant).",
                max_length=64,
                null=True,
            ),
        ),
        migrations.AddField(
            model_name="establishmentrecord",
            name="operator_name",
            field=models.TextField(
                blank=True,
                help_text="Who operates the business, as notices address them.",
                null=True,
            ),
        ),
        migrations.AddField(
            model_name="historicalestablishmentrecord",
            name="operator_language",
            field=models.CharField(
                blank=True,
                choices=[("en", "en"), ("es", "es"), ("zh-Hant", "zh-Hant")],
                help_text="The language the operator reads notices in (en, es, zh-Hant).",
                max_length=64,
                null=True,
            ),
        ),
        migrations.AddField(
            model_name="historicalestablishmentrecord",
            name="operator_name",
            field=models.TextField(
                blank=True,
                help_text="Who operates the business, as notices address them.",
                null=True,
            ),
        ),
        migrations.AddField(
            model_name="historicalpremisesrecord",
            name="owner_language",
            field=models.CharField(
                blank=True,
                choices=[("en", "en"), ("es", "es"), ("zh-Hant", "zh-Hant")],
                help_text="The language the owner reads notices in (en, es, zh-Hant).",
                max_length=64,
                null=True,
            ),
        ),
        migrations.AddField(
            model_name="premisesrecord",
            name="owner_language",
            field=models.CharField(
                blank=True,
                choices=[("en", "en"), ("es", "es"), ("zh-Hant", "zh-Hant")],
                help_text="The language the owner reads notices in (en, es, zh-Hant).",
                max_length=64,
                null=True,
            ),
        ),
        migrations.CreateModel(
            name="SweepRun",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("as_of", models.DateField()),
                ("full", models.BooleanField(default=False)),
                ("pack_name", models.CharField(max_length=100)),
                ("pack_version", models.CharField(max_length=80)),
                ("chunk_size", models.PositiveIntegerField()),
                (
                    "lease_seconds",
                    models.PositiveIntegerField(
                        help_text="How long a worker holds a chunk without a sign of life before another may take it."
                    ),
                ),
                (
                    "groups",
                    models.PositiveIntegerField(default=0, help_text="Subject groups planned."),
                ),
                (
                    "state",
                    models.CharField(
                        choices=[("running", "running"), ("done", "done"), ("failed", "failed")],
                        default="running",
                        max_length=16,
                    ),
                ),
                ("started_by", models.CharField(max_length=150)),
                ("started_at", models.DateTimeField(default=django.utils.timezone.now)),
                ("finished_at", models.DateTimeField(blank=True, null=True)),
                ("error", models.TextField(blank=True, default="")),
            ],
            options={
                "db_table": "records_sweep_run",
            },
        ),
        migrations.CreateModel(
            name="SweepChunk",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                (
                    "number",
                    models.PositiveIntegerField(help_text="Its place in the run, in key order."),
                ),
                ("groups", models.JSONField(help_text="The subject groups' keys, in key order.")),
                (
                    "state",
                    models.CharField(
                        choices=[
                            ("pending", "pending"),
                            ("running", "running"),
                            ("done", "done"),
                            ("failed", "failed"),
                        ],
                        default="pending",
                        max_length=16,
                    ),
                ),
                (
                    "task_id",
                    models.CharField(
                        blank=True,
                        default="",
                        help_text="The task last enqueued for it.",
                        max_length=64,
                    ),
                ),
                ("claimed_by", models.CharField(blank=True, default="", max_length=200)),
                ("lease_until", models.DateTimeField(blank=True, null=True)),
                ("attempts", models.PositiveSmallIntegerField(default=0)),
                ("error", models.TextField(blank=True, default="")),
                ("swept", models.PositiveIntegerField(default=0, help_text="Groups stored.")),
                (
                    "skipped",
                    models.PositiveIntegerField(
                        default=0,
                        help_text="Groups changed since their read (or merged away): left to the next sweep.",
                    ),
                ),
                ("findings_created", models.PositiveIntegerField(default=0)),
                ("findings_updated", models.PositiveIntegerField(default=0)),
                ("findings_closed", models.PositiveIntegerField(default=0)),
                ("finished_at", models.DateTimeField(blank=True, null=True)),
                (
                    "run",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.PROTECT,
                        related_name="chunks",
                        to="records.sweeprun",
                    ),
                ),
            ],
            options={
                "db_table": "records_sweep_chunk",
                "indexes": [models.Index(fields=["run", "state"], name="sweep_chunk_state")],
                "constraints": [
                    models.UniqueConstraint(fields=("run", "number"), name="one_chunk_per_number")
                ],
            },
        ),
        migrations.CreateModel(
            name="GroupFindings",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("subject_group", models.CharField(max_length=200, unique=True)),
                (
                    "document",
                    models.TextField(
                        default="[]",
                        help_text="The group's current findings, as JSON: [requirement, subject, period, ordinal, status, due, cite, explanation, reading] for each, in the engine's order.",
                    ),
                ),
                (
                    "evaluated_as_of",
                    models.DateField(help_text="The date the findings were evaluated as of."),
                ),
            ],
            options={
                "db_table": "records_group_findings",
            },
        ),
        migrations.CreateModel(
            name="WorklistRow",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("subject_group", models.CharField(db_index=True, max_length=200)),
                ("subject", models.CharField(max_length=200)),
                ("requirement", models.CharField(max_length=64)),
                (
                    "program",
                    models.CharField(
                        blank=True,
                        help_text="The program the requirement belongs to.",
                        max_length=16,
                    ),
                ),
                ("status", models.CharField(max_length=16)),
                (
                    "severity",
                    models.PositiveSmallIntegerField(help_text="0 for the most pressing status."),
                ),
                (
                    "size",
                    models.PositiveIntegerField(help_text="How many findings the line holds."),
                ),
                (
                    "findings",
                    models.JSONField(help_text="The ids of its findings, the head's first."),
                ),
                ("head_no_due", models.BooleanField()),
                ("head_due", models.CharField(blank=True, max_length=16)),
                ("head_period", models.CharField(blank=True, max_length=16)),
                ("head_ordinal", models.PositiveSmallIntegerField()),
                ("head_id", models.BigIntegerField()),
                ("tail_no_due", models.BooleanField()),
                ("tail_due", models.CharField(blank=True, max_length=16)),
                ("tail_period", models.CharField(blank=True, max_length=16)),
                ("tail_ordinal", models.PositiveSmallIntegerField()),
                ("tail_id", models.BigIntegerField()),
            ],
            options={
                "db_table": "records_worklist_row",
                "indexes": [
                    models.Index(
                        fields=["severity", "head_no_due", "head_due"], name="worklist_row_action"
                    ),
                    models.Index(fields=["head_no_due", "head_due"], name="worklist_row_due"),
                    models.Index(
                        fields=["program", "severity", "head_no_due", "head_due"],
                        name="worklist_row_program_action",
                    ),
                    models.Index(
                        fields=["program", "head_no_due", "head_due"],
                        name="worklist_row_program_due",
                    ),
                ],
            },
        ),
    ]
