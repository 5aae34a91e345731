"""one render cache: match_renders replaces match_documents, match_pages and match_page_bodies

Revision ID: c8a1f4e2b7d9
Revises: b3d9e2f6a0c1
Create Date: 2026-12-06 16:30:00.000000

The three tables were caches (the JSON document, the page's shared parts, the whole page
per reader variant): they are dropped, and the next read of each match renders and stores
what it needs in the one table.
"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = 'c8a1f4e2b7d9'
down_revision = 'b3d9e2f6a0c1'
branch_labels = None
depends_on = None


def upgrade():
    op.drop_table('match_page_bodies')
    op.drop_table('match_pages')
    op.drop_table('match_documents')
    op.create_table('match_renders',
    sa.Column('match_id', sa.String(length=16), nullable=False),
    sa.Column('kind', sa.String(length=16), nullable=False),
    sa.Column('language', sa.String(length=5), nullable=False),
    sa.Column('version', sa.Integer(), nullable=False),
    sa.Column('build', sa.String(length=32), nullable=False),
    sa.Column('body', sa.Text(), nullable=False),
    sa.ForeignKeyConstraint(['match_id'], ['matches.id'], name=op.f('fk_match_renders_match_id_matches'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('match_id', 'kind', 'language', name=op.f('pk_match_renders'))
    )


def downgrade():
    # The caches as they were, empty: each read stores again.
    op.drop_table('match_renders')
    op.create_table('match_documents',
    sa.Column('match_id', sa.String(length=16), nullable=False),
    sa.Column('language', sa.String(length=5), nullable=False),
    sa.Column('version', sa.Integer(), nullable=False),
    sa.Column('body', sa.Text(), nullable=False),
    sa.Column('body_br', sa.LargeBinary(), nullable=True),
    sa.Column('body_gzip', sa.LargeBinary(), nullable=True),
    sa.ForeignKeyConstraint(['match_id'], ['matches.id'], name=op.f('fk_match_documents_match_id_matches'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('match_id', 'language', name=op.f('pk_match_documents'))
    )
    op.create_table('match_pages',
    sa.Column('match_id', sa.String(length=16), nullable=False),
    sa.Column('language', sa.String(length=5), nullable=False),
    sa.Column('version', sa.Integer(), nullable=False),
    sa.Column('build', sa.String(length=16), nullable=False),
    sa.Column('body', sa.Text(), nullable=False),
    sa.ForeignKeyConstraint(['match_id'], ['matches.id'], name=op.f('fk_match_pages_match_id_matches'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('match_id', 'language', name=op.f('pk_match_pages'))
    )
    op.create_table('match_page_bodies',
    sa.Column('match_id', sa.String(length=16), nullable=False),
    sa.Column('variant', sa.String(length=32), nullable=False),
    sa.Column('version', sa.Integer(), nullable=False),
    sa.Column('build', sa.String(length=32), nullable=False),
    sa.Column('body', sa.Text(), nullable=False),
    sa.Column('body_gzip', sa.LargeBinary(), nullable=True),
    sa.ForeignKeyConstraint(['match_id'], ['matches.id'], name=op.f('fk_match_page_bodies_match_id_matches'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('match_id', 'variant', name=op.f('pk_match_page_bodies'))
    )
