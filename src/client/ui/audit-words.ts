// An audit entry in words a reader of a history or an audit list can follow: its action as a
// sentence and its details as one line, not a key and a JSON object.

/** "user_personal_details.read" → "User personal details read". */
export function describeAction(action: string): string {
  const words = action.replace(/[._-]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A short line of the entry's details ("to: disabled; from: active"); lists joined, nested values as JSON. */
export function describeDetails(details: Record<string, unknown> | null): string {
  if (!details) return '';
  return Object.entries(details)
    .map(([key, value]) => `${key.replace(/_/g, ' ')}: ${describeValue(value)}`)
    .join('; ');
}

function describeValue(value: unknown): string {
  if (typeof value === 'string') return value;
  if (Array.isArray(value) && value.every((item) => typeof item === 'string' || typeof item === 'number')) return value.join(', ');
  return JSON.stringify(value);
}
