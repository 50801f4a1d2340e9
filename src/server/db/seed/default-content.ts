import { additionalPrograms } from './data/additional-programs';
import { ageGroups } from './data/age-groups';
import { instructions } from './data/instructions';
import { landing } from './data/landing';
import { mailingCategories } from './data/mailing-categories';
import { additionalLessons, mainPrograms } from './data/lessons';
import { pages } from './data/pages';
import { regions } from './data/regions';
import { tariffs } from './data/tariffs';
import type { SeedContent } from './content';

/** The school's reference data and demo content (src/server/db/seed/data). */
export const defaultSeedContent: SeedContent = {
  regions,
  ageGroups,
  landing,
  pages,
  instructions,
  tariffs,
  additionalPrograms,
  mainPrograms,
  additionalLessons,
  mailingCategories,
};
