// Requests generated from an operation of the OpenAPI document: a valid-looking base (fuzz-draft.ts),
// then one mutation (fuzz-mutations.ts), both drawn by the seeded generator.
import { baseDraft, type Hints } from './fuzz-draft';
import { mutationGroups } from './fuzz-mutations';
import { fillPath, type Operation } from './openapi-operations';
import type { Prng } from './prng';

export type { Hints } from './fuzz-draft';

export interface FuzzRequest {
  /** Position in the run: with the seed, enough to replay it. */
  index: number;
  operation: string;
  mutation: string;
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  /** To be sent with a valid bearer token of the batch's parent. */
  authed: boolean;
}

export function generateRequest(
  op: Operation,
  prng: Prng,
  hints: Hints,
  index: number,
): FuzzRequest {
  const notes: string[] = [];
  const draft = baseDraft(op, { prng, hints, notes });
  const [mutation, mutate] = prng.pick(Object.entries(prng.pick(mutationGroups(op))));
  mutate(op, draft, prng);

  let payload = draft.payload;
  if (payload === undefined && draft.body !== undefined) {
    payload = JSON.stringify(draft.body);
    draft.headers['content-type'] ??= 'application/json';
  } else if (typeof payload === 'string') {
    draft.headers['content-type'] ??= 'application/json';
  }
  const query = draft.query.length > 0 ? `?${draft.query.join('&')}` : '';
  return {
    index,
    operation: op.key,
    // A hint's odd pick (a signed request for an odd id) is part of what was sent.
    mutation: [mutation, ...notes].join(' + '),
    method: draft.method,
    url: fillPath(op.path, draft.path) + query,
    headers: draft.headers,
    ...(payload === undefined ? {} : { payload }),
    authed: draft.authed,
  };
}
