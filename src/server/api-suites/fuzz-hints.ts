// Real values for the fuzz's base requests, by field name: the batch parent's e-mail and password, a child
// id, mail links and one-time codes that exist, Facebook signatures that verify. A mutation then changes
// one thing and the request still gets past the easy refusals into the handler and the database.
import { PERSONAL_DATA_CONSENT_SLUG } from '@contract/api/auth';
import type { Config } from '../config';
import { signRequest } from '../integrations/oauth/signed-request';
import { issueEmailToken } from '../modules/auth/email-tokens';
import { issueUserToken } from '../modules/auth/service';
import { FAMILY_PASSWORD, type Family, type FixtureDeps } from './families';
import type { Hints } from './fuzz-draft';
import { PREVIEW_LESSON, additionalProgramIdOf, lessonIdOf } from './request-samples';
import { WRONG_TYPED, oddString } from './fuzz-values';
import type { Prng } from './prng';

const either =
  (...choices: unknown[]) =>
  (prng: Prng) =>
    prng.pick(choices);

export async function fuzzHints(
  deps: FixtureDeps & { config: Config },
  family: Family,
): Promise<Hints> {
  const { db, clock, config } = deps;
  const verifyToken = await issueEmailToken({
    db,
    clock,
    userId: family.id,
    purpose: 'verify_email',
  });
  const resetToken = await issueEmailToken({
    db,
    clock,
    userId: family.id,
    purpose: 'password_reset',
  });
  const userToken = await issueUserToken({ db, clock, userId: family.id });
  const previewLesson = await lessonIdOf(deps, PREVIEW_LESSON);
  const closedLesson = await lessonIdOf(deps, 'four-five-w2-l2');
  const english = await additionalProgramIdOf(deps, 'english');
  // Signed as Facebook would, for the family's own Facebook id or for an id Facebook would never send.
  const signed = (userId: unknown) =>
    signRequest(
      { algorithm: 'HMAC-SHA256', issued_at: 1772442000, user_id: userId },
      config.fb.clientSecret,
    );

  return {
    email: (prng) => (prng.chance(0.3) ? family.email : `fuzz-${prng.int(1e9)}@example.ru`),
    to: either(family.email),
    password: either(FAMILY_PASSWORD, 'Novyi-parol-2026'),
    current_password: either(FAMILY_PASSWORD),
    id: either(family.child?.id ?? 1),
    child_id: either(family.child?.id ?? 1),
    lesson_id: either(previewLesson, closedLesson),
    additional_program_id: either(english),
    position_seconds: either(0, 5, 11.5, 3600),
    completed: either(true, false),
    age_group: either('two-three', 'six-seven'),
    name: either('Маша', 'Anna-Maria'),
    surname: either('Иванова'),
    patronymic: either('Петровна'),
    phone: either('+7 999 123-45-67', ''),
    region_id: either(1, null, ''),
    birth_date: either('2021-06-15'),
    usertoken: either(userToken, 'A'.repeat(43)),
    token: either(resetToken, 'B'.repeat(43)),
    verified_token: either(verifyToken, 'C'.repeat(43)),
    signed_request: (prng, note) => {
      const kind = prng.int(4);
      if (kind === 0) return 'c2lnbmF0dXJl.eyJ1c2VyX2lkIjoiMSJ9';
      if (kind === 1) return signed(family.fbId);
      const userId = kind === 2 ? oddString(prng) : prng.pick(WRONG_TYPED);
      note(`signed_request for user_id ${JSON.stringify(userId)}`);
      return signed(userId);
    },
    social_network: either('vk', 'fb'),
    key: either('landing', 'payment'),
    page: either(1, 2),
    type: either('main', 'additional'),
    program: either('four-five', 'english'),
    slug: either(PERSONAL_DATA_CONSENT_SLUG),
    code: either('ABCDEF0123456789'),
    state: either('D'.repeat(43)),
    device_id: either('device'),
    consent_personal_data: either(true),
    consent_mailing: either(true, false),
    confirm: either('УДАЛИТЬ'),
    // Not a field: the cookie a browser that finished a social sign-in would hold.
    $cookie: either(`usertoken=${userToken}`),
  };
}
