import { Link } from 'react-router';
import type { AdminUser } from '@contract/api/admin-families';
import { shownEmail } from './shown-email';

const CAREGIVER_STATUS = {
  invited: 'приглашение отправлено',
  expired: 'ссылка устарела',
  accepted: 'в семье',
} as const;

/** docs/PRODUCT.md «Grown-ups of a family»: whose caregiver the account is, or whom it let in. */
export function FamilyOf({ user }: { user: AdminUser }) {
  if (user.caregiver_of) {
    return (
      <span>
        Близкий семьи{' '}
        <Link to={`/users/${user.caregiver_of.id}/show`}>
          {shownEmail(user.caregiver_of.email)}
        </Link>
      </span>
    );
  }
  if (user.caregivers.length === 0) return <span>Близких нет</span>;
  return (
    <ul style={{ margin: 0, paddingLeft: '1.2em' }}>
      {user.caregivers.map((c) => (
        <li key={c.id}>
          {shownEmail(c.email)} — {CAREGIVER_STATUS[c.status]}
        </li>
      ))}
    </ul>
  );
}
