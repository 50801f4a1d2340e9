import type { CSSProperties } from 'react';
import { PAGE_SLUGS } from '@contract/api/content';
import { Card } from '../../components/ui/card';
import { RichText } from './rich-text';
import { SectionedBody } from './sectioned-body';
import styles from './about-pages.module.scss';

const TINTS = ['#ffe2cc', '#d5f5ee', '#dcf0fd', '#ffe0ee', '#e6defe', '#fff1c2'];

function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word.charAt(0).toUpperCase())
    .join('');
}

/** «Команда»: one card per person (the page's h3 headings are names). */
export default function TeamPage() {
  return (
    <SectionedBody
      slug={PAGE_SLUGS.team}
      heading="h3"
      render={({ intro, sections }) => (
        <div className={styles.stack}>
          {intro.length > 0 && <RichText className={styles.intro} nodes={intro} />}
          <ul className={styles.team} role="list">
            {sections.map((person, i) => (
              <li key={`${i}-${person.title}`}>
                <Card
                  as="article"
                  padding="sm"
                  className={styles.member}
                  style={{ '--tint': TINTS[i % TINTS.length] } as CSSProperties}
                >
                  <div className={styles.memberHead}>
                    <span className={styles.avatar} aria-hidden="true">
                      {initials(person.title)}
                    </span>
                    <h2 className={styles.name}>{person.title}</h2>
                  </div>
                  <RichText nodes={person.nodes} />
                </Card>
              </li>
            ))}
          </ul>
        </div>
      )}
    />
  );
}
