// Shapes of the demo and reference content the seed writes into the database.
// Money is integer kopecks; HTML is trusted author text, still sanitised on the way out.
import type { AgeGroupSlug, LandingKey } from '@contract/index';

export interface SeedPage {
  slug: string;
  title: string;
  body_html: string;
  /** Document version for consent records; '1' for plain pages. */
  version: string;
  /**
   * MD5 of the bodies earlier releases seeded for this slug. A stored page whose body is still exactly one
   * of them was never edited by an administrator, so the seed brings it up to date; any other body is
   * someone's edit and stays.
   */
  replaces?: readonly string[];
}

export interface SeedInstruction {
  slug: string;
  title: string;
  body_html: string;
  position: number;
  /** As SeedPage.replaces: MD5 of earlier seeded bodies; an unedited stored one gets the current wording. */
  replaces?: readonly string[];
}

export interface SeedRegion {
  name: string;
  /** ISO 3166-2:RU code, e.g. 'RU-MOW'. */
  code: string;
}

export interface SeedAgeGroup {
  slug: AgeGroupSlug;
  title: string;
  min_age: number;
  max_age: number;
  description: string;
  skills: string[];
  topics: string[];
}

export interface SeedLanding {
  key: LandingKey;
  banner_description: string;
  banner_text: string;
  video_heading: string;
  video_link: string;
  video_poster: string;
  promo_button: string;
  promo_text: string;
  special_text: string;
  offer_percent: number;
  key_values: { footer_html: string } & Record<string, string>;
}

export interface SeedAdditionalProgram {
  slug: string;
  title: string;
  description: string;
  locked: boolean;
  /** Name of an icon the web app knows: 'english' | 'origami' | 'road' | 'other'. */
  icon: string;
  offers: { amount_children: number; price: number }[];
}

export interface SeedTariff {
  kind: 'subscription' | 'gift';
  title: string;
  /** Months; the free trial has 0 months and trial_days > 0. */
  duration: number;
  amount_children: number;
  price: number;
  is_free: boolean;
  trial_days: number;
}

/** Media are storage keys (demo/two-three-w1-l1.webm), resolved by the video store. */
export interface SeedLesson {
  /** Stable natural key: two-three-w1-l1, english-l2. */
  code: string;
  position: number;
  title: string;
  description: string;
  video_key: string;
  poster_key: string;
  subtitles_key: string;
  duration_seconds: number;
}

export interface SeedMainProgram {
  slug: string;
  age_group: AgeGroupSlug;
  title: string;
  /** Kopecks for one skipped week of this program bought on its own. */
  week_price: number;
  weeks: {
    number: number;
    title: string;
    /** One thing to do together at home this week (the weekly letter carries it). */
    home_activity?: string;
    lessons: SeedLesson[];
  }[];
}

export interface SeedAdditionalLessons {
  program_slug: string;
  lessons: SeedLesson[];
}

export interface SeedMailingCategory {
  slug: string;
  title: string;
  description: string;
  /** Advertising: sent only to parents who agreed to receive mailings. */
  requires_consent: boolean;
}
