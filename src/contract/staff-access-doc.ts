// The roles' table as docs/PRODUCT.md shows it: a markdown table between two marks, written by
// `npm run docs:staff-access` and compared with the code by staff-access.test.ts, so the page cannot drift
// from what the guards admit.
import type { StaffRole } from './api/auth';
import { STAFF_ACCESS, STAFF_CAPABILITIES } from './staff-access';

export const STAFF_ACCESS_DOC_START =
  '<!-- staff-access: generated from src/contract/staff-access.ts by `npm run docs:staff-access` -->';
export const STAFF_ACCESS_DOC_END = '<!-- /staff-access -->';

const ROLE_COLUMNS: readonly (readonly [StaffRole, string])[] = [
  ['admin', 'administrator'],
  ['editor', 'editor'],
  ['support', 'support'],
];
const HOLDS = '✓';
const LACKS = '—';

/** The header and one row per capability, cell by cell. */
export function staffAccessRows(): string[][] {
  return [
    ['capability', 'what it covers', ...ROLE_COLUMNS.map(([, title]) => title)],
    ...STAFF_CAPABILITIES.map((capability) => {
      const { what, roles } = STAFF_ACCESS[capability];
      return [
        `\`${capability}\``,
        what,
        ...ROLE_COLUMNS.map(([role]) =>
          (roles as readonly StaffRole[]).includes(role) ? HOLDS : LACKS,
        ),
      ];
    }),
  ];
}

/** The table in markdown, between its marks (prettier pads the columns afterwards). */
export function renderStaffAccessTable(): string {
  const [header = [], ...rows] = staffAccessRows();
  const line = (cells: readonly string[]) => `| ${cells.join(' | ')} |`;
  return [
    STAFF_ACCESS_DOC_START,
    '',
    line(header),
    line(header.map(() => '---')),
    ...rows.map(line),
    '',
    STAFF_ACCESS_DOC_END,
  ].join('\n');
}

/** The table's cells as a page holds them between the marks, or null when the marks are missing. */
export function staffAccessRowsIn(markdown: string): string[][] | null {
  const start = markdown.indexOf(STAFF_ACCESS_DOC_START);
  const end = markdown.indexOf(STAFF_ACCESS_DOC_END);
  if (start === -1 || end < start) return null;
  return markdown
    .slice(start + STAFF_ACCESS_DOC_START.length, end)
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l.startsWith('|') && !/^\|[\s|:-]+\|$/.test(l))
    .map((l) =>
      l
        .slice(1, -1)
        .split('|')
        .map((cell) => cell.trim()),
    );
}

/** `markdown` with the table between its marks replaced by the code's (the marks must be there). */
export function withStaffAccessTable(markdown: string): string {
  const start = markdown.indexOf(STAFF_ACCESS_DOC_START);
  const end = markdown.indexOf(STAFF_ACCESS_DOC_END);
  if (start === -1 || end < start) {
    throw new Error(`the page has no ${STAFF_ACCESS_DOC_START} … ${STAFF_ACCESS_DOC_END} marks`);
  }
  return (
    markdown.slice(0, start) +
    renderStaffAccessTable() +
    markdown.slice(end + STAFF_ACCESS_DOC_END.length)
  );
}
