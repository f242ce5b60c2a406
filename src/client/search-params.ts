// The address bar's query string, readable: `?status=needApproval&show_relevant_to_me=1`, a
// list as the key repeated (`?status=pending&status=approved`), never JSON. What is read back
// is strings (a repeated key: a list of them); each route's validateSearch makes its own types.
// An older link with a JSON value (`?status=["needApproval"]`) still reads as that value.

export function stringifySearch(search: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(search)) {
    for (const item of Array.isArray(value) ? (value as unknown[]) : [value]) {
      if (item === undefined || item === null) continue;
      params.append(key, typeof item === 'object' ? JSON.stringify(item) : String(item as string | number | boolean));
    }
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

function readValue(text: string): unknown {
  if (!/^[[{]/.test(text)) return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

export function parseSearch(searchText: string): Record<string, unknown> {
  const params = new URLSearchParams(searchText.startsWith('?') ? searchText.slice(1) : searchText);
  const search: Record<string, unknown> = {};
  for (const key of new Set(params.keys())) {
    const values = params.getAll(key).map(readValue);
    search[key] = values.length === 1 ? values[0] : values.flat();
  }
  return search;
}
