import { Owl } from './owl';
import { Sparkle } from './sparkle';

/** The 404 page: a puzzled owl with a magnifying glass beside a "4 0 4" made of blocks. */
export function NotFoundIllustration({ className }: { className?: string }) {
  const blocks: [string, string, number][] = [
    ['4', '#ff8a3d', -8],
    ['0', '#4cb8f5', 4],
    ['4', '#2ec4a6', -4],
  ];
  return (
    <svg
      className={className}
      viewBox="0 0 560 360"
      role="img"
      aria-labelledby="not-found-illustration-title"
    >
      <title id="not-found-illustration-title">Сова Умняшка с лупой ищет страницу</title>
      <path
        d="M280 24c110 0 240 40 256 150 14 100-80 170-230 176-150 6-276-40-286-150C10 90 150 24 280 24Z"
        fill="#efeaff"
      />
      {blocks.map(([digit, color, rotate], i) => (
        <g
          key={i}
          transform={`translate(${40 + i * 88} ${i === 1 ? 186 : 204}) rotate(${rotate} 40 40)`}
        >
          <rect width="80" height="80" rx="16" fill={color} />
          <rect x="8" y="8" width="64" height="64" rx="12" fill="#fff" opacity="0.28" />
          <text
            x="40"
            y="58"
            textAnchor="middle"
            fontSize="50"
            fontWeight="800"
            fill="#fff"
            fontFamily="Nunito, sans-serif"
          >
            {digit}
          </text>
        </g>
      ))}
      <Owl x={330} y={54} scale={1.02} puzzled />
      <g transform="translate(467 172) rotate(-24)">
        <rect x="-7" y="30" width="14" height="54" rx="7" fill="#2b2350" />
        <circle r="34" fill="#e6f5fe" fillOpacity="0.35" stroke="#2b2350" strokeWidth="9" />
        <path
          d="M-16-12q8-12 22-12"
          fill="none"
          stroke="#fff"
          strokeWidth="6"
          strokeLinecap="round"
        />
      </g>
      <text
        x="300"
        y="70"
        fontSize="44"
        fontWeight="800"
        fill="#ff6fa8"
        fontFamily="Nunito, sans-serif"
      >
        ?
      </text>
      <Sparkle x={78} y={92} size={28} />
      <Sparkle x={262} y={128} size={18} color="#6c4cf1" />
      <Sparkle x={530} y={60} size={22} color="#2ec4a6" />
    </svg>
  );
}
