import {
  type PGlite,
  parse,
  protocol,
  type QueryOptions,
  type Results,
} from '@electric-sql/pglite';

// Prepared statements for the embedded database. PGlite's query() sends every statement as an
// unnamed one: PostgreSQL parses, analyses and plans its text on each run, which in WebAssembly
// is most of a short query's time (the review's read: ~3 ms a run, 0.8 ms prepared). A text that
// comes again is prepared once under a name, as node-postgres does for a named query, and later
// runs only bind and execute it. PostgreSQL keeps the statement's plan up to date itself when a
// table it reads changes.

/** Longest SQL text kept as a statement: longer ones (the import's bulk inserts) run as they come. */
const MAX_PREPARED_TEXT = 8_192;
/** Statements kept at once: beyond, the least recently run is closed. */
export const MAX_PREPARED = 128;
/** SQL texts remembered as run once (a text is prepared on its second run). */
const MAX_SEEN = 512;

type Message = Awaited<ReturnType<PGlite['execProtocolStream']>>[number];

interface Statement {
  name: string;
  /** The parameters' types, as PostgreSQL inferred them at Parse (serializers go by them). */
  types: number[];
}

const { serialize } = protocol;

function concat(parts: Uint8Array[]): Uint8Array {
  const whole = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    whole.set(part, offset);
    offset += part.length;
  }
  return whole;
}

export class PreparedStatements {
  readonly #db: PGlite;
  /** By SQL text, least recently run first. */
  readonly #statements = new Map<string, Statement>();
  readonly #seen = new Set<string>();
  /**
   * PGlite's parsers with a query's own on top, made once per set of own parsers: PGlite's
   * result reader copies its ~300 parsers into a new object for every query that brings its
   * own (drizzle's, for dates as text), 0.2 ms a query where reading the rows takes 0.01 ms.
   */
  readonly #merged = new WeakMap<NonNullable<QueryOptions['parsers']>, PGlite['parsers']>();
  #named = 0;

  constructor(db: PGlite) {
    this.#db = db;
  }

  /** How many statements are prepared now (for tests). */
  get size(): number {
    return this.#statements.size;
  }

  /**
   * Whether `sql` should run prepared: it ran before (or is prepared already) and is not too
   * long. A first run is only remembered.
   */
  wants(sql: string): boolean {
    if (sql.length > MAX_PREPARED_TEXT) return false;
    if (this.#statements.has(sql) || this.#seen.has(sql)) return true;
    if (this.#seen.size >= MAX_SEEN) this.#seen.clear();
    this.#seen.add(sql);
    return false;
  }

  /**
   * Runs `sql` as a prepared statement, with the same meaning as PGlite's query(): outside a
   * transaction it waits for any open one to end; inside one (`inTransaction`) it runs in turn
   * with that transaction's other queries.
   */
  query<T>(
    sql: string,
    params: unknown[],
    options: QueryOptions,
    inTransaction: boolean,
  ): Promise<Results<T>> {
    const run = () =>
      this.#db._runExclusiveQuery(async () => {
        const result = await this.#run<T>(sql, params, options);
        // As query() does: the files are synced after each statement outside a transaction.
        if (!inTransaction) await this.#db.syncToFs();
        return result;
      });
    return inTransaction ? run() : this.#db._runExclusiveTransaction(run);
  }

  async #run<T>(sql: string, params: unknown[], options: QueryOptions): Promise<Results<T>> {
    const exec = (message: Uint8Array) => this.#db.execProtocolStream(message, { syncToFs: false });
    const messages: Message[] = [];
    try {
      const statement = this.#statements.get(sql) ?? (await this.#prepare(sql, exec));
      // Most recently run last.
      this.#statements.delete(sql);
      this.#statements.set(sql, statement);
      const values = params.map((value, index) => {
        if (value === null || value === undefined) return null;
        const serializer = this.#db.serializers[statement.types[index] ?? 0];
        return serializer ? serializer(value) : String(value);
      });
      messages.push(
        ...(await exec(
          concat([
            serialize.bind({ statement: statement.name, values: values as string[] }),
            serialize.describe({ type: 'P' }),
            serialize.execute({}),
          ]),
        )),
      );
    } finally {
      messages.push(...(await exec(serialize.sync())));
    }
    const { parsers: own, ...rest } = options;
    const [result] = parse.parseResults(messages, this.#parsersWith(own), rest) as Results<T>[];
    if (!result) throw new Error('a prepared statement gave no result');
    return result;
  }

  #parsersWith(own: QueryOptions['parsers']): PGlite['parsers'] {
    if (!own) return this.#db.parsers;
    let merged = this.#merged.get(own);
    if (!merged) {
      merged = { ...this.#db.parsers, ...own };
      this.#merged.set(own, merged);
    }
    return merged;
  }

  /** Parses `sql` under a new name, closing the least recently run statement beyond the limit. */
  async #prepare(
    sql: string,
    exec: (message: Uint8Array) => Promise<Message[]>,
  ): Promise<Statement> {
    if (this.#statements.size >= MAX_PREPARED) {
      const [oldest] = this.#statements;
      if (oldest) {
        this.#statements.delete(oldest[0]);
        await exec(serialize.close({ type: 'S', name: oldest[1].name }));
      }
    }
    this.#named += 1;
    const name = `lesefuchs_${this.#named}`;
    const described = [
      ...(await exec(serialize.parse({ name, text: sql }))),
      ...(await exec(serialize.describe({ type: 'S', name }))),
    ];
    this.#seen.delete(sql);
    return { name, types: parse.parseDescribeStatementResults(described) };
  }
}
