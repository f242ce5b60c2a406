// The expenses demo (after the people and leave demos): the company's expense types (made by
// migration 0019 for every company) plus Training, and claims around today in every state with
// receipts: Ella's (employee@demo.test) and two Operations colleagues' claims waiting for
// Marcus (manager@demo.test, the Operations manager) with a to-do each, approved, partly
// approved, rejected, paid and exported claims, a mileage claim priced from HMRC's rates, a
// claim holding a car park's receipt and the drive there, and a draft. Receipt rows are
// written here; their bytes when the app starts (demo-receipts.ts).
import { notify } from '../../../server/notifications/notify';
import { newStorageKey } from '../../../server/files/storage';
import type { DemoCompany } from '../../../server/server-module';
import type { Trx } from '../../../server/db/database';
import { addDays, londonDate } from '../../../shared/dates';
import { formatPence } from '../../../shared/money';
import type { ClaimStatus, Vehicle } from '../expenses.contract';
import { describeMileage, priceMileageItems, taxYearStart } from '../mileage-rules';
import { DEMO_RECEIPTS, sha256 } from './demo-receipts';
import { insertClaim, insertEvent, replaceItems, updateClaim, findItems, type NewItem } from './claims.queries';
import { insertReceipt } from './claims-read.queries';
import { insertExpenseType, listExpenseTypes } from './expense-types.queries';
import { EXPENSE_DECIDE } from './expenses.todos';
import { claimKindOf } from './claim-pricing';

type DemoItem =
  | { date: number; type: string; description: string; gross: number; vat?: number; supplier: string; receipt?: string; approved?: number }
  | { date: number; miles: number; vehicle: Vehicle; from: string; to: string; purpose: string; passengers?: number };
type DemoClaim = { who: string; status: ClaimStatus; description: string; items: DemoItem[]; reason?: string };

const blank = {
  supplier: '',
  vat_receipt_held: false,
  vat_pence: 0,
  taxable_pence: 0,
  hmrc_pence: null,
  miles_tenths: null,
  vehicle: null,
  passengers: 0,
};

export async function seedExpensesDemo(trx: Trx, company: DemoCompany): Promise<void> {
  const { companyId, accounts } = company;
  const existing = await trx.selectFrom('expense_claims').select('id').where('company_id', '=', companyId).limit(1).executeTakeFirst();
  if (existing) return;
  const ella = accounts['employee@demo.test'];
  const marcus = accounts['manager@demo.test'];
  const olivia = accounts['owner@demo.test'];
  if (!ella || !marcus || !olivia) return;
  await insertExpenseType(trx, { companyId, name: 'Training', limitPence: 30_000, receiptRequired: true });
  const types = new Map((await listExpenseTypes(trx, { companyId })).map((type) => [type.name, type.id]));
  const operations = await trx
    .selectFrom('users')
    .select(['id'])
    .where('company_id', '=', companyId)
    .where('department_id', '=', company.departments.Operations ?? '')
    .where('status', '=', 'active')
    .where('id', 'not in', [ella, marcus])
    .orderBy('surname')
    .limit(2)
    .execute();
  const [colleague = ella, another = ella] = operations.map((row) => row.id);
  const today = londonDate(new Date());
  const day = (offset: number) => addDays(today, offset);

  const claims: DemoClaim[] = [
    {
      who: ella,
      status: 'submitted',
      description: 'Supplier visit, London',
      items: [
        {
          date: -6,
          type: 'Travel',
          description: 'Train to London Euston',
          gross: 86.4,
          supplier: 'Avanti West Coast',
          receipt: 'demo-train-ticket.pdf',
        },
        {
          date: -6,
          type: 'Accommodation',
          description: 'Hotel, one night',
          gross: 99,
          vat: 16.5,
          supplier: 'Premier Inn',
          receipt: 'demo-hotel-invoice.pdf',
        },
        {
          date: -5,
          type: 'Subsistence',
          description: 'Lunch with supplier',
          gross: 31.8,
          vat: 5.3,
          supplier: 'Pret A Manger',
          receipt: 'demo-lunch-receipt.png',
        },
      ],
    },
    {
      who: ella,
      status: 'submitted',
      description: 'Client visits',
      items: [
        { date: -3, miles: 84, vehicle: 'car', from: 'Head office', to: 'Leeds distribution centre', purpose: 'Stock audit' },
        { date: -2, miles: 36.5, vehicle: 'car', from: 'Head office', to: 'Bolton store', purpose: 'Store opening', passengers: 1 },
      ],
    },
    {
      who: colleague,
      status: 'submitted',
      description: 'Taxi after late shift',
      items: [
        {
          date: -1,
          type: 'Travel',
          description: 'Taxi home after stock-take',
          gross: 18.5,
          supplier: 'Street Cars',
          receipt: 'demo-taxi-receipt.png',
        },
      ],
    },
    {
      who: ella,
      status: 'approved',
      description: 'Keyboard for the stock room',
      items: [
        {
          date: -30,
          type: 'Equipment',
          description: 'Wireless keyboard and mouse',
          gross: 54,
          vat: 9,
          supplier: 'Office Supplies Direct',
          receipt: 'demo-keyboard-invoice.pdf',
        },
      ],
    },
    {
      who: another,
      status: 'partly_approved',
      description: 'Trade show',
      items: [
        {
          date: -20,
          type: 'Travel',
          description: 'Parking at the NEC',
          gross: 24,
          supplier: 'NEC Car Parks',
          receipt: 'demo-parking-receipt.png',
        },
        {
          date: -20,
          type: 'Subsistence',
          description: 'Dinner',
          gross: 42,
          vat: 7,
          supplier: 'Wagamama',
          receipt: 'demo-lunch-receipt.png',
          approved: 25,
        },
      ],
    },
    {
      who: ella,
      status: 'rejected',
      description: 'Team training day',
      reason: 'Please attach the invoice for the course fee.',
      items: [{ date: -12, type: 'Training', description: 'Food hygiene course', gross: 120, supplier: 'Highfield' }],
    },
    {
      // One trip, one claim: the car park's receipt and the drive there.
      who: ella,
      status: 'approved',
      description: 'Supplier meeting, Manchester',
      items: [
        {
          date: -9,
          type: 'Travel',
          description: 'Parking at Piccadilly',
          gross: 12,
          supplier: 'NCP',
          receipt: 'demo-parking-receipt.png',
        },
        { date: -9, miles: 18, vehicle: 'car', from: 'Head office', to: 'Piccadilly supplier', purpose: 'Supplier meeting' },
      ],
    },
    {
      who: colleague,
      status: 'paid',
      description: 'Delivery run',
      items: [{ date: -40, miles: 52, vehicle: 'car', from: 'Head office', to: 'Chester store', purpose: 'Urgent delivery' }],
    },
    {
      who: ella,
      status: 'exported',
      description: 'Cycle to the warehouse',
      items: [{ date: -45, miles: 14, vehicle: 'bicycle', from: 'Head office', to: 'Trafford warehouse', purpose: 'Stock count' }],
    },
    {
      who: ella,
      status: 'draft',
      description: 'Parking this week',
      items: [{ date: 0, type: 'Travel', description: 'Parking at the depot', gross: 7.5, supplier: 'NCP' }],
    },
  ];

  const carTenths = new Map<string, Map<string, number>>();
  for (const claim of claims) {
    // Receipt items first, then journeys, as a claim made in the product keeps them.
    const bought = claim.items.flatMap((item) => ('miles' in item ? [] : [item]));
    const driven = claim.items.flatMap((item) => ('miles' in item ? [item] : []));
    const claimType = claimKindOf({ receipts: bought.length, journeys: driven.length });
    const claimId = await insertClaim(trx, { companyId, userId: claim.who, claimType, description: claim.description });
    const receipts: { position: number; name: string }[] = [];
    const approvedByPosition = new Map<number, number>();
    const items: NewItem[] = bought.map((item, position) => {
      if (item.receipt) receipts.push({ position, name: item.receipt });
      if (item.approved !== undefined) approvedByPosition.set(position, Math.round(item.approved * 100));
      return {
        ...blank,
        position,
        date: day(item.date),
        expense_type_id: types.get(item.type) ?? null,
        description: item.description,
        supplier: item.supplier,
        vat_receipt_held: (item.vat ?? 0) > 0,
        gross_pence: Math.round(item.gross * 100),
        vat_pence: Math.round((item.vat ?? 0) * 100),
        from_place: '',
        to_place: '',
        purpose: '',
        calculation: null,
      };
    });
    const prior = carTenths.get(claim.who) ?? new Map<string, number>();
    const priced = priceMileageItems(
      driven.map((item) => ({ ...item, date: day(item.date), tenths: item.miles * 10, passengers: item.passengers ?? 0 })),
      { priorCarTenthsByTaxYear: prior, companyRates: {} },
    );
    for (const item of priced) {
      items.push({
        ...blank,
        position: items.length,
        date: item.date,
        expense_type_id: null,
        description: `${item.from} to ${item.to}`,
        gross_pence: item.result.paidPence,
        hmrc_pence: item.result.approvedPence,
        miles_tenths: item.tenths,
        vehicle: item.vehicle,
        passengers: item.passengers,
        from_place: item.from,
        to_place: item.to,
        purpose: item.purpose,
        calculation: describeMileage(item.result, item.passengers),
      });
      prior.set(taxYearStart(item.date), item.result.carTenthsAfter);
    }
    carTenths.set(claim.who, prior);
    await replaceItems(trx, { companyId, claimId, items });
    const stored = await findItems(trx, { companyId, claimId });
    for (const receipt of receipts) {
      const made = DEMO_RECEIPTS[receipt.name]?.();
      const item = stored[receipt.position];
      if (!made || !item) continue;
      const file = await trx
        .insertInto('files')
        .values({
          company_id: companyId,
          storage_key: newStorageKey(),
          original_name: made.name,
          mime_type: made.mimeType,
          size_bytes: made.bytes.length,
          sha256: sha256(made.bytes),
          created_by: claim.who,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await insertReceipt(trx, { companyId, claimId, itemId: item.id, fileId: file.id });
    }
    const total = stored.reduce((sum, item) => sum + item.gross_pence, 0);
    const dates = stored.map((item) => item.date).sort();
    const submittedAt = new Date(`${dates[dates.length - 1] ?? today}T17:30:00Z`);
    const decidedAt = new Date(submittedAt.getTime() + 26 * 3600 * 1000);
    const decided = !['draft', 'submitted'].includes(claim.status);
    let approved: number | null = null;
    if (decided && claim.status !== 'rejected') {
      approved = 0;
      for (const item of stored) {
        const amount = approvedByPosition.get(item.position) ?? item.gross_pence;
        approved += amount;
        await trx.updateTable('expense_items').set({ approved_pence: amount }).where('id', '=', item.id).execute();
      }
    }
    await updateClaim(trx, {
      companyId,
      id: claimId,
      patch: {
        status: claim.status,
        total_pence: total,
        first_date: dates[0] ?? null,
        last_date: dates[dates.length - 1] ?? null,
        submitted_at: claim.status === 'draft' ? null : submittedAt,
        decided_at: decided ? decidedAt : null,
        decided_by: decided ? marcus : null,
        reject_reason: claim.reason ?? null,
        approved_pence: approved,
        paid_on: claim.status === 'paid' ? londonDate(new Date(decidedAt.getTime() + 3 * 86_400_000)) : null,
      },
    });
    if (claim.status === 'exported') {
      await trx
        .updateTable('expense_claims')
        .set({ exported_at: new Date(decidedAt.getTime() + 5 * 86_400_000), export_reference: 'Demo pay period' })
        .where('id', '=', claimId)
        .execute();
    }
    await insertEvent(trx, { companyId, claimId, actorId: claim.who, action: 'created' });
    if (claim.status !== 'draft') await insertEvent(trx, { companyId, claimId, actorId: claim.who, action: 'submitted' });
    if (decided) {
      const action = claim.status === 'rejected' ? 'rejected' : claim.status === 'partly_approved' ? 'partly_approved' : 'approved';
      await insertEvent(trx, { companyId, claimId, actorId: marcus, action, note: claim.reason ?? null });
    }
    if (claim.status === 'paid') await insertEvent(trx, { companyId, claimId, actorId: olivia, action: 'paid' });
    if (claim.status === 'exported')
      await insertEvent(trx, { companyId, claimId, actorId: olivia, action: 'exported', note: 'Demo pay period' });
    if (claim.status === 'submitted') {
      await notify(trx, {
        companyId,
        userId: marcus,
        description: `A claim of ${formatPence(total)} (${claim.description}) is waiting for your approval.`,
        relatesTo: 'expense',
        relatesToId: claimId,
        todo: true,
        kind: EXPENSE_DECIDE.kind,
      });
    }
  }
}
