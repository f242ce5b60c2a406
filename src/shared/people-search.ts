// Finding people by name as one types, which several modules' forms and filters do: the
// directory's basic list, searched and kept to the caller's scope by the server.
export const PEOPLE_SEARCH_PATH = '/api/user-basic';

export type PersonFound = { id: string; first_name: string; surname: string };
export type PeopleFound = { results: PersonFound[] };
