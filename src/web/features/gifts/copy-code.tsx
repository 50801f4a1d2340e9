import { useRef, useState } from 'react';
import { Button } from '../../components/ui/button';
import styles from './gifts.module.scss';

/** Selects the code's text, so the parent can copy it by hand where the clipboard is not allowed. */
function selectText(element: HTMLElement | null): void {
  if (!element) return;
  const range = document.createRange();
  range.selectNodeContents(element);
  const selection = window.getSelection();
  selection?.removeAllRanges();
  selection?.addRange(range);
}

/** The certificate's code, large and spaced for reading aloud, with «Скопировать». */
export function CopyCode({ code }: { code: string }) {
  const text = useRef<HTMLElement>(null);
  const [note, setNote] = useState<string | null>(null);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(code);
      setNote('Код скопирован');
    } catch {
      selectText(text.current);
      setNote('Код выделен — скопируйте его');
    }
  };

  return (
    <div className={styles.codeRow}>
      <code ref={text} className={styles.code} translate="no">
        {code}
      </code>
      <Button variant="secondary" size="sm" onClick={() => void copy()}>
        Скопировать
      </Button>
      <span className={styles.copyNote} role="status">
        {note}
      </span>
    </div>
  );
}
