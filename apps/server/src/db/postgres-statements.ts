import type pg from 'pg';

// Prepared statements on PostgreSQL: node-postgres prepares a query once per connection when the
// query has a name, and then only binds and executes it (PostgreSQL skips parsing and, once its
// plan cache settles, planning). drizzle names none, so the pool's connections name the texts
// that come again. The review's read: 1.4–1.7 ms a run unnamed, 0.5–0.65 ms named.
//
// node-postgres never forgets a statement it prepared on a connection, so the names are bounded:
// at most MAX_NAMED texts ever get one (the app's queries are a fixed set of shapes; a text
// beyond the bound simply runs unnamed). A pooler in transaction mode (PgBouncer before 1.21)
// cannot carry prepared statements between connections: DATABASE_PREPARED_STATEMENTS=off.

/** Texts that ever get a name (each connection prepares those it runs). */
export const MAX_NAMED = 256;
/** Longest text named: longer ones (bulk inserts) run unnamed. */
const MAX_NAMED_TEXT = 8_192;
/** Texts remembered as run once (a text is named on its second run). */
const MAX_SEEN = 1_024;

/** The names of repeated SQL texts, shared by every connection of a pool. */
export class StatementNames {
  readonly #names = new Map<string, string>();
  readonly #seen = new Set<string>();

  get size(): number {
    return this.#names.size;
  }

  /** The name `text` runs under, or undefined to run it unnamed (a first run, or beyond the bounds). */
  nameOf(text: string): string | undefined {
    const known = this.#names.get(text);
    if (known || text.length > MAX_NAMED_TEXT || this.#names.size >= MAX_NAMED) return known;
    if (!this.#seen.has(text)) {
      if (this.#seen.size >= MAX_SEEN) this.#seen.clear();
      this.#seen.add(text);
      return undefined;
    }
    this.#seen.delete(text);
    const name = `lesefuchs_${this.#names.size + 1}`;
    this.#names.set(text, name);
    return name;
  }
}

/** A query config object (not a text, not a submittable query): what drizzle passes. */
function isQueryConfig(config: unknown): config is { text: string; name?: string } {
  return (
    typeof config === 'object' &&
    config !== null &&
    !('submit' in config) &&
    typeof (config as { text?: unknown }).text === 'string'
  );
}

/** Changes every query config a connection of the pool is given, before it runs. */
function rewriteQueries(
  pool: pg.Pool,
  rewrite: (config: { text: string; name?: string }) => object,
) {
  pool.on('connect', (client) => {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    (client as unknown as { query: (...args: unknown[]) => unknown }).query = (
      config: unknown,
      ...rest: unknown[]
    ) => query(isQueryConfig(config) ? rewrite(config) : config, ...rest);
  });
}

/**
 * Makes every connection the pool opens run repeated texts as named (prepared) statements, and
 * a query drizzle prepared under a name (`.prepare(name)`) as that.
 */
export function nameRepeatedStatements(
  pool: pg.Pool,
  names = new StatementNames(),
): StatementNames {
  rewriteQueries(pool, (config) => {
    if (config.name) return config;
    const name = names.nameOf(config.text);
    return name ? { ...config, name } : config;
  });
  return names;
}

/**
 * Runs every query unprepared, a query drizzle prepared under a name too: for a pooler in
 * transaction mode, where the next query may reach a server connection that never saw the name.
 */
export function runUnprepared(pool: pg.Pool): void {
  rewriteQueries(pool, (config) => (config.name ? { ...config, name: undefined } : config));
}
