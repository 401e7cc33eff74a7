"""PostgreSQL compresses a round's snapshot with lz4 rather than its default pglz (a
snapshot is about 10 kB by a round's end and is written at every play); a server without
lz4 keeps its default. Nothing on SQLite, which compresses nothing.

Revision ID: c9d0e1f2a3b4
Revises: b8c9d0e1f2a3
Create Date: 2026-12-05 02:40:00
"""

from alembic import op

revision = 'c9d0e1f2a3b4'
down_revision = 'b8c9d0e1f2a3'
branch_labels = None
depends_on = None


def _compress(method):
    if op.get_bind().dialect.name != "postgresql":
        return
    op.execute(
        f"DO $$ BEGIN ALTER TABLE round ALTER COLUMN snapshot SET COMPRESSION {method}; "
        "EXCEPTION WHEN feature_not_supported OR syntax_error THEN NULL; END $$")


def upgrade():
    _compress("lz4")


def downgrade():
    _compress("pglz")
