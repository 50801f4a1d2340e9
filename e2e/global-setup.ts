// Starts the built school once for all browser journeys (scripts/testing/school-server.ts). The URL reaches the
// tests through vitest's provide/inject.
import type { TestProject } from 'vitest/node';
import { startSchool } from '../scripts/testing/school-server';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const port = process.env.E2E_PORT ? Number(process.env.E2E_PORT) : undefined;
  const school = await startSchool({}, { port });
  project.provide('baseUrl', school.baseUrl);
  return school.stop;
}
