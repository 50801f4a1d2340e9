import { useProfile } from '../../../api/profile';
import { Container } from '../../../components/ui/container';
import { ErrorState } from '../../../components/ui/error-state';
import { Skeleton } from '../../../components/ui/skeleton';
import { AccountPanel } from './account-panel';
import { CaregiverPanel } from '../family/caregiver-panel';
import { FamilyPanel } from '../family/family-panel';
import { LinkedAccounts } from './linked-accounts';
import { MailingPanel } from './mailing-panel';
import { PersonalDataForm } from './personal-data-form';
import { PrivacySection } from './privacy-section';
import { ReferralPanel } from '../referral/referral-panel';
import { useLinkReturn } from './use-link-return';
import styles from './profile-page.module.scss';

function ProfileSkeleton() {
  return (
    <div className={styles.grid} role="status" aria-busy="true" aria-label="Загружаем профиль">
      <Skeleton height={520} radius={24} />
      <div className={styles.column}>
        <Skeleton height={300} radius={24} />
        <Skeleton height={200} radius={24} />
      </div>
    </div>
  );
}

/** personal/profile: the parent's data, sign-in, linked networks and erasure (issue 3, item 8). */
export default function ProfilePage() {
  const { data: profile, isError, isFetching, refetch } = useProfile();
  useLinkReturn();

  return (
    <Container className={styles.page}>
      {profile ? (
        <>
          <div className={styles.grid}>
            {/* Under the personal data rather than in the longer column beside it: the two stay even. */}
            <div className={styles.column}>
              <PersonalDataForm profile={profile} />
              {profile.family_role === 'owner' && <ReferralPanel />}
            </div>
            <div className={styles.column}>
              <AccountPanel profile={profile} />
              <LinkedAccounts profile={profile} />
              {profile.family_role === 'owner' ? (
                <FamilyPanel />
              ) : (
                <CaregiverPanel profile={profile} />
              )}
              <MailingPanel />
            </div>
          </div>
          <PrivacySection profile={profile} />
        </>
      ) : isError ? (
        <ErrorState
          title="Не удалось загрузить профиль"
          onRetry={() => void refetch()}
          retrying={isFetching}
        />
      ) : (
        <ProfileSkeleton />
      )}
    </Container>
  );
}
