// What a module's client part gives the shell. Each module exports one ClientModule from its
// client/<name>.module.ts; src/app/client/modules.ts lists them and the signed-in routes hand the
// list to the shell (ClientModulesProvider), which collects the side menu, the settings menu,
// the dashboard, the cards on My Rota Shifts, the sections of My settings, the administrators' home and the frame's banners
// and tools from it. An entry
// exists only once its screen works.
import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import type { QueryRead } from '../api/read-batch';
import type { DashboardWidget } from './dashboard/dashboard-widget';
import type { MenuContext } from './menu/menu-context';
import type { MenuEntryDefinition } from './menu/menu-entry';
import type { SettingsEntryDefinition } from './menu/settings-entry';

/** A card on the administrators' home page (/admin), placed by `order` (lower first). */
export type AdminCard = { key: string; order: number; component: ComponentType };

/**
 * The queries a part of the frame reads on its first drawing, with the options it reads them with
 * (none for a session that may not): the company frame's route starts them with the shell's own
 * as one request (src/client/shell/frame-reads.ts), so they land together.
 */
export type FrameReads = () => readonly QueryRead[];

/** A banner above every company page; the component decides whether it shows (null when not). */
export type FrameBanner = { key: string; component: ComponentType; reads?: FrameReads };

/** A button in a company user's top bar, before the bell, shown when `visible` says so. */
export type TopBarTool = { key: string; visible?: (context: MenuContext) => boolean; component: ComponentType; reads?: FrameReads };

/** A card at the top of My Rota Shifts (the time clock's "Clock in"); the component decides whether it shows. */
export type RotaCard = { key: string; component: ComponentType };

/** A section of My settings (/settings/user-settings) under its own heading, after the page's own sections. */
export type UserSettingsSection = { key: string; title: string; component: ComponentType };

/** The dialog the side menu's contact entry opens. */
export type ContactDialog = ComponentType<{ opened: boolean; onClose: () => void }>;

/** Detail pages to fetch ahead for offline use, under the title named if they could not be. */
export type OfflineDetails = { title: string; hrefs: readonly string[] };

/**
 * The detail pages a worker is likely to open on site, read from what the device has just fetched
 * ahead (the notices and documents on the menu's first pages, the person's own records) once the
 * menu's areas are ready; the readiness fetches them ahead too, within a cap.
 */
export type OfflineDetailsSource = (context: { queryClient: QueryClient; userId: string }) => Promise<readonly OfflineDetails[]>;

export type ClientModule = {
  name: string;
  menu?: readonly MenuEntryDefinition[];
  settings?: readonly SettingsEntryDefinition[];
  widgets?: readonly DashboardWidget[];
  rotaCards?: readonly RotaCard[];
  userSettings?: readonly UserSettingsSection[];
  adminCards?: readonly AdminCard[];
  banners?: readonly FrameBanner[];
  tools?: readonly TopBarTool[];
  offlineDetails?: OfflineDetailsSource;
  /** At most one module gives it (support's Contact Us). */
  contactDialog?: ContactDialog;
};
