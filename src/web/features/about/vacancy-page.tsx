import { PAGE_SLUGS } from '@contract/api/content';
import { Card } from '../../components/ui/card';
import { RichText } from './rich-text';
import { SectionedBody } from './sectioned-body';
import styles from './about-pages.module.scss';

/** «Вакансии»: the invitation, then one card per job (the page's h2 headings). */
export default function VacancyPage() {
  return (
    <SectionedBody
      slug={PAGE_SLUGS.vacancy}
      heading="h2"
      render={({ intro, sections }) => (
        <div className={styles.stack}>
          {intro.length > 0 && <RichText className={styles.intro} nodes={intro} />}
          <div className={styles.jobs}>
            {sections.map((job, i) => (
              <Card as="article" key={`${i}-${job.title}`}>
                <h2 className={styles.jobTitle}>{job.title}</h2>
                <RichText nodes={job.nodes} />
              </Card>
            ))}
          </div>
        </div>
      )}
    />
  );
}
