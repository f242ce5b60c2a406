// A real S3-protocol server for the tests (s3rver, on a free port, objects under a temporary
// folder), and the environment that points the app's file storage at it.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
// @ts-expect-error -- s3rver ships no types; its constructor and run/close are used as documented.
import S3rver from 's3rver';

export type S3Server = { endpoint: string; bucket: string; env: Record<string, string>; directory: string; close: () => Promise<void> };

export async function startS3Server(bucket = 'stafflane-test'): Promise<S3Server> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'stafflane-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] }) as {
    run: () => Promise<{ port: number }>;
    close: () => Promise<void>;
  };
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    directory,
    env: {
      FILE_STORAGE: 's3',
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'eu-west-2',
      S3_FORCE_PATH_STYLE: '1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    },
    close: async () => {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
