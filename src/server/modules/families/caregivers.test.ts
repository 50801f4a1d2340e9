import { describe, expect, it } from 'vitest';
import type { Caregiver } from '@contract/api/caregivers';
import type { Profile } from '@contract/api/auth';
import { eq } from 'drizzle-orm';
import { familyCaregivers, users } from '../../db/schema/index';
import { createSession, sweepExpired } from '../auth/service';
import { DAY, learningWorld, type Family } from '../../testing/learning';
import { mailingKit } from '../../testing/mailing';
import { getUser } from '../admin/users-service';

const world = learningWorld('2026-11-24T09:00:00Z');
const mail = mailingKit(world);
const PREVIEW = 'four-five-w1-l1';
let serial = 0;

/** A grown-up with an account and no family of their own. */
async function grownUp(name = 'Бабушка Галя') {
  const email = `grandma-${(serial += 1)}@example.ru`;
  const [user] = await world.db.insert(users).values({ email, name }).returning();
  if (!user) throw new Error('insert failed');
  const token = await createSession({ db: world.db, clock: world.time.clock, userId: user.id });
  return { id: user.id, email, token };
}

async function invite(owner: Family, email: string) {
  return world.app.inject({
    method: 'POST',
    url: '/api/profile/caregivers',
    headers: { authorization: `Bearer ${owner.token}` },
    payload: { email },
  });
}

/** The token of the newest invitation mailed to `email`. */
async function mailedToken(email: string): Promise<string> {
  await mail.runJobs();
  const [letter] = await mail.outbox(email);
  const link = letter?.links.find((l) => l.includes('/family-invite?token='));
  if (!link) throw new Error(`no invitation link mailed to ${email}`);
  return new URL(link).searchParams.get('token') ?? '';
}

async function joined(owner: Family) {
  const grandma = await grownUp();
  expect((await invite(owner, grandma.email)).statusCode).toBe(201);
  const token = await mailedToken(grandma.email);
  const res = await world.post(grandma.token, '/api/profile/caregivers/accept', { token });
  expect(res.statusCode, res.body).toBe(200);
  return grandma;
}

const codeOf = (res: { json: () => unknown }) => (res.json() as { code: string }).code;

describe('inviting a grown-up into the family', () => {
  it('mails a link that lets them in to the children and lessons, and says who they are', async () => {
    const owner = await world.family();
    await world.startTrial(owner);
    const grandma = await grownUp();
    const invited = await invite(owner, ` ${grandma.email.toUpperCase()} `);
    expect(invited.statusCode, invited.body).toBe(201);
    expect(invited.json<{ data: Caregiver }>().data).toMatchObject({
      email: grandma.email,
      status: 'invited',
      accepted_at: null,
    });

    await mail.runJobs();
    const [letter] = await mail.outbox(grandma.email);
    expect(letter?.subject).toBe('Родитель приглашает вас в Школу Умняшек');
    expect(letter?.text).toContain('7\u00a0дней');
    const token = await mailedToken(grandma.email);

    const accepted = await world.post(grandma.token, '/api/profile/caregivers/accept', { token });
    expect(accepted.json()).toEqual({ data: { family_role: 'caregiver', owner_name: 'Родитель' } });

    const shown = (await world.get(grandma.token, '/api/profile/show')).json<{ data: Profile }>();
    expect(shown.data).toMatchObject({
      email: grandma.email,
      name: 'Бабушка Галя',
      family_role: 'caregiver',
      family_owner: 'Родитель',
      children: [{ id: owner.childId, name: 'Маша' }],
      subscription: { is_free: true },
      playerStatus: 'available',
    });
    const ownView = (await world.get(owner.token, '/api/profile/show')).json<{ data: Profile }>();
    expect(ownView.data).toMatchObject({ family_role: 'owner', family_owner: null });

    const list = await world.get(owner.token, '/api/profile/caregivers');
    expect(list.json<{ data: { caregivers: Caregiver[] } }>().data.caregivers).toMatchObject([
      { email: grandma.email, name: 'Бабушка Галя', status: 'accepted', expires_at: null },
    ]);
  });

  it('lets a caregiver play lessons and set how the child studies, and nothing of the owner’s', async () => {
    const owner = await world.family();
    await world.startTrial(owner);
    const grandma = await joined(owner);
    const child = { child_id: owner.childId };

    expect((await world.get(grandma.token, '/api/profile/lessons', child)).statusCode).toBe(200);
    const report = await world.post(grandma.token, '/api/profile/achievements/video', {
      ...child,
      lesson_id: await world.lessonId(PREVIEW),
      position_seconds: 12,
    });
    expect(report.statusCode, report.body).toBe(200);
    const progress = await world.get(owner.token, '/api/profile/progress', child);
    expect(progress.json<{ data: { lessons_completed: number } }>().data.lessons_completed).toBe(1);

    const settings = await world.post(grandma.token, '/api/profile/child/update', {
      id: owner.childId,
      study_mode: 'free',
      remind_about_lessons: false,
      daily_limit_minutes: 30,
      no_lessons_after: 19,
    });
    expect(settings.statusCode, settings.body).toBe(200);
    const hour = await world.post(grandma.token, '/api/profile/update', { reminder_hour: 10 });
    expect(hour.json<{ data: Profile }>().data.reminder_hour).toBe(10);
    const ownerNow = (await world.get(owner.token, '/api/profile/show')).json<{ data: Profile }>();
    expect(ownerNow.data.reminder_hour).toBe(10);
    expect(ownerNow.data.children[0]).toMatchObject({
      study_mode: 'free',
      daily_limit_minutes: 30,
    });

    const refused: [string, string, Record<string, unknown>?][] = [
      ['POST', '/api/profile/child/update', { id: owner.childId, name: 'Даша' }],
      ['POST', '/api/profile/child/store', { name: 'Петя', birth_date: '2022-01-01' }],
      ['POST', '/api/profile/child/delete', { id: owner.childId }],
      ['POST', '/api/profile/update', { region_id: null }],
      ['GET', '/api/profile/deleteChildren'],
      ['GET', '/api/profile/deleteLessonStats'],
      ['GET', '/api/store/payments'],
      ['GET', '/api/store/renewal'],
      ['POST', '/api/store/card/remove', {}],
      ['POST', '/api/profile/end-subscription', {}],
      ['GET', '/api/profile/caregivers'],
      ['POST', '/api/profile/caregivers', { email: 'dedushka@example.ru' }],
    ];
    for (const [method, url, payload] of refused) {
      const res = await world.app.inject({
        method: method as 'GET' | 'POST',
        url,
        headers: { authorization: `Bearer ${grandma.token}` },
        ...(payload ? { payload } : {}),
      });
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(403);
      expect(codeOf(res)).toBe('owner_only');
    }
    const after = (await world.get(owner.token, '/api/profile/show')).json<{ data: Profile }>();
    expect(after.data.children.map((c) => c.name)).toEqual(['Маша']);
  });

  it('ends a caregiver’s access the moment the owner removes them', async () => {
    const owner = await world.family();
    await world.startTrial(owner);
    const grandma = await joined(owner);
    const list = await world.get(owner.token, '/api/profile/caregivers');
    const [row] = list.json<{ data: { caregivers: Caregiver[] } }>().data.caregivers;
    const removed = await world.app.inject({
      method: 'DELETE',
      url: `/api/profile/caregivers/${row?.id}`,
      headers: { authorization: `Bearer ${owner.token}` },
    });
    expect(removed.statusCode, removed.body).toBe(204);

    const lessons = await world.get(grandma.token, '/api/profile/lessons', {
      child_id: owner.childId,
    });
    expect(lessons.statusCode).toBe(404);
    const shown = (await world.get(grandma.token, '/api/profile/show')).json<{ data: Profile }>();
    expect(shown.data).toMatchObject({ family_role: 'owner', children: [], subscription: null });
  });

  it('spends the link once and refuses it after seven days', async () => {
    const owner = await world.family();
    const grandma = await grownUp();
    await invite(owner, grandma.email);
    const token = await mailedToken(grandma.email);
    const other = await grownUp();
    expect(
      (await world.post(grandma.token, '/api/profile/caregivers/accept', { token })).statusCode,
    ).toBe(200);
    const again = await world.post(other.token, '/api/profile/caregivers/accept', { token });
    expect([again.statusCode, codeOf(again)]).toEqual([422, 'caregiver_invitation_invalid']);

    const late = await grownUp();
    await invite(owner, late.email);
    const lateToken = await mailedToken(late.email);
    world.time.advance(7 * DAY + 1000);
    const expired = await world.post(late.token, '/api/profile/caregivers/accept', {
      token: lateToken,
    });
    expect([expired.statusCode, codeOf(expired)]).toEqual([422, 'caregiver_invitation_invalid']);
    const list = await world.get(owner.token, '/api/profile/caregivers');
    expect(
      list.json<{ data: { caregivers: Caregiver[] } }>().data.caregivers.map((c) => c.status),
    ).toEqual(['expired', 'accepted']);
  });

  it('keeps a person in one family and a family to five grown-ups', async () => {
    const owner = await world.family();
    const self = (await world.get(owner.token, '/api/profile/show')).json<{ data: Profile }>();
    const own = await invite(owner, self.data.email);
    expect([own.statusCode, codeOf(own)]).toEqual([422, 'validation_failed']);

    // A parent with a child of their own cannot join.
    const parent = await world.family();
    const parentEmail = (await world.get(parent.token, '/api/profile/show')).json<{
      data: Profile;
    }>().data.email;
    await invite(owner, parentEmail);
    const refused = await world.post(parent.token, '/api/profile/caregivers/accept', {
      token: await mailedToken(parentEmail),
    });
    expect([refused.statusCode, codeOf(refused)]).toEqual([409, 'already_in_family']);

    // A caregiver of one family cannot join a second.
    const second = await world.family();
    const grandma = await joined(second);
    await invite(owner, grandma.email);
    const twice = await world.post(grandma.token, '/api/profile/caregivers/accept', {
      token: await mailedToken(grandma.email),
    });
    expect([twice.statusCode, codeOf(twice)]).toEqual([409, 'already_in_family']);

    // Two invitations above are pending; three more fill the five; the sixth is refused.
    for (const n of [1, 2, 3])
      expect((await invite(owner, `nanny${n}@example.ru`)).statusCode).toBe(201);
    const sixth = await invite(owner, 'nanny4@example.ru');
    expect([sixth.statusCode, codeOf(sixth)]).toEqual([409, 'caregivers_full']);
    // Sending a pending invitation again takes no new place.
    expect((await invite(owner, 'nanny1@example.ru')).statusCode).toBe(201);
  });

  it('holds the five when six invitations arrive at once', async () => {
    const owner = await world.family();
    const answers = await Promise.all(
      [1, 2, 3, 4, 5, 6].map((n) => invite(owner, `rush${n}-${owner.userId}@example.ru`)),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 201, 201, 201, 201, 409]);
    const list = await world.get(owner.token, '/api/profile/caregivers');
    expect(list.json<{ data: { caregivers: Caregiver[] } }>().data.caregivers).toHaveLength(5);
  });

  it('lets one person into one family when they accept two invitations at once', async () => {
    const [a, b] = [await world.family(), await world.family()];
    const grandma = await grownUp();
    await invite(a, grandma.email);
    const first = await mailedToken(grandma.email);
    await invite(b, grandma.email);
    const second = await mailedToken(grandma.email);
    const answers = await Promise.all(
      [first, second].map((token) =>
        world.post(grandma.token, '/api/profile/caregivers/accept', { token }),
      ),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
  });
});

describe('the edges of a family’s grown-ups', () => {
  it('names an owner without a name «Родитель», never by any part of the address', async () => {
    const owner = await world.family();
    await world.db.update(users).set({ name: '' }).where(eq(users.id, owner.userId));
    const grandma = await joined(owner);
    const shown = await world.get(grandma.token, '/api/profile/show');
    expect(shown.json<{ data: Profile }>().data.family_owner).toBe('Родитель');
    expect(shown.body).not.toContain(`learning-`);
    const [letter] = await mail.outbox(grandma.email);
    expect(letter?.subject).toBe('Родитель приглашает вас в Школу Умняшек');
  });

  it('gives an expired invitation sent again a place only when one is free', async () => {
    const owner = await world.family();
    await invite(owner, 'late@example.ru');
    world.time.advance(8 * DAY);
    for (const n of [1, 2, 3, 4, 5]) {
      expect((await invite(owner, `full${n}-${owner.userId}@example.ru`)).statusCode).toBe(201);
    }
    const again = await invite(owner, 'late@example.ru');
    expect([again.statusCode, codeOf(again)]).toEqual([409, 'caregivers_full']);
  });

  it('refuses to invite a caregiver again under the address of their account', async () => {
    const owner = await world.family();
    const grandma = await joined(owner);
    const again = await invite(owner, grandma.email);
    expect(again.statusCode).toBe(409);
  });

  it('lets a caregiver switch the child’s program but not rename them', async () => {
    const owner = await world.family();
    const grandma = await joined(owner);
    const program = await world.post(grandma.token, '/api/profile/child/update', {
      id: owner.childId,
      age_group: 'five-six',
    });
    expect(program.statusCode, program.body).toBe(200);
    const born = await world.post(grandma.token, '/api/profile/child/update', {
      id: owner.childId,
      birth_date: '2021-01-01',
    });
    expect([born.statusCode, codeOf(born)]).toEqual([403, 'owner_only']);
  });

  it('lets a parent whose own invitations expired join another family', async () => {
    const a = await world.family();
    const person = await grownUp();
    // The person once had a family of their own that invited someone who never came.
    await world.db
      .insert(familyCaregivers)
      .values({ ownerId: person.id, email: 'never@example.ru', expiresAt: world.time.clock() });
    world.time.advance(1000);
    await invite(a, person.email);
    const res = await world.post(person.token, '/api/profile/caregivers/accept', {
      token: await mailedToken(person.email),
    });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('deletes an invitation nobody took a month after its link expired', async () => {
    const owner = await world.family();
    await invite(owner, `forgotten-${owner.userId}@example.ru`);
    world.time.advance(7 * DAY + 29 * DAY);
    // Read from the table: the owner's session itself expires over these weeks.
    const rowsOf = () =>
      world.db
        .select({ id: familyCaregivers.id })
        .from(familyCaregivers)
        .where(eq(familyCaregivers.ownerId, owner.userId));
    await sweepExpired({ db: world.db, clock: world.time.clock });
    expect(await rowsOf()).toHaveLength(1);
    world.time.advance(2 * DAY);
    await sweepExpired({ db: world.db, clock: world.time.clock });
    expect(await rowsOf()).toEqual([]);
  });
});

describe('the back office', () => {
  it('shows whom a family let in, and whose caregiver an account is', async () => {
    const owner = await world.family();
    const grandma = await joined(owner);
    await invite(owner, `nanny-${owner.userId}@example.ru`);
    const now = world.time.clock();
    const family = await getUser(world.db, owner.userId, now);
    expect(family.caregiver_of).toBeNull();
    expect(family.caregivers.map((c) => [c.email, c.status])).toEqual([
      [grandma.email, 'accepted'],
      [`nanny-${owner.userId}@example.ru`, 'invited'],
    ]);
    const caregiver = await getUser(world.db, grandma.id, now);
    expect(caregiver.caregiver_of?.id).toBe(owner.userId);
  });
});
