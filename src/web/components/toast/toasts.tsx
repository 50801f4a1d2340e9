import { lazy, Suspense, type ComponentType } from 'react';

// sonner stays out of the landing's entry chunk; it loads right after the first paint. Without it the
// page still works (toasts are extras), so a failed chunk means no toasts rather than an error screen.
const NoToasts: ComponentType = () => null;
const Toaster = lazy(() =>
  import('./toaster').then(
    (module): { default: ComponentType } => module,
    () => ({ default: NoToasts }),
  ),
);

export function Toasts() {
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
