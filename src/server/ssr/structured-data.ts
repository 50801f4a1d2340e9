// JSON-LD (schema.org) for search engines: the school as an organisation on every public page, and on the
// landing and the programs pages its courses — one per age group — with the subscription offers in roubles.
// Built from the same public API answers the pages show, so the markup never claims a price the page
// does not.
import type { FetchApi } from '@contract/ssr';
import { scriptSafeJson } from './page-template';

interface AgeGroupData {
  slug: string;
  title: string;
  description: string;
}
interface TariffData {
  title: string;
  price: number;
  duration: number;
  is_free: boolean;
}

async function dataOf<T>(fetchApi: FetchApi, path: string): Promise<T[]> {
  const answer = await fetchApi(path);
  if (answer.status !== 200) return [];
  const body = JSON.parse(answer.body) as { data?: unknown };
  return Array.isArray(body.data) ? (body.data as T[]) : [];
}

const withCourses = (pathname: string) => pathname === '/' || pathname.startsWith('/programs');

export function structuredDataFor(publicUrl: string, fetchApi: FetchApi) {
  const organization = {
    '@type': 'EducationalOrganization',
    '@id': `${publicUrl}/#organization`,
    name: 'Школа Умняшек',
    url: `${publicUrl}/`,
    logo: `${publicUrl}/favicon.svg`,
    description: 'Онлайн-школа для детей от 2 до 7 лет: короткие видеоуроки по возрастам.',
    inLanguage: 'ru',
  };

  return async (pathname: string): Promise<string[]> => {
    const documents: string[] = [
      scriptSafeJson({ '@context': 'https://schema.org', ...organization }),
    ];
    if (!withCourses(pathname)) return documents;
    const [groups, tariffs] = await Promise.all([
      dataOf<AgeGroupData>(fetchApi, '/api/age-groups'),
      dataOf<TariffData>(fetchApi, '/api/store/web/subscriptions'),
    ]);
    const offers = tariffs.map((tariff) => ({
      '@type': 'Offer',
      name: tariff.title,
      price: (tariff.price / 100).toFixed(2),
      priceCurrency: 'RUB',
      category: tariff.is_free ? 'Free trial' : 'Subscription',
      url: `${publicUrl}/subscribe`,
    }));
    const courses = groups.map((group, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      item: {
        '@type': 'Course',
        name: `Основная программа, ${group.title}`,
        description: group.description,
        url: `${publicUrl}/programs/main-program/${group.slug}`,
        inLanguage: 'ru',
        provider: { '@id': organization['@id'] },
        offers,
        hasCourseInstance: { '@type': 'CourseInstance', courseMode: 'online' },
      },
    }));
    if (courses.length > 0) {
      documents.push(
        scriptSafeJson({
          '@context': 'https://schema.org',
          '@type': 'ItemList',
          itemListElement: courses,
        }),
      );
    }
    return documents;
  };
}
