"""The refusals a page shows beside its form, by code and in the player's words."""
from __future__ import annotations

import html as html_lib
import re

from scorekeeper.engine.games import Game

# What a player's screen never shows: identifiers (snake_case), JSON literals and brackets.
IDENTIFIER = re.compile(r"\b[a-z]+_[a-z0-9_]+\b")
JSON_LITERAL = re.compile(r"\b(?:null|true|false|None|True|False)\b|[{}\[\]\"]")
# The messages of the form: the live check's refusal, the JS-off summary, the one beside its field and the save bar's state.
MESSAGES = re.compile(r'<(p|div) [^>]*class="(?:refusal|field-error|error-summary|bar-state)[^"]*"[^>]*>(.*?)</\1>', re.S)


def codes_of(game: Game, table, language: str) -> set[str]:
    """The game's own codes that are not words (honours such as AC or J25, option names),
    and in German and Russian the choices as JSON spells them (suits such as "hearts")."""
    codes = {spec.name for spec in game.all_option_specs() if not spec.name.isalpha()}
    for field in game.input_fields(table, game.initial_state(table).next):
        if not field.name.isalpha():
            codes.add(field.name)
        for choice in field.choices:
            if isinstance(choice, str) and (any(c.isdigit() for c in choice) or choice.isupper()):
                codes.add(choice)
            elif isinstance(choice, str) and field.choice_names and language != "en":
                codes.add(choice)
    return codes


def shown_messages(page: str) -> list[str]:
    return [
        " ".join(html_lib.unescape(re.sub(r"<[^>]+>", " ", body)).split())
        for _tag, body in MESSAGES.findall(page)
    ]


def words_wrong(message: str, codes: set[str]) -> list[str]:
    found = IDENTIFIER.findall(message) + JSON_LITERAL.findall(message)
    found += [code for code in codes if code in message and re.search(rf"(?<![\w]){re.escape(code)}(?![\w])", message)]
    return found
