import type { ReactNode } from 'react';
import { CHILD_AVATARS, type ChildAvatar as AvatarId } from '@contract/api/children';

export type { AvatarId };

/** The pictures a child can pick instead of a photo: children's photos are not collected at all. */
export const AVATAR_IDS = CHILD_AVATARS;

export const AVATAR_LABELS: Record<AvatarId, string> = {
  fox: 'Лисёнок',
  bear: 'Медвежонок',
  bunny: 'Зайчонок',
  cat: 'Котёнок',
  owl: 'Совёнок',
  hedgehog: 'Ёжик',
  panda: 'Панда',
  lion: 'Львёнок',
};

export function isAvatarId(value: unknown): value is AvatarId {
  return typeof value === 'string' && (AVATAR_IDS as readonly string[]).includes(value);
}

/** A child without a chosen picture still gets a steady one of their own. */
export function avatarOf(child: { id: number; avatar: string | null }): AvatarId {
  if (isAvatarId(child.avatar)) return child.avatar;
  return AVATAR_IDS[Math.abs(child.id) % AVATAR_IDS.length] ?? 'fox';
}

const INK = '#2b2350';

function Eyes({ y = 34, gap = 8 }: { y?: number; gap?: number }) {
  return (
    <>
      <circle cx={32 - gap} cy={y} r="3.2" fill={INK} />
      <circle cx={32 + gap} cy={y} r="3.2" fill={INK} />
      <circle cx={33 - gap} cy={y - 1.2} r="1" fill="#fff" />
      <circle cx={33 + gap} cy={y - 1.2} r="1" fill="#fff" />
    </>
  );
}

function Cheeks({ y = 41, gap = 13 }: { y?: number; gap?: number }) {
  return (
    <>
      <ellipse cx={32 - gap} cy={y} rx="3.6" ry="2.4" fill="#ff6fa8" opacity="0.45" />
      <ellipse cx={32 + gap} cy={y} rx="3.6" ry="2.4" fill="#ff6fa8" opacity="0.45" />
    </>
  );
}

function Smile({ y = 43 }: { y?: number }) {
  return (
    <path
      d={`M28 ${y}q4 3.5 8 0`}
      fill="none"
      stroke={INK}
      strokeWidth="2.2"
      strokeLinecap="round"
    />
  );
}

const FACES: Record<AvatarId, { background: string; face: ReactNode }> = {
  fox: {
    background: '#fff1e6',
    face: (
      <>
        <path d="M13 14l10 14-12 4z" fill="#ff8a3d" />
        <path d="M51 14 41 28l12 4z" fill="#ff8a3d" />
        <path d="M15 18l5 8-6 2z" fill={INK} opacity="0.8" />
        <path d="M49 18l-5 8 6 2z" fill={INK} opacity="0.8" />
        <path d="M12 30q20-14 40 0q-2 18-20 24Q14 48 12 30z" fill="#ff8a3d" />
        <path d="M20 38q12 4 24 0q-4 13-12 15q-8-2-12-15z" fill="#fff" />
        <Eyes y={35} gap={9} />
        <ellipse cx="32" cy="44" rx="3" ry="2.2" fill={INK} />
      </>
    ),
  },
  bear: {
    background: '#fff7da',
    face: (
      <>
        <circle cx="17" cy="19" r="7" fill="#b9805a" />
        <circle cx="47" cy="19" r="7" fill="#b9805a" />
        <circle cx="17" cy="19" r="3.5" fill="#e8b996" />
        <circle cx="47" cy="19" r="3.5" fill="#e8b996" />
        <circle cx="32" cy="35" r="19" fill="#b9805a" />
        <ellipse cx="32" cy="43" rx="9" ry="7" fill="#e8b996" />
        <Eyes y={32} gap={8} />
        <ellipse cx="32" cy="40" rx="3.2" ry="2.4" fill={INK} />
        <Smile y={44} />
      </>
    ),
  },
  bunny: {
    background: '#e6f5fe',
    face: (
      <>
        <ellipse cx="23" cy="15" rx="5" ry="12" fill="#fff" stroke="#d7d2ea" strokeWidth="1.5" />
        <ellipse cx="41" cy="15" rx="5" ry="12" fill="#fff" stroke="#d7d2ea" strokeWidth="1.5" />
        <ellipse cx="23" cy="15" rx="2.2" ry="8" fill="#ffc2da" />
        <ellipse cx="41" cy="15" rx="2.2" ry="8" fill="#ffc2da" />
        <circle cx="32" cy="38" r="17" fill="#fff" stroke="#d7d2ea" strokeWidth="1.5" />
        <Eyes y={35} gap={7} />
        <Cheeks y={42} gap={11} />
        <path d="M30 41h4l-2 2.4z" fill="#ff6fa8" />
        <path
          d="M32 43.5v2.5M32 46q-2.5 2-4.5 0M32 46q2.5 2 4.5 0"
          fill="none"
          stroke={INK}
          strokeWidth="1.6"
          strokeLinecap="round"
        />
      </>
    ),
  },
  cat: {
    background: '#efeaff',
    face: (
      <>
        <path d="M14 16l4 16 12-8z" fill="#9b8bf4" />
        <path d="M50 16l-4 16-12-8z" fill="#9b8bf4" />
        <path d="M17 21l2 7 5-3.5z" fill="#ffc2da" />
        <path d="M47 21l-2 7-5-3.5z" fill="#ffc2da" />
        <ellipse cx="32" cy="37" rx="19" ry="17" fill="#9b8bf4" />
        <Eyes y={34} gap={8} />
        <path d="M30 40h4l-2 2.2z" fill="#ff6fa8" />
        <path
          d="M32 42.2q-2 2.8-4.5 1M32 42.2q2 2.8 4.5 1"
          fill="none"
          stroke={INK}
          strokeWidth="1.6"
          strokeLinecap="round"
        />
        <path
          d="M10 38h9M10 43l9-2M54 38h-9M54 43l-9-2"
          stroke={INK}
          strokeWidth="1.3"
          strokeLinecap="round"
          opacity="0.6"
        />
      </>
    ),
  },
  owl: {
    background: '#e3f8f3',
    face: (
      <>
        <path d="M14 20q18-10 36 0v20q-4 14-18 16q-14-2-18-16z" fill="#2ec4a6" />
        <path d="M14 20l4-8 6 6zM50 20l-4-8-6 6z" fill="#2ec4a6" />
        <circle cx="24" cy="31" r="8" fill="#fff" />
        <circle cx="40" cy="31" r="8" fill="#fff" />
        <circle cx="24" cy="31" r="3.6" fill={INK} />
        <circle cx="40" cy="31" r="3.6" fill={INK} />
        <circle cx="25" cy="29.6" r="1.1" fill="#fff" />
        <circle cx="41" cy="29.6" r="1.1" fill="#fff" />
        <path d="M29 38h6l-3 5z" fill="#ffc93c" />
        <path
          d="M22 46q10 6 20 0"
          fill="none"
          stroke="#1f9c84"
          strokeWidth="2"
          strokeLinecap="round"
        />
      </>
    ),
  },
  hedgehog: {
    background: '#fff1e6',
    face: (
      <>
        <path d="M8 40l4-8-4-6 7-3-1-8 8 1 3-7 7 4 7-4 3 7 8-1-1 8 7 3-4 6 4 8z" fill="#8a6a58" />
        <ellipse cx="32" cy="41" rx="18" ry="15" fill="#f2cfa7" />
        <Eyes y={38} gap={7} />
        <Cheeks y={45} gap={11} />
        <ellipse cx="32" cy="45" rx="3" ry="2.3" fill={INK} />
        <path d="M29 49q3 2 6 0" fill="none" stroke={INK} strokeWidth="1.8" strokeLinecap="round" />
      </>
    ),
  },
  panda: {
    background: '#e3f8f3',
    face: (
      <>
        <circle cx="16" cy="18" r="7" fill={INK} />
        <circle cx="48" cy="18" r="7" fill={INK} />
        <circle cx="32" cy="35" r="19" fill="#fff" stroke="#d7d2ea" strokeWidth="1.5" />
        <ellipse cx="24" cy="33" rx="5.5" ry="6.5" fill={INK} transform="rotate(-20 24 33)" />
        <ellipse cx="40" cy="33" rx="5.5" ry="6.5" fill={INK} transform="rotate(20 40 33)" />
        <circle cx="24.5" cy="32.5" r="2.2" fill="#fff" />
        <circle cx="39.5" cy="32.5" r="2.2" fill="#fff" />
        <ellipse cx="32" cy="41" rx="3" ry="2.2" fill={INK} />
        <Smile y={44} />
      </>
    ),
  },
  lion: {
    background: '#efeaff',
    face: (
      <>
        <circle cx="32" cy="34" r="24" fill="#ff8a3d" />
        <circle
          cx="32"
          cy="34"
          r="24"
          fill="none"
          stroke="#e8701f"
          strokeWidth="3"
          strokeDasharray="6 5"
        />
        <circle cx="19" cy="20" r="5" fill="#ffc93c" />
        <circle cx="45" cy="20" r="5" fill="#ffc93c" />
        <circle cx="32" cy="36" r="16" fill="#ffc93c" />
        <Eyes y={33} gap={7} />
        <Cheeks y={40} gap={10} />
        <path d="M29 39h6l-3 3z" fill={INK} />
        <path
          d="M32 42v2M32 44q-2.5 2-4.5 0M32 44q2.5 2 4.5 0"
          fill="none"
          stroke={INK}
          strokeWidth="1.6"
          strokeLinecap="round"
        />
      </>
    ),
  },
};

export interface ChildAvatarProps {
  avatar: AvatarId;
  size?: number;
  className?: string;
}

/** A round animal face. Decorative: the child's name is always written beside it. */
export function ChildAvatar({ avatar, size = 64, className }: ChildAvatarProps) {
  const { background, face } = FACES[avatar];
  return (
    <svg
      className={className}
      width={size}
      height={size}
      viewBox="0 0 64 64"
      aria-hidden="true"
      focusable="false"
    >
      <circle cx="32" cy="32" r="32" fill={background} />
      {face}
    </svg>
  );
}
