// The demo company's people as data: the twenty further employees and the demo accounts' own
// history. Everything is fixed, so screenshots and tests can name it.

export type Week = [number, number, number, number, number, number, number];
export const FULL_TIME: Week = [7.5, 7.5, 7.5, 7.5, 7.5, 0, 0];
export const THREE_DAYS: Week = [7.5, 7.5, 7.5, 0, 0, 0, 0];
export const WEEKENDS: Week = [0, 0, 0, 8, 8, 8, 8];

export const week = (hours: Week) => ({
  mon_hours: hours[0],
  tue_hours: hours[1],
  wed_hours: hours[2],
  thu_hours: hours[3],
  fri_hours: hours[4],
  sat_hours: hours[5],
  sun_hours: hours[6],
});

export type DemoPerson = {
  first: string;
  surname: string;
  department: 'Office' | 'Operations' | 'Kitchen';
  location: 'Manchester' | 'Edinburgh';
  titles: [string, string][]; // [title, start_date], oldest first
  pattern: Week;
  born: string;
  postcode: string;
  tags?: string[];
  terminated?: { date: string; reason: string };
  permitExpiry?: string;
  hrAdmin?: boolean;
};

/** The twenty further employees; the demo accounts get records too (see `DEMO_ACCOUNT_RECORDS`). */
export const PEOPLE: DemoPerson[] = [
  {
    first: 'Amelia',
    surname: 'Hughes',
    department: 'Office',
    location: 'Manchester',
    titles: [
      ['Payroll Administrator', '2019-03-04'],
      ['Payroll Manager', '2023-01-09'],
    ],
    pattern: FULL_TIME,
    born: '1986-07-12',
    postcode: 'M1 3BE',
    tags: ['First aider'],
  },
  {
    first: 'Oliver',
    surname: 'Patel',
    department: 'Office',
    location: 'Manchester',
    titles: [['Accounts Assistant', '2021-06-14']],
    pattern: FULL_TIME,
    born: '1994-02-03',
    postcode: 'M4 1HQ',
  },
  {
    first: 'Isla',
    surname: 'Campbell',
    department: 'Office',
    location: 'Edinburgh',
    titles: [['Receptionist', '2022-09-05']],
    pattern: THREE_DAYS,
    born: '1999-11-21',
    postcode: 'EH1 1YZ',
    tags: ['Fire marshal'],
  },
  {
    first: 'Noah',
    surname: 'Williams',
    department: 'Operations',
    location: 'Manchester',
    titles: [
      ['Team Leader', '2018-05-21'],
      ['Shift Supervisor', '2021-04-12'],
    ],
    pattern: FULL_TIME,
    born: '1983-04-30',
    postcode: 'M15 4PR',
    tags: ['Key holder', 'First aider'],
  },
  {
    first: 'Ava',
    surname: 'Kowalski',
    department: 'Operations',
    location: 'Manchester',
    titles: [['Warehouse Operative', '2020-01-13']],
    pattern: WEEKENDS,
    born: '1991-08-08',
    postcode: 'M12 6JH',
    permitExpiry: '2026-12-14',
  },
  {
    first: 'Leo',
    surname: 'Thompson',
    department: 'Operations',
    location: 'Manchester',
    titles: [['Delivery Driver', '2023-02-20']],
    pattern: FULL_TIME,
    born: '1997-12-01',
    postcode: 'M20 2LS',
  },
  {
    first: 'Grace',
    surname: 'Murray',
    department: 'Operations',
    location: 'Edinburgh',
    titles: [['Warehouse Operative', '2022-03-07']],
    pattern: THREE_DAYS,
    born: '2001-05-17',
    postcode: 'EH6 6QQ',
  },
  {
    first: 'Jack',
    surname: 'Robertson',
    department: 'Operations',
    location: 'Edinburgh',
    titles: [['Forklift Driver', '2019-10-28']],
    pattern: FULL_TIME,
    born: '1979-09-25',
    postcode: 'EH11 2AB',
    tags: ['Key holder'],
  },
  {
    first: 'Mia',
    surname: 'Nowak',
    department: 'Operations',
    location: 'Manchester',
    titles: [['Picker Packer', '2024-06-03']],
    pattern: WEEKENDS,
    born: '2003-01-14',
    postcode: 'M8 8EP',
    permitExpiry: '2027-08-31',
  },
  {
    first: 'Harry',
    surname: 'Evans',
    department: 'Operations',
    location: 'Manchester',
    titles: [['Warehouse Operative', '2017-08-14']],
    pattern: FULL_TIME,
    born: '1975-06-19',
    postcode: 'M9 4DN',
    terminated: { date: '2025-09-30', reason: 'Retirement' },
  },
  {
    first: 'Sophia',
    surname: 'Ahmed',
    department: 'Kitchen',
    location: 'Manchester',
    titles: [
      ['Commis Chef', '2021-01-11'],
      ['Chef de Partie', '2023-07-03'],
    ],
    pattern: FULL_TIME,
    born: '1995-03-09',
    postcode: 'M13 9PL',
    tags: ['Food hygiene level 3'],
  },
  {
    first: 'George',
    surname: 'Brown',
    department: 'Kitchen',
    location: 'Manchester',
    titles: [['Head Chef', '2016-02-01']],
    pattern: FULL_TIME,
    born: '1980-10-10',
    postcode: 'M16 0RA',
    tags: ['Food hygiene level 3', 'Key holder'],
  },
  {
    first: 'Freya',
    surname: 'MacDonald',
    department: 'Kitchen',
    location: 'Edinburgh',
    titles: [['Kitchen Porter', '2024-09-16']],
    pattern: WEEKENDS,
    born: '2005-07-22',
    postcode: 'EH3 9DR',
  },
  {
    first: 'Arthur',
    surname: 'Green',
    department: 'Kitchen',
    location: 'Manchester',
    titles: [['Sous Chef', '2020-11-02']],
    pattern: FULL_TIME,
    born: '1988-12-05',
    postcode: 'M14 5TP',
    terminated: { date: '2026-12-31', reason: 'Resignation' },
  },
  {
    first: 'Lily',
    surname: 'Wood',
    department: 'Kitchen',
    location: 'Manchester',
    titles: [['Commis Chef', '2025-03-10']],
    pattern: THREE_DAYS,
    born: '2002-04-28',
    postcode: 'M21 9WQ',
  },
  {
    first: 'Oscar',
    surname: 'Fraser',
    department: 'Kitchen',
    location: 'Edinburgh',
    titles: [['Chef de Partie', '2022-05-23']],
    pattern: FULL_TIME,
    born: '1993-08-15',
    postcode: 'EH7 5AA',
    tags: ['Food hygiene level 3'],
  },
  {
    first: 'Emily',
    surname: 'Walker',
    department: 'Office',
    location: 'Manchester',
    titles: [
      ['HR Assistant', '2022-01-17'],
      ['HR Advisor', '2024-04-01'],
    ],
    pattern: FULL_TIME,
    hrAdmin: true,
    born: '1990-01-31',
    postcode: 'M3 4LZ',
  },
  {
    first: 'Charlie',
    surname: 'Singh',
    department: 'Operations',
    location: 'Manchester',
    titles: [['Transport Planner', '2021-09-06']],
    pattern: FULL_TIME,
    born: '1987-02-11',
    postcode: 'M5 3EN',
  },
  {
    first: 'Poppy',
    surname: 'Clarke',
    department: 'Office',
    location: 'Manchester',
    titles: [['Office Manager', '2018-01-08']],
    pattern: FULL_TIME,
    born: '1982-05-05',
    postcode: 'M2 5DB',
    tags: ['Fire marshal', 'First aider'],
  },
  {
    first: 'Thomas',
    surname: 'Reid',
    department: 'Operations',
    location: 'Edinburgh',
    titles: [['Warehouse Operative', '2023-11-20']],
    pattern: WEEKENDS,
    born: '1998-09-02',
    postcode: 'EH12 9HT',
  },
];

/** How many employees the demo company has beside the demo accounts. */
export const DEMO_PEOPLE_COUNT = PEOPLE.length;

export const demoEmail = (person: Pick<DemoPerson, 'first' | 'surname'>) => `${person.first}.${person.surname}@demo.test`.toLowerCase();

/** The further employees who are HR admins: the start-up banner names them beside the demo accounts. */
export const DEMO_HR_ADMINS = PEOPLE.filter((person) => person.hrAdmin).map((person) => ({
  email: demoEmail(person),
  name: `${person.first} ${person.surname}`,
}));

/** The demo accounts' own history, by e-mail. */
export const DEMO_ACCOUNT_RECORDS: Record<string, Omit<DemoPerson, 'first' | 'surname' | 'department'>> = {
  'owner@demo.test': {
    location: 'Manchester',
    titles: [['Managing Director', '2015-04-01']],
    pattern: FULL_TIME,
    born: '1978-03-14',
    postcode: 'M1 1AE',
  },
  'manager@demo.test': {
    location: 'Manchester',
    titles: [
      ['Warehouse Supervisor', '2017-06-05'],
      ['Operations Manager', '2022-02-14'],
    ],
    pattern: FULL_TIME,
    born: '1984-11-02',
    postcode: 'M14 6HR',
    tags: ['Key holder'],
  },
  'employee@demo.test': {
    location: 'Manchester',
    titles: [['Warehouse Operative', '2023-05-15']],
    pattern: THREE_DAYS,
    born: '1996-06-21',
    postcode: 'M19 2SY',
  },
  'docs@demo.test': {
    location: 'Manchester',
    titles: [['Compliance Officer', '2021-03-01']],
    pattern: FULL_TIME,
    born: '1990-08-30',
    postcode: 'M3 3EB',
  },
};
