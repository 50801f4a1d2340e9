import { useMailingState } from '../../../api/mailing';
import { ErrorState } from '../../../components/ui/error-state';
import { Skeleton } from '../../../components/ui/skeleton';
import { MailingChoices } from '../../mailing';
import { Panel } from '../panel';

/** The parent's mailing categories, switched one by one or all at once. */
export function MailingPanel() {
  const { data, isError, isFetching, refetch } = useMailingState(null);
  return (
    <Panel
      title="Рассылки"
      description="Письма об оплате, входе и подписке приходят всегда. Остальные — по вашему выбору."
    >
      {data ? (
        <MailingChoices state={data} token={null} />
      ) : isError ? (
        <ErrorState
          compact
          title="Не удалось загрузить рассылки"
          onRetry={() => void refetch()}
          retrying={isFetching}
        />
      ) : (
        <Skeleton height={220} radius={16} />
      )}
    </Panel>
  );
}
