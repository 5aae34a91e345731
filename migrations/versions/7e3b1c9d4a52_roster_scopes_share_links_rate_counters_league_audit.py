"""trust between strangers: roster scopes, stored share links, rate counters, league audit, session versions

Every player is moved into one scope: the league they play in, or the account or device
that started their casual matches. A player who appears in several scopes (the old
roster was global: one Ann for every league) is copied once per further scope, and that
scope's seats and memberships move to the copy, so every league keeps its whole history
with players of its own. Players nobody uses go to the scope "unclaimed".

Revision ID: 7e3b1c9d4a52
Revises: 5e1d0c7a9b42
Create Date: 2026-12-01 08:40:00

"""
import secrets

from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = '7e3b1c9d4a52'
down_revision = '5e1d0c7a9b42'
branch_labels = None
depends_on = None

ID_ALPHABET = "23456789abcdefghijkmnpqrstuvwxyz"
UNCLAIMED = "unclaimed"


def new_id() -> str:
    return "".join(secrets.choice(ID_ALPHABET) for _ in range(16))


players = sa.table(
    "players", sa.column("id", sa.String), sa.column("scope", sa.String), sa.column("name", sa.String),
    sa.column("name_key", sa.String), sa.column("created_at", sa.DateTime),
)
matches = sa.table(
    "matches", sa.column("id", sa.String), sa.column("league_id", sa.String), sa.column("created_by", sa.String),
)
seats = sa.table("seats", sa.column("match_id", sa.String), sa.column("player_id", sa.String))
league_members = sa.table("league_members", sa.column("league_id", sa.String), sa.column("player_id", sa.String))
leagues = sa.table("leagues", sa.column("id", sa.String), sa.column("created_at", sa.DateTime))
device_matches = sa.table(
    "device_matches", sa.column("device_id", sa.String), sa.column("match_id", sa.String),
    sa.column("seen_at", sa.DateTime), sa.column("first_seen_at", sa.DateTime),
)
users = sa.table(
    "users", sa.column("id", sa.String), sa.column("username", sa.String),
    sa.column("username_skeleton", sa.String),
)


def match_scopes(connection) -> dict[str, str]:
    """Each match's scope: its league, else the account that started it, else the first
    device that opened it."""
    first_device: dict[str, str] = {}
    for device_id, match_id in connection.execute(
        sa.select(device_matches.c.device_id, device_matches.c.match_id).order_by(
            device_matches.c.seen_at, device_matches.c.device_id
        )
    ):
        first_device.setdefault(match_id, device_id)
    scopes = {}
    for match_id, league_id, created_by in connection.execute(
        sa.select(matches.c.id, matches.c.league_id, matches.c.created_by)
    ):
        if league_id is not None:
            scopes[match_id] = f"league:{league_id}"
        elif created_by is not None:
            scopes[match_id] = f"user:{created_by}"
        elif match_id in first_device:
            scopes[match_id] = f"device:{first_device[match_id]}"
        else:
            scopes[match_id] = UNCLAIMED
    return scopes


def move_players_into_scopes(connection) -> None:
    league_order = {
        league_id: index
        for index, (league_id,) in enumerate(
            connection.execute(sa.select(leagues.c.id).order_by(leagues.c.created_at, leagues.c.id))
        )
    }
    scope_of_match = match_scopes(connection)
    # player -> scope -> the matches of that scope they sat in
    uses: dict[str, dict[str, list[str]]] = {}
    for match_id, player_id in connection.execute(sa.select(seats.c.match_id, seats.c.player_id)):
        uses.setdefault(player_id, {}).setdefault(scope_of_match[match_id], []).append(match_id)
    for league_id, player_id in connection.execute(sa.select(league_members.c.league_id, league_members.c.player_id)):
        uses.setdefault(player_id, {}).setdefault(f"league:{league_id}", [])

    def order(scope: str) -> tuple[int, int, str]:
        # Leagues first, oldest first: the oldest league keeps the player's id (and URL).
        if scope.startswith("league:"):
            return (0, league_order.get(scope[len("league:"):], 0), scope)
        return (1, 0, scope)

    for player_id, name, name_key, created_at in connection.execute(
        sa.select(players.c.id, players.c.name, players.c.name_key, players.c.created_at)
    ).all():
        scopes = sorted(uses.get(player_id, {UNCLAIMED: []}), key=order)
        connection.execute(players.update().where(players.c.id == player_id).values(scope=scopes[0]))
        for scope in scopes[1:]:
            copy_id = new_id()
            connection.execute(
                players.insert().values(id=copy_id, scope=scope, name=name, name_key=name_key, created_at=created_at)
            )
            match_ids = uses[player_id][scope]
            if match_ids:
                connection.execute(
                    seats.update()
                    .where(seats.c.player_id == player_id, seats.c.match_id.in_(match_ids))
                    .values(player_id=copy_id)
                )
            if scope.startswith("league:"):
                connection.execute(
                    league_members.update()
                    .where(
                        league_members.c.player_id == player_id,
                        league_members.c.league_id == scope[len("league:"):],
                    )
                    .values(player_id=copy_id)
                )


def fill_username_skeletons(connection) -> None:
    from scorekeeper.services.usernames import username_skeleton

    taken: set[str] = set()
    for user_id, username in connection.execute(sa.select(users.c.id, users.c.username).order_by(users.c.id)).all():
        skeleton = username_skeleton(username)
        # Two older look-alike accounts both stay; only the first holds the skeleton.
        if skeleton not in taken:
            taken.add(skeleton)
            connection.execute(users.update().where(users.c.id == user_id).values(username_skeleton=skeleton))


def sqlite_foreign_keys(enabled: bool) -> None:
    """SQLite rebuilds a table to change its constraints (drop, copy, rename), and with
    foreign keys enforced it cannot drop a table that other rows point at: switch the
    enforcement off around the rebuilds, then check that every reference still holds.
    The PRAGMA does nothing inside a transaction, so the one open is committed first."""
    bind = op.get_bind()
    if bind.dialect.name != "sqlite":
        return
    if bind.connection.dbapi_connection.in_transaction:
        bind.exec_driver_sql("COMMIT")
    if enabled:
        broken = bind.exec_driver_sql("PRAGMA foreign_key_check").fetchall()
        assert not broken, f"references broken by the migration: {broken}"
    bind.exec_driver_sql(f"PRAGMA foreign_keys={'ON' if enabled else 'OFF'}")


def upgrade():
    sqlite_foreign_keys(False)
    op.create_table('rate_counters',
    sa.Column('key', sa.String(length=64), nullable=False),
    sa.Column('count', sa.Integer(), nullable=False),
    sa.Column('resets_at', sa.DateTime(), nullable=False),
    sa.PrimaryKeyConstraint('key', name=op.f('pk_rate_counters'))
    )
    with op.batch_alter_table('rate_counters', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_rate_counters_resets_at'), ['resets_at'], unique=False)

    op.create_table('share_links',
    sa.Column('id', sa.String(length=16), nullable=False),
    sa.Column('token_hash', sa.String(length=64), nullable=False),
    sa.Column('kind', sa.String(length=16), nullable=False),
    sa.Column('match_id', sa.String(length=16), nullable=True),
    sa.Column('league_id', sa.String(length=16), nullable=True),
    sa.Column('created_by', sa.String(length=16), nullable=True),
    sa.Column('creator_label', sa.String(length=120), nullable=False),
    sa.Column('created_at', sa.DateTime(), nullable=False),
    sa.Column('expires_at', sa.DateTime(), nullable=True),
    sa.Column('revoked_at', sa.DateTime(), nullable=True),
    sa.ForeignKeyConstraint(['created_by'], ['users.id'], name=op.f('fk_share_links_created_by_users'), ondelete='SET NULL'),
    sa.ForeignKeyConstraint(['league_id'], ['leagues.id'], name=op.f('fk_share_links_league_id_leagues'), ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['match_id'], ['matches.id'], name=op.f('fk_share_links_match_id_matches'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_share_links')),
    sa.UniqueConstraint('token_hash', name=op.f('uq_share_links_token_hash'))
    )
    with op.batch_alter_table('share_links', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_share_links_created_by'), ['created_by'], unique=False)
        batch_op.create_index(batch_op.f('ix_share_links_league_id'), ['league_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_share_links_match_id'), ['match_id'], unique=False)

    op.create_table('league_audit_entries',
    sa.Column('id', sa.Integer(), autoincrement=True, nullable=False),
    sa.Column('league_id', sa.String(length=16), nullable=False),
    sa.Column('actor', sa.String(length=120), nullable=False),
    sa.Column('user_id', sa.String(length=16), nullable=True),
    sa.Column('action', sa.String(length=32), nullable=False),
    sa.Column('before', sa.JSON(), nullable=True),
    sa.Column('after', sa.JSON(), nullable=True),
    sa.Column('reason', sa.Text(), nullable=True),
    sa.Column('at', sa.DateTime(), nullable=False),
    sa.ForeignKeyConstraint(['league_id'], ['leagues.id'], name=op.f('fk_league_audit_entries_league_id_leagues'), ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['user_id'], ['users.id'], name=op.f('fk_league_audit_entries_user_id_users'), ondelete='SET NULL'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_league_audit_entries'))
    )
    with op.batch_alter_table('league_audit_entries', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_league_audit_entries_league_id'), ['league_id'], unique=False)

    # The sign-in limit now lives in rate_counters (counted atomically).
    with op.batch_alter_table('login_attempts', schema=None) as batch_op:
        batch_op.drop_index('ix_login_attempts_username_key_at')
        batch_op.drop_index(batch_op.f('ix_login_attempts_at'))
        batch_op.drop_index(batch_op.f('ix_login_attempts_address'))
    op.drop_table('login_attempts')

    with op.batch_alter_table('users', schema=None) as batch_op:
        batch_op.add_column(sa.Column('username_skeleton', sa.String(length=160), nullable=True))
        batch_op.add_column(sa.Column('session_version', sa.Integer(), server_default=sa.text('1'), nullable=False))
        batch_op.create_unique_constraint(batch_op.f('uq_users_username_skeleton'), ['username_skeleton'])

    with op.batch_alter_table('device_matches', schema=None) as batch_op:
        batch_op.add_column(sa.Column('first_seen_at', sa.DateTime(), server_default=sa.func.current_timestamp(), nullable=False))

    with op.batch_alter_table('players', schema=None) as batch_op:
        batch_op.add_column(sa.Column('scope', sa.String(length=48), nullable=True))
        batch_op.drop_constraint(batch_op.f('uq_players_name_key'), type_='unique')

    connection = op.get_bind()
    connection.execute(device_matches.update().values(first_seen_at=device_matches.c.seen_at))
    move_players_into_scopes(connection)
    fill_username_skeletons(connection)
    # Served documents and cached league results name player ids: build them anew.
    connection.execute(sa.text("DELETE FROM match_documents"))
    connection.execute(sa.text("DELETE FROM cached_results"))

    with op.batch_alter_table('players', schema=None) as batch_op:
        batch_op.alter_column('scope', existing_type=sa.String(length=48), nullable=False)
        batch_op.create_index(batch_op.f('ix_players_scope'), ['scope'], unique=False)
        batch_op.create_unique_constraint(batch_op.f('uq_players_scope_name_key'), ['scope', 'name_key'])
    sqlite_foreign_keys(True)


def downgrade():
    sqlite_foreign_keys(False)
    # Scoped copies of one person cannot be folded back into one global name safely;
    # the schema goes back, the copies stay (with a suffix where names would clash).
    connection = op.get_bind()
    seen: set[str] = set()
    for player_id, name_key in connection.execute(
        sa.select(players.c.id, players.c.name_key).order_by(players.c.created_at, players.c.id)
    ).all():
        key = name_key
        while key in seen:
            key = f"{name_key}~{player_id[:4]}"[:80]
            name_key = key
        seen.add(key)
        connection.execute(players.update().where(players.c.id == player_id).values(name_key=key))
    with op.batch_alter_table('players', schema=None) as batch_op:
        batch_op.drop_constraint(batch_op.f('uq_players_scope_name_key'), type_='unique')
        batch_op.drop_index(batch_op.f('ix_players_scope'))
        batch_op.create_unique_constraint(batch_op.f('uq_players_name_key'), ['name_key'])
        batch_op.drop_column('scope')

    with op.batch_alter_table('device_matches', schema=None) as batch_op:
        batch_op.drop_column('first_seen_at')

    with op.batch_alter_table('users', schema=None) as batch_op:
        batch_op.drop_constraint(batch_op.f('uq_users_username_skeleton'), type_='unique')
        batch_op.drop_column('session_version')
        batch_op.drop_column('username_skeleton')

    op.create_table('login_attempts',
    sa.Column('id', sa.Integer(), autoincrement=True, nullable=False),
    sa.Column('username_key', sa.String(length=40), nullable=False),
    sa.Column('address', sa.String(length=64), nullable=False),
    sa.Column('succeeded', sa.Boolean(), nullable=False),
    sa.Column('at', sa.DateTime(), nullable=False),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_login_attempts'))
    )
    with op.batch_alter_table('login_attempts', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_login_attempts_address'), ['address'], unique=False)
        batch_op.create_index(batch_op.f('ix_login_attempts_at'), ['at'], unique=False)
        batch_op.create_index('ix_login_attempts_username_key_at', ['username_key', 'at'], unique=False)

    with op.batch_alter_table('league_audit_entries', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_league_audit_entries_league_id'))
    op.drop_table('league_audit_entries')
    with op.batch_alter_table('share_links', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_share_links_match_id'))
        batch_op.drop_index(batch_op.f('ix_share_links_league_id'))
        batch_op.drop_index(batch_op.f('ix_share_links_created_by'))
    op.drop_table('share_links')
    with op.batch_alter_table('rate_counters', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_rate_counters_resets_at'))
    op.drop_table('rate_counters')
    sqlite_foreign_keys(True)
