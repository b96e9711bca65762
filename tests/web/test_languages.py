"""The staff pages in English, Spanish and Traditional Chinese: a person's language is
kept on their account (an account event), used on every page they open and remembered
across signing out and in; pages for who is not signed in follow the browser and the
language cookie; a language that is not one of the pages' is refused beside its field;
every page says its language (``<html lang>``); dates are written the language's way;
and the catalogs' check catches each kind of broken catalog."""

from __future__ import annotations

import re
import shutil
from datetime import date, datetime
from pathlib import Path

import pytest
from django.conf import settings
from django.contrib.auth.models import Group, User
from django.test import Client
from django.urls import reverse
from django.utils import timezone, translation

from sanitas.access.roles import ROLES
from sanitas.kit.titles import program_title
from sanitas.people import words as people_words
from sanitas.people.models import AccountEvent, AccountSettings
from sanitas.web import catalogs, words
from sanitas.web.templatetags.web_tags import people_date, run_words, status_word

pytestmark = pytest.mark.django_db

PASSWORD = "a-long-test-password"
HTML_LANG = re.compile(r'<html lang="([^"]+)">')


def _user(name: str, role: str = "supervisor") -> User:
    user = User.objects.create_user(name, f"{name}@example.org", PASSWORD)
    user.groups.add(Group.objects.get_or_create(name=role)[0])
    return user


def _lang(response) -> str:
    found = HTML_LANG.search(response.content.decode())
    assert found, response.content[:200]
    return found.group(1)


def _choose(client: Client, language: str, next_url: str = "/") -> object:
    return client.post(reverse("people:language"), {"language": language, "next": next_url})


def _sign_in(client: Client, name: str) -> None:
    answer = client.post(reverse("login"), {"username": name, "password": PASSWORD})
    assert answer.status_code == 302, answer.content[:300]


def _language_of(user: User) -> str:
    return AccountSettings.objects.filter(account=user).values_list("language", flat=True).first()


# --------------------------------------------------------------------------- a person's


def test_a_spanish_users_pages_come_back_in_spanish(client):
    ana = _user("ana")
    client.force_login(ana)
    english = client.get(reverse("staff:worklist"))
    assert _lang(english) == "en"
    assert "Worklist" in english.content.decode()

    answer = _choose(client, "es", reverse("staff:worklist"))
    assert answer.status_code == 302 and answer["Location"] == reverse("staff:worklist")
    page = client.get(reverse("staff:worklist"))
    text = page.content.decode()
    assert _lang(page) == "es"
    assert page["Content-Language"] == "es"
    assert "Lista de trabajo" in text and "Cerrar sesión" in text
    assert "Sus páginas ahora están en Español." in text
    # the navigation and the filters' labels are the page's words too
    assert "Filtros" in text and "Todos los programas" in text
    assert ">Worklist<" not in text and "Sign out" not in text
    assert _language_of(ana) == "es"


def test_a_chinese_users_pages_say_zh_hant(client):
    client.force_login(_user("mei"))
    _choose(client, "zh-hant")
    page = client.get(reverse("staff:worklist"))
    assert _lang(page) == "zh-Hant"
    assert "工作清單" in page.content.decode()
    # every page: the account page too
    own = client.get(reverse("people:me"))
    assert _lang(own) == "zh-Hant" and "您的帳戶" in own.content.decode()


def test_the_choice_is_kept_on_the_account_as_an_event(client):
    ana = _user("ana")
    client.force_login(ana)
    _choose(client, "es")
    _choose(client, "es")  # the same again: nothing changes
    _choose(client, "zh-hant")
    events = list(
        AccountEvent.objects.filter(account=ana, action=AccountEvent.LANGUAGE_CHANGED).order_by(
            "id"
        )
    )
    assert [(e.actor, e.before, e.after) for e in events] == [
        ("ana", "the browser's language", "Español"),
        ("ana", "Español", "繁體中文"),
    ]


def test_switching_is_remembered_across_sign_out_and_sign_in(client):
    _user("ana")
    _sign_in(client, "ana")
    _choose(client, "es")
    client.post(reverse("logout"))
    # the sign-in page after signing out: the language cookie the switch set
    signin = client.get(reverse("login"))
    assert _lang(signin) == "es" and "Nombre de usuario" in signin.content.decode()
    _sign_in(client, "ana")
    assert _lang(client.get(reverse("staff:worklist"))) == "es"
    # another browser, with no cookie and an English Accept-Language: the account's
    elsewhere = Client(HTTP_ACCEPT_LANGUAGE="en-US,en;q=0.9")
    _sign_in(elsewhere, "ana")
    assert _lang(elsewhere.get(reverse("staff:worklist"))) == "es"
    # and that browser's sign-in page, once signed out, is in it too
    elsewhere.post(reverse("logout"))
    assert _lang(elsewhere.get(reverse("login"))) == "es"


def test_a_forged_language_is_refused_with_a_form_error(client):
    ana = _user("ana")
    client.force_login(ana)
    for forged in ("xx", "fr", "es<script>", ""):
        answer = _choose(client, forged)
        assert answer.status_code == 400, forged
        text = answer.content.decode()
        assert 'id="language_language_error"' in text or "usa-alert--error" in text, forged
        assert "is not one of the available choices" in text or "This field is required" in text
    assert _language_of(ana) is None
    assert not AccountEvent.objects.filter(account=ana).exists()
    assert settings.LANGUAGE_COOKIE_NAME not in client.cookies


def test_the_service_refuses_a_language_the_form_did_not_check():
    from sanitas.people import services

    ana = _user("ana")
    with pytest.raises(services.PeopleError) as refused:
        services.set_language(account=ana, language="klingon")
    assert "language" in refused.value.errors
    assert _language_of(ana) is None


def test_a_switch_goes_back_only_to_a_page_of_this_site(client):
    client.force_login(_user("ana"))
    answer = _choose(client, "es", "https://elsewhere.example/")
    assert answer["Location"] == reverse("people:me")


def test_an_invitation_is_written_in_the_invited_persons_language(client):
    from django.core import mail

    client.force_login(_user("sup"))
    answer = client.post(
        reverse("people:invite"),
        {
            "first_name": "Mei",
            "last_name": "Chen",
            "username": "mchen",
            "email": "mei.chen@example.org",
            "roles": ["auditor"],
            "language": "zh-hant",
        },
    )
    assert answer.status_code == 302
    mei = User.objects.get(username="mchen")
    assert _language_of(mei) == "zh-hant"
    sent = mail.outbox[-1]
    assert sent.subject == "您的 Sanitas 帳戶 — 聖蓋博市"
    assert "Mei Chen 您好：" in sent.body and "角色為：稽核員。" in sent.body
    assert "您的使用者名稱：mchen" in sent.body
    # the inviting supervisor's page stays in theirs
    assert "Invited Mei Chen (mchen)" in client.get(answer["Location"]).content.decode()
    event = AccountEvent.objects.get(account=mei, action=AccountEvent.INVITED)
    assert event.after.endswith("; roles: Auditor; language: 繁體中文")


def test_a_refused_change_is_said_in_the_pages_language(client):
    sup = _user("sup")
    client.force_login(sup)
    _choose(client, "es")
    answer = client.post(
        reverse("people:deactivate", args=[sup.pk]),
        {"why": "prueba", "version": ""},
    )
    text = answer.content.decode()
    assert answer.status_code == 400
    assert "No puede desactivar su propia cuenta; otro supervisor puede hacerlo." in text
    staff = client.get(reverse("people:list")).content.decode()
    assert "Personal" in staff and "Supervisor" in staff and "Cualquier función" in staff


# --------------------------------------------------------------------------- who is not signed in


def test_the_sign_in_page_follows_the_browser_and_the_cookie():
    browser = Client(HTTP_ACCEPT_LANGUAGE="zh-TW,zh;q=0.9,en;q=0.5")
    assert _lang(browser.get(reverse("login"))) == "zh-Hant"
    assert _lang(Client(HTTP_ACCEPT_LANGUAGE="es-MX,es;q=0.9").get(reverse("login"))) == "es"
    assert _lang(Client().get(reverse("login"))) == "en"
    # the switch on the sign-in page: the cookie alone, over the browser's
    answer = browser.post(reverse("people:language"), {"language": "es", "next": "/accounts/"})
    assert answer.status_code == 302
    assert browser.cookies[settings.LANGUAGE_COOKIE_NAME].value == "es"
    page = browser.get(reverse("login"))
    assert _lang(page) == "es" and "Iniciar sesión" in page.content.decode()


def test_every_page_has_the_switch_in_its_header(client):
    form = 'action="' + reverse("people:language") + '"'
    assert form in Client().get(reverse("login")).content.decode()
    client.force_login(_user("ana"))
    for name in ("staff:worklist", "people:me", "people:list", "web:home"):
        page = client.get(reverse(name), follow=True)
        assert form in page.content.decode(), name


# --------------------------------------------------------------------------- the page's words


def test_dates_are_written_the_languages_way():
    day = date(2027, 2, 1)
    moment = timezone.make_aware(datetime(2027, 2, 1, 18, 5))
    with translation.override("en"):
        assert people_date(day) == "Feb 1, 2027"
        assert people_date("2027-02-01") == "Feb 1, 2027"
    with translation.override("es"):
        assert people_date(day) == "1 de febrero de 2027"
        assert people_date(moment) == "1 de febrero de 2027, 18:05"
    with translation.override("zh-hant"):
        assert people_date("2027-02-01") == "2027年2月1日"
        assert people_date(moment).startswith("2027年2月1日, ")
    with translation.override("es"):
        assert people_date("") == "" and people_date("not a date") == "not a date"


def test_status_and_run_words_in_the_pages_language():
    class Line:
        def __init__(self, status, periods):
            self.first = type("F", (), {"status": status})()
            self.findings = periods
            self.periods = periods
            self.unit = "quarters"

    line = Line("overdue", ["2024-Q1", "2024-Q2", "2024-Q3"])
    with translation.override("en"):
        assert run_words(line) == "overdue for 3 quarters, 2024-Q1 to 2024-Q3"
        assert status_word("violation") == "violation"
    with translation.override("es"):
        assert run_words(line) == "vencido durante 3 trimestres, de 2024-Q1 a 2024-Q3"
        assert status_word("violation") == "infracción"
    with translation.override("zh-hant"):
        assert run_words(line) == "逾期，共 3 季，2024-Q1 至 2024-Q3"
        assert status_word("violation") == "違規"


def test_the_word_tables_translate_the_titles_as_they_now_read():
    """A program or role renamed elsewhere would print in English: this fails first."""
    for key, (english, _said) in words.PROGRAMS.items():
        assert program_title(key) == english, key
    assert set(people_words.ROLES) == set(ROLES)
    for group, (title, _t, does, _d) in people_words.ROLES.items():
        assert (ROLES[group].title, ROLES[group].does) == (title, does), group
    with translation.override("es"):
        assert words.program_words("solid_waste", "Solid waste") == "Residuos sólidos"
        assert words.program_words("solid_waste", "Garbage") == "Garbage"
        assert people_words.role_title("supervisor", "Supervisor") == "Supervisor"
        assert (
            people_words.role_title("hearing_officer", "Hearing officer")
            == "Funcionario de audiencias"
        )
        assert people_words.roles_words(["auditor", "fog_inspector"]) == (
            "Inspector de FOG, Auditor"
        )


def test_the_record_pages_in_spanish_and_chinese(client):
    from sanitas.ordinance.document import read_data
    from sanitas.records.services import record_facts
    from sanitas.records.sweep import sweep

    from ..conftest import ROOT

    block = read_data(ROOT / "examples" / "city-block.yaml")["facts"]
    record_facts(raw_facts=block, actor="clerk", why="block survey")
    sweep(as_of=date(2025, 3, 1))
    client.force_login(_user("sup"))
    _choose(client, "es")
    subject = client.get(reverse("staff:subject", args=["jade-garden"]))
    text = subject.content.decode()
    assert subject.status_code == 200 and _lang(subject) == "es"
    for said in ("Hallazgos", "Registros que lo mencionan", "Cronología", "Mostrar"):
        assert said in text, said
    past = client.get(reverse("staff:subject", args=["jade-garden"]), {"as_of": "2025-02-01"})
    assert "Tal como la ciudad lo conocía el" in past.content.decode()
    assert "1 de febrero de 2025" in past.content.decode()
    _choose(client, "zh-hant")
    business = client.get(reverse("web:business", args=["jade-garden"]))
    text = business.content.decode()
    assert business.status_code == 200 and _lang(business) == "zh-Hant"
    for said in ("未結事項", "偏好語言", "歷程", "地址"):
        assert said in text, said
    businesses = client.get(reverse("web:establishments")).content.decode()
    for said in ("<h1>商家</h1>", ">商家類型<", ">聯絡人<", "筆紀錄"):
        assert said in businesses, said
    # the file keeps its English header, whatever the page's language
    export = client.get(reverse("web:establishments"), {"format": "csv"})
    assert export.content.decode("utf-8-sig").startswith("Business,Kind,Address")
    search = client.get(reverse("web:search"), {"q": "jade"})
    assert "的搜尋結果" in search.content.decode() or "找不到" in search.content.decode()


def test_the_casework_pages_in_spanish(client):
    client.force_login(_user("ines", "fog_inspector"))
    _choose(client, "es")
    mine = client.get(reverse("casework:mine"))
    text = mine.content.decode()
    assert _lang(mine) == "es" and "<h1>Mis casos</h1>" in text
    assert "No tiene ningún caso asignado." in text
    none = client.get(reverse("casework:case", args=["nowhere", "FOG-25-PERCENT"]))
    assert "No hay caso" in none.content.decode()
    # a page the role may not open says so, and names the role, in Spanish
    refused = client.get(reverse("people:list"))
    assert refused.status_code == 403
    assert "Ha iniciado sesión como <strong>ines</strong> (Inspector de FOG)." in (
        refused.content.decode()
    )


# --------------------------------------------------------------------------- the catalogs

GOOD_PO = """msgid ""
msgstr ""
"Language: es\\n"
"Content-Type: text/plain; charset=UTF-8\\n"
"Plural-Forms: nplurals=2; plural=(n != 1);\\n"

msgid "Worklist"
msgstr "Lista de trabajo"

msgctxt "finding status"
msgid "due"
msgstr "por vencer"

msgid "%(n)s finding"
msgid_plural "%(n)s findings"
msgstr[0] "%(n)s hallazgo"
msgstr[1] "%(n)s hallazgos"
"""


def _catalog(root: Path, text: str, domain: str = "django") -> Path:
    po = root / "app" / "locale" / "es" / "LC_MESSAGES" / f"{domain}.po"
    po.parent.mkdir(parents=True, exist_ok=True)
    po.write_text(text, encoding="utf-8")
    return po


def test_a_whole_compiled_catalog_passes(tmp_path):
    po = _catalog(tmp_path, GOOD_PO)
    assert catalogs.problems(tmp_path) == [
        f"{po.with_suffix('.mo')}: missing (compile the catalogs)"
    ]
    catalogs.compile_pages(tmp_path)
    assert catalogs.problems(tmp_path) == []


@pytest.mark.parametrize(
    ("broken", "said"),
    [
        (GOOD_PO.replace('msgstr "Lista de trabajo"', 'msgstr ""'), "'Worklist': untranslated"),
        (
            GOOD_PO.replace('msgstr[1] "%(n)s hallazgos"', 'msgstr[1] ""'),
            "'%(n)s finding': untranslated",
        ),
        (
            GOOD_PO.replace('msgctxt "finding status"', '#, fuzzy\nmsgctxt "finding status"'),
            "'due': fuzzy",
        ),
        (
            GOOD_PO.replace('msgid ""\nmsgstr ""', '#, fuzzy\nmsgid ""\nmsgstr ""', 1),
            "header is marked fuzzy",
        ),
        ('msgid "Worklist"\nmsgstr "x"\nnonsense\n', "cannot be read"),
    ],
)
def test_the_check_catches_each_broken_catalog(tmp_path, broken, said):
    _catalog(tmp_path, broken)
    catalogs.compile_pages(tmp_path) if "cannot be read" not in said else None
    found = catalogs.problems(tmp_path)
    assert any(said in line for line in found), found


def test_the_check_catches_a_compiled_catalog_that_is_not_its_source(tmp_path):
    po = _catalog(tmp_path, GOOD_PO)
    catalogs.compile_pages(tmp_path)
    po.write_text(GOOD_PO.replace("Lista de trabajo", "Lista de tareas"), encoding="utf-8")
    found = catalogs.problems(tmp_path)
    mo = po.with_suffix(".mo")
    assert found == [f"{mo}: does not match its .po at msgid 'Worklist' (compile the catalogs)"]
    # a .mo that is not a catalog at all
    po.with_suffix(".mo").write_bytes(b"not a catalog")
    assert "not a readable catalog" in catalogs.problems(tmp_path)[0]


def test_every_domain_is_checked_and_titles_need_no_mo(tmp_path):
    engine = _catalog(tmp_path, GOOD_PO, "messages")
    titles = _catalog(tmp_path, GOOD_PO.replace("Worklist", "Title"), "titles")
    found = catalogs.problems(tmp_path)
    assert found == [f"{engine.with_suffix('.mo')}: missing (compile the catalogs)"]
    titles.write_text(GOOD_PO.replace('msgstr "Lista de trabajo"', 'msgstr ""'), encoding="utf-8")
    assert any(
        "titles.po" in line and "untranslated" in line for line in catalogs.problems(tmp_path)
    )


def test_the_repositorys_catalogs_are_whole(tmp_path):
    """Every .po of the repository translated, none fuzzy; compiled here, in a copy, so
    that the test does not depend on a build having run."""
    copy = tmp_path / "sanitas"
    for po in catalogs.catalogs():
        target = copy / po.relative_to(catalogs.ROOT)
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(po, target)
        if po.stem in catalogs.COMPILED:
            catalogs.compile_catalog(target)
    assert {po.stem for po in catalogs.catalogs(copy)} >= {"django", "messages", "titles"}
    assert catalogs.problems(copy) == []
