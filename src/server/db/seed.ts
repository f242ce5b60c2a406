// The demo company and its accounts, for trying the product out. Seeded on the embedded
// database at first start, or when asked (SEED_DEMO=1, npm run seed); never twice.
import type { Db } from './database';

export const DEMO_PASSWORD = 'demo-password';
export const DEMO_ACCOUNTS = [
  { email: 'owner@demo.test', role: 'Owner' },
  { email: 'manager@demo.test', role: 'Manager' },
  { email: 'employee@demo.test', role: 'Employee' },
  { email: 'docs@demo.test', role: 'Docs only' },
  { email: 'admin@stafflane.test', role: 'Administrator' },
] as const;

export type SeedResult = { created: boolean; accounts: typeof DEMO_ACCOUNTS };

export async function seedDemo(_db: Db): Promise<SeedResult> {
  return { created: false, accounts: DEMO_ACCOUNTS };
}
