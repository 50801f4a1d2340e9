import { useEffect } from 'react';
import { Toaster as Sonner } from 'sonner';
import { TOAST_AUTO_HIDE_MS } from '@contract/constants';
import { toasterReady } from './toast';
import styles from './toaster.module.scss';

/** docs/PRODUCT.md «Product rules»: toasts hide after 5000 ms. */
export default function Toaster() {
  // sonner's own listener is set up in its effect, which runs before this one (children first).
  useEffect(toasterReady, []);
  return (
    <Sonner
      position="top-center"
      duration={TOAST_AUTO_HIDE_MS}
      closeButton
      // Below the sticky header, not over it.
      offset={{ top: 84 }}
      mobileOffset={{ top: 68 }}
      containerAriaLabel="Уведомления"
      toastOptions={{
        classNames: { toast: styles.toast, title: styles.title, actionButton: styles.action },
      }}
    />
  );
}
