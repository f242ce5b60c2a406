// The demo company's data-protection settings: the UK defaults written out (so the settings
// page shows the company's own schedule), and people may export their own data.
import type { Trx } from '../../../server/db/database';
import { RECORD_KINDS, RECORD_KIND_KEYS } from '../../../shared/record-kinds';
import { savePrivacySettings } from './privacy.queries';

export async function seedPrivacyDemo(trx: Trx, input: { companyId: string }): Promise<void> {
  const retention = Object.fromEntries(RECORD_KIND_KEYS.map((kind) => [kind, RECORD_KINDS[kind].defaultMonths]));
  await savePrivacySettings(trx, { companyId: input.companyId, selfExportAllowed: true, retention });
}
