// When a server that has just started has answered its first requests: the moment the runs a
// start catches up on may begin (job-runner.ts), so that they do not slow the first pages.
import type { IncomingMessage, Server, ServerResponse } from 'node:http';

/**
 * Settles once `server` has answered a request and then had none in flight for `quietMs`, or
 * `maxMs` after the call whatever happened. `stop` (the server stopping) leaves it unsettled.
 */
export function afterFirstAnswers(
  server: Server,
  options: { quietMs: number; maxMs: number },
): { settled: Promise<void>; stop: () => void } {
  let inFlight = 0;
  let quiet: NodeJS.Timeout | undefined;
  let finished = false;
  let settle = () => undefined as void;
  const settled = new Promise<void>((resolve) => (settle = resolve));
  const stop = () => {
    finished = true;
    clearTimeout(quiet);
    clearTimeout(latest);
    server.off('request', onRequest);
  };
  const finish = () => {
    if (finished) return;
    stop();
    settle();
  };
  const onRequest = (_request: IncomingMessage, response: ServerResponse) => {
    inFlight++;
    clearTimeout(quiet);
    response.once('close', () => {
      inFlight--;
      if (inFlight === 0) quiet = setTimeout(finish, options.quietMs).unref();
    });
  };
  const latest = setTimeout(finish, options.maxMs).unref();
  server.on('request', onRequest);
  return { settled, stop };
}
