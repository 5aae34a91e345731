"""username skeletons fold ASCII look-alikes (I, l and 1; 0 and o; rn and m)

Revision ID: a91d3c7e5b20
Revises: b8e4d2f7a913
Create Date: 2027-01-10 10:00:00.000000

Every account's skeleton is computed again with services.usernames.username_skeleton,
which now also folds the ASCII look-alikes, so a new "wiII" is refused while "will"
exists. Two older accounts that now look alike both stay; the older one (by created_at)
keeps the skeleton, the other gets NULL (as the first skeleton migration did).
"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = 'a91d3c7e5b20'
down_revision = 'b8e4d2f7a913'
branch_labels = None
depends_on = None

users = sa.table(
    "users", sa.column("id", sa.String), sa.column("username", sa.String),
    sa.column("username_skeleton", sa.String), sa.column("created_at", sa.DateTime),
)


def upgrade():
    from scorekeeper.services.usernames import username_skeleton

    connection = op.get_bind()
    rows = connection.execute(
        sa.select(users.c.id, users.c.username, users.c.username_skeleton).order_by(users.c.created_at, users.c.id)
    ).all()
    wanted: dict[str, str | None] = {}
    taken: set[str] = set()
    for user_id, username, _old in rows:
        skeleton = username_skeleton(username)
        wanted[user_id] = None if skeleton in taken else skeleton
        taken.add(skeleton)
    # First clear the ones that change, then set them: a new skeleton may be an old one
    # of another account, and the column is unique.
    changed = [(user_id, old) for user_id, _name, old in rows if wanted[user_id] != old]
    for user_id, _old in changed:
        connection.execute(users.update().where(users.c.id == user_id).values(username_skeleton=None))
    for user_id, _old in changed:
        if wanted[user_id] is not None:
            connection.execute(users.update().where(users.c.id == user_id).values(username_skeleton=wanted[user_id]))


def downgrade():
    # No schema change to undo: the folded skeletons stay (the older code only compares
    # the skeleton of a new name with them, so at worst it lets a look-alike through).
    pass
