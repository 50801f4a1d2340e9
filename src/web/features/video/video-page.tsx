import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Header } from '../../components/layout/header';
import { Container } from '../../components/ui/container';
import { Button } from '../../components/ui/button';
import { ErrorState } from '../../components/ui/error-state';
import { useProfile } from '../../api/profile';
import { pageSaysConnection } from '../../api/error-reports';
import { openModal, useModalStore } from '../../components/modal/modal-store';
import { readPacks, tidyKept, type KeptPack } from '../../lib/kept-lessons';
import { sendWaitingReports } from './lessons-api';
import { KeptLessonsPage } from './road/kept-lessons-page';
import { schoolReachable } from './road/reachability';
import { checkKept } from './road/check-kept';
import { useSelectedChild } from './selected-child';
import { ChildLessons } from './child-lessons';
import styles from './video-page.module.scss';

export default function VideoPage() {
  // With lessons kept for the road, the school is asked first whether it answers at all: with no
  // connection the page is the kept lessons, and no call of the online page raises an error.
  const [mode, setMode] = useState<'online' | 'checking' | KeptPack[]>(() =>
    readPacks().length > 0 ? 'checking' : 'online',
  );
  useEffect(() => {
    if (mode !== 'checking') return;
    void tidyKept()
      .catch(() => undefined)
      .then(schoolReachable)
      .then((reachable) => {
        const packs = readPacks();
        const online = reachable || packs.length === 0;
        // Out of reach, the kept lessons' page says so; in reach, failures are errors again.
        pageSaysConnection(!online);
        setMode(online ? 'online' : packs);
      });
  }, [mode]);
  if (mode === 'checking') {
    return (
      <VideoLayout>
        <p aria-busy="true">Загружаем…</p>
      </VideoLayout>
    );
  }
  if (mode !== 'online') {
    return (
      <VideoLayout header={false}>
        <KeptLessonsPage packs={mode} />
      </VideoLayout>
    );
  }
  return <OnlineVideoPage />;
}

function VideoLayout({ children, header = true }: { children: ReactNode; header?: boolean }) {
  return (
    <div className={styles.layout}>
      <a className={styles.skip} href="#lessons">
        К урокам
      </a>
      {header && <Header />}
      <Container as="main" id="lessons" className={styles.page} tabIndex={-1}>
        <h1 className={styles.title}>Видео-уроки</h1>
        {children}
      </Container>
    </div>
  );
}

function OnlineVideoPage() {
  const profile = useProfile();
  const children = useMemo(() => profile.data?.children ?? [], [profile.data]);
  const [storedChildId, selectChild] = useSelectedChild();
  // A family with several children starts with their faces every time: whoever holds the phone taps their
  // own (docs/PRODUCT.md «A child's own screen»). One child goes straight to the lessons.
  const [tapped, setTapped] = useState(false);
  const child =
    children.length > 1 && !tapped ? undefined : children.find((c) => c.id === storedChildId);
  // A child already watching keeps watching when another is added meanwhile (in another tab).
  useEffect(() => {
    if (child) setTapped(true);
  }, [child]);

  const chooseChild = () =>
    openModal('child-select', {
      children,
      selectedId: child?.id ?? storedChildId,
      onSelect: (id: number) => {
        selectChild(id);
        setTapped(true);
      },
    });

  // Who is watching is the first question: asked by itself once, and again when a child was just added
  // (the add-child modal replaced it); otherwise from the button.
  const askedFor = useRef<number | null>(null);
  const modalOpen = useModalStore((s) => s.name !== null);
  useEffect(() => {
    if (!profile.data || child || modalOpen || askedFor.current === children.length) return;
    askedFor.current = children.length;
    chooseChild();
  });

  // Kept lessons follow the family's access, and what was watched offline goes to the school.
  useEffect(() => {
    if (profile.data) void checkKept(profile.data);
  }, [profile.data]);
  useEffect(() => {
    void sendWaitingReports();
    const online = () => void sendWaitingReports();
    window.addEventListener('online', online);
    return () => window.removeEventListener('online', online);
  }, []);

  return (
    <VideoLayout>
      {profile.isPending && <p aria-busy="true">Загружаем…</p>}
      {profile.isError && (
        <ErrorState title="Не удалось загрузить профиль" onRetry={() => void profile.refetch()} />
      )}
      {profile.data && !child && (
        <div className={styles.whoWatches}>
          <p className={styles.lead}>Кто будет смотреть уроки?</p>
          <Button size="lg" onClick={chooseChild}>
            {children.length === 0 ? 'Добавить ребёнка' : 'Выбрать ребёнка'}
          </Button>
        </div>
      )}
      {profile.data && child && (
        <ChildLessons
          key={child.id}
          playerLocked={profile.data.playerStatus === 'locked'}
          paid={profile.data.subscription !== null && !profile.data.subscription.is_free}
          child={child}
          // A caregiver buys nothing, the free week included (docs/PRODUCT.md «Grown-ups of a family»).
          canStartTrial={profile.data.subscription === null && profile.data.family_role === 'owner'}
          onChooseChild={chooseChild}
          userId={profile.data.id}
        />
      )}
    </VideoLayout>
  );
}
