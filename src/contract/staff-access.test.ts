import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { STAFF_ACCESS, STAFF_CAPABILITIES, staffMay, type StaffCapability } from './staff-access';
import { staffAccessRows, staffAccessRowsIn, withStaffAccessTable } from './staff-access-doc';

const PRODUCT = new URL('../../docs/PRODUCT.md', import.meta.url);

const held = (role: 'admin' | 'editor' | 'support') =>
  STAFF_CAPABILITIES.filter((capability) => staffMay(role, capability));

describe('the roles’ table', () => {
  it('is the table docs/PRODUCT.md shows (npm run docs:staff-access writes it)', () => {
    const page = readFileSync(PRODUCT, 'utf8');
    expect(staffAccessRowsIn(page), 'run npm run docs:staff-access').toEqual(staffAccessRows());
  });

  it('notices a page whose table says otherwise', () => {
    const page = withStaffAccessTable(readFileSync(PRODUCT, 'utf8'));
    const wrong = page.replace(/(\| `revenue` +\|[^|]+\| ✓ +\| )— /u, '$1✓ ');
    expect(wrong).not.toBe(page);
    expect(staffAccessRowsIn(wrong)).not.toEqual(staffAccessRows());
  });

  it('gives the administrator everything', () => {
    expect(held('admin')).toEqual(STAFF_CAPABILITIES);
  });

  it('keeps the editor to content: no money, no families, no parents’ comments', () => {
    const content: StaffCapability[] = [
      'session',
      'texts',
      'mailing',
      'lessons',
      'renewal-reasons',
    ];
    expect(held('editor')).toEqual(content);
  });

  it('keeps support to families and what they ask about, without the parents’ comments', () => {
    expect(held('support')).not.toContain('renewal-comments');
    expect(held('support')).not.toContain('staff-accounts');
    for (const capability of ['texts', 'mailing', 'lessons', 'audit'] as const) {
      expect(staffMay('support', capability), capability).toBe(false);
    }
  });

  it('admits no parent and no unknown role to anything', () => {
    for (const capability of STAFF_CAPABILITIES) {
      expect(staffMay('parent', capability)).toBe(false);
      expect(staffMay(undefined, capability)).toBe(false);
      expect(STAFF_ACCESS[capability].roles.length).toBeGreaterThan(0);
    }
  });
});
