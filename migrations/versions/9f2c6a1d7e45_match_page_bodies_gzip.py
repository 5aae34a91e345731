"""match page bodies: the page compressed once (gzip with slots for the reader's values)

Revision ID: 9f2c6a1d7e45
Revises: c5e19a7d3f62
Create Date: 2026-12-05 08:40:00.000000

The stored pages are a cache: they are dropped, and the next view of each match stores
its page again with the compressed form.
"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = '9f2c6a1d7e45'
down_revision = 'c5e19a7d3f62'
branch_labels = None
depends_on = None


def upgrade():
    op.execute(sa.text("DELETE FROM match_page_bodies"))
    with op.batch_alter_table('match_page_bodies', schema=None) as batch_op:
        batch_op.add_column(sa.Column('body_gzip', sa.LargeBinary(), nullable=True))


def downgrade():
    with op.batch_alter_table('match_page_bodies', schema=None) as batch_op:
        batch_op.drop_column('body_gzip')
