import { sql, type Kysely } from 'kysely';

// Working days between two dates in O(1), for reports over many absences: counting them day by
// day (generate_series per absence) took about 8 s over a million absences.
//   working_day_counts(hours) turns a week's hours (Monday first) into cumulative counts over a
//   fortnight: element i + 1 is how many of the first i days from a Monday are worked (0..14).
//   working_days_between(counts, from, to) is then whole weeks × the days worked in a week, plus
//   the worked days of the remaining part week read off the counts.
// Both are plain SQL functions, IMMUTABLE, so the planner inlines them into the query.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE FUNCTION working_day_counts(hours float8[]) RETURNS int[]
    LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
      SELECT array_agg(worked ORDER BY i)::int[] FROM (
        SELECT i, coalesce(sum(CASE WHEN hours[((i - 1) % 7) + 1] > 0 THEN 1 ELSE 0 END)
          OVER (ORDER BY i ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0) AS worked
        FROM generate_series(1, 15) i
      ) days
    $$`.execute(db);
  await sql`
    CREATE FUNCTION working_days_between(counts int[], first_day date, last_day date) RETURNS int
    LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
      SELECT CASE WHEN last_day < first_day THEN 0 ELSE
        ((last_day - first_day + 1) / 7) * counts[8]
        + counts[extract(isodow FROM first_day)::int + (last_day - first_day + 1) % 7]
        - counts[extract(isodow FROM first_day)::int]
      END
    $$`.execute(db);
}
