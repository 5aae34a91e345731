"""Database models: players, matches, rounds, leagues, seasons, accounts, roles and the audit trail."""
from __future__ import annotations

import secrets
from datetime import UTC, date, datetime
from typing import TYPE_CHECKING, Any

from sqlalchemy import JSON, ForeignKey, Index, String, Text, UniqueConstraint, false, true
from sqlalchemy.orm import Mapped, mapped_column, relationship

from .extensions import db

if TYPE_CHECKING:
    # mypy cannot see through flask-sqlalchemy's generated db.Model: type it as the declarative base it extends.
    from .extensions import Base as Model
else:
    Model = db.Model

# Lowercase letters and digits without look-alikes (0/o, 1/l): ids get read aloud at tables.
ID_ALPHABET = "23456789abcdefghijkmnpqrstuvwxyz"


def new_id(length: int = 16) -> str:
    """An unguessable opaque id (16 of 32 symbols: 80 bits)."""
    return "".join(secrets.choice(ID_ALPHABET) for _ in range(length))


def utcnow() -> datetime:
    return datetime.now(UTC).replace(tzinfo=None)


class Player(Model):
    __tablename__ = "players"

    id: Mapped[str] = mapped_column(String(16), primary_key=True, default=new_id)
    name: Mapped[str] = mapped_column(String(80))
    # The name folded for comparison ("ann" is Ann): SQLite's lower() only knows ASCII,
    # so the folding is done in Python, for every database alike.
    name_key: Mapped[str] = mapped_column(String(80), unique=True)
    created_at: Mapped[datetime] = mapped_column(default=utcnow)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.name_key = name_key(self.name)

    def rename(self, name: str) -> None:
        self.name = name
        self.name_key = name_key(name)


def name_key(name: str) -> str:
    return name.casefold()


class Match(Model):
    """A match: its game, frozen options and sides; its state is derived from its rounds.

    `version` changes with every write: it is the ETag, and the conditional update of it
    serialises writers of one match on every database.
    """

    __tablename__ = "matches"

    id: Mapped[str] = mapped_column(String(16), primary_key=True, default=new_id)
    game: Mapped[str] = mapped_column(String(32))
    # A league match counts for the league's standings; a casual match has none.
    league_id: Mapped[str | None] = mapped_column(ForeignKey("leagues.id"), index=True)
    # A casual match started by a signed-in user is written only by them; one started
    # without an account is written by whoever holds its link (its id is the key).
    created_by: Mapped[str | None] = mapped_column(ForeignKey("users.id"), index=True)
    # Table check: a round counts only once a second phone (another device or account)
    # confirms it; until then it is pending (at most one, always the last).
    table_check: Mapped[bool] = mapped_column(default=False, server_default=false())
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    sides: Mapped[list[list[int]]] = mapped_column(JSON)
    version: Mapped[int] = mapped_column(default=1)
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(default=utcnow, index=True)
    # Summary kept in step with the rounds for lists (never the source of truth).
    round_count: Mapped[int] = mapped_column(default=0)
    totals: Mapped[list[int]] = mapped_column(JSON)
    finished: Mapped[bool] = mapped_column(default=False)
    winners: Mapped[list[int]] = mapped_column(JSON)

    seats: Mapped[list[Seat]] = relationship(
        order_by="Seat.seat", cascade="all, delete-orphan", lazy="selectin"
    )
    rounds: Mapped[list[Round]] = relationship(
        order_by="Round.number", cascade="all, delete-orphan", lazy="selectin"
    )


class Seat(Model):
    __tablename__ = "seats"
    __table_args__ = (UniqueConstraint("match_id", "player_id"),)

    match_id: Mapped[str] = mapped_column(ForeignKey("matches.id", ondelete="CASCADE"), primary_key=True)
    seat: Mapped[int] = mapped_column(primary_key=True)
    player_id: Mapped[str] = mapped_column(ForeignKey("players.id"), index=True)

    player: Mapped[Player] = relationship(lazy="joined")


class Round(Model):
    """One recorded round: the input as posted and what it scored.

    Its explanation is not stored: words are rendered in each reader's language, by
    replaying the stored inputs.
    """

    __tablename__ = "rounds"
    __table_args__ = (
        # A retry with the same Idempotency-Key can never store a second round.
        Index("uq_rounds_match_id_idempotency_key", "match_id", "idempotency_key", unique=True),
    )

    match_id: Mapped[str] = mapped_column(ForeignKey("matches.id", ondelete="CASCADE"), primary_key=True)
    # Part of the primary key: two writers racing for one number cannot both insert it.
    number: Mapped[int] = mapped_column(primary_key=True)
    input: Mapped[dict[str, Any]] = mapped_column(JSON)
    scores: Mapped[list[int]] = mapped_column(JSON)
    idempotency_key: Mapped[str | None] = mapped_column(String(200))
    confirmed: Mapped[bool] = mapped_column(default=True, server_default=true())
    # Who recorded it ("user:<id>" or "device:<id>"): the confirming phone must differ.
    recorded_by: Mapped[str | None] = mapped_column(String(80))
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(default=utcnow)


class DeviceMatch(Model):
    """Casual matches a device created or opened: what its home page and list may show."""

    __tablename__ = "device_matches"

    device_id: Mapped[str] = mapped_column(String(32), primary_key=True)
    match_id: Mapped[str] = mapped_column(ForeignKey("matches.id", ondelete="CASCADE"), primary_key=True)
    seen_at: Mapped[datetime] = mapped_column(default=utcnow)


class League(Model):
    """A house league: the same people playing week after week.

    `version` changes whenever anything that league records depend on changes (a round
    of one of its matches, a match, a member, a season): cached standings and ratings
    are valid only for the version they were computed at.
    """

    __tablename__ = "leagues"

    id: Mapped[str] = mapped_column(String(16), primary_key=True, default=new_id)
    name: Mapped[str] = mapped_column(String(80))
    version: Mapped[int] = mapped_column(default=1)
    created_at: Mapped[datetime] = mapped_column(default=utcnow)

    members: Mapped[list[LeagueMember]] = relationship(cascade="all, delete-orphan", lazy="selectin")
    seasons: Mapped[list[Season]] = relationship(
        order_by="Season.starts_on", cascade="all, delete-orphan", lazy="selectin"
    )


class LeagueMember(Model):
    __tablename__ = "league_members"

    league_id: Mapped[str] = mapped_column(ForeignKey("leagues.id", ondelete="CASCADE"), primary_key=True)
    player_id: Mapped[str] = mapped_column(ForeignKey("players.id"), primary_key=True, index=True)
    joined_at: Mapped[datetime] = mapped_column(default=utcnow)

    player: Mapped[Player] = relationship(lazy="joined")


class Season(Model):
    """A date range of a league, the games that count in it and the matches to be ranked.

    A league match belongs to every season whose range holds the day it was played and
    whose games include its game (no games listed: every game counts).
    """

    __tablename__ = "seasons"

    id: Mapped[str] = mapped_column(String(16), primary_key=True, default=new_id)
    league_id: Mapped[str] = mapped_column(ForeignKey("leagues.id", ondelete="CASCADE"), index=True)
    name: Mapped[str] = mapped_column(String(80))
    starts_on: Mapped[date]
    ends_on: Mapped[date]
    games: Mapped[list[str]] = mapped_column(JSON)
    min_matches: Mapped[int] = mapped_column(default=0)


class CachedResult(Model):
    """A computed result (standings, ratings, ...) shared by every worker and server.

    Valid while `version` equals the version of what it was computed from.
    """

    __tablename__ = "cached_results"

    key: Mapped[str] = mapped_column(String(200), primary_key=True)
    version: Mapped[int]
    value: Mapped[str] = mapped_column(Text)
    computed_at: Mapped[datetime] = mapped_column(default=utcnow)


class User(Model):
    """An account: signs in with a password (argon2 hash) or an API token."""

    __tablename__ = "users"

    id: Mapped[str] = mapped_column(String(16), primary_key=True, default=new_id)
    username: Mapped[str] = mapped_column(String(40))
    username_key: Mapped[str] = mapped_column(String(40), unique=True)
    password_hash: Mapped[str] = mapped_column(String(200))
    # The language the user chose ("en", "de", "ru"); None: follow the browser.
    language: Mapped[str | None] = mapped_column(String(5))
    created_at: Mapped[datetime] = mapped_column(default=utcnow)

    # Flask-Login's user protocol.
    is_authenticated = True
    is_active = True
    is_anonymous = False

    def get_id(self) -> str:
        return self.id


class ApiToken(Model):
    """A token for scripts; only its SHA-256 is stored (it is random and long, so a slow
    hash adds nothing), and the owner can revoke it."""

    __tablename__ = "api_tokens"

    id: Mapped[str] = mapped_column(String(16), primary_key=True, default=new_id)
    user_id: Mapped[str] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    name: Mapped[str] = mapped_column(String(80))
    token_hash: Mapped[str] = mapped_column(String(64), unique=True)
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    last_used_at: Mapped[datetime | None]
    revoked_at: Mapped[datetime | None]

    user: Mapped[User] = relationship(lazy="joined")


class LeagueRole(Model):
    """What an account may do in a league: owner (everything), scorer (record and edit
    matches), viewer (read)."""

    __tablename__ = "league_roles"

    league_id: Mapped[str] = mapped_column(ForeignKey("leagues.id", ondelete="CASCADE"), primary_key=True)
    user_id: Mapped[str] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), primary_key=True, index=True)
    role: Mapped[str] = mapped_column(String(10))
    granted_at: Mapped[datetime] = mapped_column(default=utcnow)

    user: Mapped[User] = relationship(lazy="joined")


class LoginAttempt(Model):
    """Recent sign-in attempts: the shared memory behind the login rate limit."""

    __tablename__ = "login_attempts"
    __table_args__ = (Index("ix_login_attempts_username_key_at", "username_key", "at"),)

    id: Mapped[int] = mapped_column(primary_key=True, autoincrement=True)
    username_key: Mapped[str] = mapped_column(String(40))
    address: Mapped[str] = mapped_column(String(64), index=True)
    succeeded: Mapped[bool]
    at: Mapped[datetime] = mapped_column(default=utcnow, index=True)


class AuditEntry(Model):
    """Who changed what in a match, when, from what to what, and why."""

    __tablename__ = "audit_entries"

    id: Mapped[int] = mapped_column(primary_key=True, autoincrement=True)
    match_id: Mapped[str] = mapped_column(ForeignKey("matches.id", ondelete="CASCADE"), index=True)
    actor: Mapped[str] = mapped_column(String(120))
    user_id: Mapped[str | None] = mapped_column(ForeignKey("users.id"))
    action: Mapped[str] = mapped_column(String(32))
    round_number: Mapped[int | None]
    before: Mapped[Any | None] = mapped_column(JSON)
    after: Mapped[Any | None] = mapped_column(JSON)
    reason: Mapped[str | None] = mapped_column(Text)
    at: Mapped[datetime] = mapped_column(default=utcnow)

    # Declared so the unit of work inserts the match before its first entry.
    match: Mapped[Match] = relationship()


class MatchDocument(Model):
    """A match as the API serves it, rendered once per version and language and shared by
    every worker: reading a match then costs one query instead of a replay of all its
    rounds. Its explanations are in `language`: each reader gets their own."""

    __tablename__ = "match_documents"

    match_id: Mapped[str] = mapped_column(ForeignKey("matches.id", ondelete="CASCADE"), primary_key=True)
    language: Mapped[str] = mapped_column(String(5), primary_key=True)
    version: Mapped[int]
    body: Mapped[str] = mapped_column(Text)
