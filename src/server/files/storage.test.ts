import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../shared/app-error';
import { isStorageKey, LocalDiskStorage, newStorageKey } from './storage';

let root: string;
let storage: LocalDiskStorage;

/** Every regular file under the root, as paths relative to it. */
function filesUnder(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)));
}

beforeAll(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'stafflane-storage-'));
  storage = new LocalDiskStorage(root);
});
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

describe('LocalDiskStorage', () => {
  it('writes, reads, stats and deletes an object under a sharded key', async () => {
    const key = newStorageKey();
    const body = 'Hello, Stafflane.\n'.repeat(1000);
    const stored = await storage.put({ key, source: Readable.from([Buffer.from(body)]), maxBytes: 1_000_000 });
    expect(stored).toEqual({ sizeBytes: Buffer.byteLength(body), sha256: createHash('sha256').update(body).digest('hex') });
    expect(filesUnder(root)).toEqual([path.join(...key.split('/'))]);
    expect(await storage.stat(key)).toEqual({ sizeBytes: Buffer.byteLength(body) });
    expect(await text(await storage.open(key))).toBe(body);
    await storage.delete(key);
    expect(await storage.stat(key)).toBeNull();
    await expect(storage.open(key)).rejects.toMatchObject({ code: 'notFound', status: 404 });
    await storage.delete(key); // deleting twice is not an error
  });

  it('accepts exactly the limit and refuses one byte more with 413, leaving nothing behind', async () => {
    const key = newStorageKey();
    await storage.put({ key, source: Readable.from([Buffer.alloc(100, 1)]), maxBytes: 100 });
    await storage.delete(key);
    const before = filesUnder(root);
    const over = newStorageKey();
    const error = await storage
      .put({ key: over, source: Readable.from([Buffer.alloc(60), Buffer.alloc(41)]), maxBytes: 100 })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ code: 'payloadTooLarge', status: 413 });
    expect(await storage.stat(over)).toBeNull();
    expect(filesUnder(root)).toEqual(before);
    expect(storage.listIncoming()).toEqual([]);
  });

  it('leaves nothing behind when the source fails part-way', async () => {
    const key = newStorageKey();
    async function* failing() {
      yield Buffer.from('first part');
      throw new Error('connection lost');
    }
    await expect(storage.put({ key, source: failing(), maxBytes: 1000 })).rejects.toThrow('connection lost');
    expect(await storage.stat(key)).toBeNull();
    expect(storage.listIncoming()).toEqual([]);
  });

  it('makes keys of its own shape and refuses any other, so no path leaves the root', async () => {
    const key = newStorageKey();
    expect(isStorageKey(key)).toBe(true);
    expect(key).toMatch(/^([0-9a-f]{2})\/([0-9a-f]{2})\/\1\2[0-9a-f-]{32}$/);
    const outside = path.join(root, '..', `escape-${process.pid}`);
    const hostile = [
      '../../etc/passwd',
      `../escape-${process.pid}`,
      '/etc/passwd',
      `${key}/../../../..`,
      key.replace(/^../, 'zz'),
      `${key.slice(0, 6)}..%2f..%2f${key.slice(8)}`,
      key.replace(/\//g, '\\'),
      `${key}\u0000`,
      '',
    ];
    for (const bad of hostile) {
      expect(isStorageKey(bad)).toBe(false);
      await expect(storage.put({ key: bad, source: Readable.from([Buffer.from('x')]), maxBytes: 10 })).rejects.toThrow(
        /Invalid storage key/,
      );
      await expect(storage.open(bad)).rejects.toThrow(/Invalid storage key/);
      await expect(storage.stat(bad)).rejects.toThrow(/Invalid storage key/);
      await expect(storage.delete(bad)).rejects.toThrow(/Invalid storage key/);
    }
    expect(fs.existsSync(outside)).toBe(false);
  });
});
