import type { Child } from '@contract/api/auth';

export interface AddChildModalProps {
  /** Edit this child instead of adding a new one. */
  child?: Child;
}
