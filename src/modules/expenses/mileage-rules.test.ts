import { describe, expect, it } from 'vitest';
import { describeMileage, mileageAllowanceRelief, mileageAmount, priceMileageItems, taxYearLabel, taxYearStart } from './mileage-rules';

const car = (date: string, miles: number, extra: { prior?: number; passengers?: number; own?: number | null } = {}) =>
  mileageAmount({
    date,
    tenths: miles * 10,
    vehicle: 'car',
    passengers: extra.passengers ?? 0,
    priorCarTenths: (extra.prior ?? 0) * 10,
    companyRatePence: extra.own ?? null,
  });

describe('HMRC approved mileage allowance', () => {
  it('pays 100 car miles on 1 May 2026 at 55p: £55.00', () => {
    expect(car('2026-05-01', 100).paidPence).toBe(5500);
  });

  it('pays 100 car miles on 1 March 2026 at 45p: £45.00', () => {
    expect(car('2026-03-01', 100).paidPence).toBe(4500);
  });

  it('splits an item taking the person from 9,950 to 10,050 car miles: 50 × 55p + 50 × 25p', () => {
    const result = car('2026-06-01', 100, { prior: 9_950 });
    expect(result.parts).toEqual([
      { tenths: 500, ratePence: 55, amountPence: 2750 },
      { tenths: 500, ratePence: 25, amountPence: 1250 },
    ]);
    expect(result.paidPence).toBe(4000);
    expect(describeMileage(result, 0)).toBe('50 mi × 55p + 50 mi × 25p');
    expect(result.carTenthsAfter).toBe(100_500);
  });

  it('pays everything at 25p once the threshold is behind', () => {
    expect(car('2026-06-01', 10, { prior: 12_000 }).paidPence).toBe(250);
  });

  it('pays a motorcycle 24p and a bicycle 20p a mile, outside the car threshold', () => {
    const motorcycle = mileageAmount({ date: '2026-05-01', tenths: 1000, vehicle: 'motorcycle', passengers: 0, priorCarTenths: 200_000 });
    expect(motorcycle.paidPence).toBe(2400);
    expect(motorcycle.carTenthsAfter).toBe(200_000);
    expect(mileageAmount({ date: '2026-05-01', tenths: 1000, vehicle: 'bicycle', passengers: 0, priorCarTenths: 0 }).paidPence).toBe(2000);
  });

  it('adds 5p a mile for each passenger', () => {
    const result = car('2026-05-01', 100, { passengers: 2 });
    expect(result.passengerPence).toBe(1000);
    expect(result.paidPence).toBe(6500);
    expect(describeMileage(result, 2)).toBe('100 mi × 55p + 100 mi × 2 passengers × 5p');
  });

  it('ITEPA 2003 s. 234, HMRC EIM31405: 5p a passenger mile for cars and vans only, never a motorcycle or bicycle', () => {
    // 100 miles by motorcycle with a pillion passenger: 100 × 24p = £24.00 and nothing for the passenger.
    const motorcycle = mileageAmount({ date: '2026-05-01', tenths: 1000, vehicle: 'motorcycle', passengers: 1, priorCarTenths: 0 });
    expect(motorcycle).toMatchObject({ passengerPence: 0, approvedPence: 2400, paidPence: 2400 });
    expect(describeMileage(motorcycle, 1)).toBe('100 mi × 24p');
    const bicycle = mileageAmount({
      date: '2026-05-01',
      tenths: 1000,
      vehicle: 'bicycle',
      passengers: 2,
      priorCarTenths: 0,
      companyRatePence: 20,
    });
    expect(bicycle).toMatchObject({ passengerPence: 0, paidPence: 2000, taxablePence: 0 });
  });

  it('turns on 6 April: 5 April is the old tax year, 6 April the new', () => {
    expect(taxYearStart('2026-04-05')).toBe('2025-04-06');
    expect(taxYearStart('2026-04-06')).toBe('2026-04-06');
    expect(taxYearLabel('2026-04-05')).toBe('2025/26');
    expect(taxYearLabel('2026-04-06')).toBe('2026/27');
    expect(car('2026-04-05', 100).paidPence).toBe(4500);
    expect(car('2026-04-06', 100).paidPence).toBe(5500);
  });

  it('rounds tenths of a mile half up to the penny', () => {
    expect(mileageAmount({ date: '2025-05-01', tenths: 125, vehicle: 'car', passengers: 0, priorCarTenths: 0 }).paidPence).toBe(563);
  });
});

describe('a company rate', () => {
  it('paying less than HMRC leaves nothing taxable', () => {
    const result = car('2026-05-01', 100, { own: 40 });
    expect(result).toMatchObject({ paidPence: 4000, approvedPence: 5500, taxablePence: 0 });
  });

  it('paying more than HMRC makes the excess taxable', () => {
    const result = car('2026-05-01', 100, { own: 60, prior: 9_950 });
    expect(result).toMatchObject({ paidPence: 6000, approvedPence: 4000, taxablePence: 2000 });
  });
});

describe('a claim of several items', () => {
  it('counts earlier items of the tax year in date order and restarts the count in a new tax year', () => {
    const items = [
      { date: '2026-05-02', tenths: 1000, vehicle: 'car' as const, passengers: 0 },
      { date: '2026-05-01', tenths: 1000, vehicle: 'car' as const, passengers: 0 },
      { date: '2026-04-05', tenths: 1000, vehicle: 'car' as const, passengers: 0 },
    ];
    const priced = priceMileageItems(items, {
      priorCarTenthsByTaxYear: new Map([
        ['2026-04-06', 99_500],
        ['2025-04-06', 0],
      ]),
      companyRates: {},
    });
    expect(priced.map((item) => item.result.paidPence)).toEqual([2500, 50 * 55 + 50 * 25, 4500]);
  });

  it('ITEPA 2003 ss. 229–232: Mileage Allowance Relief is the tax year’s approved amount less what was paid, never below nothing', () => {
    // 2026/27: 1,000 miles at a company 40p against 55p (relief £150) and 100 at 60p against
    // 55p (£5 over), summed over the year: £605 approved, £460 paid, £145 relief. 2025/26 paid
    // in full: no relief.
    expect(
      mileageAllowanceRelief([
        { date: '2026-05-01', approvedPence: 55_000, paidPence: 40_000 },
        { date: '2026-06-01', approvedPence: 5_500, paidPence: 6_000 },
        { date: '2026-03-01', approvedPence: 4_500, paidPence: 4_500 },
      ]),
    ).toEqual([
      { taxYear: '2025/26', approvedPence: 4_500, paidPence: 4_500, reliefPence: 0 },
      { taxYear: '2026/27', approvedPence: 60_500, paidPence: 46_000, reliefPence: 14_500 },
    ]);
  });
});
