"""typed events: overrules, undos and confirmations in the log; results without the match
note repeated

Revision ID: c3f1a2b4d5e6
Revises: a0e15c5809f8
Create Date: 2026-12-01 04:00:00

Before this revision an overrule was a ``play`` event with its reason in a column of
its own, an undo deleted the last event, and a confirmation only set the round's
status. Now each is an event of its own kind (``overrule`` with the reason in its
data, ``undo``, ``confirm``), and a confirmed result no longer repeats the match note
at the end of its explanation.
"""
import sqlalchemy as sa
from alembic import op

revision = 'c3f1a2b4d5e6'
down_revision = 'a0e15c5809f8'
branch_labels = None
depends_on = None

event = sa.table(
    'event',
    sa.column('id', sa.Integer), sa.column('round_id', sa.Integer),
    sa.column('seq', sa.Integer), sa.column('kind', sa.String),
    sa.column('data', sa.JSON), sa.column('reason', sa.Text),
    sa.column('created', sa.DateTime(timezone=True)),
)
round_ = sa.table(
    'round',
    sa.column('id', sa.Integer), sa.column('status', sa.String), sa.column('result', sa.JSON),
    sa.column('created', sa.DateTime(timezone=True)),
)


def upgrade():
    bind = op.get_bind()
    overruled = bind.execute(
        sa.select(event.c.id, event.c.data, event.c.reason)
        .where(event.c.kind == 'play', event.c.reason.is_not(None))
    ).all()
    for row in overruled:
        bind.execute(event.update().where(event.c.id == row.id).values(
            kind='overrule', data={**row.data, 'reason': row.reason}))
    rounds = bind.execute(
        sa.select(round_.c.id, round_.c.result, round_.c.created)
        .where(round_.c.status == 'confirmed')
    ).all()
    for rnd in rounds:
        last = bind.execute(
            sa.select(sa.func.max(event.c.seq)).where(event.c.round_id == rnd.id)
        ).scalar()
        bind.execute(event.insert().values(
            round_id=rnd.id, seq=(-1 if last is None else last) + 1, kind='confirm', data={},
            created=rnd.created))
        result = dict(rnd.result or {})
        note = list(result.get('match_note') or [])
        explanation = list(result.get('explanation') or [])
        if note and explanation[len(explanation) - len(note):] == note:
            result['explanation'] = explanation[:len(explanation) - len(note)]
            bind.execute(round_.update().where(round_.c.id == rnd.id).values(result=result))
    with op.batch_alter_table('event') as batch:
        batch.drop_column('reason')


def downgrade():
    with op.batch_alter_table('event') as batch:
        batch.add_column(sa.Column('reason', sa.Text(), nullable=True))
    bind = op.get_bind()
    rows = bind.execute(
        sa.select(event.c.id, event.c.round_id, event.c.kind, event.c.data)
        .order_by(event.c.round_id, event.c.seq)
    ).all()
    by_round: dict[int, list] = {}
    for row in rows:
        by_round.setdefault(row.round_id, []).append(row)
    for round_rows in by_round.values():
        kept, dropped = [], []
        for row in round_rows:  # an undo took back the last event still in force
            if row.kind == 'undo':
                dropped.append(row)
                if kept:
                    dropped.append(kept.pop())
            elif row.kind == 'confirm':
                dropped.append(row)
            else:
                kept.append(row)
        for row in dropped:
            bind.execute(event.delete().where(event.c.id == row.id))
        for seq, row in enumerate(kept):
            values = {'seq': -1 - seq}  # first out of the way of the unique (round, seq)
            bind.execute(event.update().where(event.c.id == row.id).values(**values))
        for seq, row in enumerate(kept):
            values = {'seq': seq}
            if row.kind == 'overrule':
                data = dict(row.data)
                values.update(kind='play', reason=data.pop('reason', None), data=data)
            bind.execute(event.update().where(event.c.id == row.id).values(**values))
