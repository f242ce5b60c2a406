// The menu context of the signed-in user: the session read from storage, and only the data
// the registered menu and settings entries need (company settings, overtime settings, pending
// counts), loaded through their modules' queries.
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { pendingCountQueryOptions } from '../../api/pending-count.api';
import { userSettingsQueryOptions } from '../../api/settings.api';
import { companySettingsQueryOptions } from '../../api/reference-lists';
import { readSessionFlags } from '../../auth/session-store';
import { readStoredPermissions } from '../session-permissions';
import type { MenuContext } from './menu-context';
import { queryRead, type QueryRead } from '../../api/read-batch';
import type { ClientModule } from '../client-module';
import type { MenuEntryDefinition } from './menu-entry';
import { collectMenuEntries, menuNeeds, useMenuEntries } from './menu-registry';
import type { SettingsEntryDefinition } from './settings-entry';
import { collectSettingsEntries, settingsNeeds, useSettingsEntries } from './settings-registry';

type Claims = { user_id?: string; company_id?: string | null } | null;

/** The data the menus built from these entries need: each query with the options it is read with, and whether it is read. */
function menuQueries(claims: Claims, menuEntries: readonly MenuEntryDefinition[], settingsEntries: readonly SettingsEntryDefinition[]) {
  const companyId = claims?.company_id ?? '';
  const userId = claims?.user_id ?? '';
  const needs = new Set([...menuNeeds(menuEntries), ...settingsNeeds(settingsEntries)]);
  return {
    companySettings: { options: companySettingsQueryOptions(companyId), enabled: needs.has('companySettings') && companyId !== '' },
    overtimeSettings: { options: userSettingsQueryOptions(userId), enabled: needs.has('overtimeSettings') && userId !== '' },
    pending: { options: pendingCountQueryOptions(), enabled: needs.has('pending') && companyId !== '' },
  };
}

/** The menus' first reads, started with the rest of the frame's as one request (src/client/shell/frame-reads.ts). */
export function menuContextReads(claims: Claims, modules: readonly ClientModule[]): QueryRead[] {
  const queries = menuQueries(claims, collectMenuEntries(modules), collectSettingsEntries(modules));
  const reads: QueryRead[] = [];
  if (queries.companySettings.enabled) reads.push(queryRead(queries.companySettings.options));
  if (queries.overtimeSettings.enabled) reads.push(queryRead(queries.overtimeSettings.options));
  if (queries.pending.enabled) reads.push(queryRead(queries.pending.options));
  return reads;
}

/** The same object while nothing in it changes, so the menus built from it are not built (and drawn) again. */
export function useMenuContext(claims: Claims): MenuContext {
  const { docsOnly, hrClient, hsClient } = readSessionFlags();
  const permissions = readStoredPermissions();
  const queries = menuQueries(claims, useMenuEntries(), useSettingsEntries());
  const companySettings = useQuery({ ...queries.companySettings.options, enabled: queries.companySettings.enabled }).data;
  const overtimeSettings = useQuery({ ...queries.overtimeSettings.options, enabled: queries.overtimeSettings.enabled }).data;
  const pending = useQuery({ ...queries.pending.options, enabled: queries.pending.enabled }).data;
  return useMemo(
    () => ({
      permissions,
      restricted: docsOnly,
      hrClient,
      hsClient,
      companySettings: companySettings ?? null,
      overtimeSettings: overtimeSettings ?? null,
      pending: pending ?? null,
    }),
    [permissions, docsOnly, hrClient, hsClient, companySettings, overtimeSettings, pending],
  );
}
