import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ROUTE_MODULES } from './route-modules';
import { routes } from './router';

const webDir = fileURLToPath(new URL('..', import.meta.url));

function routeIds(list: readonly { id?: string; children?: unknown }[]): string[] {
  return list.flatMap((route) => [
    ...(route.id ? [route.id] : []),
    ...(Array.isArray(route.children) ? routeIds(route.children as { id?: string }[]) : []),
  ]);
}

describe('modules preloaded for server-rendered pages', () => {
  it('name files that exist, under route ids the router has', () => {
    const ids = new Set(routeIds(routes));
    for (const [id, modules] of Object.entries(ROUTE_MODULES)) {
      expect(ids.has(id), id).toBe(true);
      for (const module of modules) expect(existsSync(`${webDir}${module}`), module).toBe(true);
    }
  });
});
