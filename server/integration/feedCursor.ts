/**
 * The feeds' opaque cursor: the database's identity (server/db/databaseIdentity.ts) and the
 * position after the last item handed out, as the transaction id that last changed it and its id
 * (registrationFeed.ts), in base64url JSON. Opaque to the client, so that the ordering can change
 * without breaking its contract.
 */
export interface FeedPosition {
  /** The changing transaction's id (xid8), as text: it may pass 2^53. */
  xid: string;
  id: number;
}

export interface FeedCursor {
  /** The identity of the database whose transaction ids the position counts. */
  identity: string;
  position: FeedPosition;
}

export const feedStart: FeedPosition = { xid: '0', id: 0 };

export const encodeCursor = ({ identity, position: { xid, id } }: FeedCursor) =>
  Buffer.from(JSON.stringify([identity, xid, id])).toString('base64url');

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** What a cursor names, or undefined when it is not one this server made. */
export function decodeCursor(cursor: string): FeedCursor | undefined {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (!Array.isArray(value) || value.length !== 3) return undefined;
    const [identity, xid, id] = value as unknown[];
    if (typeof identity !== 'string' || !uuidPattern.test(identity)) return undefined;
    if (typeof xid !== 'string' || !/^[0-9]{1,20}$/.test(xid)) return undefined;
    if (!Number.isSafeInteger(id) || (id as number) < 0) return undefined;
    return { identity, position: { xid, id: id as number } };
  } catch {
    return undefined;
  }
}
