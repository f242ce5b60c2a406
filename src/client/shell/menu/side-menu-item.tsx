// One entry of the side menu: a link with its icon, title and badge. The current
// page's link reloads the page; a disabled entry is greyed, inert and says so to assistive
// technology; Help/FAQ opens a new tab; Contact Us opens the contact support modal.
import { Badge, NavLink } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import type { MouseEvent } from 'react';
import { badgeLabel } from '../../../shared/constants';
import { reloadPage } from '../reload-page';
import type { MenuItem } from './menu-registry';
import { isActivePath } from './menu-rules';

type Props = { item: MenuItem; currentPath: string; onNavigate: () => void; onContact: () => void };

export function SideMenuItem({ item, currentPath, onNavigate, onContact }: Props) {
  const navigate = useNavigate();
  const Icon = item.icon;
  const common = {
    label: item.title,
    leftSection: <Icon size={20} stroke={1.6} aria-hidden="true" />,
    rightSection:
      item.badge > 0 ? (
        <Badge size="sm" circle={item.badge <= 9} color="red" aria-label={`${item.badge} pending`}>
          {badgeLabel(item.badge)}
        </Badge>
      ) : undefined,
  };

  if (item.disabled) {
    return (
      <NavLink {...common} component="a" role="link" aria-disabled="true" data-disabled="true" disabled className="side-menu-disabled" />
    );
  }
  if (item.kind === 'external') {
    return <NavLink {...common} component="a" href={item.href} target="_blank" rel="noopener noreferrer" />;
  }
  if (item.kind === 'contact') {
    return <NavLink {...common} component="button" type="button" aria-haspopup="dialog" onClick={onContact} />;
  }

  const active = isActivePath(item.href, currentPath);
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    // Modified clicks keep their meaning (a new tab or window).
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0) return;
    event.preventDefault();
    onNavigate();
    // the current page's link forces a full reload.
    if (active) reloadPage();
    else void navigate({ href: item.href });
  };
  return (
    <NavLink {...common} component="a" href={item.href} active={active} aria-current={active ? 'page' : undefined} onClick={onClick} />
  );
}
