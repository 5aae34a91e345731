"""A German or Russian player reads no code, field value, seat number or English word: every
page of a played match of each game (its history line by line, edit, undo, the play view of
an open bidding, its read-only link), the new-match form, the rules, the league and player
pages, the offline page and that of a match not found, checked against the
codes of the registry and engines, the words of the English catalog and each game's English
terms its translation once kept. Cards are written with the reader's letters, headings start
with a capital, the play view says who leads the first trick and what a multiplier is."""
from __future__ import annotations

import random
import re
from collections.abc import Iterator
from contextlib import contextmanager
from html import unescape
from html.parser import HTMLParser
from typing import Any

import pytest
from babel.messages.pofile import read_po
from flask_babel import force_locale, gettext

from scorekeeper.engine.core.base import BID, INT, SEAT, MatchState, Table
from scorekeeper.engine.core.i18n import _, use_translator
from scorekeeper.engine.entry import adapter_for
from scorekeeper.engine.games import RuleError, all_games
from scorekeeper.i18n import _engine_ngettext
from scorekeeper.web.rules_pages import SHARED_REFUSAL_ANCHORS, has_rules
from tests.support.api import sign_up
from tests.support.bids_play_view import play_view
from tests.support.data import foreign_words
from tests.support.legal_rounds import generator_for, legal_round
from tests.support.translated_pages import CATALOGS, LANGUAGES, VisibleText, english_ids, history_lines

# Words on pages, the same on either database: bin/test runs this once (in its SQLite run).
pytestmark = pytest.mark.one_database

# Seeds of the played matches: different trumps, nils, honours, Pass and VIP rounds.
SEEDS = (3, 8)
ROUNDS_PER_MATCH = 7
# People's names, the username and the league name the test types in (data, not words).
PEOPLE = ["Mara", "Nils", "Oda", "Pit", "Rut", "Sven"]
USER_DATA = {"tischrunde", "Freitag"}
# A link to a match that is not there (mistyped, or deleted): the page says so in words.
MISSING_MATCH = "/matches/404404"
# Latin words a Russian page may show besides those: the product's name; the language
# switcher's names of the other languages, each written as its own speakers write it; the
# names of the file types an export downloads (as the file itself is named); and the games'
# names the Russian catalog itself keeps in Latin (proper names, as Russian players know
# them; read from the catalog, see latin_game_names).
PRODUCT = {"Scorekeeper"}
LANGUAGE_NAMES = {"English", "Deutsch"}
FILE_TYPES = {"JSON", "CSV"}
WORD = re.compile(r"[^\W\d_]+(?:['’][^\W\d_]+)*")
LATIN_WORD = re.compile(r"[A-Za-z]+")
# A card as the score explanations write it: the suit's sign and its rank, a number or the
# letter the reader's deck has on the card's corner (an ace is A in German, Т for туз in Russian).
CARD = re.compile(r"[♠♥♦♣](10|\d|[^\W\d_])")
CARD_LETTERS = {"de": "AKDB", "ru": "ТКДВ"}
# Where a page's text starts a label of its own: headings, fieldset legends, table captions.
HEADING_TAGS = {"h1", "h2", "h3", "h4", "legend", "caption"}
# A multiplier in the play view and the word before it ("Einsatz ×6", "5 × Karte 2").
MULTIPLIER = re.compile(r"(\S+)\s*×\s*\d")
# A Latin x between numbers used as the multiplication sign ("3 x 10"); "×" is the sign.
TIMES_X = re.compile(r"\d\s*[xX]\s*\d|\b[xX]\s*\d|\d\s*[xX]\b")
# A role or seat written as a number sign and a number ("#3", "№2"): the Nwik sheet's roles were.
NUMBERED_ROLE = re.compile(r"(?<![\w&])[#№]\s?\d")
# Codes and English words that are also words of the reader's language, written so on a
# German page: "null" (zero, and Skat's null game), "ouvert" (Skat's open game, "Null
# ouvert"), "schwarz" (Skat's label, and a party that took no trick), "normal" (Doppelkopf's
# normal game).
CODES_THAT_ARE_WORDS = {"de": {"null", "ouvert", "schwarz", "normal"}, "ru": set()}


def catalog(language: str):
    with open(CATALOGS / language / "LC_MESSAGES" / "messages.po", "rb") as handle:
        return read_po(handle, locale=language)


def message_texts(message) -> tuple[list[str], list[str]]:
    ids = list(message.id) if isinstance(message.id, tuple) else [message.id]
    strings = list(message.string) if isinstance(message.string, tuple) else [message.string]
    return [text for text in ids if text], [text for text in strings if text]


def without_placeholders(text: str) -> str:
    return re.sub(r"%\([a-z_]+\)[sd]|\{[a-z_]+\}", " ", text)


def english_words() -> set[str]:
    """Words of the English message ids that no German translation uses (lowercased): on a
    German page such a word is English ("Trump", "bids", "win")."""
    english: set[str] = set()
    german: set[str] = set()
    for message in catalog("de"):
        ids, strings = message_texts(message)
        for text in ids:
            english.update(word.lower() for word in WORD.findall(without_placeholders(text)))
        for text in strings:
            german.update(word.lower() for word in WORD.findall(without_placeholders(text)))
    return {word for word in english - german if len(word) >= 3}


def latin_game_names() -> set[str]:
    """The games' names that the Russian catalog keeps in Latin letters (Nwik, Zwicker, ...)."""
    names = {game.name for game in all_games()}
    kept = set()
    for message in catalog("ru"):
        if message.id in names and isinstance(message.string, str):
            kept.update(LATIN_WORD.findall(message.string))
    return kept


def codes() -> set[str]:
    """Every code of the registry and the engines a page could leak: option names, string
    option values, round input field names and their string values (suits, honours, calls,
    styles), refusal codes. Case-sensitive whole words of two characters or more."""
    found: set[str] = set(SHARED_REFUSAL_ANCHORS)
    for game in all_games():
        found.add(game.id)
        for spec in game.all_option_specs():
            found.add(spec.name)
            for value in [spec.default, *(spec.choices or ())]:
                if isinstance(value, str):
                    found.add(value)
        for preset in game.presets:
            found.add(preset)
        found.update(adapter_for(game).refusal_anchors)
        table = game.table(PEOPLE[: adapter_for(game).first_seat_count()], game.resolve_options({}, adapter_for(game).first_seat_count()))
        for field in game.input_fields(table, game.initial_state(table).next or {}):
            found.add(field.name)
            if field.group:
                found.add(field.group)
            found.update(choice for choice in field.choices if isinstance(choice, str))
    # Codes that are words of the page's own language are left out where it is read
    # (CODES_THAT_ARE_WORDS).
    return {code for code in found if len(code) >= 2}


@contextmanager
def reading(app, language: str) -> Iterator[None]:
    """The engine's and the pages' words in `language`, as in a request of its reader."""
    with app.test_request_context(), force_locale(language), use_translator((gettext, _engine_ngettext)):
        yield


class HeadingText(HTMLParser):
    """The text each heading, legend and caption of a page starts with."""

    def __init__(self) -> None:
        super().__init__()
        self.starts: list[str] = []
        self.open: str | None = None

    def handle_starttag(self, tag, attrs):
        if tag in HEADING_TAGS and self.open is None:
            self.open = tag

    def handle_endtag(self, tag):
        if tag == self.open:
            self.open = None

    def handle_data(self, data):
        if self.open is not None and data.strip():
            self.starts.append(" ".join(data.split()))
            self.open = None  # the first words only: a note after them may start small


def heading_starts(html: str) -> list[str]:
    parser = HeadingText()
    parser.feed(html)
    return parser.starts


def visible_texts(html: str) -> list[str]:
    parser = VisibleText()
    parser.feed(html)
    return parser.texts


def with_optional_seats(rng: random.Random, game, table, state, raw: dict[str, Any], seat_labels: set[str]):
    """The legal round, with its optional seat fields (who chose trump, who went alone) given
    when the engine accepts them, so the history shows them too."""
    for field in game.input_fields(table, state.next or {}):
        if field.kind == SEAT:
            seat_labels.add(field.label)
        if field.kind == SEAT and field.name not in raw:
            tried = {**raw, field.name: rng.randrange(table.n)}
            try:
                return tried, game.play(table, state, tried)
            except RuleError:
                continue
    return raw, game.play(table, state, raw)


def players_said(game, table, hints, raw: dict[str, Any]) -> list[str]:
    """The players a round's words name: everyone, when it holds a count or choice per seat or
    side; else those its seat fields name (Skat's declarer, nobody when all passed; Doppelkopf's Re pair)."""
    fields = game.input_fields(table, hints)
    if any(field.per in ("seat", "side") and raw.get(field.group or field.name) is not None for field in fields):
        return list(table.players)
    seats = [raw[field.name] for field in fields if field.kind == SEAT and raw.get(field.name) is not None]
    return [table.name(seat) for value in seats for seat in (value if isinstance(value, list) else [value])]


def play(client, game, players, seed: int, league: str | None, headers, seat_labels: set[str]) -> str:
    """A match of several legal rounds through the API; its last round once withdrawn at
    the bidding, once undone and played again, and its first round edited."""
    body: dict[str, Any] = {"game": game.id, "players": players}
    if league:
        body["league"] = league
    created = client.post("/api/v1/matches", json=body, headers=headers).get_json()
    match_id = created["id"]
    table = game.table(players, created["options"])
    state = game.initial_state(table)
    rng = random.Random(seed)
    inputs = []
    while not state.finished and len(inputs) < ROUNDS_PER_MATCH:
        raw, _after = legal_round(rng, game, table, state)
        raw, state = with_optional_seats(rng, game, table, state, raw, seat_labels)
        inputs.append(raw)
        if game.has_bidding and len(inputs) == 2:
            bids = {field.name: raw[field.name] for field in game.input_fields(table, state.next or {}) if field.phase == BID and field.name in raw}
            url = f"/api/v1/matches/{match_id}/rounds/2/bidding"
            assert client.put(url, json=bids).status_code == 200, client.put(url, json=bids).get_json()
            assert client.delete(url).status_code == 204
        response = client.post(f"/api/v1/matches/{match_id}/rounds", json=raw)
        assert response.status_code == 201, response.get_json()
    if len(inputs) >= 2:
        assert client.delete(f"/api/v1/matches/{match_id}/rounds/{len(inputs)}").status_code == 204
        assert client.post(f"/api/v1/matches/{match_id}/rounds", json=inputs[-1]).status_code == 201
        # The first round again, as round 2 was: the later rounds replay alike or the edit is refused.
        edited = client.put(f"/api/v1/matches/{match_id}/rounds/1", json=inputs[1])
        if edited.status_code != 200:
            edited = client.put(f"/api/v1/matches/{match_id}/rounds/1", json=inputs[0])
        assert edited.status_code == 200, edited.get_json()
    return match_id


def replayed(client, game, match_id: str) -> tuple[Table, MatchState]:
    """The match as the server holds it (an edit may have changed what followed), replayed."""
    match = client.get(f"/api/v1/matches/{match_id}").get_json()
    table = game.table([player["name"] if isinstance(player, dict) else player for player in match["players"]], match["options"])
    state = game.initial_state(table)
    for scored in match["rounds"]:
        state = game.play(table, state, scored["input"])
    return table, state


def open_bidding(client, game, match_id: str, seed: int) -> tuple[Table, dict[str, Any]] | None:
    """The next round's bids saved (the hand still to play): the table and the engine's play
    view of them; None when the game has no bidding or the match is over."""
    if not game.has_bidding:
        return None
    table, state = replayed(client, game, match_id)
    if state.finished:
        return None
    raw, _after = legal_round(random.Random(seed), game, table, state)
    bids = {field.name: raw[field.name] for field in game.input_fields(table, state.next or {}) if field.phase == BID and field.name in raw}
    saved = client.put(f"/api/v1/matches/{match_id}/rounds/{state.round_count + 1}/bidding", json=bids)
    assert saved.status_code == 200, saved.get_json()
    return table, saved.get_json()["play"]


# The play views shown: page key -> (game, table, the engine's play view).
PlayViews = dict[str, tuple[Any, Table, dict[str, Any]]]


def played_pages(
    client, language: str, seat_labels: set[str], play_views: PlayViews | None = None
) -> tuple[dict[str, str], dict[str, list[str]]]:
    """Every page one language's reader sees, and each match page's history lines; the
    seat fields' labels (in English) go to `seat_labels`, the play views of the bidding left
    open in each match of a game with bidding to `play_views`."""
    headers = {"Accept-Language": language}
    sign_up(client, "tischrunde")
    league = client.post("/leagues", data={"name": "Freitag", "members": "Mara, Nils"}, headers=headers)
    league_url = league.headers["Location"]
    league_id = league_url.rsplit("/", 1)[-1]
    pages: dict[str, str] = {}
    for game in all_games():
        players = PEOPLE[: adapter_for(game).first_seat_count()]
        for url in (f"/matches/new?game={game.id}", f"/rules/{game.id}" if has_rules(game.id) else "/rules"):
            pages[url] = client.get(url, headers=headers).get_data(as_text=True)
        for seed in SEEDS:
            match_id = play(client, game, players, seed, league_id if seed == SEEDS[0] else None, headers, seat_labels)
            for suffix in ("", "/rounds/1/edit", "/undo"):
                url = f"/matches/{match_id}{suffix}"
                pages[url] = client.get(url, headers=headers).get_data(as_text=True)
            if (bidding := open_bidding(client, game, match_id, seed)) is not None:
                key = f"/matches/{match_id}#play-view"
                pages[key] = client.get(f"/matches/{match_id}", headers=headers).get_data(as_text=True)
                if play_views is not None:
                    play_views[key] = (game, *bidding)
        pages[f"{league_url}?game={game.id}"] = client.get(f"{league_url}?game={game.id}", headers=headers).get_data(as_text=True)
    for url in ("/", "/leagues", league_url, f"{league_url}/standings", "/players", "/rules", "/offline", MISSING_MATCH):
        pages[url] = client.get(url, headers=headers).get_data(as_text=True)
    for player in client.get("/api/v1/players").get_json():
        pages[f"/players/{player['id']}"] = client.get(f"/players/{player['id']}", headers=headers).get_data(as_text=True)
    for match_id in {url.split("/")[2].split("#")[0] for url in pages if url.startswith("/matches/") and "new?" not in url} - {"404404"}:
        # A read-only link: what a friend at another table sees.
        link = client.post(f"/api/v1/matches/{match_id}/share", json={}).get_json()["url"]
        shared = "/shared/" + link.rsplit("/shared/", 1)[1]
        pages[shared] = client.get(shared, headers=headers).get_data(as_text=True)
    histories = {url: history_lines(html) for url, html in pages.items() if history_lines(html)}
    return pages, histories


@pytest.fixture(scope="module")
def words() -> dict[str, Any]:
    foreign = {language: set().union(*(foreign_words(game, language) for game in all_games())) for language in LANGUAGES}
    return {"codes": codes(), "english": english_words(), "games": latin_game_names(), "foreign": foreign}


def problems_on(language: str, texts: list[str], words: dict[str, Any], ids: set[str]) -> list[str]:
    """What a reader of `language` should not see in these texts, each as "kind: what"."""
    found = []
    people = set(PEOPLE) | USER_DATA
    allowed_latin = people | PRODUCT | LANGUAGE_NAMES | FILE_TYPES | words["games"]
    codes = sorted(words["codes"] - CODES_THAT_ARE_WORDS[language])
    for text in texts:
        if text in ids and text not in CODES_THAT_ARE_WORDS[language]:
            found.append(f"English message: {text}")
        # A code as a whole word; the plain substring test first (hundreds of codes, thousands
        # of texts: a pattern for each pair was most of this test's time).
        for code in codes:
            if code in text and re.search(rf"(?<![\w-]){re.escape(code)}(?![\w-])", text):
                found.append(f"code {code!r}: {text}")
        if TIMES_X.search(text):
            found.append(f"x as times sign: {text}")
        if NUMBERED_ROLE.search(text):
            found.append(f"numbered role: {text}")
        for card in CARD.finditer(text):
            if card.group(1).isalpha() and card.group(1) not in CARD_LETTERS[language]:
                found.append(f"card letter {card.group(1)!r}: {text}")
        for word in WORD.findall(text):
            if word in words["foreign"].get(language, ()):
                found.append(f"English term {word!r}: {text}")
        plain = CARD.sub(" ", text)
        if language == "ru":
            for word in LATIN_WORD.findall(plain):
                if word not in allowed_latin:
                    found.append(f"Latin word {word!r}: {text}")
        if language == "de":
            for word in WORD.findall(plain):
                if word.lower() in words["english"] and word not in people:
                    found.append(f"English word {word!r}: {text}")
    return found


def seat_numbers(game_words: list[str], lines: list[str]) -> list[str]:
    """History lines where a seat field's word is followed by a number, not a name."""
    return [
        line for line in lines for word in game_words if re.search(rf"{re.escape(word)}:?\s+\d", line)
    ]


def play_view_problems(app, language: str, html: str, game, table: Table, play: dict[str, Any]) -> list[str]:
    """What the play view of an open bidding fails to say: who leads the first trick (the
    engine's leader, or the game's own rule when it names none), and what each multiplier is
    (the number field it is, "Einsatz ×6", not "Karo Trumpf ×6"; a product of numbers,
    "5 × Karte 2", says itself)."""
    shown = play_view(html)
    if shown is None:
        return ["no play view of the saved bids"]
    found = []
    with reading(app, language):
        lead = adapter_for(game).first_lead(table, play)
        labels = {
            _(field.label).lower()
            for field in game.input_fields(table, game.initial_state(table).next or {})
            if field.kind == INT or (field.choices and all(isinstance(choice, int) for choice in field.choices))
        }
    if lead is None or lead not in shown:
        found.append(f"who leads the first trick ({lead!r}) not said: {shown}")
    for multiplier in MULTIPLIER.finditer(shown):
        before = multiplier.group(1).rstrip(",:;(").lower()
        if not before[-1:].isdigit() and before not in labels:
            found.append(f"multiplier without its word: {multiplier.group(0)!r} in {shown}")
    return found


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_played_match_shows_only_player_words(client, app, language, words):
    seat_labels: set[str] = set()
    play_views: PlayViews = {}
    pages, histories = played_pages(client, language, seat_labels, play_views)
    ids = english_ids(language)
    found = {}
    for url, html in pages.items():
        texts = visible_texts(html)
        problems = problems_on(language, texts, words, ids)
        problems += [f"heading starts small: {start}" for start in heading_starts(html) if start[:1].islower()]
        if problems:
            found[url] = sorted(set(problems))
    assert histories, "the played matches show their history"
    assert play_views or not any(game.has_bidding for game in all_games()), "the games with bidding show a play view"
    for url, (game, table, play) in play_views.items():
        if bad := play_view_problems(app, language, pages[url], game, table, play):
            found.setdefault(url, []).extend(bad)
    with reading(app, language):
        seat_words = {_(label) for label in seat_labels}
    for url, lines in histories.items():
        if bad := seat_numbers(sorted(seat_words), lines):
            found.setdefault(url, []).extend(f"seat number: {line}" for line in bad)
    report = "\n".join(f"{url}:\n  " + "\n  ".join(items) for url, items in found.items())
    assert not found, f"codes or foreign words on {language} pages:\n{report}"


# The banner's verb for one winner and for more (a team, a shared win), per language.
WIN_VERBS = {"en": ("wins", "win"), "de": ("gewinnt", "gewinnen"), "ru": ("побеждает", "побеждают")}


def banner(html: str) -> str:
    found = re.search(r'<div class="banner"[^>]*id="winner-banner">(.*?)</div>', html, re.S)
    return " ".join(unescape(found.group(1)).split()) if found else ""


@pytest.mark.parametrize("language", sorted(WIN_VERBS))
def test_the_winner_banner_agrees_with_how_many_won(client, language):
    """One winner wins, a team or a shared win win: "★ Mara wins!", "★ Mara & Oda win!"."""
    headers = {"Accept-Language": language}
    for game in all_games():
        players = PEOPLE[: adapter_for(game).first_seat_count()]
        options = generator_for(game)[1]
        created = client.post("/api/v1/matches", json={"game": game.id, "players": players, "options": options}).get_json()
        table = game.table(players, created["options"])
        state = game.initial_state(table)
        rng = random.Random(11)
        ending = ""
        while not state.finished:
            raw, after = legal_round(rng, game, table, state)
            if after.finished:
                # The round form's preview of the last round says so first.
                form = {**adapter_for(game).form_values(raw, table, state.next or {}), "expected_number": str(after.round_count)}
                preview = client.post(f"/matches/{created['id']}/preview", data=form, headers=headers).get_data(as_text=True)
                ending = " ".join(texts for texts in visible_texts(preview) if "·" not in texts)
            assert client.post(f"/api/v1/matches/{created['id']}/rounds", json=raw).status_code == 201
            state = after
        text = banner(client.get(f"/matches/{created['id']}", headers=headers).get_data(as_text=True))
        people = len(state.winners) if len(state.winners) > 1 else len(table.sides[state.winners[0]])
        one, more = WIN_VERBS[language]
        verb = one if people == 1 else more
        assert re.search(rf"(?<!\w){verb}(?!\w)", text), (game.id, people, text)
        assert re.search(rf"(?<!\w){verb}(?!\w)", ending), (game.id, people, ending)


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("game", all_games(), ids=lambda game: game.id)
def test_the_generic_adapter_words_any_games_rounds(app, game, language, words):
    """A game registered without an adapter of its own still words its history from the
    engine's field descriptions: no code, the seat fields by name, every player named."""
    from scorekeeper.engine.entry.adapter import GameAdapter

    adapter = GameAdapter(game)
    players = PEOPLE[: adapter.first_seat_count()]
    table = game.table(players, game.resolve_options(dict(generator_for(game)[1]), len(players)))
    state = game.initial_state(table)
    rng = random.Random(5)
    seat_labels: set[str] = set()
    with reading(app, language):
        for _round in range(6):
            if state.finished:
                break
            hints = state.next or {}
            raw, _after = legal_round(rng, game, table, state)
            raw, state = with_optional_seats(rng, game, table, state, raw, seat_labels)
            line = adapter.round_words(table, raw, hints)
            assert problems_on(language, [line], words, set()) == [], line
            assert seat_numbers(sorted(_(label) for label in seat_labels), [line]) == [], line
            assert all(name in line for name in players_said(game, table, hints, raw)), line
