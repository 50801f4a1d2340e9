import { ModalShell } from '../../components/modal/modal-shell';
import type { ModalPropsMap } from '../../components/modal/modal-store';
import { ErrorState } from '../../components/ui/error-state';
import { useChildProgress } from '../../api/progress';
import { StickerAlbum } from './sticker-album';

/**
 * The child's album on the video page: the child's own, so no grown-up's task before it. The same album
 * the parent sees in «Успехи».
 */
export default function StickerAlbumModal({ child }: ModalPropsMap['sticker-album']) {
  const { data, isError, isFetching, refetch } = useChildProgress(child.id);
  return (
    <ModalShell title={`Наклейки: ${child.name}`} size="md">
      {data ? (
        <StickerAlbum stickers={data.stickers} name={child.name} />
      ) : isError ? (
        <ErrorState
          title="Не удалось открыть альбом"
          onRetry={() => void refetch()}
          retrying={isFetching}
        />
      ) : (
        <p aria-busy="true">Открываем альбом…</p>
      )}
    </ModalShell>
  );
}
