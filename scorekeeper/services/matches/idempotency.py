"""Idempotency-Keys of recorded rounds: the body's fingerprint, and what a retry of a key is answered.

A key names one round of one match. Its retry with the same body is answered with the
round stored the first time; with another body it is refused (422), as the IETF
Idempotency-Key draft answers a reused key: answering the first round would tell the
client its round was stored when another was. The key of a round since undone (or
refused at table check) is refused too (409): recording it again would bring back a
round the table took back. The checks run under the match's lock, in the write's
transaction.
"""
from __future__ import annotations

import hashlib
import json
from typing import Any, cast

from sqlalchemy import Table as SqlTable
from sqlalchemy import bindparam, select

from ...engine.core.i18n import _
from ...extensions import db
from ...models import Round, UndoneRoundKey
from .. import ServiceError

_rounds, _undone = (cast(SqlTable, model.__table__) for model in (Round, UndoneRoundKey))

KEYED_ROUND = select(_rounds.c.number, _rounds.c.idempotency_fingerprint).where(
    _rounds.c.match_id == bindparam("match_id"), _rounds.c.idempotency_key == bindparam("key")
)
UNDONE_KEY = select(_undone.c.round_number, _undone.c.fingerprint).where(
    _undone.c.match_id == bindparam("match_id"), _undone.c.key == bindparam("key")
)
#: The field a refusal names: the header (a form sends it as its idempotency_key field).
KEY_FIELD = "Idempotency-Key"


def fingerprint(body: Any) -> str:
    """The SHA-256 of the body as canonical JSON (keys sorted): the same round sent again
    with its keys in another order is the same request."""
    text = json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=False, default=str)
    return hashlib.sha256(text.encode()).hexdigest()


def keyed_number(match_id: str, key: str, sent: str | None) -> int | None:
    """The number of the round stored with `key`, to answer its retry with; None when the
    key is new to the match. `sent` is the retry's fingerprint (None: not known yet).
    Refused: the key sent before with another body (422), the key of an undone round (409)."""
    values = {"match_id": match_id, "key": key}
    stored = db.session.connection().execute(KEYED_ROUND, values).first()
    if stored is not None:
        _check_same_body(key, stored[1], sent)
        return stored[0]
    undone = db.session.connection().execute(UNDONE_KEY, values).first()
    if undone is None:
        return None
    _check_same_body(key, undone[1], sent)
    raise ServiceError(
        409,
        _(
            "round {number}, sent with Idempotency-Key {key}, was undone: to record it again, send it with a new key",
            number=undone[0],
            key=repr(key),
        ),
        code="round_undone",
        field=KEY_FIELD,
    )


def _check_same_body(key: str, stored: str | None, sent: str | None) -> None:
    # A fingerprint unknown on either side (a round stored before fingerprints were kept,
    # a form for a round recorded meanwhile, not read) cannot be compared: the retry is
    # taken as the same.
    if stored is not None and sent is not None and stored != sent:
        raise ServiceError(
            422,
            _("Idempotency-Key {key} was sent before with another round: send this round with a new key", key=repr(key)),
            code="idempotency_key_reused",
            field=KEY_FIELD,
        )


def remember_undone(round_: Round) -> None:
    """Keep the key of the round being undone, in the undo's transaction: its retry is
    then refused (keyed_number), never recorded a second time."""
    if round_.idempotency_key is None:
        return
    db.session.add(
        UndoneRoundKey(
            match_id=round_.match_id,
            key=round_.idempotency_key,
            round_number=round_.number,
            fingerprint=round_.idempotency_fingerprint,
        )
    )
