// The permission list a sign-in or refresh stored (`permissions`), for hiding what the
// user may not use; the server refuses it anyway.
import type { PermissionEntry } from '../../shared/scopes';

export function readStoredPermissions(): PermissionEntry[] {
  try {
    const parsed = JSON.parse(localStorage.getItem('permissions') ?? '[]') as unknown;
    return Array.isArray(parsed) ? parsed.filter(isEntry) : [];
  } catch {
    return [];
  }
}

function isEntry(value: unknown): value is PermissionEntry {
  const entry = value as Partial<PermissionEntry> | null;
  return typeof entry?.endpoint === 'string' && typeof entry.method === 'string' && typeof entry.type === 'string';
}
