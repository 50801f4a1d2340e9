export interface AdditionalProgramsModalProps {
  /** The program's slug (`program.slug` of the store's offers). */
  slug: string;
  /** The child ticked first (the one watching on the video page). */
  childId?: number;
}
