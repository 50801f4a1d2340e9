// Writes the roles' table of src/contract/staff-access.ts into docs/PRODUCT.md (between its marks),
// formatted as prettier would: run after changing who holds what.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { format, resolveConfig } from 'prettier';
import { withStaffAccessTable } from '../src/contract/staff-access-doc';

const page = fileURLToPath(new URL('../docs/PRODUCT.md', import.meta.url));
const written = withStaffAccessTable(readFileSync(page, 'utf8'));
const options = (await resolveConfig(page)) ?? {};
writeFileSync(page, await format(written, { ...options, filepath: page }));
console.log('docs/PRODUCT.md: the staff access table written');
