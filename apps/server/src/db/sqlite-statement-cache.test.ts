import SQLite from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { withStatementCache } from './sqlite-statement-cache.js';

describe('withStatementCache', () => {
  const sqlite = new SQLite(':memory:');

  it('hands out the prepared statement of a SQL text again', () => {
    const db = withStatementCache(sqlite);
    expect(db.prepare('select 1 as one')).toBe(db.prepare('select 1 as one'));
    expect(db.prepare('select 1 as one')).not.toBe(db.prepare('select 2 as two'));
  });

  it('never hands out a statement that is still being iterated', () => {
    const db = withStatementCache(sqlite);
    const sql = 'select value from json_each(?)';
    const first = db.prepare(sql);
    const iterator = first.iterate(['[1,2,3]']);
    iterator.next();
    const second = db.prepare(sql);
    expect(second).not.toBe(first);
    expect(second.all(['[4]'])).toEqual([{ value: 4 }]);
    iterator.return?.();
    expect(db.prepare(sql)).toBe(first);
  });

  it('keeps at most `capacity` statements, dropping the least recently used', () => {
    const db = withStatementCache(sqlite, 2);
    const a = db.prepare('select 1');
    db.prepare('select 2');
    expect(db.prepare('select 1')).toBe(a);
    db.prepare('select 3');
    expect(db.prepare('select 1')).toBe(a);
    const b = db.prepare('select 2');
    expect(db.prepare('select 2')).toBe(b);
  });
});
