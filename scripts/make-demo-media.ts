// npx tsx scripts/make-demo-media.ts [--force] — makes each demo lesson's own media from the seed's lesson
// list (src/server/db/seed/data/lessons.ts): a WebM as long as the lesson (a still card with the lesson's
// title, its program and week, drawn by ffmpeg's drawtext, no sound), a JPEG poster taken from that video by
// ffmpeg, and Russian WebVTT subtitles. The output is committed
// (src/server/db/seed/media), so start-up and CI never run ffmpeg; run this when a demo lesson's title or
// length changes — lessons whose files already carry their title and length are skipped.
// Needs Debian's ffmpeg and fonts-dejavu-core (apt-get install -y ffmpeg fonts-dejavu-core); no font is
// downloaded.
//
// Why a still card at a frame every two seconds, one key frame, no sound: a 10–15-minute lesson then weighs
// about 25 KB (a VP9 frame that repeats the previous one costs ~50 bytes with its container; even silent Opus
// would cost ~15 KB a minute). Seeking decodes at most a few hundred such frames.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ageGroups } from '../src/server/db/seed/data/age-groups';
import { additionalPrograms } from '../src/server/db/seed/data/additional-programs';
import { additionalLessons, mainPrograms } from '../src/server/db/seed/data/lessons';
import type { SeedLesson } from '../src/server/db/seed/data/types';
import { posterMoment } from '../src/server/modules/media/poster-frame';

const OUT = fileURLToPath(new URL('../src/server/db/seed/media', import.meta.url));
const FONT_BOLD = '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf';
const FONT = '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf';
const FFMPEG = process.env.FFMPEG_PATH ?? 'ffmpeg';
const force = process.argv.includes('--force');

interface Job {
  lesson: SeedLesson;
  /** The line above the title: the program and the week. */
  program: string;
  background: string;
}

// One calm colour per program, so neighbouring lessons of different ages look different.
const BACKGROUNDS = ['0xFFF3E0', '0xE3F2FD', '0xF1F8E9', '0xFCE4EC', '0xEDE7F6', '0xE0F7FA'];

const jobs: Job[] = [
  ...mainPrograms.flatMap((program, index) => {
    const group = ageGroups.find((g) => g.slug === program.age_group);
    return program.weeks.flatMap((week) =>
      week.lessons.map((lesson) => ({
        lesson,
        program: `Основная программа ${group?.title ?? ''} · Неделя ${week.number}`,
        background: BACKGROUNDS[index % BACKGROUNDS.length] ?? '0xFFFFFF',
      })),
    );
  }),
  ...additionalLessons.flatMap((extra, index) => {
    const program = additionalPrograms.find((p) => p.slug === extra.program_slug);
    return extra.lessons.map((lesson) => ({
      lesson,
      program: `Дополнительная программа «${program?.title ?? ''}»`,
      background: BACKGROUNDS[(index + 2) % BACKGROUNDS.length] ?? '0xFFFFFF',
    }));
  }),
];

/** Lines of at most `width` characters, broken at spaces: drawtext does not wrap. */
function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  for (const word of text.split(' ')) {
    const last = lines.at(-1);
    if (last !== undefined && `${last} ${word}`.length <= width)
      lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return lines;
}

const fileOf = (key: string): string => join(OUT, key.replace(/^demo\//, ''));

function run(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} ended with ${code}: ${errors}`)),
    );
  });
}

const stamp = (seconds: number): string => {
  const m = Math.floor(seconds / 60);
  const s = seconds % 60;
  return `00:${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}.000`;
};

function subtitles(lesson: SeedLesson): string {
  const end = lesson.duration_seconds;
  const cues: [number, number, string][] = [
    [0, 8, lesson.title],
    [8, 20, lesson.description],
    [end - 10, end, 'Урок окончен. Молодец!'],
  ];
  return `WEBVTT\n\n${cues
    .map(([from, to, text], i) => `${i + 1}\n${stamp(from)} --> ${stamp(to)}\n${text}\n`)
    .join('\n')}`;
}

/** Whether the committed video already is this lesson's: its title in the header, its length. */
async function upToDate(lesson: SeedLesson): Promise<boolean> {
  const video = fileOf(lesson.video_key);
  if (![video, fileOf(lesson.poster_key), fileOf(lesson.subtitles_key)].every(existsSync)) {
    return false;
  }
  const head = (await readFile(video)).subarray(0, 4096);
  const vtt = await readFile(fileOf(lesson.subtitles_key), 'utf8');
  return head.includes(Buffer.from(lesson.title)) && vtt === subtitles(lesson);
}

async function make({ lesson, program, background }: Job, work: string): Promise<void> {
  const seconds = lesson.duration_seconds;
  const minutes = Math.round(seconds / 60);
  const lines = [
    { text: program, font: FONT, size: 20, color: '0x5D4037' },
    ...wrap(lesson.title, 24).map((text) => ({
      text,
      font: FONT_BOLD,
      size: 36,
      color: '0x212121',
    })),
    { text: `Школа Умняшек · демо-урок · ${minutes} мин`, font: FONT, size: 18, color: '0x6D6D6D' },
  ];
  // Each line is its own drawtext (ffmpeg 5 centres a block, not its lines); the text goes through files,
  // so commas, colons and quotes in titles need no escaping.
  const titleTop = 180 - ((lines.length - 2) * 46) / 2;
  const filters = await Promise.all(
    lines.map(async (line, i) => {
      const file = join(work, `${lesson.code}-${i}.txt`);
      await writeFile(file, line.text);
      const y = i === 0 ? 40 : i === lines.length - 1 ? 312 : titleTop + (i - 1) * 46;
      return `drawtext=fontfile=${line.font}:textfile=${file}:fontsize=${line.size}:fontcolor=${line.color}:x=(w-text_w)/2:y=${y}`;
    }),
  );
  const video = fileOf(lesson.video_key);
  await run(FFMPEG, [
    '-nostdin',
    '-loglevel',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `color=c=${background}:s=640x360:r=0.5:d=${seconds}`,
    '-vf',
    `${filters.join(',')},format=yuv420p`,
    '-c:v',
    'libvpx-vp9',
    '-b:v',
    '0',
    '-crf',
    '40',
    '-g',
    '600',
    '-row-mt',
    '1',
    '-deadline',
    'good',
    '-cpu-used',
    '5',
    '-metadata',
    `title=${lesson.title}`,
    video,
  ]);
  // The poster is the video's own frame, at the moment the server takes one from an upload.
  await run(FFMPEG, [
    '-nostdin',
    '-loglevel',
    'error',
    '-y',
    '-ss',
    String(posterMoment(seconds)),
    '-i',
    video,
    '-frames:v',
    '1',
    '-q:v',
    '5',
    fileOf(lesson.poster_key),
  ]);
  await writeFile(fileOf(lesson.subtitles_key), subtitles(lesson));
}

const started = Date.now();
const work = await mkdtemp(join(tmpdir(), 'demo-media-'));
const todo: Job[] = [];
for (const job of jobs) if (force || !(await upToDate(job.lesson))) todo.push(job);
// Two at a time: ffmpeg uses a core each, and the machine may be shared.
const queue = [...todo];
await Promise.all(
  [0, 1].map(async () => {
    for (let job = queue.shift(); job; job = queue.shift()) {
      await make(job, work);
      console.log(`== ${job.lesson.code} (${job.lesson.duration_seconds} s)`);
    }
  }),
);
await rm(work, { recursive: true, force: true });

// Files no lesson names any more (a retired clip, a removed lesson) leave the repository.
const used = new Set(
  jobs.flatMap(({ lesson }) =>
    [lesson.video_key, lesson.poster_key, lesson.subtitles_key].map(fileOf),
  ),
);
let bytes = 0;
for (const name of await readdir(OUT)) {
  const path = join(OUT, name);
  if (!used.has(path)) await rm(path);
  else bytes += (await stat(path)).size;
}
console.log(
  `${todo.length} of ${jobs.length} lessons made in ${((Date.now() - started) / 1000).toFixed(1)} s; ` +
    `media ${(bytes / 1024 / 1024).toFixed(2)} MB`,
);
