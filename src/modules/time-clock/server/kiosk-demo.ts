// The kiosk demo: a tablet at the Edinburgh office ("Edinburgh front desk"), opened with the demo
// token below (/kiosk#demo-edinburgh-kiosk: this demo company's only, never a real one's), and
// PINs for three Edinburgh people: Isla Campbell 1234, Freya MacDonald 2468, Oscar Fraser 1357.
// Written once.
import type { Trx } from '../../../server/db/database';
import type { DemoCompany } from '../../../server/server-module';
import { hashDeviceToken, hashPin } from './kiosk-secrets';
import { companyHasKiosk, findLocationIdByName, insertKiosk, savePin } from './kiosk.queries';
import { findDemoPeople } from './time-clock-demo.queries';

export const DEMO_KIOSK_TOKEN = 'demo-edinburgh-kiosk';
export const DEMO_KIOSK_PINS: Readonly<Record<string, string>> = {
  'isla.campbell@demo.test': '1234',
  'freya.macdonald@demo.test': '2468',
  'oscar.fraser@demo.test': '1357',
};

export async function seedKioskDemo(trx: Trx, company: DemoCompany): Promise<void> {
  const { companyId } = company;
  if (await companyHasKiosk(trx, companyId)) return;
  const locationId = await findLocationIdByName(trx, { companyId, name: 'Edinburgh' });
  const owner = company.accounts['owner@demo.test'];
  if (!locationId || !owner) return;
  await insertKiosk(trx, {
    companyId,
    locationId,
    name: 'Edinburgh front desk',
    tokenHash: hashDeviceToken(DEMO_KIOSK_TOKEN),
    createdBy: owner,
  });
  const people = await findDemoPeople(trx, { companyId, emails: Object.keys(DEMO_KIOSK_PINS) });
  for (const person of people) {
    const pin = DEMO_KIOSK_PINS[person.email];
    if (pin) await savePin(trx, { companyId, userId: person.id, pinHash: await hashPin(pin), setBy: person.id });
  }
}
