// Starts the built school once for all browser journeys (scripts/testing/school-server.ts), and names the
// folder where the journeys that need a lesson's adaptive ladder keep the one made first, so the next
// starts on a copy (scripts/testing/ladder-school.ts). Both reach the tests through vitest's provide/inject.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startSchool } from '../scripts/testing/school-server';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    keptSchools: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const port = process.env.E2E_PORT ? Number(process.env.E2E_PORT) : undefined;
  const school = await startSchool({}, { port });
  const keptSchools = mkdtempSync(join(tmpdir(), 'umnyashki-kept-schools-'));
  project.provide('baseUrl', school.baseUrl);
  project.provide('keptSchools', keptSchools);
  return async () => {
    await school.stop();
    rmSync(keptSchools, { recursive: true, force: true });
  };
}
