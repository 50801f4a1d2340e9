import type { Sticker } from '@contract/api/learning';
import { ALBUM_PAGE, STICKER_NAMES } from '@contract/api/stickers';
import { StickerArt } from './sticker-art';
import styles from './sticker-album.module.scss';

/** «…» around a lesson's title, whose own «…» become „…“ inside (Russian typography nests them so). */
const quoted = (text: string) => `«${text.replace(/«/g, '„').replace(/»/g, '“')}»`;

/**
 * The child's album: stickers on a page of round places, the empty ones waiting as dashed circles, so a
 * child who cannot read sees how many are filled and that the next lesson fills one more. The album shows
 * the page being filled; a full page starts the next. A grown-up (or a screen reader) hears each
 * sticker's name and the lesson that earned it.
 */
export function StickerAlbum({ stickers, name }: { stickers: Sticker[]; name: string }) {
  const filledPages = Math.floor(stickers.length / ALBUM_PAGE);
  // The page being filled; a child with a whole number of full pages sees the last full one.
  const page =
    stickers.length > 0 && stickers.length % ALBUM_PAGE === 0 ? filledPages - 1 : filledPages;
  const onPage = stickers.slice(page * ALBUM_PAGE, (page + 1) * ALBUM_PAGE);
  const empty = ALBUM_PAGE - onPage.length;
  return (
    <div className={styles.album}>
      <ul className={styles.page} aria-label={`Альбом наклеек: ${name}`} role="list">
        {onPage.map((item) => (
          <li key={item.lesson_id} className={styles.place} data-sticker={item.sticker}>
            <StickerArt
              slug={item.sticker}
              size={64}
              label={`${STICKER_NAMES[item.sticker]}\u00a0— за урок ${quoted(item.lesson_title)}`}
            />
          </li>
        ))}
        {Array.from({ length: empty }, (_, index) => (
          <li key={`empty-${index}`} className={styles.empty} aria-hidden="true" />
        ))}
      </ul>
      {page > 0 && (
        <p className={styles.pages}>
          <span className="visually-hidden">
            Страница {page + 1} из {page + 1}
          </span>
          {Array.from({ length: page + 1 }, (_, index) => (
            <span
              key={index}
              aria-hidden="true"
              className={index === page ? styles.dotNow : styles.dot}
            />
          ))}
        </p>
      )}
    </div>
  );
}
