// Reads and writes the absence list's address state (../absence-list-search.ts) through the router.
import { useLocation, useNavigate } from '@tanstack/react-router';
import { useCallback, useMemo } from 'react';
import { parseAbsenceListSearch, type AbsenceListSearch } from '../absence-list-search';

export function useAbsenceListSearch(): [AbsenceListSearch, (next: AbsenceListSearch, options?: { replace?: boolean }) => void] {
  const location = useLocation();
  const navigate = useNavigate();
  const raw = location.search as Record<string, unknown>;
  const key = JSON.stringify(raw);
  // Parsed once per address, so the object is stable between renders.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const search = useMemo(() => parseAbsenceListSearch(raw), [key]);
  const pathname = location.pathname;
  const setSearch = useCallback(
    (next: AbsenceListSearch, options: { replace?: boolean } = {}) => {
      if (JSON.stringify(next) === JSON.stringify(search)) return;
      void navigate({ to: pathname, search: next as Record<string, unknown>, replace: options.replace });
    },
    [navigate, pathname, search],
  );
  return [search, setSearch];
}
