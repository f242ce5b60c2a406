import { sql, type Kysely } from 'kysely';

// Expert articles and insights: the platform's own guidance, one set for every company, so
// the table has no company column. Row-level security of its own (as alerts in 0007): any
// transaction — a company's, or none — reads published articles whose date has come; only the
// system scope (administrators) reads drafts and writes. The search vector is generated from
// the title (weight A), the summary (B) and the body's words without markup (C).
//
// The starter articles are product content, so every install gets them here rather than in
// the demo: each names its date and its sources.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('articles')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('title', 'text', (c) => c.notNull().check(sql`char_length(title) between 1 and 200`))
    .addColumn('summary', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('tags', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'`))
    .addColumn('area', 'text', (c) => c.notNull().check(sql`area in ('hr', 'hs')`))
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('draft', 'published')`))
    .addColumn('published_on', 'date', (c) => c.notNull())
    .addColumn('sources', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('created_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('search', sql`tsvector`, (c) =>
      c
        .generatedAlwaysAs(
          sql`
        setweight(to_tsvector('english', title), 'A') ||
        setweight(to_tsvector('english', summary), 'B') ||
        setweight(to_tsvector('english', regexp_replace(body, '<[^>]+>', ' ', 'g')), 'C')`,
        )
        .stored(),
    )
    .execute();
  await sql`CREATE INDEX articles_search_idx ON articles USING gin (search)`.execute(db);
  await sql`CREATE INDEX articles_published_idx ON articles (status, published_on DESC)`.execute(db);
  await sql`CREATE INDEX articles_tags_idx ON articles USING gin (tags)`.execute(db);

  const system = sql`(SELECT current_setting('app.scope', true)) = 'system'`;
  await sql`ALTER TABLE articles ENABLE ROW LEVEL SECURITY`.execute(db);
  await sql`ALTER TABLE articles FORCE ROW LEVEL SECURITY`.execute(db);
  await sql`CREATE POLICY articles_read ON articles FOR SELECT USING (
    ${system} OR (status = 'published' AND published_on <= current_date)
  )`.execute(db);
  await sql`CREATE POLICY articles_write ON articles FOR ALL USING (${system}) WITH CHECK (${system})`.execute(db);

  for (const article of STARTER_ARTICLES) {
    await sql`
      INSERT INTO articles (title, summary, body, category, tags, area, status, published_on, sources)
      VALUES (${article.title}, ${article.summary}, ${article.body}, ${article.category}, ${sql.val(article.tags)}::text[],
              ${article.area}, 'published', ${article.publishedOn}::date, ${JSON.stringify(article.sources)}::jsonb)`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('articles').ifExists().execute();
}

type StarterArticle = {
  title: string;
  summary: string;
  body: string;
  category: string;
  tags: string[];
  area: 'hr' | 'hs';
  publishedOn: string;
  sources: { name: string; url: string }[];
};

// Written for the product, as they stood on their dates. Copied into this migration so it
// means the same thing forever; later corrections are later migrations or an administrator's edit.
const STARTER_ARTICLES: StarterArticle[] = [
  {
    title: 'Handling a sickness absence: a step-by-step guide for small employers',
    summary:
      'From the first phone call to the return-to-work conversation: reporting, self-certification and fit notes, Statutory Sick Pay and keeping in touch.',
    category: 'Absence management',
    tags: ['sickness', 'SSP', 'fit notes', 'return to work'],
    area: 'hr',
    publishedOn: '2026-04-14',
    sources: [
      { name: 'GOV.UK: Statutory Sick Pay (SSP)', url: 'https://www.gov.uk/statutory-sick-pay' },
      {
        name: 'DWP: Fit notes — guidance for employers and line managers',
        url: 'https://www.gov.uk/government/publications/fit-note-guidance-for-employers-and-line-managers',
      },
      { name: 'Acas: Absence from work', url: 'https://www.acas.org.uk/absence-from-work' },
      {
        name: 'Employment Rights Act 2025: the Statutory Sick Pay changes',
        url: 'https://www.gov.uk/government/collections/employment-rights-bill',
      },
    ],
    body: [
      '<h2>When someone calls in sick</h2>',
      '<p>Your absence policy should say how and when people report sickness — usually to their line manager, before their shift starts, on the first day. Write down the first day of absence, the reason given and when they expect to be back. Health information is special category data under UK GDPR: share it only with those who need it.</p>',
      '<h2>Evidence: self-certification and fit notes</h2>',
      '<ul>',
      '<li>For the first seven calendar days an employee can <strong>self-certify</strong>: no doctor’s note is needed. Many employers ask for a self-certification form on return.</li>',
      '<li>From the eighth calendar day you can ask for a <strong>fit note</strong> (a statement of fitness for work). Doctors, nurses, occupational therapists, pharmacists and physiotherapists can all issue one.</li>',
      '<li>A fit note says the person is “not fit for work” or “may be fit for work” with changes such as a phased return, altered hours, amended duties or workplace adaptations. If you cannot make the changes, treat it as “not fit for work”.</li>',
      '</ul>',
      '<h2>Statutory Sick Pay</h2>',
      '<p>You pay Statutory Sick Pay (SSP) to eligible employees for up to 28 weeks of sickness absence. Since 6 April 2026 (Employment Rights Act 2025) SSP is paid from the first day of sickness absence, with no unpaid waiting days, and employees earning below the lower earnings limit qualify too, at 80% of their average weekly earnings where that is less than the standard weekly rate. The standard rate changes each April (it was £118.75 a week in 2025/26): check GOV.UK for this year’s figure. Your contract may pay more as company sick pay, never less.</p>',
      '<h2>Keeping in touch and coming back</h2>',
      '<p>For longer absences, agree how and how often you will keep in touch. On the first day back, hold a short <strong>return-to-work conversation</strong>: welcome them back, check they are well enough to work, agree any adjustments from the fit note and update the record.</p>',
      '<p>A long-term condition may be a disability under the Equality Act 2010, which means considering reasonable adjustments. Occupational health advice helps with long or repeated absences.</p>',
      '<h2>Patterns of absence</h2>',
      '<p>Measure absence consistently (the Bradford factor is one way to spot frequent short absences), but talk to the person about the reasons before taking any formal step, and follow a fair procedure.</p>',
      '<p><em>In Stafflane:</em> record the sickness in Leave &amp; Absences; the return-to-work form and the fit-note upload follow automatically.</p>',
    ].join(''),
  },
  {
    title: 'RIDDOR for small businesses: what to report, and by when',
    summary:
      'Which work-related deaths, injuries, diseases and dangerous occurrences you must report to HSE, how the over-seven-day count works, the deadlines, and the records to keep.',
    category: 'Accidents and incidents',
    tags: ['RIDDOR', 'accident book', 'HSE', 'reporting'],
    area: 'hs',
    publishedOn: '2026-03-02',
    sources: [
      {
        name: 'HSE: RIDDOR — Reporting of Injuries, Diseases and Dangerous Occurrences Regulations 2013',
        url: 'https://www.hse.gov.uk/riddor/',
      },
      { name: 'HSE INDG453: Reporting accidents and incidents at work', url: 'https://www.hse.gov.uk/pubns/indg453.pdf' },
      {
        name: 'The Reporting of Injuries, Diseases and Dangerous Occurrences Regulations 2013 (SI 2013/1471)',
        url: 'https://www.legislation.gov.uk/uksi/2013/1471',
      },
    ],
    body: [
      '<p>The Reporting of Injuries, Diseases and Dangerous Occurrences Regulations 2013 (RIDDOR) require the “responsible person” — usually the employer, or whoever controls the premises — to report certain incidents to the Health and Safety Executive (HSE). Only incidents that arise out of or in connection with work count.</p>',
      '<h2>What must be reported</h2>',
      '<ul>',
      '<li><strong>Deaths</strong> of workers and non-workers resulting from a work-related accident.</li>',
      '<li><strong>Specified injuries</strong> to workers: fractures other than to fingers, thumbs and toes; amputations; injuries likely to lead to permanent loss or reduction of sight; crush injuries to the head or torso causing damage to the brain or internal organs; serious burns (covering more than 10% of the body, or damaging the eyes, respiratory system or other vital organs); scalpings needing hospital treatment; loss of consciousness caused by a head injury or asphyxia; and injuries from working in an enclosed space that lead to hypothermia or heat-induced illness, or need resuscitation or admission to hospital for more than 24 hours.</li>',
      '<li><strong>Over-seven-day injuries</strong>: a worker is away from work, or cannot do their normal work, for more than seven consecutive days, not counting the day of the accident but counting weekends and rest days.</li>',
      '<li><strong>Non-workers</strong> (customers, visitors, the public) taken directly from the scene to hospital for treatment of the injury. Examinations and tests alone are not treatment.</li>',
      '<li><strong>Occupational diseases</strong> diagnosed in writing by a doctor and likely caused by the work: carpal tunnel syndrome; severe cramp of the hand or forearm; occupational dermatitis; hand-arm vibration syndrome; occupational asthma; tendonitis or tenosynovitis of the hand or forearm; any occupational cancer; any disease attributed to occupational exposure to a biological agent.</li>',
      '<li><strong>Dangerous occurrences</strong>: listed near misses, such as the collapse or failure of lifting equipment, even when nobody is hurt.</li>',
      '</ul>',
      '<h2>Deadlines</h2>',
      '<ul>',
      '<li>Deaths and specified injuries: notify HSE without delay, and report within 10 days.</li>',
      '<li>Over-seven-day injuries: report within 15 days of the accident.</li>',
      '<li>Occupational diseases: report as soon as you receive the written diagnosis.</li>',
      '<li>Dangerous occurrences: report without delay, within 10 days.</li>',
      '</ul>',
      '<p>Report online with HSE’s RIDDOR forms. Fatal and specified injuries can also be reported by telephone to HSE’s Incident Contact Centre on 0345 300 9923.</p>',
      '<h2>A worked example</h2>',
      '<p>An employee trips on Monday 5 January 2026 and is off until Tuesday 13 January inclusive. Not counting the Monday, that is eight consecutive days, weekend included: an over-seven-day injury, to be reported by 20 January. Back on Friday 9 January (off until Thursday 8) would be three days: nothing to report or record under RIDDOR. Off until Friday 9 January would be four days: over three days, so it must be recorded, though not reported.</p>',
      '<h2>Records</h2>',
      '<p>Keep a record of every reportable incident and of every over-three-day injury, for at least three years. Businesses with ten or more employees must also keep an accident book; it is good practice for everyone.</p>',
    ].join(''),
  },
  {
    title: 'Holiday entitlement basics: 5.6 weeks and how to work it out',
    summary:
      'The statutory minimum of 5.6 weeks, working it out for part-time and irregular-hours workers, bank holidays, holiday pay, carrying leave over and notice.',
    category: 'Leave and holidays',
    tags: ['holiday', 'annual leave', 'part-time', 'holiday pay'],
    area: 'hr',
    publishedOn: '2026-01-12',
    sources: [
      { name: 'GOV.UK: Holiday entitlement', url: 'https://www.gov.uk/holiday-entitlement-rights' },
      {
        name: 'DBT: Calculating holiday entitlement for part-year and irregular hours workers',
        url: 'https://www.gov.uk/government/publications/calculating-holiday-entitlement-for-part-year-and-irregular-hours-workers',
      },
      { name: 'The Working Time Regulations 1998 (SI 1998/1833)', url: 'https://www.legislation.gov.uk/uksi/1998/1833' },
      { name: 'Acas: Holiday, sickness and leave', url: 'https://www.acas.org.uk/checking-holiday-entitlement' },
    ],
    body: [
      '<p>Almost every worker in Great Britain is entitled to <strong>5.6 weeks of paid holiday a year</strong> under the Working Time Regulations 1998 — part-time, agency and zero-hours workers included.</p>',
      '<h2>Working it out</h2>',
      '<ul>',
      '<li>For someone who works a fixed number of days a week, multiply by 5.6: five days a week gives 28 days; three days a week gives 16.8 days.</li>',
      '<li>The statutory entitlement is capped at 28 days, so a six-day-a-week worker also gets 28 days.</li>',
      '<li>Bank holidays may count towards the 5.6 weeks. There is no legal right to have them off, or to extra paid leave for them, unless the contract gives it.</li>',
      '<li>For leave years starting on or after 1 April 2024, irregular-hours and part-year workers build up holiday at 12.07% of the hours they work in each pay period, and may instead be paid rolled-up holiday pay at 12.07%.</li>',
      '</ul>',
      '<h2>Holiday pay</h2>',
      '<p>Pay for the first 4 weeks must reflect normal pay, including regular overtime, commission and certain allowances, averaged over the last 52 weeks in which the worker was paid. The remaining 1.6 weeks can be paid at basic pay. Contracts may give more.</p>',
      '<h2>Carrying holiday over</h2>',
      '<ul>',
      '<li>Up to 1.6 weeks can be carried into the next leave year if the contract or a written agreement allows it.</li>',
      '<li>Holiday a worker could not take because of sickness can be carried over (up to 4 weeks) and used within 18 months of the end of the leave year it belongs to; holiday missed because of maternity or other family leave can be carried over too.</li>',
      '</ul>',
      '<h2>Paying instead of holiday, and notice</h2>',
      '<p>Statutory holiday can be paid off only when employment ends: then the worker is paid for holiday built up but not taken. Unless the contract says otherwise, a worker asks with notice of at least twice the length of the holiday, and an employer who refuses must give notice as long as the holiday; an employer can require holiday to be taken on set days with notice of twice the length.</p>',
      '<p><em>In Stafflane:</em> the built-in “Statutory (5.6 weeks)” policy works out each person’s allowance from their working pattern.</p>',
    ].join(''),
  },
];
