"""Notes: a confirmed round's explanation and match note are stored as codes with their
parameters, worded when read (in the reader's language). Lines stored before as English
sentences become "text" notes, shown as they were; the match's own copy of its last note
(``match.result_note``) goes: it is the last round's match note.

Revision ID: a7b8c9d0e1f2
Revises: f6a7b8c9d0e1
Create Date: 2026-12-01 08:30:00
"""

import json

import sqlalchemy as sa
from alembic import op

revision = 'a7b8c9d0e1f2'
down_revision = 'f6a7b8c9d0e1'
branch_labels = None
depends_on = None


def _convert(result, change):
    """The stored result with each line of its explanation and match note changed."""
    data = json.loads(result) if isinstance(result, str) else dict(result)
    for key in ('explanation', 'match_note'):
        data[key] = [change(line) for line in data.get(key, [])]
    return data


def _to_note(line):
    return {'code': 'text', 'text': line} if isinstance(line, str) else line


def _to_text(line):
    return line.get('text', line.get('code', '')) if isinstance(line, dict) else line


def _rewrite(change):
    connection = op.get_bind()
    rows = connection.execute(
        sa.text('SELECT id, result FROM round WHERE result IS NOT NULL')).all()
    for round_id, result in rows:
        if result is None or result == 'null':
            continue
        value = ('CAST(:result AS JSON)' if connection.dialect.name == 'postgresql'
                 else ':result')
        connection.execute(sa.text(f'UPDATE round SET result = {value} WHERE id = :id'),
                           {'result': json.dumps(_convert(result, change)), 'id': round_id})


def upgrade():
    _rewrite(_to_note)
    with op.batch_alter_table('match') as batch:
        batch.drop_column('result_note')


def downgrade():
    with op.batch_alter_table('match') as batch:
        batch.add_column(sa.Column('result_note', sa.Text(), nullable=True))
    _rewrite(_to_text)
