// Whom a message to "Contact us" goes to: the support team, or (for a company's authorised
// contacts) the HR or H&S advice team. Support files the messages; chat hands them over.

export const CONTACT_TYPES = ['support', 'hr', 'hs'] as const;
export type ContactType = (typeof CONTACT_TYPES)[number];

/** The department choice for authorised contacts. */
export const CONTACT_TYPE_LABELS: Record<ContactType, string> = {
  support: 'Support team',
  hr: 'HR advice team',
  hs: 'H&S advice team',
};
