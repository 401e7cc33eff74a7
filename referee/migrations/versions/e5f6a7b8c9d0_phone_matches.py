"""Phone matches: the matches opened on each phone, kept here instead of in its cookie.

Revision ID: e5f6a7b8c9d0
Revises: d4e5f6a7b8c9
Create Date: 2026-12-01 06:00:00
"""

import sqlalchemy as sa
from alembic import op

revision = 'e5f6a7b8c9d0'
down_revision = 'd4e5f6a7b8c9'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        'phone_match',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('phone_id', sa.String(length=43), nullable=False),
        sa.Column('match_id', sa.Integer(), nullable=False),
        sa.Column('editing', sa.Boolean(), nullable=False),
        sa.Column('label', sa.String(length=80), nullable=False),
        sa.Column('opened_at', sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(['match_id'], ['match.id'], ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('id'),
        sa.UniqueConstraint('phone_id', 'match_id', 'editing'),
    )
    op.create_index('ix_phone_match_phone_id', 'phone_match', ['phone_id'], unique=False)


def downgrade():
    op.drop_index('ix_phone_match_phone_id', table_name='phone_match')
    op.drop_table('phone_match')
