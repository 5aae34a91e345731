"""match changed: on PostgreSQL, NOTIFY scorekeeper_match with "id version" whenever a match's version moves

Revision ID: c5e19a7d3f62
Revises: d7f1b3e8a526
Create Date: 2026-12-04 23:00:00.000000

The phones' live streams (services.matches.changes) LISTEN on one channel in every worker
of every server. A trigger, not the app, sends the notice: every write that bumps the
version (a round, an edit, an undo, a confirmation, a roster rename) sends it in its own
transaction without another statement, and PostgreSQL delivers it only when that
transaction commits. SQLite has no NOTIFY: its streams poll the version column instead.
"""
from alembic import op


# revision identifiers, used by Alembic.
revision = 'c5e19a7d3f62'
down_revision = 'd7f1b3e8a526'
branch_labels = None
depends_on = None


def upgrade():
    if op.get_bind().dialect.name != "postgresql":
        return
    op.execute(
        """
        CREATE FUNCTION scorekeeper_match_changed() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
            PERFORM pg_notify('scorekeeper_match', NEW.id || ' ' || NEW.version);
            RETURN NULL;
        END
        $$
        """
    )
    op.execute(
        """
        CREATE TRIGGER match_changed AFTER UPDATE OF version ON matches
        FOR EACH ROW WHEN (OLD.version IS DISTINCT FROM NEW.version)
        EXECUTE FUNCTION scorekeeper_match_changed()
        """
    )


def downgrade():
    if op.get_bind().dialect.name != "postgresql":
        return
    op.execute("DROP TRIGGER IF EXISTS match_changed ON matches")
    op.execute("DROP FUNCTION IF EXISTS scorekeeper_match_changed()")
