// Small line and solid icons used across the school. Decorative: hidden from screen readers.
interface IconProps {
  className?: string;
  size?: number;
}

function svgProps({ className, size = 24 }: IconProps) {
  return {
    className,
    width: size,
    height: size,
    viewBox: '0 0 24 24',
    'aria-hidden': true,
  } as const;
}

export function LockIcon(props: IconProps) {
  return (
    <svg {...svgProps(props)}>
      <path
        d="M7 10V8a5 5 0 0 1 10 0v2"
        fill="none"
        stroke="currentColor"
        strokeWidth="2.4"
        strokeLinecap="round"
      />
      <rect x="4" y="10" width="16" height="12" rx="4" fill="currentColor" />
      <circle cx="12" cy="16" r="2" fill="#fff" />
    </svg>
  );
}

export function PlayIcon(props: IconProps) {
  return (
    <svg {...svgProps(props)}>
      <path
        d="M8 5.5v13a1 1 0 0 0 1.5.9l10.4-6.5a1 1 0 0 0 0-1.8L9.5 4.6A1 1 0 0 0 8 5.5Z"
        fill="currentColor"
      />
    </svg>
  );
}

export function CheckIcon(props: IconProps) {
  return (
    <svg {...svgProps(props)}>
      <circle cx="12" cy="12" r="11" fill="currentColor" opacity="0.16" />
      <path
        d="m7 12.5 3.2 3.2L17 9"
        fill="none"
        stroke="currentColor"
        strokeWidth="2.6"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

export function ArrowRightIcon(props: IconProps) {
  return (
    <svg {...svgProps(props)}>
      <path
        d="M5 12h14m-6-6 6 6-6 6"
        fill="none"
        stroke="currentColor"
        strokeWidth="2.4"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

export function StarIcon(props: IconProps) {
  return (
    <svg {...svgProps(props)}>
      <path
        d="m12 2.8 2.8 5.8 6.3.9-4.6 4.4 1.1 6.3L12 17.2l-5.6 3 1.1-6.3-4.6-4.4 6.3-.9z"
        fill="currentColor"
        strokeLinejoin="round"
      />
    </svg>
  );
}

export function AppleIcon(props: IconProps) {
  return (
    <svg {...svgProps(props)}>
      <path
        d="M16.4 12.6c0-2.4 2-3.5 2-3.6-1.1-1.6-2.8-1.8-3.4-1.8-1.4-.2-2.8.9-3.5.9s-1.8-.8-3-.8C6.9 7.3 5.4 8.2 4.6 9.7c-1.7 2.9-.4 7.2 1.2 9.6.8 1.1 1.7 2.4 3 2.4 1.2-.1 1.6-.8 3.1-.8s1.8.8 3 .8c1.3 0 2.1-1.2 2.9-2.3.9-1.3 1.3-2.6 1.3-2.7 0 0-2.6-1-2.7-4.1ZM14.1 5.5c.6-.8 1.1-1.9 1-3-.9 0-2.1.6-2.7 1.4-.6.7-1.1 1.8-1 2.9 1 .1 2.1-.5 2.7-1.3Z"
        fill="currentColor"
      />
    </svg>
  );
}

export function GooglePlayIcon(props: IconProps) {
  return (
    <svg {...svgProps(props)}>
      <path d="M4 2.6 13.6 12 4 21.4a1.5 1.5 0 0 1-.6-1.2V3.8c0-.5.2-.9.6-1.2Z" fill="#2ec4a6" />
      <path d="M16.8 8.8 13.6 12 4 2.6c.4-.3 1-.3 1.5 0z" fill="#4cb8f5" />
      <path d="m16.8 15.2-11.3 6.2c-.5.3-1.1.3-1.5 0l9.6-9.4z" fill="#ff6fa8" />
      <path d="m16.8 8.8 3.4 1.9c1 .6 1 2 0 2.6l-3.4 1.9-3.2-3.2z" fill="#ffc93c" />
    </svg>
  );
}
