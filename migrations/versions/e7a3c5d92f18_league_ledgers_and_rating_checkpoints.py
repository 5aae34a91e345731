"""league ledgers and rating checkpoints: standings and ratings updated one result at a time

Revision ID: e7a3c5d92f18
Revises: d4f2a8c61b37
Create Date: 2026-12-01 09:35:00.000000

Existing leagues get no rows: their next standings or ratings read builds the ledgers.
"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = 'e7a3c5d92f18'
down_revision = 'd4f2a8c61b37'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table('league_ledgers',
    sa.Column('league_id', sa.String(length=16), nullable=False),
    sa.Column('key', sa.String(length=120), nullable=False),
    sa.Column('version', sa.Integer(), nullable=False),
    sa.Column('body', sa.Text(), nullable=False),
    sa.ForeignKeyConstraint(['league_id'], ['leagues.id'], name=op.f('fk_league_ledgers_league_id_leagues'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('league_id', 'key', name=op.f('pk_league_ledgers'))
    )
    op.create_table('rating_checkpoints',
    sa.Column('league_id', sa.String(length=16), nullable=False),
    sa.Column('key', sa.String(length=120), nullable=False),
    sa.Column('rated', sa.Integer(), nullable=False),
    sa.Column('last_played_at', sa.DateTime(), nullable=False),
    sa.Column('last_match_id', sa.String(length=16), nullable=False),
    sa.Column('body', sa.Text(), nullable=False),
    sa.ForeignKeyConstraint(['league_id'], ['leagues.id'], name=op.f('fk_rating_checkpoints_league_id_leagues'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('league_id', 'key', 'rated', name=op.f('pk_rating_checkpoints'))
    )


def downgrade():
    op.drop_table('rating_checkpoints')
    op.drop_table('league_ledgers')
