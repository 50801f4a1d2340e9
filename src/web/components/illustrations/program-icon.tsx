// Icons of the additional programs, keyed by the `icon` name the API gives: english, origami, road, other.
import type { JSX } from 'react';
export type ProgramIconName = 'english' | 'origami' | 'road' | 'other';

function English() {
  return (
    <>
      <rect x="6" y="10" width="44" height="34" rx="12" fill="#4cb8f5" />
      <path d="M18 42 14 54l14-10z" fill="#4cb8f5" />
      <text
        x="28"
        y="34"
        textAnchor="middle"
        fontSize="17"
        fontWeight="800"
        fill="#fff"
        fontFamily="Nunito, sans-serif"
      >
        ABC
      </text>
      <circle cx="52" cy="46" r="10" fill="#ff6fa8" />
      <path d="M47 46h10M52 41v10" stroke="#fff" strokeWidth="2.5" strokeLinecap="round" />
    </>
  );
}

function Origami() {
  return (
    <>
      <path d="M6 40 30 12l10 26z" fill="#ff8a3d" />
      <path d="M30 12l28 8-18 18z" fill="#ffb27a" />
      <path d="M6 40l34-2 18-18-12 32z" fill="#e8701f" />
      <path d="M40 38 46 52 22 46z" fill="#ffc93c" />
    </>
  );
}

function Road() {
  return (
    <>
      <rect x="20" y="4" width="24" height="52" rx="10" fill="#2b2350" />
      <circle cx="32" cy="16" r="6.5" fill="#e5484d" />
      <circle cx="32" cy="30" r="6.5" fill="#ffc93c" />
      <circle cx="32" cy="44" r="6.5" fill="#2ec4a6" />
      <rect x="29" y="56" width="6" height="6" fill="#2b2350" />
    </>
  );
}

function Other() {
  return (
    <>
      <path
        d="M32 6c15 0 26 10 26 22 0 9-7 12-13 12h-5c-4 0-6 3-5 6 2 5-1 10-7 10C15 56 6 44 6 30S17 6 32 6Z"
        fill="#2ec4a6"
      />
      <circle cx="20" cy="26" r="4.5" fill="#fff" />
      <circle cx="30" cy="16" r="4.5" fill="#ffc93c" />
      <circle cx="43" cy="20" r="4.5" fill="#ff6fa8" />
      <circle cx="22" cy="40" r="4.5" fill="#6c4cf1" />
    </>
  );
}

const ICONS: Record<ProgramIconName, () => JSX.Element> = {
  english: English,
  origami: Origami,
  road: Road,
  other: Other,
};

export function isProgramIconName(name: string): name is ProgramIconName {
  return name in ICONS;
}

export function ProgramIcon({ name, className }: { name: string; className?: string }) {
  const Icon = isProgramIconName(name) ? ICONS[name] : Other;
  return (
    <svg className={className} viewBox="0 0 64 64" aria-hidden="true">
      <Icon />
    </svg>
  );
}
