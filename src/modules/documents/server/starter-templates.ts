// The starter library every company can use: Stafflane's own wording, with merge fields from
// the person's record and the company ({{employee_name}}, …) and free fields filled in when a
// document is made. They are guidance to adapt, not legal advice.
import type { DocumentArea, TemplateField } from '../documents.contract';

export type StarterTemplate = { key: string; area: DocumentArea; name: string; body: string; free_fields: TemplateField[] };

// Whoever this wording says signs is proposed as a signer, in this order, when the document is
// sent to sign (signingPartiesOf): someone for the company first, then the person.
const signatures = `## Signatures

Signed for {{company_name}}: the signature of the person signing for the company appears on the signatures page.

Signed by {{employee_name}}: their signature appears on the signatures page.`;

export const STARTER_TEMPLATES: readonly StarterTemplate[] = [
  {
    key: 'offer_letter',
    area: 'hr',
    name: 'Offer letter',
    free_fields: [
      { key: 'offer_conditions', label: 'Conditions of the offer' },
      { key: 'reply_by', label: 'Reply by (date)' },
    ],
    body: `{{company_name}}
{{company_address}}

{{today}}

Dear {{employee_first_name}},

# Offer of employment

We are delighted to offer you the role of {{job_title}} in our {{department}} team, starting on {{start_date}}. You will report to {{manager_name}}.

Your pay will be {{pay}}, and your working pattern will be {{working_pattern}}.

This offer is subject to: {{offer_conditions}}. It is also subject to proof of your right to work in the UK, which we will check before you start.

Please let us know whether you accept by {{reply_by}}. Your written statement of the main terms of your employment will follow on or before your first day.

We look forward to welcoming you.

Yours sincerely,

{{manager_name}}
for {{company_name}}

${signatures}`,
  },
  {
    key: 'main_terms',
    area: 'hr',
    name: 'Statement of main terms of employment',
    free_fields: [
      { key: 'place_of_work', label: 'Place of work' },
      { key: 'holiday_entitlement', label: 'Holiday entitlement' },
      { key: 'notice_period', label: 'Notice period' },
      { key: 'probation_period', label: 'Probation period' },
    ],
    body: `# Written statement of the main terms of employment

This statement is given under section 1 of the Employment Rights Act 1996. It sets out the main terms of your employment with {{company_name}}, {{company_address}}.

## 1. You and your job

Employee: {{employee_name}}. Job title: {{job_title}}, in the {{department}} team. Your line manager is {{manager_name}}.

## 2. Start date and continuous employment

Your employment starts on {{start_date}}. No previous employment counts towards your continuous employment.

## 3. Pay

Your pay is {{pay}}, paid monthly in arrears by bank transfer, less the deductions the law requires.

## 4. Hours and working pattern

Your working pattern is {{working_pattern}}. You may occasionally be asked to work extra hours when the business needs it; we will agree these with you.

## 5. Place of work

Your place of work is {{place_of_work}}.

## 6. Holidays

Your holiday entitlement is {{holiday_entitlement}} each leave year, including bank holidays unless stated otherwise. The leave year and how to book holiday are in the Leave & Absences section of Stafflane.

## 7. Sickness

Tell your manager before your usual start time on the first day you are unwell. You may self-certify for up to seven calendar days; after that we need a fit note. Statutory Sick Pay is paid when you qualify.

## 8. Probation

The first {{probation_period}} of your employment are a probationary period, during which your performance and suitability are reviewed.

## 9. Notice

After probation, you and the company must each give {{notice_period}} written notice to end your employment, or the statutory minimum if that is longer.

## 10. Pension, training, policies

You will be enrolled into the company's workplace pension scheme when you qualify. Training the company requires you to complete is paid for by the company. Our disciplinary and grievance procedures, and other policies, are in the HR Documents area of Stafflane; they do not form part of your contract.

Issued on {{today}}.

${signatures}`,
  },
  {
    key: 'probation_outcome',
    area: 'hr',
    name: 'Probation outcome',
    free_fields: [
      { key: 'outcome', label: 'Outcome (passed, extended or not passed)' },
      { key: 'review_notes', label: 'Summary of the review' },
    ],
    body: `{{today}}

Dear {{employee_first_name}},

# Outcome of your probationary period

Thank you for meeting with {{manager_name}} to review your probationary period as {{job_title}}.

The outcome of the review is: {{outcome}}.

{{review_notes}}

If you have any questions, please speak to {{manager_name}}.

Yours sincerely,

{{manager_name}}
for {{company_name}}

${signatures}`,
  },
  {
    key: 'return_to_work',
    area: 'hr',
    name: 'Return-to-work meeting record',
    free_fields: [
      { key: 'absence_dates', label: 'Dates of absence' },
      { key: 'reason', label: 'Reason given for the absence' },
      { key: 'support_agreed', label: 'Support or adjustments agreed' },
    ],
    body: `# Return-to-work meeting record

Employee: {{employee_name}}, {{job_title}}, {{department}}.
Meeting held with {{manager_name}} on {{today}}.

## Absence

Dates of absence: {{absence_dates}}.
Reason given: {{reason}}.

## Discussion

We talked about how you are feeling now, whether your work played any part in the absence, and whether anything would help you at work.

Support or adjustments agreed: {{support_agreed}}.

## Confirmation

This record is kept confidentially on your employee file. Please sign to confirm it is an accurate record of our meeting.

${signatures}`,
  },
  {
    key: 'hs_policy_statement',
    area: 'hs',
    name: 'Health and safety policy statement',
    free_fields: [
      { key: 'responsible_person', label: 'Person with overall responsibility' },
      { key: 'review_date', label: 'Next review date' },
    ],
    body: `# Health and safety policy statement

{{company_name}}, {{company_address}}

## Statement of intent

Our policy is to provide and keep safe and healthy working conditions, equipment and systems of work for everyone who works for us, and to give the information, training and supervision they need. We accept our responsibility for the health and safety of other people who may be affected by what we do.

## Responsibilities

Overall and final responsibility for health and safety is held by {{responsible_person}}. Day-to-day responsibility for making sure this policy is put into practice is delegated to managers in each team. Everyone who works for us must co-operate with supervisors and managers on health and safety, take reasonable care of themselves and others, and report any accident, near miss or hazard straight away through the Incident Logs in Stafflane.

## Arrangements

We will assess the risks of our work and put in place the measures the assessments call for; consult our people on matters affecting their health and safety; keep equipment and the workplace safe; give induction and job-specific training; and plan for emergencies, including fire and first aid.

The policy will be reviewed, and revised where needed, by {{review_date}}.

Signed on {{today}}.

${signatures}`,
  },
  {
    key: 'risk_assessment',
    area: 'hs',
    name: 'Risk assessment form',
    free_fields: [
      { key: 'activity', label: 'Activity or area assessed' },
      { key: 'hazards', label: 'Hazards found' },
      { key: 'who_harmed', label: 'Who might be harmed and how' },
      { key: 'controls', label: 'Controls already in place' },
      { key: 'further_action', label: 'Further action needed, by whom and when' },
    ],
    body: `# Risk assessment

Company: {{company_name}}. Assessed by {{employee_name}} ({{job_title}}) on {{today}}.

## What is assessed

{{activity}}

## Hazards

{{hazards}}

## Who might be harmed and how

{{who_harmed}}

## What is already being done

{{controls}}

## Further action

{{further_action}}

Review this assessment whenever the work changes, after any incident, and at least once a year.

${signatures}`,
  },
];
