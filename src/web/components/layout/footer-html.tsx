import type { MouseEvent } from 'react';
import { useNavigate } from 'react-router';
import { scrollToTopAfterDelay } from '../../lib/scroll';

/**
 * The admin-edited footer text (key_values.footer_html, sanitised by the server). Its links to our own
 * pages navigate inside the app, like the footer's other links.
 */
export function FooterHtml({ html, className }: { html: string; className?: string }) {
  const navigate = useNavigate();
  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    if (
      event.defaultPrevented ||
      event.button !== 0 ||
      event.metaKey ||
      event.ctrlKey ||
      event.shiftKey
    )
      return;
    const anchor = event.target instanceof Element ? event.target.closest('a') : null;
    if (!anchor || anchor.target === '_blank') return;
    const url = new URL(anchor.href, window.location.href);
    if (url.origin !== window.location.origin || url.pathname.startsWith('/api/')) return;
    event.preventDefault();
    void navigate(`${url.pathname}${url.search}${url.hash}`);
    scrollToTopAfterDelay();
  };
  // The container only delegates clicks of the links inside it; keyboard users press the links themselves.
  return <div className={className} onClick={onClick} dangerouslySetInnerHTML={{ __html: html }} />;
}
