import { createContext, useContext } from 'react';

/** True inside the site layout's <main>: a page shown there must not open a second one. */
export const InsideMain = createContext(false);

/**
 * The element a page's outermost box should be: `div` inside the site layout, `main` where the page stands
 * alone (the video page, an error that took the whole layout down), so every screen has exactly one main.
 */
export function useMainTag(): 'main' | 'div' {
  return useContext(InsideMain) ? 'div' : 'main';
}
