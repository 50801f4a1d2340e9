// Everything the seed writes, gathered in one object so tests can seed their own small fixtures.
import type {
  SeedAdditionalProgram,
  SeedAgeGroup,
  SeedInstruction,
  SeedLanding,
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
}
