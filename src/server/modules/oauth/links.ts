// The parent's linked social accounts: unbinding one and erasing what the school copied from them.
// Neither may lock the parent out: with no password and no other network, the link is the only way in.
import { eq } from 'drizzle-orm';
import type { SocialNetwork } from '@contract/api/auth';
import { SOCIAL_NETWORK_TITLES, isPlaceholderEmail } from '@contract/api/oauth';
import type { Database } from '../../db/client';
import { oauthStates, socialAccounts, users } from '../../db/schema/index';
import { HttpError, invalidField, unauthorized } from '../../plugins/errors';

export const ONLY_WAY_IN =
  'Это единственный способ входа в ваш аккаунт. Сначала задайте пароль в профиле — тогда социальную сеть можно будет отвязать.';
export const ONLY_WAY_IN_DATA =
  'Войти в ваш аккаунт можно только через социальную сеть. Сначала задайте пароль в профиле — тогда данные социальных сетей можно будет удалить.';

/** The same for an account without an address: a password alone would not let it in. */
export const ONLY_WAY_IN_NO_EMAIL =
  'Это единственный способ входа в ваш аккаунт. Сначала добавьте адрес почты и задайте пароль в профиле — тогда социальную сеть можно будет отвязать.';
export const ONLY_WAY_IN_DATA_NO_EMAIL =
  'Войти в ваш аккаунт можно только через социальную сеть. Сначала добавьте адрес почты и задайте пароль в профиле — тогда данные социальных сетей можно будет удалить.';

export const notLinked = (network: SocialNetwork) =>
  `${SOCIAL_NETWORK_TITLES[network]} не привязан к вашему аккаунту`;

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * The parent's ways in, read under a lock on the parent's row: two unbinds at once (VK and Facebook of an
 * account without a password) must not each count on the other link and together lock the parent out.
 */
async function waysIn(tx: Tx, userId: number) {
  const [user] = await tx
    .select({ passwordHash: users.passwordHash, email: users.email })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  if (!user) throw unauthorized();
  const links = await tx
    .select({ id: socialAccounts.id, provider: socialAccounts.provider })
    .from(socialAccounts)
    .where(eq(socialAccounts.userId, userId));
  // A password signs in only together with a real address.
  const noEmail = isPlaceholderEmail(user.email);
  return { hasPassword: user.passwordHash !== null && !noEmail, noEmail, links };
}

export async function unbindSocialNetwork({
  db,
  userId,
  network,
}: {
  db: Database;
  userId: number;
  network: SocialNetwork;
}): Promise<void> {
  await db.transaction(async (tx) => {
    const { hasPassword, noEmail, links } = await waysIn(tx, userId);
    const unbound = links.filter((l) => l.provider === network);
    if (unbound.length === 0) throw invalidField('social_network', notLinked(network));
    if (!hasPassword && unbound.length === links.length) {
      throw new HttpError(422, noEmail ? ONLY_WAY_IN_NO_EMAIL : ONLY_WAY_IN);
    }
    for (const link of unbound)
      await tx.delete(socialAccounts).where(eq(socialAccounts.id, link.id));
  });
}

/**
 * Erases every social account of the parent (the provider's id and the copies of name, e-mail, avatar)
 * and any sign-in in flight. Refused when a social network is the only way in: erasing it would lock the
 * parent out for good (deleting the whole account stays possible).
 */
export async function deleteSocialData({
  db,
  userId,
}: {
  db: Database;
  userId: number;
}): Promise<void> {
  await db.transaction(async (tx) => {
    const { hasPassword, noEmail, links } = await waysIn(tx, userId);
    if (links.length > 0 && !hasPassword) {
      throw new HttpError(422, noEmail ? ONLY_WAY_IN_DATA_NO_EMAIL : ONLY_WAY_IN_DATA);
    }
    await tx.delete(socialAccounts).where(eq(socialAccounts.userId, userId));
    await tx.delete(oauthStates).where(eq(oauthStates.userId, userId));
  });
}
