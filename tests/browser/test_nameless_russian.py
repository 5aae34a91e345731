"""The app in Russian in the browser: one Nameless hand recorded through the UI at 390x844,
with a live refusal and the saved round's explanation in Russian."""
from __future__ import annotations

import re

import pytest
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from scorekeeper.config import PROJECT_ROOT
from tests.support.table_loop import enter

pytestmark = pytest.mark.browser

expect = pytest.importorskip("playwright.sync_api").expect

CATALOG = PROJECT_ROOT / "scorekeeper" / "translations" / "ru" / "LC_MESSAGES"
# English words of the match page that must not show once the page is in Russian.
ENGLISH = [
    "Save round",
    "Round",
    "Tricks taken",
    "tricks",
    "New match",
    "Went alone",
    "Nobody",
    "Reneged",
    "deals",
    "This round would score",
    "Rounds",
    "Running totals",
    "History",
    "Standings",
    "bonus",
]


@pytest.fixture(scope="module", autouse=True)
def russian_catalog():
    """The compiled catalog (*.mo is not committed): compiled from the .po when missing or older."""
    po, mo = CATALOG / "messages.po", CATALOG / "messages.mo"
    if not mo.exists() or mo.stat().st_mtime < po.stat().st_mtime:
        with open(po, "rb") as source:
            catalog = read_po(source, locale="ru")
        with open(mo, "wb") as target:
            write_mo(target, catalog)


@pytest.fixture
def russian(page_in):
    """A phone whose browser asks for Russian."""
    return page_in("ru", "RU")


def no_english(page) -> None:
    # The history included: its lines say each round in the reader's words too.
    text = page.locator("body").inner_text()
    found = [word for word in ENGLISH if re.search(rf"\b{re.escape(word)}\b", text)]
    context = [text[max(0, m.start() - 60) : m.end() + 60] for w in found for m in re.finditer(rf"\b{re.escape(w)}\b", text)]
    assert found == [], f"English left on the page: {found}: {context}"


def test_nameless_hand_in_russian(russian, console, shot):
    page = russian
    page.goto("/matches/new?game=nameless")
    expect(page.locator("html")).to_have_attribute("lang", "ru")
    seats = page.locator("input[id^=player_]")
    while seats.count() > 3:
        count = seats.count()
        page.get_by_role("button", name="− Убрать последнее место").click()
        expect(seats).to_have_count(count - 1)
    while seats.count() < 3:
        count = seats.count()
        page.get_by_role("button", name="+ Добавить место").click()
        expect(seats).to_have_count(count + 1)
    for seat, name in enumerate(["Аня", "Боря", "Саша"]):
        page.fill(f"#player_{seat}", name)
    page.select_option("#first_dealer", "0")
    shot(page, "ru-01-new-match", full_page=True)
    page.get_by_role("button", name=re.compile("^Начать: ")).click()

    # The round form: heading, labels and button in Russian.
    expect(page.locator("#h-entry")).to_have_text("Раунд 1")
    expect(page.locator(".who")).to_contain_text("Сдаёт Аня · 5 взяток")
    expect(page.locator("#c-tricks > legend")).to_have_text("Взятые взятки (всего 5)")
    expect(page.get_by_text("Ренонс (кто не пошёл в масть)")).to_be_visible()
    expect(page.locator("#save")).to_contain_text("Сохранить раунд 1")

    # A live refusal: the tricks do not add up to 5.
    for seat, took in enumerate([3, 1, 0]):
        enter(page, f"tricks_{seat}", str(took))
    expect(page.locator("#preview .refusal")).to_contain_text("сумма взяток должна быть 5, а не 4")
    expect(page.locator("#save")).to_be_disabled()
    no_english(page)
    shot(page, "ru-02-refused", full_page=True)

    # Corrected: Аня takes 3 of 5, a bonus hand, previewed and saved.
    enter(page, "tricks_2", "1")
    expect(page.locator("#preview .refusal")).to_have_count(0)
    expect(page.locator("#preview")).to_contain_text("Итог этого раунда")
    expect(page.locator("#preview")).to_contain_text("Аня: 3 из 5 взяток, бонус +4")
    expect(page.locator("#save")).to_be_enabled()
    shot(page, "ru-03-preview", full_page=True)
    page.locator("#save").click()

    expect(page.locator("#h-entry")).to_have_text("Раунд 2")
    expect(page.locator("#round-1")).to_have_count(1)
    expect(page.locator(".total .points")).to_have_text(["4", "-1", "-1"])
    rounds = page.locator("#round-1")
    expect(rounds).to_contain_text("Аня: 3 из 5 взяток, бонус +4")
    expect(rounds).to_contain_text("штраф за чужой бонус: -1")
    expect(page.locator("#h-rounds")).to_have_text("Раунды")
    no_english(page)
    # The Russian words fit the rounds table on a 390 px phone: nothing of it out of sight.
    sheet = page.locator("#rounds-card .sheet-box")
    assert sheet.evaluate("e => e.scrollWidth <= e.clientWidth"), "the rounds table overflows at 390 px"
    shot(page, "ru-04-saved", full_page=True)
    shot(page, "ru-05-saved-top")
    assert console.unexpected() == []
