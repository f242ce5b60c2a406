// The SQL of working patterns: hours per weekday from a start date, newest first; the
// current one is the latest that has started. Templates are the company's list.
import type { DbOrTrx } from '../../../server/db/database';
import type { Paging } from '../../../shared/list';
import { WEEKDAY_FIELDS, type WeekHours, type WorkingPatternRecord } from '../employment-records.contract';
import './people-tables';

type Scoped = { companyId: string; userId: string };

const patterns = (db: DbOrTrx, { companyId, userId }: Scoped) =>
  db
    .selectFrom('user_working_patterns as p')
    .leftJoin('working_pattern_templates as t', 't.id', 'p.template_id')
    .where('p.company_id', '=', companyId)
    .where('p.user_id', '=', userId);
const patternColumns = [
  'p.id',
  'p.user_id',
  'p.template_id',
  't.name as template_name',
  'p.start_date',
  'p.mon_hours',
  'p.tue_hours',
  'p.wed_hours',
  'p.thu_hours',
  'p.fri_hours',
  'p.sat_hours',
  'p.sun_hours',
  'p.created_at',
] as const;

type PatternRow = Omit<WorkingPatternRecord, 'created_at' | 'total_hours'> & { created_at: Date };
const toRecord = (row: PatternRow): WorkingPatternRecord => ({
  ...row,
  total_hours: WEEKDAY_FIELDS.reduce((sum, day) => sum + row[day], 0),
  created_at: row.created_at.toISOString(),
});

export async function findWorkingPatterns(
  db: DbOrTrx,
  input: Scoped & { paging: Paging },
): Promise<{ results: WorkingPatternRecord[]; count: number }> {
  const rows = await patterns(db, input)
    .select(patternColumns)
    .orderBy('p.start_date', 'desc')
    .orderBy('p.created_at', 'desc')
    .orderBy('p.id', 'desc')
    .offset(input.paging.offset)
    .limit(input.paging.limit)
    .execute();
  const { count } = await patterns(db, input)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return { results: rows.map(toRecord), count };
}

export async function getWorkingPattern(db: DbOrTrx, input: Scoped & { id: string }): Promise<WorkingPatternRecord | undefined> {
  const row = await patterns(db, input).select(patternColumns).where('p.id', '=', input.id).executeTakeFirst();
  return row && toRecord(row);
}

/** The pattern in force on `date` ('yyyy-MM-dd'): the latest start on or before it. */
export async function getCurrentWorkingPattern(db: DbOrTrx, input: Scoped & { date: string }): Promise<WorkingPatternRecord | undefined> {
  const row = await patterns(db, input)
    .select(patternColumns)
    .where('p.start_date', '<=', input.date)
    .orderBy('p.start_date', 'desc')
    .orderBy('p.created_at', 'desc')
    .orderBy('p.id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row && toRecord(row);
}

export async function getTemplateHours(db: DbOrTrx, input: { companyId: string; id: string }): Promise<WeekHours | undefined> {
  return db
    .selectFrom('working_pattern_templates')
    .select([...WEEKDAY_FIELDS])
    .where('company_id', '=', input.companyId)
    .where('id', '=', input.id)
    .executeTakeFirst();
}

export type WorkingPatternValues = WeekHours & { start_date: string; template_id: string | null };
