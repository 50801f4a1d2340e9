// Everything the seed writes, gathered in one object so tests can seed their own small fixtures.
import type {
  SeedAdditionalLessons,
  SeedAdditionalProgram,
  SeedAgeGroup,
  SeedInstruction,
  SeedLanding,
  SeedMailingCategory,
  SeedMainProgram,
  SeedPage,
  SeedRegion,
  SeedTariff,
} from './data/types';

export interface SeedContent {
  regions: SeedRegion[];
  ageGroups: SeedAgeGroup[];
  landing: SeedLanding[];
  pages: SeedPage[];
  instructions: SeedInstruction[];
  tariffs: SeedTariff[];
  additionalPrograms: SeedAdditionalProgram[];
  /** Main programs with their weeks and lessons, by age group. */
  mainPrograms: SeedMainProgram[];
  /** Lessons of the additional programs, by program slug. */
  additionalLessons: SeedAdditionalLessons[];
  /** Reference data every site needs: the parents' mailing choices refer to it. */
  mailingCategories: SeedMailingCategory[];
}
