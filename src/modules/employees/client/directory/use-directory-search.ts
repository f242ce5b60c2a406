// Reads and writes the directory's address state (./directory-search.ts) through the router.
import { useLocation, useNavigate } from '@tanstack/react-router';
import { useCallback, useMemo } from 'react';
import { parseDirectorySearch, type DirectorySearch } from './directory-search';

export function useDirectorySearch(): [DirectorySearch, (next: DirectorySearch, options?: { replace?: boolean }) => void] {
  const location = useLocation();
  const navigate = useNavigate();
  const raw = location.search as Record<string, unknown>;
  const key = JSON.stringify(raw);
  // Parsed once per address, so the object is stable between renders.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const search = useMemo(() => parseDirectorySearch(raw), [key]);
  const pathname = location.pathname;
  const setSearch = useCallback(
    (next: DirectorySearch, options: { replace?: boolean } = {}) => {
      if (JSON.stringify(next) === JSON.stringify(parseDirectorySearch(raw))) return;
      void navigate({ to: pathname, search: next as Record<string, unknown>, replace: options.replace });
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [navigate, pathname, key],
  );
  return [search, setSearch];
}
