/**
 * The feeds' opaque cursor: the position after the last item handed out, as the transaction id
 * that last changed it and its id (registrationFeed.ts), in base64url JSON. Opaque to the client,
 * so that the ordering can change without breaking its contract.
 */
export interface FeedPosition {
  /** The changing transaction's id (xid8), as text: it may pass 2^53. */
  xid: string;
  id: number;
}

export const feedStart: FeedPosition = { xid: '0', id: 0 };

export const encodeCursor = ({ xid, id }: FeedPosition) =>
  Buffer.from(JSON.stringify([xid, id])).toString('base64url');

/** The position a cursor names, or undefined when it is not one this server made. */
export function decodeCursor(cursor: string): FeedPosition | undefined {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (!Array.isArray(value) || value.length !== 2) return undefined;
    const [xid, id] = value as unknown[];
    if (typeof xid !== 'string' || !/^[0-9]{1,20}$/.test(xid)) return undefined;
    if (!Number.isSafeInteger(id) || (id as number) < 0) return undefined;
    return { xid, id: id as number };
  } catch {
    return undefined;
  }
}
