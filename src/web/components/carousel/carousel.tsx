import { Children, Component, useCallback, useEffect, useState, type ReactNode } from 'react';
import useEmblaCarousel from 'embla-carousel-react';
import type { EmblaOptionsType } from 'embla-carousel';
import { TOUCH } from '@contract/constants';
import { reloadPage } from '../../lib/reload';
import styles from './carousel.module.scss';

const RELOAD_FLAG = 'carousel-reload-attempted';

export interface CarouselProps {
  /** What the slides are, for screen readers: «Отзывы родителей». */
  label: string;
  children: ReactNode;
  options?: EmblaOptionsType;
  /** Width of one slide, CSS: '85%', '320px'. */
  slideSize?: string;
  className?: string;
}

function Slides({ label, children, options, slideSize = '85%', className }: CarouselProps) {
  const [viewport, api] = useEmblaCarousel({
    align: 'start',
    containScroll: 'trimSnaps',
    dragThreshold: TOUCH.tapTolerance,
    ...options,
  });
  const [canPrev, setCanPrev] = useState(false);
  const [canNext, setCanNext] = useState(false);
  const [selected, setSelected] = useState(0);
  const [snaps, setSnaps] = useState<number[]>([]);

  const sync = useCallback(() => {
    if (!api) return;
    setCanPrev(api.canScrollPrev());
    setCanNext(api.canScrollNext());
    setSelected(api.selectedScrollSnap());
    setSnaps(api.scrollSnapList());
  }, [api]);

  useEffect(() => {
    if (!api) return;
    sync();
    api.on('select', sync).on('reInit', sync);
    try {
      window.sessionStorage.removeItem(RELOAD_FLAG);
    } catch {
      // Nothing to clear without storage.
    }
    return () => {
      api.off('select', sync).off('reInit', sync);
    };
  }, [api, sync]);

  const slides = Children.toArray(children);
  return (
    <section
      className={`${styles.carousel} ${className ?? ''}`}
      aria-roledescription="карусель"
      aria-label={label}
    >
      <div className={styles.viewport} ref={viewport}>
        <div className={styles.container}>
          {slides.map((slide, index) => (
            <div
              key={index}
              className={styles.slide}
              style={{ flexBasis: slideSize }}
              role="group"
              aria-roledescription="слайд"
              aria-label={`${index + 1} из ${slides.length}`}
            >
              {slide}
            </div>
          ))}
        </div>
      </div>
      {snaps.length > 1 && (
        <div className={styles.controls}>
          <button
            type="button"
            className={styles.arrow}
            onClick={() => api?.scrollPrev()}
            disabled={!canPrev}
            aria-label="Назад"
          >
            <svg viewBox="0 0 24 24" aria-hidden="true">
              <path d="M15 5l-7 7 7 7" />
            </svg>
          </button>
          <div className={styles.dots}>
            {snaps.map((_, index) => (
              <button
                key={index}
                type="button"
                className={styles.dot}
                aria-current={index === selected || undefined}
                aria-label={`К слайду ${index + 1}`}
                onClick={() => api?.scrollTo(index)}
              />
            ))}
          </div>
          <button
            type="button"
            className={styles.arrow}
            onClick={() => api?.scrollNext()}
            disabled={!canNext}
            aria-label="Вперёд"
          >
            <svg viewBox="0 0 24 24" aria-hidden="true">
              <path d="M9 5l7 7-7 7" />
            </svg>
          </button>
        </div>
      )}
    </section>
  );
}

/**
 * docs/ARCHITECTURE.md «Error codes»: if the slider cannot be created the page reloads — once per session; after that the slides
 * are shown as a plain scrollable row instead.
 */
class CarouselBoundary extends Component<CarouselProps, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: unknown) {
    let reloaded = true;
    try {
      reloaded = window.sessionStorage.getItem(RELOAD_FLAG) !== null;
      if (!reloaded) window.sessionStorage.setItem(RELOAD_FLAG, '1');
    } catch {
      // No storage: do not risk a reload loop.
    }
    if (!reloaded) reloadPage();
    else console.error(error);
  }
  override render() {
    if (!this.state.failed) return <Slides {...this.props} />;
    return (
      <section
        className={`${styles.fallback} ${this.props.className ?? ''}`}
        aria-label={this.props.label}
      >
        {Children.toArray(this.props.children).map((slide, index) => (
          <div
            key={index}
            className={styles.slide}
            style={{ flexBasis: this.props.slideSize ?? '85%' }}
          >
            {slide}
          </div>
        ))}
      </section>
    );
  }
}

export function Carousel(props: CarouselProps) {
  return <CarouselBoundary {...props} />;
}
