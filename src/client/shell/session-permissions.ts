// The permission list a sign-in or refresh stored (`permissions`), for hiding what the
// user may not use; the server refuses it anyway.
import type { PermissionEntry } from '../../shared/scopes';

/** The last list read, by the stored text it came from: a render asks many times, parsing once. */
let lastRead: { stored: string | null; entries: readonly PermissionEntry[] } | null = null;

export function readStoredPermissions(): readonly PermissionEntry[] {
  let stored: string | null;
  try {
    stored = localStorage.getItem('permissions');
  } catch {
    return [];
  }
  if (lastRead?.stored !== stored) lastRead = { stored, entries: parseEntries(stored) };
  return lastRead.entries;
}

function parseEntries(stored: string | null): readonly PermissionEntry[] {
  try {
    const parsed = JSON.parse(stored ?? '[]') as unknown;
    return Array.isArray(parsed) ? parsed.filter(isEntry) : [];
  } catch {
    return [];
  }
}

function isEntry(value: unknown): value is PermissionEntry {
  const entry = value as Partial<PermissionEntry> | null;
  return typeof entry?.endpoint === 'string' && typeof entry.method === 'string' && typeof entry.type === 'string';
}
