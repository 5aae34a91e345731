"""rounds: the fingerprint of the body an Idempotency-Key came with; the keys of undone rounds

Revision ID: c4e8a1f2b7d9
Revises: c8a1f4e2b7d9
Create Date: 2026-12-06 16:00:00.000000

A key retried with another body is refused (422), and the key of a round since undone is
refused (409) instead of recording the round again. Rounds stored before have no
fingerprint: a retry of their key is answered with the stored round, as before.
"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = 'c4e8a1f2b7d9'
down_revision = 'c8a1f4e2b7d9'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('rounds', schema=None) as batch_op:
        batch_op.add_column(sa.Column('idempotency_fingerprint', sa.String(length=64), nullable=True))
    op.create_table(
        'undone_round_keys',
        sa.Column('match_id', sa.String(length=16), nullable=False),
        sa.Column('key', sa.String(length=200), nullable=False),
        sa.Column('round_number', sa.Integer(), nullable=False),
        sa.Column('fingerprint', sa.String(length=64), nullable=True),
        sa.Column('undone_at', sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(
            ['match_id'], ['matches.id'], name=op.f('fk_undone_round_keys_match_id_matches'), ondelete='CASCADE'
        ),
        sa.PrimaryKeyConstraint('match_id', 'key', name=op.f('pk_undone_round_keys')),
    )


def downgrade():
    op.drop_table('undone_round_keys')
    with op.batch_alter_table('rounds', schema=None) as batch_op:
        batch_op.drop_column('idempotency_fingerprint')
