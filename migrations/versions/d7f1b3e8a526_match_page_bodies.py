"""match page bodies: a whole match page per version and reader variant, with marks for the reader's own values

Revision ID: d7f1b3e8a526
Revises: c5e2a7d9f014
Create Date: 2026-12-04 23:10:00.000000

Existing matches get no rows: the first page view of each version and variant renders and stores it.
"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = 'd7f1b3e8a526'
down_revision = 'c5e2a7d9f014'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table('match_page_bodies',
    sa.Column('match_id', sa.String(length=16), nullable=False),
    sa.Column('variant', sa.String(length=32), nullable=False),
    sa.Column('version', sa.Integer(), nullable=False),
    sa.Column('build', sa.String(length=32), nullable=False),
    sa.Column('body', sa.Text(), nullable=False),
    sa.ForeignKeyConstraint(['match_id'], ['matches.id'], name=op.f('fk_match_page_bodies_match_id_matches'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('match_id', 'variant', name=op.f('pk_match_page_bodies'))
    )


def downgrade():
    op.drop_table('match_page_bodies')
