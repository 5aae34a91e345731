"""match result: one compact text per league match (players by seat, sides, totals, winners)

Revision ID: f3b8d1e5a7c4
Revises: e7a3c5d92f18
Create Date: 2026-12-01 11:20:00.000000

Every league match gets its result from its seats and summary columns, in batches (the
same JSON text services.league_ledgers.result_text writes). Casual matches keep NULL.
"""
import json

from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = 'f3b8d1e5a7c4'
down_revision = 'e7a3c5d92f18'
branch_labels = None
depends_on = None

BATCH = 2000


def _decoded(value):
    return json.loads(value) if isinstance(value, str) else value


def upgrade():
    with op.batch_alter_table('matches', schema=None) as batch_op:
        batch_op.add_column(sa.Column('result', sa.Text(), nullable=True))
    connection = op.get_bind()
    after = ''
    while True:
        rows = connection.execute(
            sa.text(
                "SELECT id, sides, totals, winners FROM matches"
                " WHERE league_id IS NOT NULL AND id > :after ORDER BY id LIMIT :batch"
            ),
            {"after": after, "batch": BATCH},
        ).all()
        if not rows:
            break
        ids = [row.id for row in rows]
        players = {match_id: [] for match_id in ids}
        for match_id, player_id in connection.execute(
            sa.text("SELECT match_id, player_id FROM seats WHERE match_id IN :ids ORDER BY match_id, seat").bindparams(
                sa.bindparam("ids", expanding=True)
            ),
            {"ids": ids},
        ):
            players[match_id].append(player_id)
        connection.execute(
            sa.text("UPDATE matches SET result = :result WHERE id = :id"),
            [
                {
                    "id": row.id,
                    "result": json.dumps(
                        {
                            "players": players[row.id],
                            "sides": _decoded(row.sides),
                            "totals": _decoded(row.totals),
                            "winners": _decoded(row.winners),
                        },
                        separators=(",", ":"),
                    ),
                }
                for row in rows
            ],
        )
        after = ids[-1]


def downgrade():
    with op.batch_alter_table('matches', schema=None) as batch_op:
        batch_op.drop_column('result')
