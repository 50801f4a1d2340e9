// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { matchRoutes, type RouteObject } from 'react-router';
import { routes } from './router';
import { pathTo, ROUTES, type RouteName } from '../lib/routes';

const names = Object.keys(ROUTES) as RouteName[];

function isRouteName(id: string | undefined): id is RouteName {
  return id !== undefined && id in ROUTES;
}

/** The deepest named route an address lands on (index children and layouts carry no route name). */
function routeAt(path: string): string | undefined {
  const matches = matchRoutes(routes, path) ?? [];
  return matches
    .map((match) => match.route.id)
    .filter((id) => isRouteName(id) || id === 'unknown')
    .at(-1);
}

function ids(list: RouteObject[]): string[] {
  return list.flatMap((route) => [...(route.id ? [route.id] : []), ...ids(route.children ?? [])]);
}

describe('the router table and ROUTES', () => {
  it('has every docs/PRODUCT.md «Screens and routes» name exactly once', () => {
    const named = ids(routes).filter(isRouteName);
    expect([...named].sort()).toEqual([...names].sort());
  });

  it.each(names)('%s is reached at the path pathTo gives', (name) => {
    expect(routeAt(pathTo(name))).toBe(name);
  });

  it.each([
    ['/confirmed', 'index'],
    ['/no-such-modal', 'index'],
    ['/programs/main-program/five-six', 'main-program'],
    ['/personal/help/instructions/first-lesson', 'help-instructions'],
    ['/personal/help/instructions', 'help-instructions'],
    ['/gift', 'certificate'],
    ['/personal/gift', 'gift'],
    ['/some/deep/unknown/path', 'unknown'],
    ['/personal/no-such-page', 'unknown'],
  ])('%s lands on %s', (path, name) => {
    expect(routeAt(path)).toBe(name);
  });
});
