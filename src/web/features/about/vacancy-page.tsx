import { PAGE_SLUGS } from '@contract/api/content';
import { Card } from '../../components/ui/card';
import { Prose } from '../../components/ui/prose';
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
          {intro && <Prose className={styles.intro} html={intro} />}
          <div className={styles.jobs}>
            {sections.map((job) => (
              <Card as="article" key={job.title}>
                <h2 className={styles.jobTitle}>{job.title}</h2>
                <Prose html={job.html} />
              </Card>
            ))}
          </div>
        </div>
      )}
    />
  );
}
