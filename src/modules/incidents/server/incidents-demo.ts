// The incident demo: last month Ella slipped on a wet floor in the kitchen, was off sick for it
// (the leave demo's sickness absence, linked here so the day count follows it), and a follow-up
// H&S task was set for Marcus. A second, minor record is first aid only. Written once.
import type { Trx } from '../../../server/db/database';
import type { DemoCompany } from '../../../server/server-module';
import { addDays, londonDate, londonInstant } from '../../../shared/dates';
import { companyHasIncidents, findIncident, findSicknessAbsences, insertIncident, updateIncidentRow } from './incidents.queries';
import { linkDemoAction } from './incidents-demo.queries';

export async function seedIncidentsDemo(trx: Trx, company: DemoCompany): Promise<void> {
  const { companyId } = company;
  if (await companyHasIncidents(trx, companyId)) return;
  const ella = company.accounts['employee@demo.test'];
  const marcus = company.accounts['manager@demo.test'];
  if (!ella || !marcus) return;
  const today = londonDate(new Date());
  const [absence] = await findSicknessAbsences(trx, { companyId, userId: ella });
  const accidentDay = absence ? absence.start_date : addDays(today, -30);

  const base = {
    person_kind: 'employee' as const,
    person_user_id: ella,
    person_name: null,
    person_contact: null,
    person_is_worker: true,
    taken_to_hospital: false,
    death: false,
    specified_injury: null,
    dangerous_occurrence: false,
    occupational_disease: false,
    diagnosed_on: null,
    incapacity_last_day: null,
  };
  const slip = {
    ...base,
    occurred_at: londonInstant(accidentDay, '10:15').toISOString(),
    location: 'Kitchen, by the dishwasher',
    what_happened: 'Ella slipped on water leaking from the dishwasher while carrying a tray and fell onto her left side.',
    injury: 'Bruised and sprained left wrist',
    body_part: 'Left wrist',
    treatment: 'Cold compress and a support bandage from the first-aider (Marcus).',
    witnesses: 'Marcus Reid; a delivery driver',
    immediate_actions: 'Floor mopped and a wet-floor sign put out; dishwasher switched off.',
  };
  const id = await insertIncident(trx, { companyId, reportedBy: marcus, incident: slip });
  if (absence) await updateIncidentRow(trx, { companyId, id, incident: { ...slip, absence_id: absence.id } });
  const row = await findIncident(trx, { companyId, id });
  if (row)
    await linkDemoAction(trx, {
      companyId,
      incidentId: id,
      assigneeId: marcus,
      createdBy: company.accounts['owner@demo.test'] ?? marcus,
      dueDate: addDays(today, 3),
    });

  await insertIncident(trx, {
    companyId,
    reportedBy: ella,
    incident: {
      ...base,
      person_user_id: marcus,
      occurred_at: londonInstant(addDays(today, -9), '14:40').toISOString(),
      location: 'Stock room',
      what_happened: 'Cut a finger on the edge of a cardboard box while unpacking stock.',
      injury: 'Small cut to the right index finger',
      body_part: 'Right index finger',
      treatment: 'Cleaned and covered with a plaster.',
      witnesses: null,
      immediate_actions: 'Safety knife put back in the stock room.',
    },
  });
}
