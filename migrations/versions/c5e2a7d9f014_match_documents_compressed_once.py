"""match documents: the body compressed once (brotli, gzip) with the document

Revision ID: c5e2a7d9f014
Revises: a91d3c7e5b20
Create Date: 2026-12-04 23:00:00.000000

The stored documents are a cache of what the rounds say: they are dropped, and the next
read of each match stores its document again with the compressed forms.
"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = 'c5e2a7d9f014'
down_revision = 'a91d3c7e5b20'
branch_labels = None
depends_on = None


def upgrade():
    op.execute(sa.text("DELETE FROM match_documents"))
    with op.batch_alter_table('match_documents', schema=None) as batch_op:
        batch_op.add_column(sa.Column('body_br', sa.LargeBinary(), nullable=True))
        batch_op.add_column(sa.Column('body_gzip', sa.LargeBinary(), nullable=True))


def downgrade():
    with op.batch_alter_table('match_documents', schema=None) as batch_op:
        batch_op.drop_column('body_gzip')
        batch_op.drop_column('body_br')
