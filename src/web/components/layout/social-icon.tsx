/** Simplified marks of the networks the school is in; unknown networks get a generic link glyph. */
export function SocialIcon({ network }: { network: string }) {
  switch (network) {
    case 'vk':
      return (
        <svg viewBox="0 0 24 24" aria-hidden="true">
          <path
            fill="currentColor"
            d="M12.8 17.5c-5.6 0-8.8-3.9-8.9-10.3h2.8c.1 4.7 2.2 6.7 3.8 7.1V7.2h2.7v4c1.6-.2 3.2-2 3.8-4h2.6c-.4 2.5-2.3 4.3-3.6 5 1.3.6 3.4 2.2 4.2 5.3h-2.9c-.6-2-2.2-3.6-4.1-3.8v3.8h-.4Z"
          />
        </svg>
      );
    case 'telegram':
      return (
        <svg viewBox="0 0 24 24" aria-hidden="true">
          <path
            fill="currentColor"
            d="M20.7 4.3 2.9 11.2c-1.2.5-1.2 1.2-.2 1.5l4.6 1.4 1.7 5.4c.2.6.4.8.9.8.4 0 .6-.2.9-.4l2.2-2.2 4.6 3.4c.8.5 1.4.2 1.6-.8l3-14.3c.3-1.2-.5-1.8-1.5-1.3ZM9.4 14.2l8.5-7.7c.4-.3-.1-.5-.6-.2L6.8 12.9"
          />
        </svg>
      );
    case 'ok':
      return (
        <svg viewBox="0 0 24 24" aria-hidden="true">
          <circle cx="12" cy="7" r="3.6" fill="none" stroke="currentColor" strokeWidth="2.6" />
          <path
            d="M7 12.8c3 2 7 2 10 0M12 15.2v1M8.5 20.5l3.5-4 3.5 4"
            fill="none"
            stroke="currentColor"
            strokeWidth="2.6"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
      );
    default:
      return (
        <svg viewBox="0 0 24 24" aria-hidden="true">
          <path
            d="M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1"
            fill="none"
            stroke="currentColor"
            strokeWidth="2.2"
            strokeLinecap="round"
          />
        </svg>
      );
  }
}
