import { createHash } from 'node:crypto';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AGE_GROUP_SLUGS } from '@contract/api/catalog';
import { probeVideo } from '../../../modules/media/video-probe';
import { additionalPrograms } from './additional-programs';
import { ageGroups } from './age-groups';
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

  it('name each week after a topic of its age group, so the program page can mark the topics with lessons', () => {
    for (const program of mainPrograms) {
      const topics = ageGroups.find((g) => g.slug === program.age_group)?.topics ?? [];
      for (const week of program.weeks) expect(topics).toContain(week.title);
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

  it('last as long as the pages promise: 10–15 minutes', () => {
    for (const lesson of everyLesson) {
      expect(lesson.duration_seconds).toBeGreaterThanOrEqual(10 * 60);
      expect(lesson.duration_seconds).toBeLessThanOrEqual(15 * 60);
    }
  });

  it('each have their own video, as long as the lesson, carrying its title', async () => {
    for (const lesson of everyLesson) {
      const path = join(MEDIA_DIR, lesson.video_key.replace(/^demo\//, ''));
      const file = await open(path);
      try {
        const facts = await probeVideo(file);
        expect(facts.format).toBe('webm');
        expect(Math.round(facts.durationSeconds), lesson.code).toBe(lesson.duration_seconds);
      } finally {
        await file.close();
      }
      // scripts/make-demo-media.ts writes the title drawn on the picture into the file's header too.
      expect(
        readFileSync(path).subarray(0, 4096).includes(Buffer.from(lesson.title)),
        `${lesson.video_key} is not «${lesson.title}»`,
      ).toBe(true);
    }
  });

  it('each have a poster of their own', () => {
    const hashes = new Set<string>();
    for (const lesson of everyLesson) {
      const poster = readFileSync(join(MEDIA_DIR, lesson.poster_key.replace(/^demo\//, '')));
      expect(poster.subarray(0, 3), lesson.poster_key).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
      hashes.add(createHash('sha256').update(poster).digest('hex'));
    }
    expect(hashes.size).toBe(everyLesson.length);
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
      expect(vtt).toContain(lesson.title);
    }
  });

  it('keep the committed media within 4 MB', () => {
    const total = readdirSync(MEDIA_DIR).reduce(
      (sum, f) => sum + statSync(join(MEDIA_DIR, f)).size,
      0,
    );
    expect(total).toBeLessThanOrEqual(4 * 1024 * 1024);
  });
});
