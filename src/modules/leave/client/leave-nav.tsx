// The Leave & Absences section's tab bar: Timeline, List, Return to work (for those who may
// read return-to-work items), Request leave and My balances. Each tab is a link, so it opens in
// a new browser tab too; the tab of the current address is the selected one.
import '@mantine/core/styles/Tabs.css';
import { Tabs } from '@mantine/core';
import { Link, useLocation } from '@tanstack/react-router';
import { can } from '../../../client/ui/permission-guard';
import { LEAVE_ENDPOINTS, LEAVE_ROUTES } from '../leave.contract';

type LeaveTab = { to: string; label: string; visible: () => boolean };

const TABS: LeaveTab[] = [
  { to: LEAVE_ROUTES.timeline, label: 'Timeline', visible: () => true },
  { to: LEAVE_ROUTES.list, label: 'List', visible: () => true },
  { to: LEAVE_ROUTES.returnToWork, label: 'Return to work', visible: () => can({ endpoint: LEAVE_ENDPOINTS.returnToWork, method: 'GET' }) },
  { to: LEAVE_ROUTES.request, label: 'Request leave', visible: () => true },
  { to: LEAVE_ROUTES.balances, label: 'My balances', visible: () => true },
];

// Five tabs do not fit one row of a 390 px phone, and a strip scrolled sideways read as cut off
// ("Request leav"): they wrap onto a second row, each label whole.
const WRAPPED = { list: { flexWrap: 'wrap' }, tab: { whiteSpace: 'nowrap' } } as const;

export function LeaveNav() {
  const pathname = useLocation({ select: (location) => location.pathname.replace(/\/$/, '') });
  const tabs = TABS.filter((tab) => tab.visible());
  const active = tabs.find((tab) => tab.to === pathname)?.to ?? null;
  return (
    <Tabs value={active} keepMounted={false} styles={WRAPPED}>
      <Tabs.List aria-label="Leave & Absences">
        {tabs.map((tab) => (
          <Tabs.Tab key={tab.to} value={tab.to} renderRoot={(props) => <Link {...props} to={tab.to} />}>
            {tab.label}
          </Tabs.Tab>
        ))}
      </Tabs.List>
    </Tabs>
  );
}
