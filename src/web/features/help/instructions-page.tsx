import { useMemo } from 'react';
import { Link, useParams } from 'react-router';
import type { Instruction } from '@contract/api/content';
import { useInstructions } from '../../api/content';
import { pathTo } from '../../lib/routes';
import { ArrowRightIcon } from '../../components/illustrations/icons';
import { ButtonLink } from '../../components/ui/button-link';
import { Card } from '../../components/ui/card';
import { ErrorState } from '../../components/ui/error-state';
import { Prose } from '../../components/ui/prose';
import { Skeleton } from '../../components/ui/skeleton';
import { HelpScreen } from './help-screen';
import { InstructionList } from './instruction-list';
import styles from './instructions-page.module.scss';

const ALL_TITLE = 'Инструкции';

/**
 * personal/help/instructions/:instruction?: the administrator's step-by-step instructions. Without the
 * param, their list; with it, the instruction of that slug (the address keeps to it whatever the order).
 */
export default function InstructionsPage() {
  const { instruction: slug } = useParams();
  const { data, isError, refetch, isRefetching } = useInstructions();
  const instructions = useMemo(
    () => (data ? [...data].sort((a, b) => a.position - b.position || a.id - b.id) : undefined),
    [data],
  );

  if (!instructions) {
    return (
      <HelpScreen
        title={slug === undefined ? ALL_TITLE : <Skeleton inline width="min(420px, 80%)" />}
      >
        {isError ? (
          <ErrorState
            title="Не удалось загрузить инструкции"
            onRetry={() => void refetch()}
            retrying={isRefetching}
          />
        ) : (
          <div className={styles.loading} role="status" aria-busy="true" aria-label="Загрузка">
            <Skeleton lines={6} />
          </div>
        )}
      </HelpScreen>
    );
  }

  if (slug === undefined) return <InstructionsIndex instructions={instructions} />;

  const instruction = instructions.find((item) => item.slug === slug);
  if (!instruction) return <InstructionNotFound />;
  return (
    <InstructionView
      instruction={instruction}
      others={instructions.filter((item) => item.id !== instruction.id)}
    />
  );
}

function InstructionsIndex({ instructions }: { instructions: Instruction[] }) {
  return (
    <HelpScreen
      title={ALL_TITLE}
      lead={
        'Пошаговые подсказки для родителей: где что найти в\u00a0личном кабинете и\u00a0как это сделать.'
      }
    >
      {instructions.length > 0 ? (
        <InstructionList items={instructions} />
      ) : (
        <p className={styles.muted}>
          Инструкций пока нет. Если что-то не&nbsp;получается, напишите в&nbsp;
          <Link to={pathTo('help-support')}>службу поддержки</Link>.
        </p>
      )}
    </HelpScreen>
  );
}

function BackToList() {
  return (
    <Link to={pathTo('help-instructions')} className={styles.back}>
      <ArrowRightIcon size={18} className={styles.backIcon} />
      Все инструкции
    </Link>
  );
}

function InstructionView({
  instruction,
  others,
}: {
  instruction: Instruction;
  others: Instruction[];
}) {
  return (
    <HelpScreen
      before={<BackToList />}
      title={instruction.title}
      aside={
        <div className={styles.aside}>
          {others.length > 0 && (
            <nav className={styles.others} aria-labelledby="help-other-instructions">
              <p id="help-other-instructions" className={styles.asideTitle}>
                Другие инструкции
              </p>
              <InstructionList items={others} compact />
            </nav>
          )}
          <p className={styles.muted}>
            Не&nbsp;получилось? Напишите в&nbsp;
            <Link to={pathTo('help-support')}>службу поддержки</Link>&nbsp;— поможем.
          </p>
        </div>
      }
    >
      <Card as="article" className={styles.content}>
        {/* Sanitised on the server, like every admin-edited text (contract: safe to render as is). */}
        <Prose html={instruction.body_html} />
      </Card>
    </HelpScreen>
  );
}

function InstructionNotFound() {
  return (
    <HelpScreen
      title="Инструкция не найдена"
      lead={'Возможно, её переименовали или убрали. Все инструкции\u00a0— в\u00a0списке.'}
    >
      <div>
        <ButtonLink to={pathTo('help-instructions')} variant="primary">
          Все инструкции
        </ButtonLink>
      </div>
    </HelpScreen>
  );
}
