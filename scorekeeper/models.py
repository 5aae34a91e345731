"""Database models: players, matches, rounds and their engine snapshots, biddings, leagues, seasons, accounts, roles, share links, limits and the audit trails.

Over 400 lines, and one module on purpose: the whole schema in one place, as Flask-Migrate's
autogenerate compares it with the database and as a reader of the migrations looks it up.
"""
from __future__ import annotations

import re
import secrets
from datetime import UTC, date, datetime
from typing import TYPE_CHECKING, Any

from sqlalchemy import JSON, ForeignKey, Index, String, Text, UniqueConstraint, false, func, text, true
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


#: What an id of this app can look like (new_id, and shorter hand-made ones in tests).
ID_PATTERN = re.compile(r"[0-9a-z]{1,16}")


def is_id(value: object) -> bool:
    """Whether `value` could be an id here: anything else is looked up nowhere."""
    return isinstance(value, str) and ID_PATTERN.fullmatch(value) is not None


def utcnow() -> datetime:
    return datetime.now(UTC).replace(tzinfo=None)


class Player(Model):
    """A name on a roster. Every player belongs to one scope (see services.scopes): a
    league ("league:<id>"), or the account ("user:<id>") or device ("device:<id>") that
    started a casual match. A name is unique within its scope only: the Ann of one
    league is never the Ann of another."""

    __tablename__ = "players"
    __table_args__ = (UniqueConstraint("scope", "name_key"),)

    id: Mapped[str] = mapped_column(String(16), primary_key=True, default=new_id)
    scope: Mapped[str] = mapped_column(String(48), index=True)
    name: Mapped[str] = mapped_column(String(80))
    # The name folded for comparison ("ann" is Ann): SQLite's lower() only knows ASCII,
    # so the folding is done in Python, for every database alike.
    name_key: Mapped[str] = mapped_column(String(80))
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
    # The players ended the match after this many rounds, before its own end (the engine's
    # Table.ended_after; None: they did not). Part of what the rounds are replayed under.
    ended_after: Mapped[int | None] = mapped_column(default=None)
    # A league match's result as one compact JSON text (player ids by seat, sides, totals,
    # winners), kept in step with the seats and the summary by every write: a league's first
    # standings and ratings decode it once per match, without the seats (services.league_ledgers).
    # NULL for a casual match.
    result: Mapped[str | None] = mapped_column(Text)

    seats: Mapped[list[Seat]] = relationship(
        order_by="Seat.seat", cascade="all, delete-orphan", lazy="selectin"
    )
    rounds: Mapped[list[Round]] = relationship(
        order_by="Round.number", cascade="all, delete-orphan", lazy="selectin"
    )
    #: the bidding half of the next round, said before its hand is played (None: none open)
    bidding: Mapped[Bidding | None] = relationship(cascade="all, delete-orphan", lazy="selectin", uselist=False)


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
    # The SHA-256 of the body the key came with (services.matches.idempotency): a retry of
    # the key with another body is refused, not answered with this round. None for rounds
    # stored before it was kept, and a round without a key.
    idempotency_fingerprint: Mapped[str | None] = mapped_column(String(64))
    confirmed: Mapped[bool] = mapped_column(default=True, server_default=true())
    # Who recorded it ("user:<id>" or "device:<id>"): the confirming phone must differ.
    recorded_by: Mapped[str | None] = mapped_column(String(80))
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(default=utcnow)


class UndoneRoundKey(Model):
    """The Idempotency-Key of a round that was undone (or refused at table check): a retry
    of the key is told the round was undone (409), never recorded a second time."""

    __tablename__ = "undone_round_keys"

    match_id: Mapped[str] = mapped_column(ForeignKey("matches.id", ondelete="CASCADE"), primary_key=True)
    key: Mapped[str] = mapped_column(String(200), primary_key=True)
    round_number: Mapped[int]
    fingerprint: Mapped[str | None] = mapped_column(String(64))
    undone_at: Mapped[datetime] = mapped_column(default=utcnow)


class Bidding(Model):
    """The bids of the round about to be played (in a game with a bidding phase), stored before
    the hand so every phone at the table sees them; the hand's result completes the round,
    which then replaces it. At most one per match."""

    __tablename__ = "biddings"

    match_id: Mapped[str] = mapped_column(ForeignKey("matches.id", ondelete="CASCADE"), primary_key=True)
    round_number: Mapped[int]
    input: Mapped[dict[str, Any]] = mapped_column(JSON)
    recorded_by: Mapped[str | None] = mapped_column(String(80))
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(default=utcnow)


class DeviceMatch(Model):
    """Casual matches a device created or opened: what its home page and list may show."""

    __tablename__ = "device_matches"

    device_id: Mapped[str] = mapped_column(String(32), primary_key=True)
    match_id: Mapped[str] = mapped_column(ForeignKey("matches.id", ondelete="CASCADE"), primary_key=True)
    seen_at: Mapped[datetime] = mapped_column(default=utcnow)
    # When the device first opened the match (seen_at moves on): table check accepts a
    # confirmation only from a device that sat at the table before the round was recorded.
    first_seen_at: Mapped[datetime] = mapped_column(default=utcnow, server_default=func.current_timestamp())


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
    # NFKC + casefold of the username: "Ｍax" and "max" are one account.
    username_key: Mapped[str] = mapped_column(String(40), unique=True)
    # What the name looks like (look-alike letters folded to one): "аnn" with a Cyrillic
    # а is refused while "ann" exists. None only for accounts made before the check.
    username_skeleton: Mapped[str | None] = mapped_column(String(160), unique=True)
    password_hash: Mapped[str] = mapped_column(String(200))
    # Part of every session cookie; signing out or changing the password bumps it, which
    # ends every copy of every session of this account.
    session_version: Mapped[int] = mapped_column(default=1, server_default=text("1"))
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


class RateCounter(Model):
    """One budget of a rate limit (sign-ins per address, match creations per address, ...),
    shared by every worker: a single atomic upsert counts an attempt and returns the count.

    `key` is a digest of what is counted (the kind of limit, the normalised name, the
    address), so a name of any length fits and no name is stored in the clear.
    """

    __tablename__ = "rate_counters"

    key: Mapped[str] = mapped_column(String(64), primary_key=True)
    count: Mapped[int]
    # The budget refills at this moment; past it, the next attempt starts a new window.
    resets_at: Mapped[datetime] = mapped_column(index=True)


class ShareLink(Model):
    """A read-only link: a random token (only its SHA-256 is stored) that shows one match
    or one league's standings, until it expires or is revoked."""

    __tablename__ = "share_links"

    id: Mapped[str] = mapped_column(String(16), primary_key=True, default=new_id)
    token_hash: Mapped[str] = mapped_column(String(64), unique=True)
    kind: Mapped[str] = mapped_column(String(16))
    match_id: Mapped[str | None] = mapped_column(ForeignKey("matches.id", ondelete="CASCADE"), index=True)
    league_id: Mapped[str | None] = mapped_column(ForeignKey("leagues.id", ondelete="CASCADE"), index=True)
    # Who made it: their links end when they lose their role in the league.
    created_by: Mapped[str | None] = mapped_column(ForeignKey("users.id", ondelete="SET NULL"), index=True)
    creator_label: Mapped[str] = mapped_column(String(120))
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    expires_at: Mapped[datetime | None]
    revoked_at: Mapped[datetime | None]


class LeagueAuditEntry(Model):
    """Who changed what in a league's records (roles, members, seasons, names, merges,
    share links), when, from what to what, and why."""

    __tablename__ = "league_audit_entries"

    id: Mapped[int] = mapped_column(primary_key=True, autoincrement=True)
    league_id: Mapped[str] = mapped_column(ForeignKey("leagues.id", ondelete="CASCADE"), index=True)
    actor: Mapped[str] = mapped_column(String(120))
    user_id: Mapped[str | None] = mapped_column(ForeignKey("users.id", ondelete="SET NULL"))
    action: Mapped[str] = mapped_column(String(32))
    before: Mapped[Any | None] = mapped_column(JSON)
    after: Mapped[Any | None] = mapped_column(JSON)
    reason: Mapped[str | None] = mapped_column(Text)
    at: Mapped[datetime] = mapped_column(default=utcnow)


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


class MatchRender(Model):
    """What a match shows every reader of one language alike, rendered once per version
    and shared by every worker (services/matches/renders.py): its JSON document, or its
    page's shared parts (a JSON object of HTML by part name). Never the source of truth,
    and nothing of one reader: a newer version's render replaces the row."""

    __tablename__ = "match_renders"

    match_id: Mapped[str] = mapped_column(ForeignKey("matches.id", ondelete="CASCADE"), primary_key=True)
    #: "document" or "page"
    kind: Mapped[str] = mapped_column(String(16), primary_key=True)
    language: Mapped[str] = mapped_column(String(5), primary_key=True)
    version: Mapped[int]
    #: the code that rendered it (sources, templates, catalogs): another deploy renders again
    build: Mapped[str] = mapped_column(String(32))
    body: Mapped[str] = mapped_column(Text)


class RoundSnapshot(Model):
    """The rules engine's state after a match's first `rounds` counted rounds, as the engine's
    versioned snapshot (Game.snapshot: numbers and codes, no words), so that recording the
    next round plays one round instead of replaying them all. Never the source of truth:
    the rounds are. A write that changes round n drops the snapshots from n on; a missing
    or outdated one is rebuilt by replay (services.snapshots)."""

    __tablename__ = "round_snapshots"

    match_id: Mapped[str] = mapped_column(ForeignKey("matches.id", ondelete="CASCADE"), primary_key=True)
    rounds: Mapped[int] = mapped_column(primary_key=True)
    body: Mapped[dict[str, Any]] = mapped_column(JSON)


class LeagueLedger(Model):
    """A league's standings or ratings as a running ledger (league.ledgers: per-player sums,
    or openskill ratings in played order), in step with the league while `version` equals
    the league's: a recorded result then updates it instead of a recomputation of every
    match. Any other change of the league leaves it behind, and the next read rebuilds it."""

    __tablename__ = "league_ledgers"

    league_id: Mapped[str] = mapped_column(ForeignKey("leagues.id", ondelete="CASCADE"), primary_key=True)
    #: what it tallies: "standings:<season>:<game>" or "ratings:<game>"
    key: Mapped[str] = mapped_column(String(120), primary_key=True)
    version: Mapped[int]
    body: Mapped[str] = mapped_column(Text)


class RatingCheckpoint(Model):
    """A copy of a ratings ledger after its first `rated` matches (every few hundred), so an
    edited or inserted match rates again only the matches from the checkpoint before it on."""

    __tablename__ = "rating_checkpoints"

    league_id: Mapped[str] = mapped_column(ForeignKey("leagues.id", ondelete="CASCADE"), primary_key=True)
    key: Mapped[str] = mapped_column(String(120), primary_key=True)
    rated: Mapped[int] = mapped_column(primary_key=True)
    #: the played-order key of the last match it rated
    last_played_at: Mapped[datetime]
    last_match_id: Mapped[str] = mapped_column(String(16))
    body: Mapped[str] = mapped_column(Text)
