import { describe, expect, it } from 'vitest';
import { ClusterConfigError, instanceCount } from './cluster-options';

describe('instanceCount', () => {
  it('runs one per core on PostgreSQL and one on the embedded database by default', () => {
    expect(instanceCount({}, { postgres: true, cores: 4 })).toBe(4);
    expect(instanceCount({}, { postgres: false, cores: 4 })).toBe(1);
  });

  it('takes INSTANCES before WEB_CONCURRENCY', () => {
    expect(instanceCount({ INSTANCES: '3', WEB_CONCURRENCY: '5' }, { postgres: true })).toBe(3);
    expect(instanceCount({ WEB_CONCURRENCY: '5' }, { postgres: true })).toBe(5);
  });

  it('refuses more than one instance on the embedded database, naming the way out', () => {
    expect(() => instanceCount({ INSTANCES: '2' }, { postgres: false })).toThrow(/DATABASE_URL/);
    expect(instanceCount({ INSTANCES: '1' }, { postgres: false })).toBe(1);
  });

  it('refuses what is not a whole number from 1 to 64', () => {
    for (const value of ['0', '-1', '1.5', 'two', '65']) {
      expect(() => instanceCount({ INSTANCES: value }, { postgres: true })).toThrow(
        ClusterConfigError,
      );
    }
  });
});
