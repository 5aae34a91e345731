"""The German and Russian catalogs are complete: every message of the app translated,
none fuzzy, placeholders kept, and the catalogs in step with the code."""
from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

REPO = Path(__file__).resolve().parents[1]
TRANSLATIONS = REPO / "scorekeeper" / "translations"
LANGUAGES = ("de", "ru")
PLACEHOLDER = re.compile(r"\{\w+\}|%\(\w+\)s|%s|%d")


def catalog(language: str):
    with open(TRANSLATIONS / language / "LC_MESSAGES" / "messages.po", "rb") as po:
        return read_po(po, locale=language)


@pytest.fixture(scope="module")
def extracted_ids(tmp_path_factory) -> set[str]:
    """The message ids the code and templates hold today, extracted afresh."""
    pot = tmp_path_factory.mktemp("pot") / "messages.pot"
    pybabel = Path(sys.executable).with_name("pybabel")
    subprocess.run(
        [str(pybabel), "-q", "extract", "-F", "babel.cfg", "-o", str(pot), "."], cwd=REPO, check=True, timeout=120
    )
    with open(pot, "rb") as handle:
        template = read_po(handle)
    return {message.id if isinstance(message.id, str) else message.id[0] for message in template if message.id}


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_message_is_translated_and_none_is_fuzzy(language):
    missing, fuzzy = [], []
    for message in catalog(language):
        if not message.id:
            continue
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        if not all(strings):
            missing.append(message.id)
        if message.fuzzy:
            fuzzy.append(message.id)
    assert missing == [], f"{language}: untranslated: {missing[:10]}"
    assert fuzzy == [], f"{language}: fuzzy: {fuzzy[:10]}"


@pytest.mark.parametrize("language", LANGUAGES)
def test_catalog_holds_every_message_of_the_code(language, extracted_ids):
    ids = {m.id if isinstance(m.id, str) else m.id[0] for m in catalog(language) if m.id}
    assert sorted(extracted_ids - ids) == [], f"{language}: run pybabel update (see docs/architecture.md, Translations)"


@pytest.mark.parametrize("language", LANGUAGES)
def test_catalog_holds_no_message_the_code_no_longer_says(language, extracted_ids):
    """pybabel update keeps a dropped message only as obsolete (#~, not compiled); an entry the
    extraction does not find is either dead or said where pybabel cannot see it (inside an
    f-string), and the next update would drop its translation."""
    ids = {m.id if isinstance(m.id, str) else m.id[0] for m in catalog(language) if m.id}
    assert sorted(ids - extracted_ids) == [], f"{language}: run pybabel update (see docs/architecture.md, Translations)"


@pytest.mark.parametrize("language", LANGUAGES)
def test_placeholders_survive_translation(language):
    wrong = []
    for message in catalog(language):
        if not message.id:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        wanted = set(PLACEHOLDER.findall(ids[-1]))
        for string in strings:
            if string and set(PLACEHOLDER.findall(string)) - wanted:
                wrong.append((message.id, string))
            if string and len(ids) == 1 and set(PLACEHOLDER.findall(string)) != wanted:
                wrong.append((message.id, string))
    assert wrong == [], f"{language}: {wrong[:5]}"
