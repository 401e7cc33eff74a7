"""One rematch per match: a unique index on ``match.rematch_of_id``, so that two phones
tapping "Rematch" land in the same match. A match that already has several (made before
this revision) keeps its first as its rematch; the others stay as matches of their own.

Revision ID: d0e1f2a3b4c5
Revises: c9d0e1f2a3b4
Create Date: 2026-12-06 04:30:00
"""

import sqlalchemy as sa
from alembic import op

revision = 'd0e1f2a3b4c5'
down_revision = 'c9d0e1f2a3b4'
branch_labels = None
depends_on = None


def upgrade():
    op.get_bind().execute(sa.text(
        "UPDATE match SET rematch_of_id = NULL WHERE rematch_of_id IS NOT NULL AND id NOT IN"
        " (SELECT MIN(id) FROM match WHERE rematch_of_id IS NOT NULL GROUP BY rematch_of_id)"))
    op.create_index('ix_match_rematch_of_id', 'match', ['rematch_of_id'], unique=True)


def downgrade():
    op.drop_index('ix_match_rematch_of_id', table_name='match')
