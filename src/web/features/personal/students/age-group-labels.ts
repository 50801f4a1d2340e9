import type { AgeGroupSlug } from '@contract/api/catalog';
import { useAgeGroups } from '../../../api/catalog';
import { AGE_LABELS } from '../../programs';

/** Age group titles as the admin named them, the fixed labels until they arrive or if they fail. */
export function useAgeGroupLabel(): (slug: AgeGroupSlug) => string {
  const { data: groups } = useAgeGroups();
  return (slug) => groups?.find((group) => group.slug === slug)?.title ?? AGE_LABELS[slug];
}
