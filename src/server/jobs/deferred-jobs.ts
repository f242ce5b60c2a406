// A job runner whose start waits: the server starts pg-boss (its connections, schema check,
// queues and schedules: dozens of round trips and a few hundred milliseconds of CPU) once it has
// answered its first requests, so that work does not compete with them. Until then a run queued
// waits for the start. A readiness probe starts it at once (startNow): a load balancer sends no
// page before the server says it is ready, so nothing waits on the start but the probe.
import type { JobRunner } from './job-runner';

export type DeferredJobRunner = JobRunner & {
  /** Settles once pg-boss has started (rejects with the reason it could not); never settles when stopped first. */
  started: Promise<void>;
  /** Starts pg-boss now if it has not been asked to yet. */
  startNow: () => void;
};

export function startJobsWhen(when: Promise<void>, start: () => Promise<JobRunner>): DeferredJobRunner {
  let stopped = false;
  let asked = false;
  let runner: JobRunner | null = null;
  let failure: unknown;
  let startNow = () => undefined as void;
  const now = new Promise<void>((resolve) => (startNow = resolve));
  const starting: Promise<JobRunner | null> = Promise.race([when, now])
    .then(() => {
      if (stopped) return null;
      asked = true;
      return start();
    })
    .then(
      (started) => (runner = started),
      (error: unknown) => {
        failure = error;
        throw error;
      },
    );
  const started = starting.then((ready) => (ready ? undefined : new Promise<void>(() => undefined)));
  // Reported through `started`, `send` and `check`; this only keeps a failure nobody awaits from counting as unhandled.
  started.catch(() => undefined);
  return {
    started,
    startNow: () => startNow(),
    send: async (name) => {
      const ready = await starting;
      if (!ready) throw new Error('the job runner has stopped');
      return ready.send(name);
    },
    check: async () => {
      if (failure !== undefined) throw failure instanceof Error ? failure : new Error(String(failure));
      if (!runner) throw new Error('the job runner is starting');
      await runner.check();
    },
    stop: async (timeoutMs) => {
      stopped = true;
      // Not yet asked to start: it never will. Starting or started: let the start finish, then stop it.
      if (!asked) return;
      const ready = await starting.catch(() => null);
      await ready?.stop(timeoutMs);
    },
  };
}
