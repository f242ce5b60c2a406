// HMRC approved mileage allowance payments (AMAP), kept as an effective-dated table by tax
// year (6 April – 5 April), and what one mileage item pays: cars and vans at the higher rate
// for the first 10,000 business miles of the person's tax year and 25p after (an item that
// crosses the threshold is split at it), motorcycles and bicycles at one rate, 5p a mile per
// passenger carried by car or van only (ITEPA 2003 s. 234; a motorcycle's or bicycle's passenger
// earns nothing). A company may set its own rate per vehicle: paying less than HMRC's rate leaves
// nothing taxable; paying more makes the excess over the approved amount taxable pay.
// Pure and integer: miles in tenths, money in pence.

export const VEHICLES = ['car', 'motorcycle', 'bicycle'] as const;
export type Vehicle = (typeof VEHICLES)[number];

export type MileageRates = {
  /** The first tax year (its start, 6 April) these rates apply from. */
  from: string;
  carFirst: number;
  carAfter: number;
  motorcycle: number;
  bicycle: number;
  passenger: number;
};

/** The car and van threshold of business miles in a tax year, in tenths. */
export const CAR_THRESHOLD_TENTHS = 10_000 * 10;

/** Newest last. 2011/12 set 45p/25p; 2026/27 raised the first 10,000 car miles to 55p. */
export const AMAP_RATES: readonly MileageRates[] = [
  { from: '2011-04-06', carFirst: 45, carAfter: 25, motorcycle: 24, bicycle: 20, passenger: 5 },
  { from: '2026-04-06', carFirst: 55, carAfter: 25, motorcycle: 24, bicycle: 20, passenger: 5 },
];

/** The start (6 April, ISO) of the tax year holding an ISO date. */
export function taxYearStart(date: string): string {
  const year = Number(date.slice(0, 4));
  return date.slice(5) >= '04-06' ? `${year}-04-06` : `${year - 1}-04-06`;
}

/** The last day (5 April) of the tax year holding an ISO date. */
export function taxYearEnd(date: string): string {
  return `${Number(taxYearStart(date).slice(0, 4)) + 1}-04-05`;
}

/** "2026/27". */
export function taxYearLabel(date: string): string {
  const year = Number(taxYearStart(date).slice(0, 4));
  return `${year}/${String((year + 1) % 100).padStart(2, '0')}`;
}

export function ratesOn(date: string): MileageRates {
  const start = taxYearStart(date);
  let found = AMAP_RATES[0] as MileageRates;
  for (const rates of AMAP_RATES) if (rates.from <= start) found = rates;
  return found;
}

/** Pence for tenths of a mile at a rate in pence a mile, rounded half up to the penny. */
export const pence = (tenths: number, ratePence: number): number => Math.round((tenths * ratePence) / 10);

/** Miles (up to one decimal place) as tenths. */
export const milesToTenths = (miles: number): number => Math.round(miles * 10);

export type MileagePart = { tenths: number; ratePence: number; amountPence: number };

export type MileageInput = {
  date: string;
  /** Tenths of a mile. */
  tenths: number;
  vehicle: Vehicle;
  passengers: number;
  /** Car and van miles (tenths) the person already claimed earlier in the same tax year. */
  priorCarTenths: number;
  /** The company's own rate for this vehicle in pence a mile, when it sets one. */
  companyRatePence?: number | null;
};

export type MileageResult = {
  /** HMRC's parts (a car item crossing 10,000 miles has two). */
  parts: MileagePart[];
  passengerRatePence: number;
  passengerPence: number;
  /** The approved amount: the most that is paid free of tax and NICs. */
  approvedPence: number;
  /** What the company pays for the item. */
  paidPence: number;
  /** Paid over the approved amount: taxable pay, shown apart in the export. */
  taxablePence: number;
  /** Car and van miles (tenths) counted after this item. */
  carTenthsAfter: number;
};

export function hmrcParts(input: Pick<MileageInput, 'date' | 'tenths' | 'vehicle' | 'priorCarTenths'>): MileagePart[] {
  const rates = ratesOn(input.date);
  const part = (tenths: number, ratePence: number): MileagePart => ({ tenths, ratePence, amountPence: pence(tenths, ratePence) });
  if (input.vehicle === 'motorcycle') return [part(input.tenths, rates.motorcycle)];
  if (input.vehicle === 'bicycle') return [part(input.tenths, rates.bicycle)];
  const firstRoom = Math.max(0, CAR_THRESHOLD_TENTHS - Math.max(0, input.priorCarTenths));
  const first = Math.min(input.tenths, firstRoom);
  const after = input.tenths - first;
  return [...(first > 0 ? [part(first, rates.carFirst)] : []), ...(after > 0 ? [part(after, rates.carAfter)] : [])];
}

export function mileageAmount(input: MileageInput): MileageResult {
  const rates = ratesOn(input.date);
  const parts = hmrcParts(input);
  const passengerPence = input.vehicle === 'car' ? pence(input.tenths * input.passengers, rates.passenger) : 0;
  const approvedPence = parts.reduce((sum, part) => sum + part.amountPence, 0) + passengerPence;
  const own = input.companyRatePence;
  const paidPence = own === null || own === undefined ? approvedPence : pence(input.tenths, own) + passengerPence;
  return {
    parts,
    passengerRatePence: rates.passenger,
    passengerPence,
    approvedPence,
    paidPence,
    taxablePence: Math.max(0, paidPence - approvedPence),
    carTenthsAfter: input.priorCarTenths + (input.vehicle === 'car' ? input.tenths : 0),
  };
}

/** "50 mi × 55p + 50 mi × 25p + 100 mi × 1 passenger × 5p". */
export function describeMileage(
  result: Pick<MileageResult, 'parts' | 'passengerRatePence' | 'passengerPence'>,
  passengers: number,
): string {
  const miles = (tenths: number) => `${tenths % 10 === 0 ? tenths / 10 : (tenths / 10).toFixed(1)} mi`;
  const total = result.parts.reduce((sum, part) => sum + part.tenths, 0);
  const pieces = result.parts.map((part) => `${miles(part.tenths)} × ${part.ratePence}p`);
  if (passengers > 0 && result.passengerPence > 0)
    pieces.push(`${miles(total)} × ${passengers} passenger${passengers === 1 ? '' : 's'} × ${result.passengerRatePence}p`);
  return pieces.join(' + ');
}

/**
 * Items of one claim in date order, each given the car miles claimed before it: `priorCarTenths`
 * of the tax year from other claims, then earlier items of this claim in the same tax year.
 */
export function priceMileageItems<T extends { date: string; tenths: number; vehicle: Vehicle; passengers: number }>(
  items: readonly T[],
  input: { priorCarTenthsByTaxYear: ReadonlyMap<string, number>; companyRates: Partial<Record<Vehicle, number | null>> },
): Array<T & { result: MileageResult }> {
  const running = new Map(input.priorCarTenthsByTaxYear);
  const order = items.map((item, index) => ({ item, index })).sort((a, b) => a.item.date.localeCompare(b.item.date) || a.index - b.index);
  const priced = new Array<T & { result: MileageResult }>(items.length);
  for (const { item, index } of order) {
    const year = taxYearStart(item.date);
    const result = mileageAmount({
      date: item.date,
      tenths: item.tenths,
      vehicle: item.vehicle,
      passengers: item.passengers,
      priorCarTenths: running.get(year) ?? 0,
      companyRatePence: input.companyRates[item.vehicle] ?? null,
    });
    running.set(year, result.carTenthsAfter);
    priced[index] = { ...item, result };
  }
  return priced;
}

/** One tax year's Mileage Allowance Relief: HMRC's approved amount for the miles, what was paid, and the shortfall. */
export type MileageRelief = { taxYear: string; approvedPence: number; paidPence: number; reliefPence: number };

/**
 * Mileage Allowance Relief (ITEPA 2003 ss. 229–232): when the mileage allowance payments of a
 * tax year are below the approved amount for its business miles, the employee may claim tax
 * relief on the difference (form P87 or Self Assessment). Summed over the whole tax year, so
 * an item paid above the rate offsets one paid below; passenger payments carry no relief
 * (s. 234), and they are paid at the approved rate so they cancel out of the difference.
 */
export function mileageAllowanceRelief(items: readonly { date: string; approvedPence: number; paidPence: number }[]): MileageRelief[] {
  const years = new Map<string, MileageRelief>();
  for (const item of [...items].sort((a, b) => a.date.localeCompare(b.date))) {
    const taxYear = taxYearLabel(item.date);
    const year = years.get(taxYear) ?? { taxYear, approvedPence: 0, paidPence: 0, reliefPence: 0 };
    year.approvedPence += item.approvedPence;
    year.paidPence += item.paidPence;
    year.reliefPence = Math.max(0, year.approvedPence - year.paidPence);
    years.set(taxYear, year);
  }
  return [...years.values()];
}
