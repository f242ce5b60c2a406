// The build's replacement of Mantine's useId (scripts/mantine-stable-ids.ts): it must find the
// file Mantine's hooks import, and give each component one id from its first render on.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createElement, Fragment } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { MANTINE_USE_ID_FILE, mantineStableIds, STABLE_USE_ID } from './mantine-stable-ids';

const hooksIndex = fileURLToPath(import.meta.resolve('@mantine/hooks'));

describe("the build's Mantine useId", () => {
  it('replaces the very file whose useId the hooks package exports', () => {
    const index = fs.readFileSync(hooksIndex, 'utf8');
    const from = /import \{ useId \} from "(\.\/[^"]+)";/.exec(index)?.[1];
    expect(from).toBeDefined();
    const file = path.resolve(path.dirname(hooksIndex), from!);
    expect(fs.existsSync(file)).toBe(true);
    expect(MANTINE_USE_ID_FILE.test(file)).toBe(true);
    const load = mantineStableIds().load as (id: string) => string | null;
    expect(load(file)).toBe(STABLE_USE_ID);
    expect(load(hooksIndex)).toBeNull();
  });

  it('gives each component its own id from React, or the static id it was given', async () => {
    const dir = path.resolve(import.meta.dirname, '../.tmp');
    fs.mkdirSync(dir, { recursive: true });
    const file = path.join(dir, 'stable-use-id.mjs');
    fs.writeFileSync(file, STABLE_USE_ID);
    const { useId } = (await import(pathToFileURL(file).href)) as { useId: (staticId?: string) => string };
    const Show = ({ staticId }: { staticId?: string }) => createElement('i', null, useId(staticId));
    const html = renderToString(
      createElement(Fragment, null, createElement(Show), createElement(Show), createElement(Show, { staticId: 'given' })),
    );
    const ids = [...html.matchAll(/<i>([^<]*)<\/i>/g)].map((match) => match[1]);
    expect(ids).toHaveLength(3);
    expect(ids[0]).toMatch(/^mantine-[a-zA-Z0-9_-]+$/);
    expect(ids[1]).toMatch(/^mantine-[a-zA-Z0-9_-]+$/);
    expect(ids[0]).not.toBe(ids[1]);
    expect(ids[2]).toBe('given');
  });
});
