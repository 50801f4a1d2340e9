import { Sparkle } from '../../../components/illustrations/sparkle';

/** A smiling calendar page with stars: the picture of «nothing missed». Decorative. */
export function CalendarArt({ className }: { className?: string }) {
  return (
    <svg className={className} viewBox="0 0 200 170" aria-hidden="true" focusable="false">
      <circle cx="100" cy="92" r="74" fill="#e3f8f3" />
      <rect
        x="48"
        y="40"
        width="104"
        height="104"
        rx="18"
        fill="#fff"
        stroke="#2b2350"
        strokeWidth="4"
      />
      <path d="M48 58a18 18 0 0 1 18-18h68a18 18 0 0 1 18 18v14H48Z" fill="#ff8a3d" />
      <rect x="70" y="28" width="10" height="24" rx="5" fill="#2b2350" />
      <rect x="120" y="28" width="10" height="24" rx="5" fill="#2b2350" />
      <circle cx="84" cy="98" r="5" fill="#2b2350" />
      <circle cx="116" cy="98" r="5" fill="#2b2350" />
      <path
        d="M82 116c10 10 26 10 36 0"
        fill="none"
        stroke="#2b2350"
        strokeWidth="4.5"
        strokeLinecap="round"
      />
      <circle cx="74" cy="112" r="6" fill="#ff6fa8" opacity="0.45" />
      <circle cx="126" cy="112" r="6" fill="#ff6fa8" opacity="0.45" />
      <Sparkle x={30} y={40} size={26} />
      <Sparkle x={176} y={70} size={20} color="#2ec4a6" />
      <Sparkle x={168} y={140} size={16} color="#6c4cf1" />
    </svg>
  );
}
