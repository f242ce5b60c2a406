// The rotas demo: rota switched on; the Kitchen and Operations rotas of this week and next,
// published, from each person's working pattern (Ella, employee@demo.test, works Monday to
// Wednesday); open shifts next week (Operations on Thursday, Kitchen on Saturday); and Ella's next Monday offered to a
// colleague who accepted, waiting for Marcus (manager@demo.test) to approve; and an Office
// reception shift built before its person's leave was approved, so the owner's Rota Management
// shows it marked "On leave" with the step that makes it open. Written once.
import type { Trx } from '../../../server/db/database';
import type { DaysOff } from '../../../server/module-hooks';
import { addDays, londonDate, londonInstant, startOfWeek } from '../../../shared/dates';
import { companyHasShifts, enableDemoRota, findDemoWorkers, insertDemoShift, insertDemoSwap, type DemoShift } from './rotas-demo.queries';

const at = (date: string, time: string) => londonInstant(date, time).toISOString();

export async function seedRotasDemo(
  trx: Trx,
  input: {
    companyId: string;
    departments: Readonly<Record<string, string>>;
    accounts: Readonly<Record<string, string>>;
    daysOff?: DaysOff | null;
    today?: string;
  },
): Promise<void> {
  const { companyId } = input;
  await enableDemoRota(trx, companyId);
  if (await companyHasShifts(trx, companyId)) return;
  const kitchen = input.departments.Kitchen;
  const operations = input.departments.Operations;
  if (!kitchen || !operations) return;
  const monday = startOfWeek(input.today ?? londonDate(new Date()));
  const workers = await findDemoWorkers(trx, { companyId, departmentIds: [kitchen, operations] });
  const ella = input.accounts['employee@demo.test'];
  // The colleague taking Ella's next Monday is off that day, so the swap is clean to approve.
  const colleague = workers.find(
    (worker) => worker.department_id === operations && worker.id !== ella && worker.id !== input.accounts['manager@demo.test'],
  );
  let ellaNextMonday: string | undefined;

  for (const [week, start] of [monday, addDays(monday, 7)].entries()) {
    for (const [index, worker] of workers.entries()) {
      for (let day = 0; day < 7; day += 1) {
        if ((worker.hours[day] ?? 0) <= 0) continue;
        if (worker.id === colleague?.id && week === 1 && day === 0) continue;
        const date = addDays(start, day);
        const inKitchen = worker.department_id === kitchen;
        // Kitchen staff alternate earlies and lates by week; Operations work days.
        const late = inKitchen && (index + week) % 2 === 1;
        const shift: DemoShift = {
          userId: worker.id,
          departmentId: worker.department_id,
          startAt: at(date, inKitchen ? (late ? '14:00' : '07:00') : '09:00'),
          endAt: at(date, inKitchen ? (late ? '22:30' : '15:30') : '17:00'),
          breakMinutes: 30,
          role: inKitchen ? (late ? 'Evening service' : 'Breakfast and lunch') : 'Warehouse floor',
          colour: inKitchen ? (late ? 'grape' : 'orange') : 'blue',
          published: true,
        };
        const id = await insertDemoShift(trx, { companyId, shift });
        if (worker.id === ella && week === 1 && day === 0) ellaNextMonday = id;
      }
    }
  }

  // Next Thursday in Operations: Ella (Monday to Wednesday) is free to claim it.
  const thursday = addDays(monday, 10);
  await insertDemoShift(trx, {
    companyId,
    shift: {
      userId: null,
      departmentId: operations,
      startAt: at(thursday, '10:00'),
      endAt: at(thursday, '14:00'),
      breakMinutes: 0,
      role: 'Delivery cover',
      colour: 'teal',
      published: true,
    },
  });
  const saturday = addDays(monday, 12);
  await insertDemoShift(trx, {
    companyId,
    shift: {
      userId: null,
      departmentId: kitchen,
      startAt: at(saturday, '12:00'),
      endAt: at(saturday, '20:00'),
      breakMinutes: 30,
      role: 'Cover: private party',
      colour: 'teal',
      published: true,
    },
  });

  if (ella && ellaNextMonday && colleague) {
    await insertDemoSwap(trx, {
      companyId,
      shiftId: ellaNextMonday,
      offeredBy: ella,
      acceptedBy: colleague.id,
      note: 'Dentist appointment in the morning.',
    });
  }

  // A day next week an Office colleague is on leave (the leave demo approved it), from Tuesday on:
  // never tomorrow, so on a Sunday their time clock does not show it as the shift to clock in for
  // (clock-location.spec clocks Isla in with no shift).
  const office = input.departments.Office;
  if (office && input.daysOff) {
    const officeWorkers = await findDemoWorkers(trx, { companyId, departmentIds: [office] });
    const away = await input.daysOff.find(trx, {
      companyId,
      userIds: officeWorkers.map((worker) => worker.id),
      from: addDays(monday, 8),
      to: addDays(monday, 13),
    });
    const day = away.find((found) => found.kind === 'leave') ?? away[0];
    if (day) {
      await insertDemoShift(trx, {
        companyId,
        shift: {
          userId: day.userId,
          departmentId: office,
          startAt: at(day.date, '09:00'),
          endAt: at(day.date, '17:00'),
          breakMinutes: 30,
          role: 'Reception cover',
          colour: 'green',
          published: true,
        },
      });
    }
  }
}
