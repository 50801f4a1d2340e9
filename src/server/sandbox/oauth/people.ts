// The test people of the sandbox providers: the same three humans on both networks, so a parent can sign
// in with VK and link Facebook as the same person. Анна gives no e-mail (the case the school must handle).

export interface TestPerson {
  key: string;
  firstName: string;
  lastName: string;
  email: string | null;
  vkId: number;
  /** Facebook app-scoped ids are long digit strings. */
  fbId: string;
  /** Avatar colour. */
  colour: string;
}

export const TEST_PEOPLE: readonly TestPerson[] = [
  {
    key: 'maria',
    firstName: 'Мария',
    lastName: 'Тестова',
    email: 'maria.testova@example.ru',
    vkId: 100_001,
    fbId: '10000000000000001',
    colour: '#ff8a3d',
  },
  {
    key: 'ivan',
    firstName: 'Иван',
    lastName: 'Примеров',
    email: 'ivan.primerov@example.ru',
    vkId: 100_002,
    fbId: '10000000000000002',
    colour: '#2ec4a6',
  },
  {
    key: 'anna',
    firstName: 'Анна',
    lastName: 'Безпочтова',
    email: null,
    vkId: 100_003,
    fbId: '10000000000000003',
    colour: '#ff6fa8',
  },
];

export function findPerson(key: unknown): TestPerson | undefined {
  return TEST_PEOPLE.find((p) => p.key === key);
}

export const avatarPath = (person: TestPerson) => `/sandbox/oauth/avatars/${person.key}.svg`;

/** A round avatar with the initials: no image files, nothing fetched from outside. */
export function avatarSvg(person: TestPerson): string {
  const initials = `${person.firstName[0] ?? ''}${person.lastName[0] ?? ''}`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96">
<circle cx="48" cy="48" r="48" fill="${person.colour}"/>
<text x="48" y="58" text-anchor="middle" font-family="Arial, sans-serif" font-size="34" font-weight="700" fill="#fff">${initials}</text>
</svg>`;
}
