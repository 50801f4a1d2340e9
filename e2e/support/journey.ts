// What several journeys do the same way: call the school's API as a signed-in parent, and keep a screen
// for a person to look at.
import type { Page } from 'playwright-core';

/** The school's API at `baseUrl` as the holder of `token`: GET without a body, POST with one. */
export function apiAs(baseUrl: string) {
  return (token: string, path: string, body?: unknown): Promise<Response> =>
    fetch(`${baseUrl}/api/${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
}

/** With SCREENSHOTS_DIR set, the screen as it is now, for a person to look at. */
export async function screenshot(page: Page, name: string): Promise<void> {
  const dir = process.env.SCREENSHOTS_DIR;
  if (dir) await page.screenshot({ path: `${dir}/${name}.png`, fullPage: true });
}
