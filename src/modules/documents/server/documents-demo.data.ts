// The demo company's documents: real text, in folders with tags, for each area and audience.
import type { Audience, DocumentAction, DocumentArea } from '../documents.contract';

export const DEMO_FOLDERS: { area: DocumentArea; name: string }[] = [
  { area: 'hr', name: 'Policies' },
  { area: 'hr', name: 'Contracts and letters' },
  { area: 'hs', name: 'Risk assessments' },
  { area: 'hs', name: 'Fire safety' },
];
export const DEMO_TAGS = ['Handbook', 'Policy', 'Induction', 'Fire', 'COSHH', 'Kitchen'];

export type DemoDocument = {
  area: DocumentArea;
  folder: string | null;
  title: string;
  action: DocumentAction;
  audience: Audience;
  /** Department names, for a departments audience. */
  departments?: string[];
  tags: string[];
  text: string;
};

export const DEMO_DOCUMENTS: DemoDocument[] = [
  {
    area: 'hr',
    folder: 'Policies',
    title: 'Employee handbook',
    action: 'acknowledge',
    audience: 'everyone',
    tags: ['Handbook', 'Induction'],
    text: `# Welcome to Demo Ltd

This handbook explains how we work together: your hours and breaks, holidays, sickness, pay, and what to do when something goes wrong. Please read it and acknowledge it in Stafflane.

## Hours and breaks

Your hours and working pattern are in your statement of main terms. If you work more than six hours in a day you are entitled to an unpaid break of at least twenty minutes.

## Holidays

Book holiday through Leave & Absences. The leave year runs from January to December, and up to five days may be carried over with your manager's agreement.

## Sickness

Call your manager before your shift starts on the first day you are unwell, then report the sickness in Stafflane. Up to seven days may be self-certified; after that a fit note is needed.

## Expenses

Claim approved expenses with a photo of the receipt within one month.`,
  },
  {
    area: 'hr',
    folder: 'Policies',
    title: 'Grievance procedure',
    action: 'read',
    audience: 'everyone',
    tags: ['Policy'],
    text: `# Grievance procedure

If you have a concern about your work, the people you work with or how you are treated, talk to your line manager first. Most concerns are settled informally.

## Formal grievance

If an informal talk does not settle it, write to your manager (or to the owner if it concerns your manager) setting out the grievance. We will invite you to a meeting within five working days; you may bring a colleague or a trade union representative.

## Appeal

If you are not satisfied with the outcome, you may appeal in writing within five working days of receiving it. The appeal is heard by someone not involved before, where possible.`,
  },
  {
    area: 'hr',
    folder: 'Policies',
    title: 'Disciplinary procedure',
    action: 'read',
    audience: 'everyone',
    tags: ['Policy'],
    text: `# Disciplinary procedure

This procedure follows the Acas Code of Practice on disciplinary and grievance procedures.

## Investigation

Before any disciplinary meeting the facts are investigated without unreasonable delay.

## The meeting

You will be told in writing what is alleged and given copies of the evidence. You may be accompanied by a colleague or a trade union representative.

## Outcomes

Possible outcomes are no action, a first written warning, a final written warning, or dismissal for gross misconduct or repeated misconduct. You may appeal any outcome.`,
  },
  {
    area: 'hr',
    folder: null,
    title: 'Operations shift handover guide',
    action: 'read',
    audience: 'departments',
    departments: ['Operations'],
    tags: ['Induction'],
    text: `# Shift handover in Operations

At the end of each shift, the shift lead records open deliveries, stock issues and customer callbacks in the handover log, and walks the next lead through anything urgent. Keys and the float are counted together and signed for.`,
  },
  {
    area: 'hr',
    folder: null,
    title: 'Office pay review notes 2026',
    action: 'read',
    audience: 'hr_private',
    tags: [],
    text: `# Pay review 2026 - private to HR

Budget: a 4% increase across the pay bill, weighted towards those below the Real Living Wage benchmark. Recommendations are due with managers by the end of February.`,
  },
  {
    area: 'hs',
    folder: null,
    title: 'Health and safety policy',
    action: 'acknowledge',
    audience: 'everyone',
    tags: ['Policy'],
    text: `# Health and safety policy

Demo Ltd will provide safe and healthy working conditions, equipment and systems of work for everyone, and the information, training and supervision they need.

## Your part

Take reasonable care of yourself and others, use equipment as trained, and report any accident, near miss or hazard through the Incident Logs at once.

## First aid

First-aid kits are in the office kitchen and beside the goods-in door. The appointed first aider on each shift is listed on the noticeboard.`,
  },
  {
    area: 'hs',
    folder: 'Fire safety',
    title: 'Fire evacuation plan',
    action: 'read',
    audience: 'everyone',
    tags: ['Fire'],
    text: `# Fire evacuation plan

On hearing the alarm, stop work, leave by the nearest safe exit and go to the assembly point in the front car park. Do not use the lift or stop to collect belongings.

The fire marshal on shift takes the register to the assembly point and reports to the fire service. Nobody goes back into the building until the fire service says it is safe.

Fire alarm tests take place every Tuesday at 10:00.`,
  },
  {
    area: 'hs',
    folder: 'Risk assessments',
    title: 'Kitchen risk assessment',
    action: 'acknowledge',
    audience: 'departments',
    departments: ['Kitchen'],
    tags: ['Kitchen'],
    text: `# Kitchen risk assessment

## Hazards

Hot surfaces and oil; knives and slicers; wet floors; heavy lifting of deliveries; cleaning chemicals.

## Controls

Heat-resistant gloves and long sleeves at the fryers; slicer guards always fitted and only trained staff use them; wet-floor signs and immediate clean-up; two-person lifts for sacks over 20 kg; chemicals kept in the locked COSHH cupboard with their data sheets.

## Review

Reviewed every twelve months, or at once after any incident.`,
  },
  {
    area: 'hs',
    folder: 'Risk assessments',
    title: 'COSHH register',
    action: 'read',
    audience: 'everyone',
    tags: ['COSHH'],
    text: `# COSHH register

Every hazardous substance used on site, where it is kept and the controls for its use.

Degreaser (kitchen): gloves and goggles, ventilated area, locked cupboard.
Bleach (cleaning store): gloves, never mixed with other products.
Oven cleaner (kitchen): gloves, goggles and mask; used only when ovens are cold.`,
  },
];
