// Fuzzed bodies and queries reach real rows now and then: the generators write the placeholder
// "ID", and withIds puts one of the test's known ids in its place (this company's, another
// company's, none), chosen by a fast-check number so a failing case replays the same way.
export const ID_PLACEHOLDER = 'ID';

export function withIds(input: unknown, pick: number, known: readonly string[]): unknown {
  if (input === ID_PLACEHOLDER) return known[pick % known.length];
  if (Array.isArray(input)) return input.map((item, i) => withIds(item, pick + i, known));
  if (input && typeof input === 'object') {
    return Object.fromEntries(Object.entries(input).map(([key, value], i) => [key, withIds(value, pick + i, known)]));
  }
  return input;
}
