// Exactly once for a tablet's taps, on the platform's own idempotency store: the idempotency
// plugin keys a signed-in write by its user, and a tablet has none, so its writes are keyed here
// by the kiosk (`kiosk:<id>`) and the Idempotency-Key it sends with each tap. The first success
// is kept for 30 days and given again to every repeat; a refusal or failure releases the key, so
// a retry runs again (a wrong PIN stays wrong, a pause ends).
import { createHash } from 'node:crypto';
import {
  completeIdempotencyClaim,
  getIdempotencyKey,
  insertIdempotencyClaim,
  releaseIdempotencyClaim,
  takeOverIdempotencyClaim,
} from '../../../server/plugins/idempotency.queries';
import { IDEMPOTENCY_STALE_AFTER_MS } from '../../../server/plugins/idempotency';
import type { Db } from '../../../server/db/database';
import { AppError } from '../../../shared/app-error';
import { IDEMPOTENCY_RETENTION_DAYS } from '../../../shared/constants';
import { kioskMessages } from '../kiosk.contract';

const keyPattern = /^[\x20-\x7e]{1,200}$/;

export async function onceForKiosk<T>(db: Db, input: { kioskId: string; key: unknown; body: unknown }, run: () => Promise<T>): Promise<T> {
  if (typeof input.key !== 'string' || !keyPattern.test(input.key)) throw new AppError('badRequest', { message: kioskMessages.key });
  const userId = `kiosk:${input.kioskId}`;
  const claim = {
    userId,
    key: input.key,
    requestHash: createHash('sha256').update(JSON.stringify(input.body)).digest('hex'),
    retentionDays: IDEMPOTENCY_RETENTION_DAYS,
  };
  const claimedAt =
    (await insertIdempotencyClaim(db, claim)) ??
    (await takeOverIdempotencyClaim(db, { ...claim, staleAfterMs: IDEMPOTENCY_STALE_AFTER_MS }));
  if (!claimedAt) {
    const stored = await getIdempotencyKey(db, { userId, key: input.key });
    if (stored && stored.requestHash !== claim.requestHash)
      throw new AppError('validation', { message: 'This Idempotency-Key was already used for a different request.' });
    if (stored?.state === 'done' && stored.body) return JSON.parse(stored.body) as T;
    throw new AppError('idempotency_in_flight');
  }
  const held = { userId, key: input.key, claimedAt };
  try {
    const answer = await run();
    await completeIdempotencyClaim(db, {
      ...held,
      response: { status: 200, contentType: 'application/json', body: JSON.stringify(answer) },
    });
    return answer;
  } catch (error) {
    await releaseIdempotencyClaim(db, held);
    throw error;
  }
}
