/**
 * How the PGlite worker runs a query: each statement text is parsed and described once, as a named
 * prepared statement, and from then on only bound and executed, in one call into PostgreSQL.
 * PGlite's own query() parses and describes the text again on every call, in six calls, which
 * took as long as inserting a batch of ten registrations. The texts are the server's own
 * constants (values travel as parameters), so there are few of them to keep.
 */
import type { PGlite } from '@electric-sql/pglite' with { 'resolution-mode': 'import' };

type PGliteModule = typeof import('@electric-sql/pglite', {
  with: { 'resolution-mode': 'import' },
});

interface PreparedStatement {
  name: string;
  /** The type OID of each parameter, as PostgreSQL inferred it: how to serialise the values. */
  parameterTypes: number[];
}

function concat(messages: Uint8Array[]): Uint8Array {
  const joined = new Uint8Array(messages.reduce((length, message) => length + message.length, 0));
  let offset = 0;
  for (const message of messages) {
    joined.set(message, offset);
    offset += message.length;
  }
  return joined;
}

export function createStatementRunner(
  pglite: PGlite,
  { protocol: { serialize }, parse }: Pick<PGliteModule, 'protocol' | 'parse'>,
) {
  const prepared = new Map<string, PreparedStatement>();

  async function prepare(text: string): Promise<PreparedStatement> {
    const name = `statement_${prepared.size + 1}`;
    const description = await pglite.execProtocolStream(
      concat([
        serialize.parse({ name, text }),
        serialize.describe({ type: 'S', name }),
        serialize.sync(),
      ]),
    );
    const statement = { name, parameterTypes: parse.parseDescribeStatementResults(description) };
    prepared.set(text, statement);
    return statement;
  }

  /** Runs one statement with its parameters; resolves with its rows. */
  return (text: string, params: unknown[] = []) =>
    pglite.runExclusive(async () => {
      const { name, parameterTypes } = prepared.get(text) ?? (await prepare(text));
      // As PGlite's query() serialises them.
      const values = params.map((value, index) => {
        if (value === null || value === undefined) return null;
        const serializer = pglite.serializers[parameterTypes[index]];
        return serializer ? serializer(value) : String(value);
      });
      const messages = await pglite.execProtocolStream(
        concat([
          serialize.bind({ statement: name, values }),
          serialize.describe({ type: 'P' }),
          serialize.execute({}),
          serialize.sync(),
        ]),
      );
      return parse.parseResults(messages, pglite.parsers)[0]?.rows ?? [];
    });
}
