import type { ReactNode } from 'react';
import { Outlet, useLocation } from 'react-router';
import { isPlaceholderEmail } from '@contract/api/oauth-values';
import { useProfile } from '../../api/profile';
import { pathTo } from '../../lib/routes';
import { Owl } from '../../components/illustrations/owl';
import { Sparkle } from '../../components/illustrations/sparkle';
import { Container } from '../../components/ui/container';
import { PageHero } from '../../components/ui/page-hero';
import { Skeleton } from '../../components/ui/skeleton';
import { TabNav, type TabNavItem } from '../../components/ui/tab-nav';
import { EmailBanner } from './email-banner';
import { OwnerPagesNotice } from './family/owner-pages-notice';
import { subscriptionLine } from './tariffs/subscription-summary';
import styles from './personal-layout.module.scss';

/** What only the family's owner opens: a caregiver's tabs leave them out. */
const OWNER_PAGES: readonly string[] = [
  pathTo('tariffs'),
  pathTo('gift'),
  pathTo('activate-certificate'),
];

const TABS: TabNavItem[] = [
  { to: pathTo('profile'), label: 'Профиль' },
  { to: pathTo('students'), label: 'Ученики' },
  { to: pathTo('progress'), label: 'Успехи' },
  { to: pathTo('tariffs'), label: 'Тарифы' },
  { to: pathTo('gift'), label: 'Подарок' },
  { to: pathTo('help'), label: 'Помощь' },
];

/** docs/PRODUCT.md «Screens and routes» personal: a greeting, the unconfirmed-email reminder and the sections as tabs. */
export default function PersonalLayout() {
  const { data: profile, isError } = useProfile();
  let greeting: ReactNode = <Skeleton inline width="min(380px, 80%)" />;
  if (profile) greeting = profile.name ? `Здравствуйте, ${profile.name}!` : 'Здравствуйте!';
  else if (isError) greeting = 'Личный кабинет';
  const caregiver = profile?.family_role === 'caregiver';
  const { pathname } = useLocation();
  const tabs = caregiver ? TABS.filter((tab) => !OWNER_PAGES.includes(tab.to)) : TABS;
  const unconfirmed =
    profile !== undefined && !profile.email_verified && !isPlaceholderEmail(profile.email);

  return (
    <>
      <PageHero
        eyebrow="Личный кабинет"
        title={greeting}
        lead={
          profile
            ? subscriptionLine(profile.subscription)
            : 'Ваши данные, ученики и их успехи, тарифы и подарки — всё в одном месте.'
        }
        aside={
          <svg className={styles.art} viewBox="-20 -20 240 290" aria-hidden="true">
            <Owl />
            <Sparkle x={0} y={40} size={26} />
            <Sparkle x={200} y={120} size={20} color="#2ec4a6" />
          </svg>
        }
      >
        <TabNav items={tabs} label="Разделы личного кабинета" />
      </PageHero>
      {unconfirmed && (
        <Container>
          <EmailBanner email={profile.email} />
        </Container>
      )}
      {caregiver && OWNER_PAGES.includes(pathname.replace(/\/$/, '')) ? (
        <OwnerPagesNotice owner={profile.family_owner} />
      ) : (
        <Outlet />
      )}
    </>
  );
}
