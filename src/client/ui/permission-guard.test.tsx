import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { PermissionEntry } from '../../shared/scopes';
import { PermissionGuard } from './permission-guard';

const store = (permissions: PermissionEntry[]) => localStorage.setItem('permissions', JSON.stringify(permissions));
const requirement = { endpoint: '/api/access-requests', method: 'PUT', scope: 'company' } as const;

function renderGuarded(fallback?: React.ReactNode) {
  render(
    <MantineProvider env="test">
      <PermissionGuard requires={requirement} {...(fallback === undefined ? {} : { fallback })}>
        <p>Secret content</p>
      </PermissionGuard>
    </MantineProvider>,
  );
}

beforeEach(() => localStorage.clear());

describe('PermissionGuard', () => {
  it('shows the content to a user whose stored permission is wide enough', () => {
    store([{ endpoint: '/api/access-requests', method: 'PUT', type: 'global' }]);
    renderGuarded();
    expect(screen.getByText('Secret content')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it.each<[string, PermissionEntry[]]>([
    ['no permissions at all', []],
    ['a narrower scope', [{ endpoint: '/api/access-requests', method: 'PUT', type: 'department' }]],
    ['another method', [{ endpoint: '/api/access-requests', method: 'GET', type: 'company' }]],
  ])('says "You are not allowed to view this content." with %s', (_, permissions) => {
    store(permissions);
    renderGuarded();
    expect(screen.getByRole('alert')).toHaveTextContent('You are not allowed to view this content.');
    expect(screen.queryByText('Secret content')).not.toBeInTheDocument();
  });

  it('hides quietly with a fallback, and treats unreadable storage as no permissions', () => {
    localStorage.setItem('permissions', '{not json');
    renderGuarded(null);
    expect(screen.queryByText('Secret content')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
