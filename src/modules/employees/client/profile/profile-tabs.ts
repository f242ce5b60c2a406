// The tabs of an employee's profile (/employee/{id}, /profile; addressed by the
// `tab` query parameter). Each tab is the screen of one group of record resources, loaded
// when opened, and shown when the viewer holds GET on its endpoint at any scope (the server
// still decides whose records that reaches). The record screens live in ../records.
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { Scope } from '../../../../shared/scopes';

/** What every tab receives: whose profile it is, and whether the viewer is that person. */
export type ProfileTabProps = { userId: string; self: boolean };

export type ProfileTabDefinition = {
  key: string;
  label: string;
  /** GET on this endpoint (any scope) shows the tab. */
  endpoint: string;
  /** The least scope of that GET that shows the tab (any scope when absent). */
  scope?: Scope;
  component: LazyExoticComponent<ComponentType<ProfileTabProps>>;
};

const tab = (
  key: string,
  label: string,
  endpoint: string,
  load: () => Promise<{ default: ComponentType<ProfileTabProps> }>,
  scope?: Scope,
): ProfileTabDefinition => ({ key, label, endpoint, scope, component: lazy(load) });

export const PROFILE_TABS: readonly ProfileTabDefinition[] = [
  tab('personal', 'Personal', '/api/user-personal-details', () => import('../records/personal-tab')),
  tab('contact', 'Contact', '/api/user-contact-details', () => import('../records/contact-tab')),
  tab('employment', 'Employment', '/api/user-employment-details', () => import('../records/employment-tab')),
  tab('job-history', 'Job history', '/api/user-job-title', () => import('../records/job-history-tab')),
  tab('contract', 'Contract', '/api/user-contract', () => import('../records/contract-tab')),
  tab('pay', 'Pay', '/api/user-pay-rate', () => import('../records/pay-tab')),
  tab('working-pattern', 'Working pattern', '/api/user-working-pattern', () => import('../records/working-pattern-tab')),
  tab('notes', 'Notes', '/api/user-notes', () => import('../records/notes-tab')),
  tab('next-of-kin', 'Next of kin', '/api/user-next-of-kin', () => import('../records/next-of-kin-tab')),
  tab('permits', 'Right to work', '/api/user-work-permit', () => import('../records/permits-tab')),
  tab('custom-fields', 'Additional', '/api/user-custom-fields', () => import('../records/custom-fields-tab')),
  tab('documents', 'Documents', '/api/document', () => import('../records/documents-tab')),
  // A person's audit history is for company-wide readers (company scope on user-basic).
  tab('audit', 'History', '/api/user-basic', () => import('../records/audit-tab'), 'company'),
];
