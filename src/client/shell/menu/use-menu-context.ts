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
import { menuNeeds, useMenuEntries } from './menu-registry';
import { settingsNeeds, useSettingsEntries } from './settings-registry';

/** The same object while nothing in it changes, so the menus built from it are not built (and drawn) again. */
export function useMenuContext(claims: { user_id?: string; company_id?: string | null } | null): MenuContext {
  const { docsOnly, hrClient, hsClient } = readSessionFlags();
  const permissions = readStoredPermissions();
  const companyId = claims?.company_id ?? '';
  const userId = claims?.user_id ?? '';
  const needs = new Set([...menuNeeds(useMenuEntries()), ...settingsNeeds(useSettingsEntries())]);
  const companySettings = useQuery({
    ...companySettingsQueryOptions(companyId),
    enabled: needs.has('companySettings') && companyId !== '',
  }).data;
  const overtimeSettings = useQuery({ ...userSettingsQueryOptions(userId), enabled: needs.has('overtimeSettings') && userId !== '' }).data;
  const pending = useQuery({ ...pendingCountQueryOptions(), enabled: needs.has('pending') && companyId !== '' }).data;
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
