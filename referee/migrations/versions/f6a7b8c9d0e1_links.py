"""Links: every secret address of a match in one table (the players' link, one link per
seat, the watching link), looked up by the SHA-256 of the token; the phones' lists point
at the link they opened.

Revision ID: f6a7b8c9d0e1
Revises: e5f6a7b8c9d0
Create Date: 2026-12-01 08:00:00
"""

import hashlib
import secrets

import sqlalchemy as sa
from alembic import op

revision = 'f6a7b8c9d0e1'
down_revision = 'e5f6a7b8c9d0'
branch_labels = None
depends_on = None


def _digest(token):
    return hashlib.sha256(token.encode()).hexdigest()


def upgrade():
    link = op.create_table(
        'link',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('match_id', sa.Integer(), nullable=False),
        sa.Column('role', sa.Enum('edit', 'seat', 'watch', name='linkrole', native_enum=False,
                                  create_constraint=False, length=10), nullable=False),
        sa.Column('seat', sa.Integer(), nullable=True),
        sa.Column('token', sa.String(length=64), nullable=False),
        sa.Column('digest', sa.String(length=64), nullable=False),
        sa.Column('revoked', sa.Boolean(), nullable=False),
        sa.ForeignKeyConstraint(['match_id'], ['match.id'], ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('id'),
        sa.UniqueConstraint('digest'),
    )
    op.create_index('ix_link_match_id', 'link', ['match_id'], unique=False)
    connection = op.get_bind()
    rows = []
    for match_id, edit, view in connection.execute(
            sa.text('SELECT id, edit_token, view_token FROM match ORDER BY id')):
        rows.append({'match_id': match_id, 'role': 'edit', 'seat': None, 'token': edit})
        rows.append({'match_id': match_id, 'role': 'watch', 'seat': None, 'token': view})
    for match_id, seat in connection.execute(
            sa.text('SELECT match_id, seat FROM player ORDER BY match_id, seat')):
        rows.append({'match_id': match_id, 'role': 'seat', 'seat': seat,
                     'token': secrets.token_urlsafe(24)})
    if rows:
        op.bulk_insert(link, [{**row, 'digest': _digest(row['token']), 'revoked': False}
                              for row in rows])

    # the phones' lists: from (match, players' link or not) to the link itself
    op.create_table(
        'phone_match_new',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('phone_id', sa.String(length=43), nullable=False),
        sa.Column('link_id', sa.Integer(), nullable=False),
        sa.Column('label', sa.String(length=80), nullable=False),
        sa.Column('opened_at', sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(['link_id'], ['link.id'], ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('id'),
        sa.UniqueConstraint('phone_id', 'link_id'),
    )
    connection.execute(sa.text(
        "INSERT INTO phone_match_new (id, phone_id, link_id, label, opened_at)"
        " SELECT p.id, p.phone_id, l.id, p.label, p.opened_at FROM phone_match p"
        " JOIN link l ON l.match_id = p.match_id"
        " AND l.role = CASE WHEN p.editing THEN 'edit' ELSE 'watch' END"))
    if connection.dialect.name == 'postgresql':  # the copied ids: the next id after them
        connection.execute(sa.text(
            "SELECT setval('phone_match_new_id_seq', COALESCE(MAX(id), 0) + 1, false)"
            " FROM phone_match_new"))
    op.drop_index('ix_phone_match_phone_id', table_name='phone_match')
    op.drop_table('phone_match')
    op.rename_table('phone_match_new', 'phone_match')
    op.create_index('ix_phone_match_phone_id', 'phone_match', ['phone_id'], unique=False)
    if connection.dialect.name == 'postgresql':  # keep the sequence's name in step
        connection.execute(sa.text(
            "ALTER SEQUENCE phone_match_new_id_seq RENAME TO phone_match_id_seq"))
        connection.execute(sa.text(
            "ALTER TABLE phone_match RENAME CONSTRAINT phone_match_new_pkey"
            " TO phone_match_pkey"))

    with op.batch_alter_table('match') as batch:
        batch.drop_column('edit_token')
        batch.drop_column('view_token')


def downgrade():
    with op.batch_alter_table('match') as batch:
        batch.add_column(sa.Column('edit_token', sa.String(length=64), nullable=True))
        batch.add_column(sa.Column('view_token', sa.String(length=64), nullable=True))
    connection = op.get_bind()
    connection.execute(sa.text(
        "UPDATE match SET edit_token = (SELECT token FROM link WHERE link.match_id = match.id"
        " AND role = 'edit' AND NOT revoked), view_token = (SELECT token FROM link"
        " WHERE link.match_id = match.id AND role = 'watch' AND NOT revoked)"))
    op.drop_table('phone_match')
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
    op.drop_index('ix_link_match_id', table_name='link')
    op.drop_table('link')
    with op.batch_alter_table('match') as batch:
        batch.alter_column('edit_token', nullable=False)
        batch.alter_column('view_token', nullable=False)
        batch.create_unique_constraint('uq_match_edit_token', ['edit_token'])
        batch.create_unique_constraint('uq_match_view_token', ['view_token'])
