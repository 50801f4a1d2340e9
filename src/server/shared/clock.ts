// The time, in its own file so the machinery below the domains (the public cache, mail) can name it
// without reaching up to deps.ts, which names them.

/** The time, injectable so tests can move it (session expiry, one-time codes). */
export type Clock = () => Date;
export const systemClock: Clock = () => new Date();
