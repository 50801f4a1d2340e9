// The child's sticker album: a sticker for each lesson finished, in the order finished, earned once, shown
// by the report that finished the lesson and kept in the progress the parent reads.
import { describe, expect, it } from 'vitest';
import type { ChildProgress, VideoProgress } from '@contract/api/learning';
import { learningWorld, LESSON_SECONDS, type Family } from '../../testing/learning';

const world = learningWorld();

/** Reports `code` watched up to `seconds` (12 seconds of real time later) and gives the answer. */
async function report(f: Family, code: string, seconds: number): Promise<VideoProgress> {
  world.time.advance(12_000);
  const res = await world.post(f.token, '/api/profile/achievements/video', {
    child_id: f.childId,
    lesson_id: await world.lessonId(code),
    position_seconds: seconds,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: VideoProgress }>().data;
}

const album = async (f: Family) => {
  const res = await world.get(f.token, '/api/profile/progress', { child_id: f.childId });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: ChildProgress }>().data.stickers;
};

describe('the sticker album', () => {
  it('gives a sticker for each finished lesson, once, in the order they were finished', async () => {
    const f = await world.family();
    await world.startTrial(f);
    expect(await album(f)).toEqual([]);

    const half = await report(f, 'four-five-w1-l2', LESSON_SECONDS / 2);
    expect(half.new_sticker).toBeNull();
    const first = await report(f, 'four-five-w1-l1', LESSON_SECONDS);
    expect(first.new_sticker).toMatchObject({
      sticker: 'sun',
      lesson_id: await world.lessonId('four-five-w1-l1'),
    });
    // Watched again to the end: nothing new.
    expect((await report(f, 'four-five-w1-l1', LESSON_SECONDS)).new_sticker).toBeNull();
    const second = await report(f, 'four-five-w1-l2', LESSON_SECONDS);
    expect(second.new_sticker?.sticker).toBe('star');

    const stickers = await album(f);
    // Titles keep the seed's non-breaking spaces; read here as plain ones.
    expect(stickers.map((s) => [s.sticker, s.lesson_title.replace(/\u00a0/g, ' ')])).toEqual([
      ['sun', 'Я и мои чувства. Знакомимся'],
      ['star', 'Я и мои чувства. Играем'],
    ]);
    expect(stickers[0]?.earned_at).toBe(first.new_sticker?.earned_at);
  });

  it('is another family’s to see only by its own child', async () => {
    const f = await world.family();
    await world.startTrial(f);
    await report(f, 'four-five-w1-l1', LESSON_SECONDS);
    const stranger = await world.family();
    const res = await world.get(stranger.token, '/api/profile/progress', { child_id: f.childId });
    expect(res.statusCode).toBe(404);
  });
});
