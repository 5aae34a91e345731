"""match documents per language; round explanations rendered per reader, not stored

Revision ID: 5e1d0c7a9b42
Revises: c0af6e3321d3
Create Date: 2026-12-01 08:40:00

A stored explanation, and a stored match document, carried the language of whoever
wrote or first read the match. Documents are a cache: the table is rebuilt with the
language in its key (nothing is lost; each is rendered again on first read).
"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = '5e1d0c7a9b42'
down_revision = 'c0af6e3321d3'
branch_labels = None
depends_on = None


def upgrade():
    op.drop_table('match_documents')
    op.create_table('match_documents',
    sa.Column('match_id', sa.String(length=16), nullable=False),
    sa.Column('language', sa.String(length=5), nullable=False),
    sa.Column('version', sa.Integer(), nullable=False),
    sa.Column('body', sa.Text(), nullable=False),
    sa.ForeignKeyConstraint(['match_id'], ['matches.id'], name=op.f('fk_match_documents_match_id_matches'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('match_id', 'language', name=op.f('pk_match_documents'))
    )
    with op.batch_alter_table('rounds', schema=None) as batch_op:
        batch_op.drop_column('explanation')


def downgrade():
    with op.batch_alter_table('rounds', schema=None) as batch_op:
        # Old code reads explanations: they are empty until the rounds are scored again.
        batch_op.add_column(sa.Column('explanation', sa.JSON(), nullable=False, server_default='[]'))
    op.drop_table('match_documents')
    op.create_table('match_documents',
    sa.Column('match_id', sa.String(length=16), nullable=False),
    sa.Column('version', sa.Integer(), nullable=False),
    sa.Column('body', sa.Text(), nullable=False),
    sa.ForeignKeyConstraint(['match_id'], ['matches.id'], name=op.f('fk_match_documents_match_id_matches'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('match_id', name=op.f('pk_match_documents'))
    )
