import { lazy, Suspense, useSyncExternalStore, type ComponentType } from 'react';
import { toasterDemand } from './toast';

// The toaster loads with the first notice (toast.ts), not with the page. Without it the page still works
// (toasts are extras), so a failed chunk means no toasts rather than an error screen.
const NoToasts: ComponentType = () => null;
const Toaster = lazy(() =>
  import('./toaster').then(
    (module): { default: ComponentType } => module,
    () => ({ default: NoToasts }),
  ),
);

export function Toasts() {
  const wanted = useSyncExternalStore(toasterDemand.subscribe, toasterDemand.wanted, () => false);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
