// The sandbox providers read their parameters as text. A JSON body or a repeated query parameter
// (`?code=a&code=b`) brings numbers, arrays or objects instead, on which string methods throw (a 500).
// Anything that is not a string counts as absent, so the provider answers its usual 400 for a missing or
// invalid parameter, in its own error shape (the school's client reads that shape).
import { keyedRecord, keyedRecordOf } from '../../plugins/request-keys';

/** A provider call's parameters: text only, each one at most once. */
export type Form = Record<string, string | undefined>;

export function stringFields(input: unknown): Form {
  if (input === null || typeof input !== 'object' || Array.isArray(input)) return keyedRecord();
  // No prototype: a field named __proto__ stays a field, and a missing one never reads an inherited method.
  return keyedRecordOf(
    Object.entries(input).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string',
    ),
  );
}
