"""Round snapshots: the replayed state of a round at its current version.

Revision ID: d4e5f6a7b8c9
Revises: c3f1a2b4d5e6
Create Date: 2026-12-01 05:40:00
"""

import sqlalchemy as sa
from alembic import op

revision = 'd4e5f6a7b8c9'
down_revision = 'c3f1a2b4d5e6'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('round') as batch:
        batch.add_column(sa.Column('snapshot', sa.LargeBinary(), nullable=True))
        batch.add_column(sa.Column('snapshot_version', sa.Integer(), nullable=True))


def downgrade():
    with op.batch_alter_table('round') as batch:
        batch.drop_column('snapshot_version')
        batch.drop_column('snapshot')
