import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import {
  loadedLowerSections,
  loadLowerSections,
  type LowerSections,
} from './lower-sections-loader';
import { startedByTab } from '../../lib/first-interaction';

interface RevealState {
  /** The first scroll happened (docs/PRODUCT.md «Screens and routes»). */
  revealed: boolean;
  /** The lower sections' code, once it has arrived. */
  sections: LowerSections | null;
}

const RevealContext = createContext<RevealState>({ revealed: false, sections: null });

/**
 * docs/PRODUCT.md «Screens and routes»: the landing's lower sections appear after the first scroll. Also true at once when the page
 * opens already scrolled (back navigation, a reload mid-page), and at the first Tab: a keyboard user moves
 * through the page without scrolling it, and focus must walk into the sections in order, not jump past
 * their empty boxes to the footer. The update of a keydown is rendered before the browser moves focus.
 */
export function useFirstScroll(): [revealed: boolean, reveal: () => void] {
  // Starts closed, as the server rendered it; a page opened already scrolled, or whose app a Tab started,
  // opens it in the first effect.
  const [scrolled, setScrolled] = useState(false);
  useEffect(() => {
    if (scrolled) return;
    if (window.scrollY > 0 || startedByTab()) {
      setScrolled(true);
      return;
    }
    const onScroll = () => setScrolled(true);
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Tab') setScrolled(true);
    };
    window.addEventListener('scroll', onScroll, { passive: true, once: true });
    window.addEventListener('keydown', onKey);
    return () => {
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('keydown', onKey);
    };
  }, [scrolled]);
  return [scrolled, useCallback(() => setScrolled(true), [])];
}

/**
 * Gives the lower sections' code to the Deferred boxes. It is fetched when the browser is idle after the
 * banner, or at once when the parent scrolls first.
 */
export function RevealProvider({ revealed, children }: { revealed: boolean; children: ReactNode }) {
  const [sections, setSections] = useState(loadedLowerSections);

  useEffect(() => {
    if (sections) return;
    let live = true;
    const load = () =>
      void loadLowerSections().then(
        (module) => live && setSections(module),
        () => undefined, // loadChunk already reloads once or reports; the boxes stay empty
      );
    if (revealed) load();
    else {
      const idle = window.requestIdleCallback ?? ((run: () => void) => window.setTimeout(run, 200));
      idle(load);
    }
    return () => {
      live = false;
    };
  }, [revealed, sections]);

  return <RevealContext.Provider value={{ revealed, sections }}>{children}</RevealContext.Provider>;
}

export interface DeferredProps {
  /**
   * Reserves the section's height (min-height per breakpoint) while it waits. Once shown the section
   * takes its own height: the difference lands below the screen, where it moves nothing one sees.
   */
  className: string | undefined;
  id?: string;
  children: (sections: LowerSections) => ReactNode;
}

/**
 * A lower section of the landing: an empty box of the section's size until the first scroll, or
 * until the box itself is on screen (a tall window shows it without scrolling), and its code is in.
 */
export function Deferred({ className, id, children }: DeferredProps) {
  const { revealed, sections } = useContext(RevealContext);
  const ref = useRef<HTMLDivElement>(null);
  const [inView, setInView] = useState(false);
  const wanted = revealed || inView;
  const shown = wanted && sections !== null;

  useEffect(() => {
    const box = ref.current;
    if (wanted || !box || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) {
        setInView(true);
        void loadLowerSections().catch(() => undefined);
      }
    });
    observer.observe(box);
    return () => observer.disconnect();
  }, [wanted]);

  return (
    <div
      ref={ref}
      id={id}
      className={shown ? undefined : className}
      data-deferred={shown ? 'shown' : 'waiting'}
    >
      {shown ? children(sections) : null}
    </div>
  );
}
