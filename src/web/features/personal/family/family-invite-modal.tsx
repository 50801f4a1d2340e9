import { useEffect, useState } from 'react';
import {
  acceptInvitation,
  dropInvitation,
  keepInvitation,
  pendingInvitation,
} from '../../../api/caregivers';
import { errorMessage, fieldErrors } from '../../../api/interceptors';
import { useSession } from '../../../api/session';
import { ModalArt } from '../../../components/modal/modal-art';
import { ModalShell } from '../../../components/modal/modal-shell';
import { closeModal, openModal } from '../../../components/modal/modal-store';
import { queryProp } from '../../../components/modal/query-prop';
import { Button } from '../../../components/ui/button';
import { pathTo } from '../../../lib/routes';
import content from '../../../components/modal/modal-content.module.scss';

type State =
  | { kind: 'ready' }
  | { kind: 'accepting' }
  | { kind: 'joined'; owner: string }
  | { kind: 'failed'; message: string };

/**
 * `/family-invite?token=…`, the link of a caregiver's invitation (docs/PRODUCT.md «Grown-ups of a family»).
 * A guest signs in or registers first: the link waits in storage and this modal comes back once they are
 * in (app/pending-invitation.ts). Accepting is a tap of the grown-up's own, never automatic: they see whose
 * family they join before they do.
 */
export default function FamilyInviteModal(props: Record<string, unknown>) {
  const token = queryProp(props, 'token') ?? pendingInvitation();
  const { isLoggedIn } = useSession();
  const [state, setState] = useState<State>({ kind: 'ready' });
  // Shown to a signed-in person, the link no longer waits in storage: closing the modal ends it here
  // (the mail's link still works) instead of bringing it back.
  useEffect(() => {
    if (isLoggedIn) dropInvitation();
  }, [isLoggedIn]);

  if (!token) {
    return (
      <ModalShell title="Ссылка неполная" size="sm" art={<ModalArt kind="info" />}>
        <p className={content.text}>
          В ссылке нет кода приглашения. Откройте письмо ещё раз и нажмите «Принять приглашение».
        </p>
        <div className={content.actions}>
          <Button onClick={closeModal}>Понятно</Button>
        </div>
      </ModalShell>
    );
  }

  if (!isLoggedIn) {
    const signIn = (modal: 'login' | 'register') => {
      keepInvitation(token);
      openModal(modal);
    };
    return (
      <ModalShell title="Приглашение в семью" size="sm" art={<ModalArt kind="info" />}>
        <p className={content.text}>
          Вас пригласили смотреть уроки с ребёнком и следить за его успехами. Войдите или
          зарегистрируйтесь — после этого приглашение можно будет принять.
        </p>
        <div className={content.actions}>
          <Button onClick={() => signIn('login')} autoFocus>
            Войти
          </Button>
          <Button variant="secondary" onClick={() => signIn('register')}>
            Зарегистрироваться
          </Button>
        </div>
      </ModalShell>
    );
  }

  const accept = async () => {
    setState({ kind: 'accepting' });
    try {
      const { owner_name } = await acceptInvitation(token);
      setState({ kind: 'joined', owner: owner_name });
    } catch (error) {
      dropInvitation();
      setState({ kind: 'failed', message: fieldErrors(error).token ?? errorMessage(error) });
    }
  };

  switch (state.kind) {
    case 'joined':
      return (
        <ModalShell title="Вы в семье" size="sm" art={<ModalArt kind="success" />}>
          <p className={content.text}>
            Теперь вы видите детей семьи ({state.owner}), можете включать им уроки и смотреть их
            успехи.
          </p>
          <div className={content.actions}>
            <Button
              autoFocus
              onClick={() => {
                closeModal();
                // A fresh start in the family: nothing of the account's own (empty) family stays behind.
                window.location.assign(pathTo('video'));
              }}
            >
              К урокам
            </Button>
          </div>
        </ModalShell>
      );
    case 'failed':
      return (
        <ModalShell title="Приглашение не принято" size="sm" art={<ModalArt kind="error" />}>
          <p className={content.text} role="alert">
            {state.message}
          </p>
          <div className={content.actions}>
            <Button onClick={closeModal}>Понятно</Button>
          </div>
        </ModalShell>
      );
    default:
      return (
        <ModalShell title="Приглашение в семью" size="sm" art={<ModalArt kind="info" />}>
          <p className={content.text}>
            Вы сможете включать ребёнку уроки, видеть его успехи и наклейки, настраивать напоминания
            и экранное время. Оплата и подписка останутся у родителя.
          </p>
          <div className={content.actions}>
            <Button onClick={() => void accept()} loading={state.kind === 'accepting'} autoFocus>
              Принять приглашение
            </Button>
            <Button
              variant="ghost"
              onClick={() => {
                dropInvitation();
                closeModal();
              }}
            >
              Не сейчас
            </Button>
          </div>
        </ModalShell>
      );
  }
}
