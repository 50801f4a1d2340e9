import { readFileSync, readdirSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AGE_GROUP_SLUGS } from '@contract/api/catalog';
import { additionalPrograms } from './additional-programs';
import { additionalLessons, mainPrograms } from './lessons';

const MEDIA_DIR = fileURLToPath(new URL('../media', import.meta.url));
const everyLesson = [
  ...mainPrograms.flatMap((p) => p.weeks.flatMap((w) => w.lessons)),
  ...additionalLessons.flatMap((a) => a.lessons),
];

describe('demo lessons', () => {
  it('give every age group at least 4 weeks of 3 lessons', () => {
    expect(mainPrograms.map((p) => p.age_group).sort()).toEqual([...AGE_GROUP_SLUGS].sort());
    for (const program of mainPrograms) {
      expect(program.weeks.length).toBeGreaterThanOrEqual(4);
      for (const week of program.weeks) expect(week.lessons.length).toBeGreaterThanOrEqual(3);
    }
  });

  it('give every additional program 3 lessons', () => {
    expect(additionalLessons.map((a) => a.program_slug)).toEqual(
      additionalPrograms.map((p) => p.slug),
    );
    for (const { lessons } of additionalLessons) expect(lessons).toHaveLength(3);
  });

  it('have titles without doubled punctuation («Здравствуй, Умняша! Знакомимся»)', () => {
    for (const lesson of everyLesson) expect(lesson.title).not.toMatch(/[.!?…]\./);
  });

  it('have unique codes', () => {
    const codes = everyLesson.map((l) => l.code);
    expect(new Set(codes).size).toBe(codes.length);
  });

  it('point at media that are committed, with Russian WebVTT subtitles', () => {
    for (const lesson of everyLesson) {
      for (const key of [lesson.video_key, lesson.poster_key, lesson.subtitles_key]) {
        expect(statSync(join(MEDIA_DIR, key.replace(/^demo\//, ''))).size).toBeGreaterThan(0);
      }
      const vtt = readFileSync(
        join(MEDIA_DIR, lesson.subtitles_key.replace(/^demo\//, '')),
        'utf8',
      );
      expect(vtt.startsWith('WEBVTT')).toBe(true);
      expect(vtt).toMatch(/[а-яё]/i);
    }
  });

  it('keep the committed media within 20 MB', () => {
    const total = readdirSync(MEDIA_DIR).reduce(
      (sum, f) => sum + statSync(join(MEDIA_DIR, f)).size,
      0,
    );
    expect(total).toBeLessThanOrEqual(20 * 1024 * 1024);
  });
});
