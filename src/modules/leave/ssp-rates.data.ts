// Statutory Sick Pay rates by tax year (6 April to 5 April), with where each figure was read.
// Add a year when its rates are published; a day in a tax year missing here gets no amount
// (the absence says the rate is not known yet) rather than a guessed one.

export type SspRateYear = {
  /** First and last day of the tax year. */
  from: string;
  to: string;
  /** The standard weekly rate of SSP, in pounds. */
  weeklyRate: number;
  /** The lower earnings limit average weekly earnings had to reach; null once it no longer applies to SSP. */
  lowerEarningsLimit: number | null;
  source: string;
};

/**
 * From this day the Employment Rights Act 2025 applies: SSP from the first qualifying day
 * (no waiting days, a period of incapacity of one day or more: s. 10, amending SSCBA 1992
 * ss. 151–155), no lower earnings limit, and the lower of the weekly rate and 80% of average
 * weekly earnings.
 */
export const SSP_REFORM_DATE = '2026-04-06';

export const SSP_RATES: readonly SspRateYear[] = [
  {
    from: '2024-04-06',
    to: '2025-04-05',
    weeklyRate: 116.75,
    lowerEarningsLimit: 123,
    source:
      'Social Security Benefits Up-rating Order 2024; GOV.UK SSP calculator rates (github.com/alphagov/smart-answers, config/smart_answers/rates/statutory_sick_pay.yml)',
  },
  {
    from: '2025-04-06',
    to: '2026-04-05',
    weeklyRate: 118.75,
    lowerEarningsLimit: 125,
    source:
      'GOV.UK SSP calculator rates (github.com/alphagov/smart-answers, config/smart_answers/rates/statutory_sick_pay.yml: 2025-04-06 to 2026-04-05, £118.75, LEL £125)',
  },
  {
    from: '2026-04-06',
    to: '2027-04-05',
    weeklyRate: 123.25,
    lowerEarningsLimit: null,
    source:
      'Government’s 2026/27 benefit and pension rates as reported by Doyle Clayton, “Employment Law Guide 2026: Statutory sick pay” (5 Jan 2026) and Mulberry’s Solicitors (£118.75 → £123.25 from 6 April 2026); no lower earnings limit: business.gov.uk “Statutory Sick Pay Changes”',
  },
];

/** The rates of the tax year holding `date`, or null when that year's rates are not recorded. */
export function sspRatesOn(date: string, rates: readonly SspRateYear[] = SSP_RATES): SspRateYear | null {
  return rates.find((year) => year.from <= date && date <= year.to) ?? null;
}
