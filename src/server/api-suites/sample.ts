// What one sample request of the authorisation matrix is, in a file of its own: the samples of each area
// (request-samples.ts and the *-samples.ts it gathers) all name it, so it sits below them.
import type { Config } from '../config';
import type { Role } from './expected-access';
import type { Family, FixtureDeps } from './families';

export interface SampleContext {
  role: Role;
  /** Parent A: every id in the request is A's. */
  owner: Family;
  /**
   * The caller's own family (A itself for anonymous and parent). Secrets that prove themselves — mail
   * links, one-time codes, Facebook's signature — are issued to it: whoever holds A's link is A.
   */
  self: Family;
  deps: FixtureDeps & { config: Config };
}

export interface SampleRequest {
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: Record<string, unknown>;
  cookies?: Record<string, string>;
  /** Protocol headers a call needs besides the token (tus uploads). */
  headers?: Record<string, string>;
}

export interface Sample {
  /**
   * The request names one of A's records by id: another parent must get 403 or 404 (the matrix checks
   * the table says so).
   */
  addressesOwnerRecord?: boolean;
  /**
   * A back-office call whose job is to show families (the accounts list): the staff it admits may see A
   * there, so A's data in its answer is not a leak for them. Everyone else is still checked.
   */
  staffSeesFamilies?: boolean;
  /** The families of the case have no child yet: adding one needs a free slot. */
  childless?: boolean;
  build(context: SampleContext): SampleRequest | Promise<SampleRequest>;
}
