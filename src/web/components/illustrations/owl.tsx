// «Умняшка», the school's owl: a <g> drawn in a 200 × 250 box, placed inside a bigger illustration.
export interface OwlProps {
  x?: number;
  y?: number;
  scale?: number;
  /** Pupils looking up and a small "o" mouth: the puzzled owl of the 404 page. */
  puzzled?: boolean;
}

export function Owl({ x = 0, y = 0, scale = 1, puzzled = false }: OwlProps) {
  const look = puzzled ? -6 : 4;
  return (
    <g transform={`translate(${x} ${y}) scale(${scale})`}>
      <ellipse cx="100" cy="246" rx="78" ry="8" fill="#2b2350" opacity="0.12" />
      <path d="M40 86 30 40l44 26zM160 86l10-46-44 26z" fill="#5235d4" />
      <path d="M100 50c58 0 88 46 88 100s-34 92-88 92-88-38-88-92 30-100 88-100Z" fill="#6c4cf1" />
      <path
        d="M24 150c-16 22-12 52 10 66 6-26 4-48-10-66Zm152 0c16 22 12 52-10 66-6-26-4-48 10-66Z"
        fill="#5235d4"
      />
      <ellipse cx="100" cy="186" rx="56" ry="50" fill="#b7a6ff" />
      <path
        d="M74 172q8 8 16 0m4 0q8 8 16 0m4 0q8 8 16 0M82 196q8 8 16 0m4 0q8 8 16 0"
        fill="none"
        stroke="#8f77ff"
        strokeWidth="3"
        strokeLinecap="round"
      />
      <circle cx="66" cy="116" r="36" fill="#8f77ff" />
      <circle cx="134" cy="116" r="36" fill="#8f77ff" />
      <circle cx="66" cy="116" r="28" fill="#fff" />
      <circle cx="134" cy="116" r="28" fill="#fff" />
      <circle cx="70" cy={116 + look} r="13" fill="#2b2350" />
      <circle cx="130" cy={116 + look} r="13" fill="#2b2350" />
      <circle cx="75" cy={111 + look} r="4.5" fill="#fff" />
      <circle cx="135" cy={111 + look} r="4.5" fill="#fff" />
      <circle cx="44" cy="150" r="9" fill="#ff6fa8" opacity="0.55" />
      <circle cx="156" cy="150" r="9" fill="#ff6fa8" opacity="0.55" />
      <path
        d="M90 140h20l-10 16z"
        fill="#ff8a3d"
        stroke="#ff8a3d"
        strokeWidth="4"
        strokeLinejoin="round"
      />
      {puzzled && <circle cx="100" cy="168" r="5" fill="#2b2350" />}
      <path
        d="M72 238c0-8 8-10 14-4m28 4c0-8 8-10 14-4"
        fill="none"
        stroke="#ff8a3d"
        strokeWidth="7"
        strokeLinecap="round"
      />
      <path d="M100 0 164 24 100 48 36 24z" fill="#2b2350" />
      <path d="M62 34v20c24 12 52 12 76 0V34l-38 14z" fill="#3b3170" />
      <path
        d="M100 24 150 40v30"
        fill="none"
        stroke="#ffc93c"
        strokeWidth="4"
        strokeLinecap="round"
      />
      <circle cx="150" cy="74" r="7" fill="#ffc93c" />
    </g>
  );
}
