"""The rules pages: one Markdown file per game and language, complete, with an anchor for
every option and every rule a refusal names; linked from the form, refusals and the match."""
from __future__ import annotations

import html as html_lib
import re
import subprocess
from pathlib import Path

import pytest

from scorekeeper.engine.entry import adapter_for
from scorekeeper.engine.games import all_games
from scorekeeper.web import rules_pages
from scorekeeper.web.rules_pages import LANGUAGES, SECTIONS, option_anchor, refusal_anchor, render, rules_path
from tests.support.data import module_for
from tests.support.pages import create
from tests.support.rules_pages import REPO, game_codes

GAMES = all_games()
GAME_IDS = [game.id for game in GAMES]
# The games whose rules are written (docs/rules/<language>/<id>.md); a game without them yet
# (a new one, a registered copy) gets a rules page made from its engine (tests/web/test_every_game.py).
RULES_IDS = [game_id for game_id in GAME_IDS if rules_pages.has_rules(game_id)]
ID_ATTRIBUTE = re.compile(r'\bid="([^"]+)"')


# --------------------------------------------------------------------------- the documents


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("game_id", RULES_IDS)
def test_written_rules_are_there_in_every_language(game_id, language):
    assert rules_path(language, game_id).is_file()
    document = render(language, game_id)
    assert document.title
    missing = [section for section in SECTIONS if section not in document.anchors]
    assert missing == [], f"{language}/{game_id}.md lacks sections {missing}"


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("game_id", RULES_IDS)
def test_every_option_has_its_paragraph(game_id, language):
    game = next(game for game in GAMES if game.id == game_id)
    anchors = render(language, game_id).anchors
    missing = [spec.name for spec in game.all_option_specs() if option_anchor(spec.name) not in anchors]
    assert missing == [], f"{language}/{game_id}.md has no paragraph for options {missing}"


@pytest.mark.parametrize("game_id", RULES_IDS)
def test_the_languages_have_the_same_anchors(game_id):
    english = render("en", game_id).anchors
    for language in LANGUAGES:
        assert render(language, game_id).anchors == english, language


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_refusal_code_is_mapped_explicitly(game_id):
    """A new refusal code needs its rule named (rules_pages.py, or the game's web adapter), not a fallback."""
    game = next(game for game in GAMES if game.id == game_id)
    mapped = set(rules_pages.SHARED_REFUSAL_ANCHORS) | set(adapter_for(game).refusal_anchors)
    unmapped = sorted(code for code in game_codes(game) if code not in mapped and not code.startswith("option_"))
    assert unmapped == []


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("game_id", RULES_IDS)
def test_every_refusal_links_to_an_existing_anchor(game_id, language):
    game = next(game for game in GAMES if game.id == game_id)
    anchors = render(language, game_id).anchors
    broken = {}
    for code in sorted(game_codes(game)):
        if code.startswith("option_"):
            # Refusals of an option link to that option's paragraph, by the field at fault.
            for spec in game.all_option_specs():
                anchor = refusal_anchor(game_id, code, f"options.{spec.name}")
                if anchor not in anchors:
                    broken[f"{code} options.{spec.name}"] = anchor
            continue
        anchor = refusal_anchor(game_id, code, "tricks")
        if anchor not in anchors:
            broken[code] = anchor
    assert broken == {}


@pytest.mark.parametrize("game", GAMES, ids=lambda game: game.id)
def test_a_refusal_outside_the_rules_links_nowhere(game):
    assert refusal_anchor(game.id, "stale_etag", None) is None
    assert refusal_anchor(game.id, None, None) is None
    own = {spec.name for spec in game.all_option_specs()}
    others = {spec.name for other in GAMES for spec in other.all_option_specs()} - own
    for name in [*sorted(others), "no_such_option"]:  # another game's option is none of this game's rules
        assert refusal_anchor(game.id, "option_range", f"options.{name}") is None, name
    for name in own:  # an option's own paragraph, for the option and for a part of it (one honour's points)
        assert refusal_anchor(game.id, "option_range", f"options.{name}") == option_anchor(name)
        assert refusal_anchor(game.id, "option_range", f"options.{name}.part") == option_anchor(name)


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("game_id", RULES_IDS)
def test_rendered_rules_hold_no_markup_of_their_own(game_id, language):
    html = render(language, game_id).html
    assert "<script" not in html and "<style" not in html and "<iframe" not in html
    assert not re.search(r"\son\w+=", html)
    assert not re.search(r"\sstyle=", html)
    assert "{#" not in html  # every anchor line became an id
    # Links stay inside the app: nothing points out of the repository.
    assert not re.search(r'href="(?!#|/)', html)


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("game_id", RULES_IDS)
def test_no_option_name_or_code_reaches_the_reader(game_id, language):
    """Option names are anchors, never words: the text names the rules in words."""
    game = next(game for game in GAMES if game.id == game_id)
    text = re.sub(r"<[^>]+>", " ", render(language, game_id).html)
    names = [spec.name for spec in game.all_option_specs() if "_" in spec.name]
    assert [name for name in names if name in text] == []


# --------------------------------------------------------------------------- the pages


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("game_id", RULES_IDS)
def test_rules_page_renders_in_the_language_asked_for(client, game_id, language):
    response = client.get(f"/rules/{game_id}", headers={"Accept-Language": language})
    assert response.status_code == 200
    html = response.get_data(as_text=True)
    document = render(language, game_id)
    assert html_lib.escape(document.title, quote=False) in html
    assert set(ID_ATTRIBUTE.findall(html)) >= document.anchors
    assert "<script>" not in html
    assert response.headers["Content-Security-Policy"].startswith("default-src 'self'")


def test_rules_index_lists_every_game(client):
    html = client.get("/rules").get_data(as_text=True)
    for game_id in GAME_IDS:
        assert f'href="/rules/{game_id}"' in html


def test_unknown_game_has_no_rules_page(client):
    assert client.get("/rules/poker").status_code == 404


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_new_match_form_links_every_option_to_its_paragraph(client, game_id):
    html = client.get(f"/matches/new?game={game_id}").get_data(as_text=True)
    game = next(game for game in GAMES if game.id == game_id)
    assert f'href="/rules/{game_id}"' in html
    shown = {name for name in re.findall(r'name="opt_(\w+)"', html)} | {"first_dealer"}
    for spec in game.all_option_specs():
        if spec.name in shown:
            assert f'href="/rules/{game_id}#{option_anchor(spec.name)}"' in html, spec.name


def rule_link_cases() -> list:
    """Each game's refused rounds and the rule their "why?" links to (tests/support/data: RULE_LINK_CASES)."""
    return [
        pytest.param(game.id, options, form, anchor, id=f"{game.id}-{anchor}")
        for game in GAMES
        for options, form, anchor in getattr(module_for(game), "RULE_LINK_CASES", ())
    ]


@pytest.mark.parametrize(("game_id", "options", "form", "anchor"), rule_link_cases())
def test_a_refused_round_links_why_to_its_rule(client, game_id, options, form, anchor):
    match_id = create(client, game_id, **options)
    link = f'class="rule-link" href="/rules/{game_id}#{anchor}">why?</a>'
    # The live preview (in the save bar) and the plain form post (JavaScript off) both say why.
    preview = client.post(f"/matches/{match_id}/preview", data=form).get_data(as_text=True)
    assert link in re.search(r'<p class="bar-state bad" id="bar-state">(.*?)</p>', preview, re.S).group(1)
    posted = client.post(f"/matches/{match_id}/rounds", data={**form, "expected_number": "1", "idempotency_key": "k"})
    assert posted.status_code == 422
    html = posted.get_data(as_text=True)
    assert link in html
    assert anchor in render("en", game_id).anchors


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_match_page_links_its_rules(client, game_id):
    match_id = create(client, game_id)
    assert f'href="/rules/{game_id}"' in client.get(f"/matches/{match_id}").get_data(as_text=True)


def test_shared_page_links_the_rules(client, new_client):
    game = next(game for game in GAMES if game.id in RULES_IDS)
    match_id = create(client, game.id)
    page = client.post(f"/matches/{match_id}/share").get_data(as_text=True)
    url = re.search(r'id="share-url" class="mono" readonly value="([^"]+)"', page).group(1)
    shared = new_client().get(url.split("localhost", 1)[1]).get_data(as_text=True)
    assert f'href="/rules/{game.id}">Rules of {game.name}</a>' in shared


# --------------------------------------------------------------------------- the repository


def tracked_text_files() -> list[Path]:
    listed = subprocess.run(["git", "ls-files"], cwd=REPO, capture_output=True, text=True, check=True).stdout.split()
    suffixes = {".md", ".py", ".html", ".js", ".css", ".toml", ".cfg", ".txt", ".json", ".po", ".pot", ""}
    return [REPO / name for name in listed if Path(name).suffix in suffixes and (REPO / name).is_file()]


def test_nothing_in_the_repository_points_outside_it():
    """Users have the repository, not the folders beside it: the rules live in docs/rules/."""
    outside = re.compile(r"\.\./shared/|shared/spec/|shared/seeds/")
    offenders = []
    for path in tracked_text_files():
        if path == Path(__file__):
            continue
        try:
            text = path.read_text(encoding="utf-8")
        except UnicodeDecodeError:
            continue
        if outside.search(text):
            offenders.append(str(path.relative_to(REPO)))
    assert offenders == []


def test_readme_links_every_rules_file():
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    assert RULES_IDS
    for language in LANGUAGES:
        for game_id in RULES_IDS:
            assert f"docs/rules/{language}/{game_id}.md" in readme
