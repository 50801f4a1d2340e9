import { Owl } from './owl';
import { Sparkle } from './sparkle';

function Block({
  x,
  y,
  letter,
  color,
  rotate,
}: {
  x: number;
  y: number;
  letter: string;
  color: string;
  rotate: number;
}) {
  return (
    <g transform={`translate(${x} ${y}) rotate(${rotate} 36 36)`}>
      <rect width="72" height="72" rx="14" fill={color} />
      <rect x="8" y="8" width="56" height="56" rx="10" fill="#fff" opacity="0.3" />
      <text
        x="36"
        y="50"
        textAnchor="middle"
        fontSize="40"
        fontWeight="800"
        fill="#fff"
        fontFamily="Nunito, sans-serif"
      >
        {letter}
      </text>
    </g>
  );
}

/** The landing banner: the owl on a stack of books, ABC blocks, a pencil, a paper plane and the sun. */
export function HeroIllustration({ className }: { className?: string }) {
  return (
    <svg
      className={className}
      viewBox="0 0 640 520"
      role="img"
      aria-labelledby="hero-illustration-title"
    >
      <title id="hero-illustration-title">
        Сова Умняшка сидит на стопке книг среди кубиков с буквами
      </title>
      <path
        d="M318 40c118-6 238 52 262 170 24 116-40 250-170 282-128 32-290 8-346-110C8 266 40 140 120 86c56-38 124-44 198-46Z"
        fill="#efeaff"
      />
      <g fill="#ffc93c">
        <circle cx="548" cy="92" r="38" />
        <path
          d="M548 32v-18m0 156v-18m60-60h18M470 92h18m102-42 13-13M493 147l-13 13m110-10 13 13M493 37l-13-13"
          stroke="#ffc93c"
          strokeWidth="8"
          strokeLinecap="round"
        />
      </g>
      <path
        d="M534 90q4 6 8 0m12 0q4 6 8 0M536 106q12 10 24 0"
        fill="none"
        stroke="#2b2350"
        strokeWidth="4"
        strokeLinecap="round"
      />
      <path
        d="M70 150q40-60 110-70"
        fill="none"
        stroke="#4cb8f5"
        strokeWidth="4"
        strokeDasharray="2 12"
        strokeLinecap="round"
      />
      <path d="M180 60 250 80l-58 34-6-22z" fill="#4cb8f5" />
      <path d="M180 60l6 32 64-12z" fill="#8fd3fa" />
      <path
        d="M112 236c-16 0-26-12-22-24 4-10 16-14 26-8 4-14 20-20 32-12 12-10 30-4 32 10 12 0 20 10 16 20-2 8-10 14-20 14z"
        fill="#fff"
      />
      <g>
        <rect x="196" y="436" width="252" height="42" rx="12" fill="#2ec4a6" />
        <rect x="206" y="446" width="232" height="8" rx="4" fill="#fff" opacity="0.5" />
        <rect x="214" y="396" width="218" height="42" rx="12" fill="#4cb8f5" />
        <rect x="224" y="406" width="198" height="8" rx="4" fill="#fff" opacity="0.5" />
        <rect x="202" y="358" width="236" height="40" rx="12" fill="#ff6fa8" />
        <rect x="212" y="368" width="216" height="8" rx="4" fill="#fff" opacity="0.5" />
      </g>
      <Owl x={236} y={106} scale={1.02} />
      <Block x={58} y={392} letter="А" color="#ff8a3d" rotate={-6} />
      <Block x={128} y={410} letter="Б" color="#6c4cf1" rotate={5} />
      <Block x={92} y={322} letter="В" color="#2ec4a6" rotate={-3} />
      <g transform="translate(470 240) rotate(28)">
        <rect width="34" height="170" rx="6" fill="#ffc93c" />
        <rect x="11" width="12" height="170" fill="#ffd866" />
        <rect y="-26" width="34" height="30" rx="8" fill="#ff6fa8" />
        <rect y="-2" width="34" height="10" fill="#c9c3dc" />
        <path d="M0 170h34l-17 40z" fill="#ffe2c2" />
        <path d="M11 196h12l-6 14z" fill="#2b2350" />
      </g>
      <Sparkle x={420} y={120} size={30} />
      <Sparkle x={92} y={290} size={22} color="#ff6fa8" />
      <Sparkle x={600} y={300} size={26} color="#2ec4a6" />
      <Sparkle x={200} y={190} size={16} color="#6c4cf1" />
      <circle cx="560" cy="420" r="10" fill="#ff8a3d" />
      <circle cx="40" cy="210" r="7" fill="#6c4cf1" opacity="0.5" />
    </svg>
  );
}
