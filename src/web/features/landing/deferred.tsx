import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useRef,
  useState,
  type ReactNode,
} from 'react';

const RevealContext = createContext(false);

/**
 * SPEC §2: the landing's lower sections appear after the first scroll. Also true at once when the page
 * opens already scrolled (back navigation, a reload mid-page).
 */
export function useFirstScroll(): [revealed: boolean, reveal: () => void] {
  const [scrolled, setScrolled] = useState(() => window.scrollY > 0);
  useEffect(() => {
    if (scrolled) return;
    const onScroll = () => setScrolled(true);
    window.addEventListener('scroll', onScroll, { passive: true, once: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [scrolled]);
  return [scrolled, useCallback(() => setScrolled(true), [])];
}

export function RevealProvider({ revealed, children }: { revealed: boolean; children: ReactNode }) {
  return <RevealContext.Provider value={revealed}>{children}</RevealContext.Provider>;
}

export interface DeferredProps {
  /**
   * Reserves the section's height (min-height per breakpoint) while it waits. Once shown the section
   * takes its own height: the difference lands below the screen, where it moves nothing one sees.
   */
  className: string | undefined;
  id?: string;
  children: ReactNode;
}

/**
 * A lower section of the landing: an empty box of the section's size until the first scroll, or
 * until the box itself is on screen (a tall window shows it without scrolling).
 */
export function Deferred({ className, id, children }: DeferredProps) {
  const revealed = useContext(RevealContext);
  const ref = useRef<HTMLDivElement>(null);
  const [inView, setInView] = useState(false);
  const shown = revealed || inView;

  useEffect(() => {
    const box = ref.current;
    if (shown || !box || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) setInView(true);
    });
    observer.observe(box);
    return () => observer.disconnect();
  }, [shown]);

  return (
    <div
      ref={ref}
      id={id}
      className={shown ? undefined : className}
      data-deferred={shown ? 'shown' : 'waiting'}
    >
      {shown ? children : null}
    </div>
  );
}
