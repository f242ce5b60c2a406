// Shows its content only to users whose stored permissions meet every
// requirement; others see "You are not allowed to view this content." (or nothing, with
// `fallback={null}`). It only hides: the server refuses the calls anyway.
import { Alert } from '@mantine/core';
import type { ReactNode } from 'react';
import { hasPermission, type PermissionRequirement } from '../../shared/scopes';
import { readStoredPermissions } from '../shell/session-permissions';

export const NOT_ALLOWED_MESSAGE = 'You are not allowed to view this content.';

export function can(requirements: PermissionRequirement | readonly PermissionRequirement[]): boolean {
  const permissions = readStoredPermissions();
  return [requirements].flat().every((requirement) => hasPermission(permissions, requirement));
}

type PermissionGuardProps = {
  requires: PermissionRequirement | readonly PermissionRequirement[];
  children: ReactNode;
  fallback?: ReactNode;
};

export function PermissionGuard({ requires, children, fallback }: PermissionGuardProps) {
  if (can(requires)) return <>{children}</>;
  if (fallback !== undefined) return <>{fallback}</>;
  return (
    <Alert color="red" variant="light" role="alert">
      {NOT_ALLOWED_MESSAGE}
    </Alert>
  );
}
