// Every background job a server runs: the platform's own and those the registered modules declare.
import type { JobDefinition } from './job-definition';
import { platformJobs } from './platform.jobs';

export function collectJobs(modules: readonly { jobs?: readonly JobDefinition[] }[]): JobDefinition[] {
  const jobs = [...platformJobs, ...modules.flatMap((module) => module.jobs ?? [])];
  const names = new Set<string>();
  for (const job of jobs) {
    if (names.has(job.name)) throw new Error(`Two background jobs are named "${job.name}".`);
    names.add(job.name);
  }
  return jobs;
}
