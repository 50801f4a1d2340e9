import {
  Component,
  lazy,
  Suspense,
  useEffect,
  useRef,
  type ComponentType,
  type ReactNode,
} from 'react';
import { useLocation } from 'react-router';
import { MODAL_REGISTRY } from './modal-registry';
import { closeModal, useModalStore, type ModalName } from '../components/modal/modal-store';
import { loadChunk } from '../lib/chunk';

/** Whether a navigation carries KEEP_MODAL_STATE (components/modal/modal-store.ts). */
function keepsModal(state: unknown): boolean {
  return (
    typeof state === 'object' &&
    state !== null &&
    (state as Record<string, unknown>).keepModal === true
  );
}

type AnyModal = ComponentType<Record<string, unknown>>;
const components = new Map<ModalName, AnyModal>();

function componentOf(name: ModalName): AnyModal {
  const cached = components.get(name);
  if (cached) return cached;
  const load = MODAL_REGISTRY[name];
  // Each registry entry is typed by its own props; here they are all rendered with the props stored
  // for that same name, so the loose type is safe.
  const loadAny = load as unknown as () => Promise<{ default: AnyModal }>;
  const component = lazy(() => loadChunk(loadAny));
  components.set(name, component);
  return component;
}

/** A modal whose chunk failed after its one reload: close it rather than break the page. */
class ModalBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: unknown) {
    console.error(error);
    closeModal();
  }
  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

/** Renders the one open global modal; navigating to another page closes it. */
export function ModalRoot() {
  const name = useModalStore((s) => s.name);
  const props = useModalStore((s) => s.props);
  const key = useModalStore((s) => s.key);
  const { pathname, state } = useLocation();
  const lastPath = useRef(pathname);

  useEffect(() => {
    if (lastPath.current !== pathname && !keepsModal(state)) closeModal();
    lastPath.current = pathname;
  }, [pathname, state]);

  if (!name) return null;
  const Modal = componentOf(name);
  const modalProps =
    typeof props === 'object' && props !== null ? (props as Record<string, unknown>) : {};
  return (
    <ModalBoundary key={key}>
      <Suspense fallback={null}>
        <Modal {...modalProps} />
      </Suspense>
    </ModalBoundary>
  );
}
