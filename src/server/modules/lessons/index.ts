// What other domains may use of this one (its public face); everything else is its own.
export {
  activeSubscription,
  currentWeekNumber,
  isWeekOpen,
  lessonAccess,
  skippedWeekNumbers,
  WEEK_MS,
  weekSpan,
} from './access';
export { type ChildFacts, type FamilyFacts, programOfAgeGroup, viewerFacts } from './facts';
export { placedLesson } from './lesson-place';
export { lockOf, mainProgramCatalogue, OTHER_PROGRAM_LOCK } from './service';
export type { WatchedLesson } from './viewer-query';
