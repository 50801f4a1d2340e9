// Minimal requests of the back office's lessons calls: age groups, programs, weeks, lessons and the
// resumable uploads of their files. Each lesson sample gets a week of its own, so the roles' samples never
// compete for a lesson's place.
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import {
  additionalPrograms,
  ageGroups,
  lessons,
  mainPrograms,
  mediaUploads,
  programWeeks,
} from '../db/schema/index';
import type { FixtureDeps } from './families';
import type { Sample } from './sample';

let weekNumber = 300;

async function programId(deps: FixtureDeps): Promise<number> {
  const [row] = await deps.db
    .select({ id: mainPrograms.id })
    .from(mainPrograms)
    .where(eq(mainPrograms.slug, 'four-five'));
  if (!row) throw new Error('the seed has no four-five program');
  return row.id;
}

async function ageGroupId(deps: FixtureDeps): Promise<string> {
  const [row] = await deps.db.select({ id: ageGroups.id }).from(ageGroups).limit(1);
  if (!row) throw new Error('the seed has no age group');
  return String(row.id);
}

/** A fresh, empty week of the four-five program. */
async function newWeek(deps: FixtureDeps): Promise<number> {
  weekNumber += 1;
  const [row] = await deps.db
    .insert(programWeeks)
    .values({
      mainProgramId: await programId(deps),
      number: weekNumber,
      title: 'Неделя для проверки',
    })
    .returning({ id: programWeeks.id });
  if (!row) throw new Error('the week was not inserted');
  return row.id;
}

/** Finished uploads as the server records them, pointing at the demo media. */
async function uploads(deps: FixtureDeps): Promise<{ video: string; subtitles: string }> {
  const video = randomBytes(16).toString('hex');
  const subtitles = randomBytes(16).toString('hex');
  await deps.db.insert(mediaUploads).values([
    {
      id: video,
      kind: 'video',
      key: 'demo/three-four-w1-l1.webm',
      contentType: 'video/webm',
      sizeBytes: 23_242,
      originalName: 'schitaem.webm',
      durationSeconds: 600,
      posterKey: 'demo/three-four-w1-l1.jpg',
    },
    {
      id: subtitles,
      kind: 'subtitles',
      key: 'demo/three-four-w1-l1.vtt',
      contentType: 'text/vtt; charset=utf-8',
      sizeBytes: 323,
      originalName: 'schitaem.vtt',
    },
  ]);
  return { video, subtitles };
}

async function lessonBody(deps: FixtureDeps, weekId: number) {
  const files = await uploads(deps);
  return {
    week_id: weekId,
    additional_program_id: null,
    position: 1,
    title: 'Считаем до трёх',
    description: 'Считаем игрушки.',
    is_active: true,
    video_upload_id: files.video,
    subtitles_upload_id: files.subtitles,
    poster_upload_id: null,
  };
}

async function lessonId(deps: FixtureDeps): Promise<string> {
  const [row] = await deps.db.select({ id: lessons.id }).from(lessons).limit(1);
  if (!row) throw new Error('the seed has no lessons');
  return String(row.id);
}

const tusStart = {
  'tus-resumable': '1.0.0',
  'upload-length': '8',
  'upload-metadata': `kind ${Buffer.from('subtitles').toString('base64')},filename ${Buffer.from('a.vtt').toString('base64')}`,
};

export const LESSON_ADMIN_SAMPLES: Record<string, Sample> = {
  'GET /api/admin/age-groups/{id}': {
    build: async ({ deps }) => ({ params: { id: await ageGroupId(deps) } }),
  },
  'PUT /api/admin/age-groups/{id}': {
    build: async ({ deps }) => ({
      params: { id: await ageGroupId(deps) },
      body: {
        title: 'Малыши',
        min_age: 2,
        max_age: 3,
        description: 'Первые слова и цвета.',
        skills: ['Цвета'],
        topics: ['Дом'],
      },
    }),
  },
  'GET /api/admin/programs/{id}': {
    build: async ({ deps }) => ({ params: { id: String(await programId(deps)) } }),
  },
  'PUT /api/admin/programs/{id}': {
    build: async ({ deps }) => ({
      params: { id: String(await programId(deps)) },
      body: { title: 'Программа 4–5 лет', is_active: true },
    }),
  },
  'GET /api/admin/lesson-places/{id}': {
    build: async ({ deps }) => {
      const [row] = await deps.db
        .select({ id: additionalPrograms.id })
        .from(additionalPrograms)
        .limit(1);
      return { params: { id: String(row?.id) } };
    },
  },
  'GET /api/admin/weeks/{id}': {
    build: async ({ deps }) => ({ params: { id: String(await newWeek(deps)) } }),
  },
  'POST /api/admin/weeks': {
    build: async ({ deps }) => {
      weekNumber += 1;
      return {
        body: { main_program_id: await programId(deps), number: weekNumber, title: 'Зима' },
      };
    },
  },
  'PUT /api/admin/weeks/{id}': {
    build: async ({ deps }) => {
      const id = await newWeek(deps);
      weekNumber += 1;
      return {
        params: { id: String(id) },
        body: { main_program_id: await programId(deps), number: weekNumber, title: 'Весна' },
      };
    },
  },
  'GET /api/admin/lessons/{id}': {
    build: async ({ deps }) => ({ params: { id: await lessonId(deps) } }),
  },
  'POST /api/admin/lessons': {
    build: async ({ deps }) => ({ body: await lessonBody(deps, await newWeek(deps)) }),
  },
  'PUT /api/admin/lessons/{id}': {
    build: async ({ deps }) => {
      const weekId = await newWeek(deps);
      const body = await lessonBody(deps, weekId);
      const [row] = await deps.db
        .insert(lessons)
        .values({
          code: `matrix-${randomBytes(4).toString('hex')}`,
          weekId,
          position: 2,
          title: 'Урок для проверки',
          description: '',
          videoKey: 'demo/three-four-w1-l1.webm',
          posterKey: 'demo/three-four-w1-l1.jpg',
          subtitlesKey: 'demo/three-four-w1-l1.vtt',
          durationSeconds: 600,
        })
        .returning({ id: lessons.id });
      return { params: { id: String(row?.id) }, body };
    },
  },
  'POST /api/admin/uploads': { build: () => ({ headers: tusStart }) },
  // Nobody's upload: the staff who may upload are told it is not there.
  'PATCH /api/admin/uploads/{id}': {
    build: () => ({
      params: { id: randomBytes(16).toString('hex') },
      headers: {
        'tus-resumable': '1.0.0',
        'upload-offset': '0',
        'content-type': 'application/offset+octet-stream',
      },
    }),
  },
  'DELETE /api/admin/uploads/{id}': {
    build: () => ({
      params: { id: randomBytes(16).toString('hex') },
      headers: { 'tus-resumable': '1.0.0' },
    }),
  },
  'GET /api/admin/media-uploads/{id}': {
    build: async ({ deps }) => ({ params: { id: (await uploads(deps)).video } }),
  },
};
