// How many instances `npm run start:cluster` runs, read from the environment. Apart from cluster.ts so it
// can be checked without forking anything.
import { availableParallelism } from 'node:os';

export const MAX_INSTANCES = 64;

export class ClusterConfigError extends Error {}

/**
 * INSTANCES, or WEB_CONCURRENCY (the name hosting platforms set), or one per core on PostgreSQL. The
 * embedded database is a folder one process owns, so it gets one instance, and asking for more is refused
 * rather than quietly ignored.
 */
export function instanceCount(
  env: Record<string, string | undefined>,
  options: { postgres: boolean; cores?: number },
): number {
  const name = env.INSTANCES !== undefined ? 'INSTANCES' : 'WEB_CONCURRENCY';
  const raw = env[name]?.trim();
  if (raw === undefined || raw === '') {
    return options.postgres ? Math.min(MAX_INSTANCES, options.cores ?? availableParallelism()) : 1;
  }
  if (!/^\d+$/.test(raw) || Number(raw) < 1 || Number(raw) > MAX_INSTANCES) {
    throw new ClusterConfigError(`${name}=${raw}: give a whole number from 1 to ${MAX_INSTANCES}`);
  }
  const count = Number(raw);
  if (count > 1 && !options.postgres) {
    throw new ClusterConfigError(
      `${name}=${count}: several instances need PostgreSQL (DATABASE_URL). The embedded database ` +
        'is a folder that one process opens at a time; run one instance (npm start) or set DATABASE_URL',
    );
  }
  return count;
}
