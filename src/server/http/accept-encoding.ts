// Which compressed form a client takes, from its Accept-Encoding: brotli first, then gzip;
// `q=0` refuses an encoding. For bodies compressed ahead of the request (the built client's
// files, cached API answers); per-request compression is @fastify/compress's own.
export type PrecompressedEncoding = { name: 'br' | 'gzip'; extension: 'br' | 'gz' };

export function precompressedEncoding(header: string | string[] | undefined): PrecompressedEncoding | null {
  const accepted = new Map<string, number>();
  for (const part of (Array.isArray(header) ? header.join(',') : (header ?? '')).split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1]).find((value) => value !== undefined);
    accepted.set(name.trim(), q === undefined ? 1 : Number(q));
  }
  const allows = (name: string) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  if (allows('br')) return { name: 'br', extension: 'br' };
  if (allows('gzip')) return { name: 'gzip', extension: 'gz' };
  return null;
}
