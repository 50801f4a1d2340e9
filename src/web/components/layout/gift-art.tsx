import { Sparkle } from '../illustrations/sparkle';

/** A wrapped gift box with a big bow: the footer's gift block. */
export function GiftArt({ className }: { className?: string }) {
  return (
    <svg className={className} viewBox="0 0 200 180" aria-hidden="true">
      <ellipse cx="100" cy="168" rx="70" ry="8" fill="#2b2350" opacity="0.12" />
      <rect x="38" y="78" width="124" height="86" rx="10" fill="#6c4cf1" />
      <rect x="30" y="56" width="140" height="32" rx="10" fill="#8f77ff" />
      <rect x="88" y="56" width="24" height="108" fill="#ffc93c" />
      <rect x="38" y="88" width="124" height="8" fill="#5235d4" opacity="0.5" />
      <path d="M100 56c-8-26-44-40-50-18-5 18 30 20 50 18Z" fill="#ff6fa8" />
      <path d="M100 56c8-26 44-40 50-18 5 18-30 20-50 18Z" fill="#ff6fa8" />
      <path
        d="M100 56c-6-14-26-24-32-14"
        fill="none"
        stroke="#e0508c"
        strokeWidth="4"
        strokeLinecap="round"
      />
      <path
        d="M100 56c6-14 26-24 32-14"
        fill="none"
        stroke="#e0508c"
        strokeWidth="4"
        strokeLinecap="round"
      />
      <circle cx="100" cy="56" r="10" fill="#ffc93c" />
      <circle cx="62" cy="124" r="6" fill="#fff" opacity="0.35" />
      <circle cx="140" cy="136" r="4" fill="#fff" opacity="0.35" />
      <Sparkle x={22} y={30} size={22} color="#fff" />
      <Sparkle x={178} y={22} size={28} color="#ffc93c" />
      <Sparkle x={186} y={100} size={16} color="#fff" />
    </svg>
  );
}
