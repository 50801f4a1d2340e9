// What a test (or a developer) can change about the sandbox gateway; production never mounts it.
import type { CallbackOptions } from './callbacks';

export interface SberbankSandboxOptions {
  /** How callbacks reach the school; `false` sends none. Default: GET with fetch, 3 attempts 2 s apart. */
  callbacks?: CallbackOptions | false;
  /**
   * When set, API calls about an order the timeout card (4000 0000 0000 0119) left in processing answer
   * only after this many milliseconds, as a bank that does not answer would; the school's client gives up
   * after its own timeout. Off by default, so the demo's pages never hang.
   */
  timeoutCardHangMs?: number;
}
