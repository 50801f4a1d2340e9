import {
  cloneElement,
  isValidElement,
  useEffect,
  useState,
  type ReactElement,
  type ReactNode,
  type Ref,
} from 'react';
import {
  autoUpdate,
  flip,
  offset,
  shift,
  useDismiss,
  useFloating,
  useFocus,
  useHover,
  useInteractions,
  useRole,
  useTransitionStyles,
  FloatingPortal,
  type Placement,
} from '@floating-ui/react';
import { TOOLTIP } from '@contract/constants';
import styles from './tooltip.module.scss';

export interface TooltipProps {
  content: ReactNode;
  placement?: Placement;
  /** One focusable element that accepts a ref and event handlers. */
  children: ReactElement<Record<string, unknown>>;
}

function isShown(element: Element | null): boolean {
  if (!element || !element.isConnected) return false;
  const rect = element.getBoundingClientRect();
  return rect.width > 0 && rect.height > 0;
}

/** docs/PRODUCT.md «Product rules» tooltip: fades in 150 ms; while open, every 100 ms it checks its anchor is still on screen. */
export function Tooltip({ content, placement = 'top', children }: TooltipProps) {
  const [open, setOpen] = useState(false);
  const { refs, floatingStyles, context, elements } = useFloating({
    open,
    onOpenChange: setOpen,
    placement,
    middleware: [offset(8), flip(), shift({ padding: 8 })],
    whileElementsMounted: autoUpdate,
  });
  const { getReferenceProps, getFloatingProps } = useInteractions([
    useHover(context, { move: false }),
    useFocus(context),
    useDismiss(context),
    useRole(context, { role: 'tooltip' }),
  ]);
  const { isMounted, styles: transition } = useTransitionStyles(context, {
    duration: TOOLTIP.fadeMs,
  });

  // An anchor that vanished (a closed menu, a re-rendered list) must not leave its tooltip floating.
  useEffect(() => {
    if (!open) return;
    const timer = setInterval(() => {
      if (!isShown(elements.domReference)) setOpen(false);
    }, TOOLTIP.visibilityCheckMs);
    return () => clearInterval(timer);
  }, [open, elements.domReference]);

  if (!isValidElement(children)) return children;
  const anchor = cloneElement(
    children,
    getReferenceProps({ ref: refs.setReference as Ref<Element>, ...children.props }),
  );

  return (
    <>
      {anchor}
      {isMounted && (
        <FloatingPortal>
          <div
            ref={refs.setFloating}
            className={styles.tooltip}
            style={{ ...floatingStyles, ...transition }}
            {...getFloatingProps()}
          >
            {content}
          </div>
        </FloatingPortal>
      )}
    </>
  );
}
