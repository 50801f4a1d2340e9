import type { ReactElement } from 'react';
import {
  BLUE,
  BROWN,
  GREEN,
  INK,
  MINT,
  ORANGE,
  PINK,
  RED,
  VIOLET,
  YELLOW,
  line,
} from './sticker-palette';

/** The animals of the sticker set, drawn on the 64×64 sticker base (sticker-art.tsx). */
export const ANIMAL_STICKERS: Record<
  'bear' | 'fox' | 'owl' | 'cat' | 'fish' | 'butterfly' | 'ladybug' | 'whale' | 'snail' | 'turtle',
  ReactElement
> = {
  bear: (
    <>
      <circle cx="19" cy="21" r="7" fill={BROWN} />
      <circle cx="45" cy="21" r="7" fill={BROWN} />
      <circle cx="19" cy="21" r="3.5" fill="#e8c09c" />
      <circle cx="45" cy="21" r="3.5" fill="#e8c09c" />
      <circle cx="32" cy="35" r="17" fill={BROWN} />
      <ellipse cx="32" cy="41" rx="8" ry="6.5" fill="#e8c09c" />
      <circle cx="25.5" cy="32" r="2.3" fill={INK} />
      <circle cx="38.5" cy="32" r="2.3" fill={INK} />
      <ellipse cx="32" cy="38.5" rx="3" ry="2.2" fill={INK} />
      <path d="M29 43q3 2.5 6 0" {...line} stroke={INK} strokeWidth="2" />
    </>
  ),
  fox: (
    <>
      <path
        d="M12 13l14 9h12l14-9-1 19c0 9-9 17-19 21-10-4-19-12-19-21z"
        fill={ORANGE}
        stroke={ORANGE}
        strokeWidth="2"
        strokeLinejoin="round"
      />
      <path d="M16 18l7 5-5 4z" fill={INK} opacity="0.75" />
      <path d="M48 18l-7 5 5 4z" fill={INK} opacity="0.75" />
      <path
        d="M13 32c6 0 14 4 19 12 5-8 13-12 19-12 0 9-9 17-19 21-10-4-19-12-19-21z"
        fill="#fff1e0"
      />
      <circle cx="25" cy="31" r="2.3" fill={INK} />
      <circle cx="39" cy="31" r="2.3" fill={INK} />
      <ellipse cx="32" cy="45" rx="3" ry="2.2" fill={INK} />
    </>
  ),
  owl: (
    <>
      <polygon points="17,30 14,12 27,20" fill={VIOLET} strokeLinejoin="round" />
      <polygon points="47,30 50,12 37,20" fill={VIOLET} strokeLinejoin="round" />
      <ellipse cx="32" cy="36" rx="17" ry="18" fill={VIOLET} />
      <ellipse cx="32" cy="44" rx="9.5" ry="8.5" fill="#c9bcff" />
      <circle cx="25" cy="30" r="6.5" fill="#fff" />
      <circle cx="39" cy="30" r="6.5" fill="#fff" />
      <circle cx="25.5" cy="30.5" r="3" fill={INK} />
      <circle cx="38.5" cy="30.5" r="3" fill={INK} />
      <polygon points="29.5,35.5 34.5,35.5 32,40" fill={ORANGE} strokeLinejoin="round" />
      <path
        d="M26 55v-1.5M29 55v-1.5M35 55v-1.5M38 55v-1.5"
        {...line}
        stroke={ORANGE}
        strokeWidth="3"
      />
    </>
  ),
  cat: (
    <>
      <polygon points="15,31 16,11 30,21" fill={YELLOW} />
      <polygon points="49,31 48,11 34,21" fill={YELLOW} />
      <polygon points="18.5,24 19,16 25,20.5" fill={PINK} />
      <polygon points="45.5,24 45,16 39,20.5" fill={PINK} />
      <ellipse cx="32" cy="36" rx="18" ry="16" fill={YELLOW} />
      <path d="M28 21v5M32 20v6M36 21v5" {...line} stroke={ORANGE} strokeWidth="2.5" />
      <ellipse cx="25.5" cy="33" rx="2.2" ry="2.8" fill={INK} />
      <ellipse cx="38.5" cy="33" rx="2.2" ry="2.8" fill={INK} />
      <path d="M30 38.5h4l-2 2.5z" fill={PINK} stroke={PINK} strokeLinejoin="round" />
      <path
        d="M32 41q-1.5 2.5-4 1.5M32 41q1.5 2.5 4 1.5M9 36l9 2M9 43l9-2M55 36l-9 2M55 43l-9-2"
        {...line}
        stroke={INK}
        strokeWidth="1.8"
      />
    </>
  ),
  fish: (
    <>
      <polygon
        points="42,32 54,22 54,42"
        fill={ORANGE}
        stroke={ORANGE}
        strokeWidth="3"
        strokeLinejoin="round"
      />
      <path d="M20 24q7-12 16-3z" fill={ORANGE} />
      <ellipse cx="29" cy="32" rx="16" ry="11.5" fill={ORANGE} />
      <path
        d="M31 22c-3 6-3 14 0 20M37 23.5c-2 5-2 12 0 17"
        {...line}
        stroke={YELLOW}
        strokeWidth="3"
      />
      <circle cx="21" cy="29" r="3.2" fill="#fff" />
      <circle cx="20.5" cy="29.5" r="1.8" fill={INK} />
      <path d="M16 35.5q2.5 2 5 0" {...line} stroke={INK} strokeWidth="2" />
      <circle cx="13" cy="18" r="2.6" fill="none" stroke={BLUE} strokeWidth="1.8" />
      <circle cx="18" cy="12" r="1.8" fill="none" stroke={BLUE} strokeWidth="1.6" />
    </>
  ),
  butterfly: (
    <>
      <ellipse cx="21" cy="24" rx="10" ry="11" fill={PINK} transform="rotate(-25 21 24)" />
      <ellipse cx="43" cy="24" rx="10" ry="11" fill={PINK} transform="rotate(25 43 24)" />
      <ellipse cx="23" cy="41" rx="7.5" ry="8.5" fill={VIOLET} transform="rotate(25 23 41)" />
      <ellipse cx="41" cy="41" rx="7.5" ry="8.5" fill={VIOLET} transform="rotate(-25 41 41)" />
      <circle cx="20.5" cy="24" r="3.5" fill={YELLOW} />
      <circle cx="43.5" cy="24" r="3.5" fill={YELLOW} />
      <path
        d="M30.5 19c-1-5-4-7-7-7.5M33.5 19c1-5 4-7 7-7.5"
        {...line}
        stroke={INK}
        strokeWidth="2"
      />
      <rect x="29" y="18" width="6" height="30" rx="3" fill={INK} />
    </>
  ),
  ladybug: (
    <>
      <path d="M29 15c-1-3-3-4-5-4.5M35 15c1-3 3-4 5-4.5" {...line} stroke={INK} strokeWidth="2" />
      <circle cx="32" cy="21" r="8" fill={INK} />
      <circle cx="32" cy="37" r="16" fill={RED} />
      <path d="M32 22v31" stroke={INK} strokeWidth="2" />
      <circle cx="24.5" cy="31" r="3" fill={INK} />
      <circle cx="39.5" cy="31" r="3" fill={INK} />
      <circle cx="23.5" cy="42" r="2.6" fill={INK} />
      <circle cx="40.5" cy="42" r="2.6" fill={INK} />
      <circle cx="29" cy="18" r="1.6" fill="#fff" />
      <circle cx="35" cy="18" r="1.6" fill="#fff" />
    </>
  ),
  whale: (
    <>
      <path
        d="M26 17c0-4-3-6-6-6.5M26 17c0-4 3-6 6-6.5M26 17v-8"
        {...line}
        stroke={BLUE}
        strokeWidth="2.5"
      />
      <path
        d="M8 34c0-9 9-16 21-16 11 0 18 6 20 13l6-7c1 4 0 8-2 10 2 1 4 3 4 6-4 0-7-1-9-3-3 7-10 11-19 11C16 48 8 42 8 34z"
        fill={BLUE}
        stroke={BLUE}
        strokeWidth="1.5"
        strokeLinejoin="round"
      />
      <path d="M10 39c7 2 27 3 36 0-3 6-10 9-17 9-9 0-16-3-19-9z" fill="#c9e9fc" />
      <circle cx="20" cy="31" r="2.3" fill={INK} />
      <circle cx="25" cy="36" r="2.4" fill={PINK} opacity="0.6" />
      <path d="M13 36q3 2.5 6.5 1" {...line} stroke={INK} strokeWidth="2" />
    </>
  ),
  snail: (
    <>
      <path d="M13 27l-2-6M19 27l2-6" {...line} stroke={INK} strokeWidth="2" />
      <circle cx="11" cy="20" r="2.2" fill={INK} />
      <circle cx="21" cy="20" r="2.2" fill={INK} />
      <path
        d="M14 50c-3 0-4-2-4-4V32a6 6 0 0 1 12 0v10h28c3 0 5 2 4 5-1 2-3 3-5 3z"
        fill={YELLOW}
      />
      <circle cx="37" cy="33" r="13" fill={PINK} />
      <path
        d="M37 33a2.5 2.5 0 0 1 5 0 5 5 0 0 1-10 0 7.5 7.5 0 0 1 15 0 10 10 0 0 1-20 0"
        {...line}
        stroke={VIOLET}
        strokeWidth="2.2"
      />
      <path d="M14 36q2 2 4 0" {...line} stroke={INK} strokeWidth="1.8" />
    </>
  ),
  turtle: (
    <>
      <ellipse cx="20" cy="44" rx="4.5" ry="5.5" fill={MINT} />
      <ellipse cx="40" cy="44" rx="4.5" ry="5.5" fill={MINT} />
      <path d="M12 40l-5 2 5 1z" fill={MINT} stroke={MINT} strokeLinejoin="round" />
      <circle cx="50" cy="34" r="7" fill={MINT} />
      <path d="M12 40a18 17 0 0 1 36 0z" fill={GREEN} />
      <rect x="10" y="38" width="40" height="5" rx="2.5" fill={YELLOW} />
      <polygon
        points="30,26 35,28.5 35,33.5 30,36 25,33.5 25,28.5"
        fill="#3f9a4e"
        strokeLinejoin="round"
      />
      <circle cx="18" cy="34" r="2.5" fill="#3f9a4e" />
      <circle cx="42" cy="34" r="2.5" fill="#3f9a4e" />
      <circle cx="52" cy="32" r="1.8" fill={INK} />
      <path d="M49.5 37q2.5 2 5 0" {...line} stroke={INK} strokeWidth="1.8" />
    </>
  ),
};
