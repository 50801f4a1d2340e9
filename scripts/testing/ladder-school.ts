// A school whose first lesson for a 4-year-old plays an adaptive ladder the school itself made: an editor
// replaces the lesson's video with detailed 720p footage (noise keeps every rendition at its full
// bitrate), and the school's own transcoding job makes the ladder. Used by e2e/adaptive-stream.e2e.ts and
// `npm run bench`. Three runs of one school on one database: the editor's upload with no transcoding, so
// the ladder's job is the first in the queue; the transcoding worker making it (the demo videos' ladders
// queue after it); and the school the child watches on, with the machine quiet again. Making the ladder
// takes most of a minute, so a caller that starts several such schools (the journeys, through
// e2e/global-setup.ts) names a folder to keep the made database and media in: the next school starts on
// a copy of them.
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LessonsPage } from '@contract/api/lessons';
import { newDataDir, startSchool, type SchoolServer } from './school-server';

export interface LadderSchool {
  /** The school now running (a new one after `back`, at the same address). */
  readonly school: SchoolServer;
  /** A family of its own for each watch, so none resumes where another stopped. */
  newFamily: () => Promise<TrialFamily>;
  /** Stops the school: its address answers nothing, as with no connection. */
  away: () => Promise<void>;
  /** Starts it again at the same address, on the same database and media. */
  back: () => Promise<void>;
  stop: () => Promise<void>;
}

async function call<T>(base: string, token: string, path: string, init: RequestInit = {}) {
  const res = await fetch(`${base}/api/${path}`, {
    ...init,
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
  });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as { data: T };
}

/** Detailed footage with sound, so the encoder spends every bit of each rendition's budget. */
function makeClip(dir: string, seconds: number): string {
  const clip = join(dir, 'clip.mp4');
  execFileSync('ffmpeg', [
    ...['-v', 'error', '-y', '-f', 'lavfi', '-i'],
    `testsrc2=size=1280x720:rate=25:duration=${seconds},noise=alls=10:allf=t`,
    ...['-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-crf', '30', '-c:a', 'aac', '-shortest', clip],
  ]);
  return clip;
}

/** The back office's resumable upload (tus 1.0), in one piece: the server answers with what it found. */
async function upload(base: string, token: string, bytes: Buffer): Promise<number> {
  const b64 = (text: string) => Buffer.from(text).toString('base64');
  const created = await fetch(`${base}/api/admin/uploads`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'tus-resumable': '1.0.0',
      'upload-length': String(bytes.length),
      'upload-metadata': `kind ${b64('video')},filename ${b64('clip.mp4')}`,
    },
  });
  const location = created.headers.get('location');
  if (created.status !== 201 || !location) throw new Error(`upload: ${created.status}`);
  const sent = await fetch(new URL(location, base), {
    method: 'PATCH',
    headers: {
      authorization: `Bearer ${token}`,
      'tus-resumable': '1.0.0',
      'upload-offset': '0',
      'content-type': 'application/offset+octet-stream',
    },
    body: new Uint8Array(bytes),
  });
  if (!sent.ok) throw new Error(`upload: ${sent.status} ${await sent.text()}`);
  return ((await sent.json()) as { data: { id: number } }).data.id;
}

/** The editor's part, on a school that transcodes nothing: the new video is saved and its ladder queued. */
async function replaceLessonVideo(base: string, lessonId: number, clip: string): Promise<void> {
  const login = await fetch(`${base}/api/admin/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@umnyashki.ru', password: 'umnyashki-admin' }),
  });
  const { token } = ((await login.json()) as { data: { token: string } }).data;
  const { data: current } = await call<{
    week_id: number | null;
    position: number;
    title: string;
    description: string;
  }>(base, token, `admin/lessons/${lessonId}`);
  const videoUploadId = await upload(base, token, readFileSync(clip));
  await call(base, token, `admin/lessons/${lessonId}`, {
    method: 'PUT',
    body: JSON.stringify({
      week_id: current.week_id,
      additional_program_id: null,
      position: current.position,
      title: current.title,
      description: current.description,
      is_active: true,
      video_upload_id: videoUploadId,
      subtitles_upload_id: null,
      poster_upload_id: null,
    }),
  });
}

async function waitForLadder(
  base: string,
  parentToken: string,
  childId: number,
  lessonId: number,
): Promise<void> {
  const started = Date.now();
  while (Date.now() - started < 90_000) {
    const page = await call<LessonsPage>(base, parentToken, `profile/lessons?child_id=${childId}`);
    const lesson = page.data.lessons.find((l) => l.id === lessonId);
    if (lesson?.video.hls_url) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('the ladder was not ready within 90 s');
}

export interface TrialFamily {
  token: string;
  childId: number;
  /** The child's name, to pick on /video. */
  childName: string;
}

let registered = 0;

/** A parent with a 4-year-old on the free trial: the lesson starts from its beginning for them. */
async function trialFamily(base: string): Promise<TrialFamily> {
  // This school is the caller's alone: its 10 registrations an hour from one address are plenty.
  registered += 1;
  const email = `adaptive-${Date.now().toString(36)}-${registered}@example.ru`;
  const { data: session } = await call<{ token: string }>(base, '', 'auth/register', {
    method: 'POST',
    body: JSON.stringify({
      email,
      password: `umnyashki-${registered}-${Date.now().toString(36)}`,
      name: 'Анна',
      consent_personal_data: true,
    }),
  });
  const { token } = session;
  const birth = new Date();
  birth.setFullYear(birth.getFullYear() - 4);
  const child = await call<{ id: number }>(base, token, 'profile/child/store', {
    method: 'POST',
    body: JSON.stringify({ name: 'Маша', birth_date: birth.toISOString().slice(0, 10) }),
  });
  const tariffs = await call<{ id: number; is_free: boolean }[]>(
    base,
    token,
    'store/web/subscriptions?page=1',
  );
  const trial = tariffs.data.find((tariff) => tariff.is_free);
  if (!trial) throw new Error('the demo has no trial');
  await call(base, token, 'store/subscription/activate', {
    method: 'POST',
    body: JSON.stringify({ subscription_id: trial.id }),
  });
  return { token, childId: child.data.id, childName: 'Маша' };
}

/** The school's database and media with the ladder made: in `kept`, or made now (and kept there if named). */
async function ladderData(clipSeconds: number, kept: string | undefined): Promise<string> {
  const dataDir = newDataDir();
  const made = kept && join(kept, `ladder-${clipSeconds}s`);
  if (made && existsSync(made)) {
    cpSync(made, dataDir, { recursive: true });
    return dataDir;
  }
  const clipDir = mkdtempSync(join(tmpdir(), 'adaptive-clip-'));
  let school: SchoolServer | undefined;
  try {
    school = await startSchool({ TRANSCODE_CONCURRENCY: '0' }, { dataDir });
    const clip = makeClip(clipDir, clipSeconds);
    const family = await trialFamily(school.baseUrl);
    // The lesson a 4-year-old's page shows first.
    const lessons = await call<LessonsPage>(
      school.baseUrl,
      family.token,
      `profile/lessons?child_id=${family.childId}`,
    );
    const lessonId = lessons.data.lessons[0]?.id ?? 0;
    await replaceLessonVideo(school.baseUrl, lessonId, clip);
    await school.stop();
    school = await startSchool({ TRANSCODE_CONCURRENCY: '1' }, { dataDir });
    await waitForLadder(school.baseUrl, family.token, family.childId, lessonId);
    await school.stop();
    school = undefined;
    if (made) {
      // Whole or not at all: a copy cut short must not be taken for a made ladder by the next journey.
      cpSync(dataDir, `${made}.partial`, { recursive: true });
      renameSync(`${made}.partial`, made);
    }
    return dataDir;
  } catch (error) {
    await school?.stop();
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  } finally {
    rmSync(clipDir, { recursive: true, force: true });
  }
}

/**
 * Starts the school with a `clipSeconds` long lesson ready as a ladder: made anew, or copied from the one
 * made before into the `kept` folder (the caller removes that folder when done).
 */
export async function startLadderSchool(
  clipSeconds: number,
  { kept }: { kept?: string } = {},
): Promise<LadderSchool> {
  const dataDir = await ladderData(clipSeconds, kept);
  try {
    let running = await startSchool({ TRANSCODE_CONCURRENCY: '0' }, { dataDir });
    const port = Number(new URL(running.baseUrl).port);
    return {
      get school() {
        return running;
      },
      newFamily: () => trialFamily(running.baseUrl),
      away: () => running.stop(),
      back: async () => {
        running = await startSchool({ TRANSCODE_CONCURRENCY: '0' }, { dataDir, port });
      },
      stop: async () => {
        await running.stop();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
}
