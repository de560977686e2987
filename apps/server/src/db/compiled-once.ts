/**
 * A Kysely query built and compiled once, then run with each call's values (decision 066).
 * Building a query with Kysely's builder and compiling it costs more CPU than SQLite takes to run a
 * simple one by primary key; the few queries of every enrolment's requests (the person's details,
 * the two writes, the class list) are the same text each time, with other values. The query is
 * built once with a placeholder for each argument; each call sends the same SQL with the
 * placeholders' parameters replaced by its arguments (the other parameters stay as built).
 */
import { type Compilable, CompiledQuery, type Kysely, type QueryResult } from 'kysely';
import type { Database } from './schema.js';

/** A value no caller passes: where it lands among the parameters, an argument goes. */
const placeholder = (i: number) => `\u0000compiled-once-argument-${i}\u0000`;

export function compiledOnce<R, A extends unknown[]>(
  db: Kysely<Database>,
  arity: A['length'],
  build: (...args: A) => Compilable<R>,
): (...args: A) => Promise<QueryResult<R>> {
  let compiled: CompiledQuery<R> | undefined;
  let slots: number[] = [];
  return (...args: A) => {
    if (!compiled) {
      const names = Array.from({ length: arity }, (_, i) => placeholder(i)) as A;
      compiled = build(...names).compile();
      slots = compiled.parameters.map((p) => names.indexOf(p));
      if (names.some((_, i) => !slots.includes(i))) {
        throw new Error('compiledOnce: an argument is not a parameter of the query');
      }
    }
    const template = compiled;
    const parameters = template.parameters.map((p, i) => {
      const slot = slots[i] as number;
      return slot === -1 ? p : args[slot];
    });
    return db.executeQuery<R>(CompiledQuery.raw(template.sql, parameters));
  };
}
