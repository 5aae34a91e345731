"""match pages: the parts of a match page rendered once per version and language

Revision ID: b8e4d2f7a913
Revises: f3b8d1e5a7c4
Create Date: 2026-12-01 11:20:00.000000

Existing matches get no rows: the first page view of each version and language renders and stores them.
"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = 'b8e4d2f7a913'
down_revision = 'f3b8d1e5a7c4'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table('match_pages',
    sa.Column('match_id', sa.String(length=16), nullable=False),
    sa.Column('language', sa.String(length=5), nullable=False),
    sa.Column('version', sa.Integer(), nullable=False),
    sa.Column('build', sa.String(length=16), nullable=False),
    sa.Column('body', sa.Text(), nullable=False),
    sa.ForeignKeyConstraint(['match_id'], ['matches.id'], name=op.f('fk_match_pages_match_id_matches'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('match_id', 'language', name=op.f('pk_match_pages'))
    )


def downgrade():
    op.drop_table('match_pages')
