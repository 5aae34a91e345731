"""round snapshots: the engine's state after a match's first n rounds, to play on from

Revision ID: d4f2a8c61b37
Revises: 980cc6005960
Create Date: 2026-12-01 09:20:00.000000

Existing matches get no rows: their first write rebuilds the state by replay and stores it.
"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = 'd4f2a8c61b37'
down_revision = '980cc6005960'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table('round_snapshots',
    sa.Column('match_id', sa.String(length=16), nullable=False),
    sa.Column('rounds', sa.Integer(), nullable=False),
    sa.Column('body', sa.JSON(), nullable=False),
    sa.ForeignKeyConstraint(['match_id'], ['matches.id'], name=op.f('fk_round_snapshots_match_id_matches'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('match_id', 'rounds', name=op.f('pk_round_snapshots'))
    )


def downgrade():
    op.drop_table('round_snapshots')
