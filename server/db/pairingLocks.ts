/**
 * The locks under which the database pairs possible duplicates (migration 23's
 * pair_registration_duplicates: namespace 7301956, a key per birthday and per phone), taken by a
 * correction before it locks its registration's row. Whatever a registration is paired with
 * shares its birthday, phone or email, old or new, and the database re-pairs it as the correction
 * changes them: two corrections of paired registrations at once then wait for each other here,
 * instead of each waiting, in the pairing, for a row the other has locked while the other waits
 * for a lock it holds (a deadlock PostgreSQL ends by failing one).
 */
import type { Queryable } from './database';
import type { RegistrationValues } from '../../src/contract/fields';
import { normaliseBirthday } from '../../src/contract/birthday';

export async function lockPairingKeys(
  tx: Queryable,
  id: number,
  corrected: Partial<RegistrationValues>,
): Promise<void> {
  await tx.query(
    `SELECT pg_advisory_xact_lock(7301956, key) FROM (
       SELECT DISTINCT key FROM registrations,
         LATERAL (VALUES (hashtext(birthday)), (hashtext(coalesce($2, birthday))),
           (hashtext(registration_phone(phone_number))),
           (hashtext(registration_phone(coalesce($3, phone_number)))),
           (hashtext(lower(email))), (hashtext(lower(coalesce($4, email))))) AS keys (key)
       WHERE id = $1 ORDER BY key
     ) AS keys`,
    [
      id,
      corrected.birthday === undefined ? null : normaliseBirthday(corrected.birthday),
      corrected.phoneNumber ?? null,
      corrected.email ?? null,
    ],
  );
}
