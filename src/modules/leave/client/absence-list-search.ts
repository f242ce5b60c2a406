// The list's filters as they sit in the address (owned by the screens part).
export type AbsenceListSearch = {
  status?: string[];
  show_relevant_to_me?: 1;
  department_id?: string[];
  leave_type_id?: string[];
  user_id?: string[];
  from?: string;
  to?: string;
  search?: string;
  page?: number;
};

const list = (value: unknown): string[] | undefined => {
  const items = (Array.isArray(value) ? value : [value]).filter((item): item is string => typeof item === 'string' && item !== '');
  return items.length ? items : undefined;
};
const text = (value: unknown) => (typeof value === 'string' && value ? value : undefined);

export function parseAbsenceListSearch(search: Record<string, unknown>): AbsenceListSearch {
  const page = Number(search.page);
  return {
    status: list(search.status),
    show_relevant_to_me: search.show_relevant_to_me === 1 || search.show_relevant_to_me === '1' ? 1 : undefined,
    department_id: list(search.department_id),
    leave_type_id: list(search.leave_type_id),
    user_id: list(search.user_id),
    from: text(search.from),
    to: text(search.to),
    search: text(search.search),
    page: Number.isInteger(page) && page > 1 ? page : undefined,
  };
}
