"""Phone matches without labels: a phone's list keeps which link was opened and when; the
label (the variant, the names, watching or playing as) is worded when the home page is
drawn, in the language the phone reads then, so the column that kept it as a sentence in
the language of the day the match was opened goes.

Revision ID: b8c9d0e1f2a3
Revises: a7b8c9d0e1f2
Create Date: 2026-12-02 09:00:00
"""

import sqlalchemy as sa
from alembic import op

revision = 'b8c9d0e1f2a3'
down_revision = 'a7b8c9d0e1f2'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('phone_match') as batch:
        batch.drop_column('label')


def downgrade():
    # the labels of before, as far as the data gives them: the variant's id
    with op.batch_alter_table('phone_match') as batch:
        batch.add_column(sa.Column('label', sa.String(length=80), nullable=False,
                                   server_default=''))
    op.get_bind().execute(sa.text(
        "UPDATE phone_match SET label = (SELECT m.variant FROM link l JOIN match m"
        " ON m.id = l.match_id WHERE l.id = phone_match.link_id)"))
    with op.batch_alter_table('phone_match') as batch:
        batch.alter_column('label', server_default=None)
