// System Chromium driven by playwright-core, for the browser journeys, the bench and Lighthouse alike. No browser
// download: CHROMIUM_PATH or Debian's /usr/bin/chromium.
import { chromium, type Browser, type BrowserContext } from 'playwright-core';

type ProfileOptions = NonNullable<Parameters<typeof chromium.launchPersistentContext>[1]>;

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

const executablePath = () => process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: executablePath(), headless: true, args: CHROMIUM_ARGS });
}

/**
 * A browser with a profile on disk, as a parent's is: what Chromium allows only outside a private window
 * (installing the site as an app) can be checked there. The caller removes the folder.
 */
export async function launchProfile(
  userDataDir: string,
  options: Omit<ProfileOptions, 'executablePath' | 'headless' | 'args'> = {},
): Promise<BrowserContext> {
  return chromium.launchPersistentContext(userDataDir, {
    ...options,
    executablePath: executablePath(),
    headless: true,
    args: CHROMIUM_ARGS,
  });
}
