"""matches: ended_after, the round after which the players ended a match before its own end

Revision ID: b3d9e2f6a0c1
Revises: 9f2c6a1d7e45
Create Date: 2026-12-05 20:10:00.000000

The stored match documents are a cache of the match as the API serves it, which now says
`ended_after`: they are dropped, and the next read of each match stores it again.
"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = 'b3d9e2f6a0c1'
down_revision = '9f2c6a1d7e45'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('matches', schema=None) as batch_op:
        batch_op.add_column(sa.Column('ended_after', sa.Integer(), nullable=True))
    op.execute(sa.text("DELETE FROM match_documents"))


def downgrade():
    with op.batch_alter_table('matches', schema=None) as batch_op:
        batch_op.drop_column('ended_after')
