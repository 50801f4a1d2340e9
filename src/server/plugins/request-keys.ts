// Records whose keys a client chose (query and body names, form fields, field paths of a validation
// error). They have no prototype: `constructor`, `toString` or `hasOwnProperty` is then a key like any
// other — never an inherited function read where a value was expected — and writing `__proto__` adds an
// entry instead of replacing the record's prototype.

/** An empty record safe for keys a client chose. */
export function keyedRecord<T>(): Record<string, T> {
  return Object.create(null) as Record<string, T>;
}

/** A record of `entries` (a later entry of the same key wins), safe for keys a client chose. */
export function keyedRecordOf<T>(entries: Iterable<readonly [string, T]>): Record<string, T> {
  const record = keyedRecord<T>();
  for (const [key, value] of entries) record[key] = value;
  return record;
}
