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

/** The sky, food, toys and things of the sticker set, drawn on the 64×64 sticker base (sticker-art.tsx). */
export const THING_STICKERS: Record<
  | 'sun'
  | 'star'
  | 'rainbow'
  | 'apple'
  | 'rocket'
  | 'flower'
  | 'car'
  | 'balloon'
  | 'cake'
  | 'moon'
  | 'tree'
  | 'boat'
  | 'kite'
  | 'heart',
  ReactElement
> = {
  sun: (
    <>
      <path
        d="M49 32h6M44 44l4.2 4.2M32 49v6M20 44l-4.2 4.2M15 32H9M20 20l-4.2-4.2M32 15V9M44 20l4.2-4.2"
        {...line}
        stroke={ORANGE}
        strokeWidth="3.5"
      />
      <circle cx="32" cy="32" r="13" fill={YELLOW} />
      <circle cx="27.5" cy="30" r="2" fill={INK} />
      <circle cx="36.5" cy="30" r="2" fill={INK} />
      <path d="M27.5 35.5q4.5 4 9 0" {...line} stroke={INK} strokeWidth="2.2" />
    </>
  ),
  star: (
    <>
      <polygon
        points="32,12 37.5,25.5 51.5,26.5 40.8,35.8 44.2,49.5 32,42 19.8,49.5 23.2,35.8 12.5,26.5 26.5,25.5"
        fill={YELLOW}
        stroke={YELLOW}
        strokeWidth="4"
        strokeLinejoin="round"
      />
      <circle cx="28" cy="32" r="1.8" fill={INK} />
      <circle cx="36" cy="32" r="1.8" fill={INK} />
      <path d="M29 36.5q3 2.5 6 0" {...line} stroke={INK} strokeWidth="2" />
    </>
  ),
  rainbow: (
    <>
      <path d="M11 43a21 21 0 0 1 42 0" {...line} stroke={RED} strokeWidth="4.6" />
      <path d="M15.5 43a16.5 16.5 0 0 1 33 0" {...line} stroke={YELLOW} strokeWidth="4.6" />
      <path d="M20 43a12 12 0 0 1 24 0" {...line} stroke={GREEN} strokeWidth="4.6" />
      <path d="M24.5 43a7.5 7.5 0 0 1 15 0" {...line} stroke={BLUE} strokeWidth="4.6" />
      <path d="M6 48a5 5 0 0 1 5-5 6 6 0 0 1 11 1 4 4 0 0 1 0 8H10a4 4 0 0 1-4-4z" fill="#c9e9fc" />
      <path
        d="M42 48a5 5 0 0 1 5-5 6 6 0 0 1 11 1 4 4 0 0 1 0 8H46a4 4 0 0 1-4-4z"
        fill="#c9e9fc"
      />
    </>
  ),
  apple: (
    <>
      <path d="M32 24c0-5 1.5-8 4-10" {...line} stroke={BROWN} strokeWidth="3" />
      <path d="M35 19c2-5 7-7 12-6-1 5-6 8-12 6z" fill={GREEN} />
      <path
        d="M32 24c-5-4-17-3-18 9-1 10 6 20 12 20 3 0 4-1.5 6-1.5s3 1.5 6 1.5c6 0 13-10 12-20-1-12-13-13-18-9z"
        fill={RED}
      />
      <ellipse
        cx="22"
        cy="32"
        rx="2.5"
        ry="4.5"
        fill="#fff"
        opacity="0.7"
        transform="rotate(20 22 32)"
      />
    </>
  ),
  rocket: (
    <>
      <path d="M26 43h12c0 6-3 9-6 13-3-4-6-7-6-13z" fill={ORANGE} />
      <path d="M29 43h6c0 3-1.5 5-3 8-1.5-3-3-5-3-8z" fill={YELLOW} />
      <path d="M23 32l-8 9 1 7 9-5zM41 32l8 9-1 7-9-5z" fill={RED} strokeLinejoin="round" />
      <path d="M32 9c7 5 10 14 10 27l-3 7H25l-3-7c0-13 3-22 10-27z" fill={BLUE} />
      <path d="M32 9c3.5 2.5 6 6 7.5 10h-15c1.5-4 4-7.5 7.5-10z" fill={RED} />
      <circle cx="32" cy="29" r="5" fill="#fff" stroke={INK} strokeWidth="2.5" />
    </>
  ),
  flower: (
    <>
      <path d="M32 36v18" {...line} stroke={GREEN} strokeWidth="3.5" />
      <path d="M32 49c-2-6-8-8-13-7 1 5 7 8 13 7zM32 45c2-5 7-7 11-6-1 5-6 7-11 6z" fill={GREEN} />
      <circle cx="32" cy="15" r="7" fill={PINK} />
      <circle cx="41.5" cy="20.5" r="7" fill={PINK} />
      <circle cx="41.5" cy="31.5" r="7" fill={PINK} />
      <circle cx="32" cy="37" r="7" fill={PINK} />
      <circle cx="22.5" cy="31.5" r="7" fill={PINK} />
      <circle cx="22.5" cy="20.5" r="7" fill={PINK} />
      <circle cx="32" cy="26" r="7.5" fill={YELLOW} />
      <path d="M29.5 25v0M34.5 25v0" {...line} stroke={INK} strokeWidth="2.8" />
      <path d="M29.5 28.5q2.5 2 5 0" {...line} stroke={INK} strokeWidth="1.8" />
    </>
  ),
  car: (
    <>
      <path
        d="M11 41V31h9l6-10h13l6 10h8v10z"
        fill={RED}
        stroke={RED}
        strokeWidth="4"
        strokeLinejoin="round"
      />
      <path d="M25 30l3.5-6h3v6zM34.5 24h3l3.5 6h-6.5z" fill="#c9e9fc" />
      <circle cx="51.5" cy="34" r="2" fill={YELLOW} />
      <circle cx="21" cy="42" r="6" fill={INK} />
      <circle cx="43" cy="42" r="6" fill={INK} />
      <circle cx="21" cy="42" r="2.4" fill="#fff" />
      <circle cx="43" cy="42" r="2.4" fill="#fff" />
    </>
  ),
  balloon: (
    <>
      <path d="M32 42c-3 4 3 8 0 13" {...line} stroke={INK} strokeWidth="1.8" />
      <polygon points="29.5,43 34.5,43 32,39" fill={RED} stroke={RED} strokeLinejoin="round" />
      <ellipse cx="32" cy="26" rx="13.5" ry="15.5" fill={RED} />
      <ellipse
        cx="26"
        cy="20"
        rx="2.6"
        ry="4.5"
        fill="#fff"
        opacity="0.7"
        transform="rotate(25 26 20)"
      />
    </>
  ),
  cake: (
    <>
      <rect x="10" y="49" width="44" height="4.5" rx="2.25" fill={BLUE} />
      <rect x="14" y="30" width="36" height="20" rx="4" fill={BROWN} />
      <rect x="14" y="43" width="36" height="3" fill={YELLOW} />
      <path
        d="M14 37v-3a4 4 0 0 1 4-4h28a4 4 0 0 1 4 4v3a3 3 0 0 1-6 0 3 3 0 0 1-6 0 3 3 0 0 1-6 0 3 3 0 0 1-6 0 3 3 0 0 1-6 0 3 3 0 0 1-6 0z"
        fill={PINK}
      />
      <rect x="30" y="18" width="4" height="12" rx="1" fill={VIOLET} />
      <path d="M32 9c2.5 3 3.5 5.5 0 7.5-3.5-2-2.5-4.5 0-7.5z" fill={ORANGE} />
    </>
  ),
  moon: (
    <>
      <path d="M38 11a22 22 0 1 0 0 42 25 25 0 0 1 0-42z" fill={YELLOW} />
      <path d="M14.5 27q3 2.5 6 0" {...line} stroke={INK} strokeWidth="2" />
      <circle cx="15.5" cy="34.5" r="2.6" fill={PINK} opacity="0.5" />
      <path d="M16.5 39.5q3 2 6-1" {...line} stroke={INK} strokeWidth="2" />
      <path
        d="M47 15l1.5 3.5 3.5 1.5-3.5 1.5-1.5 3.5-1.5-3.5-3.5-1.5 3.5-1.5z"
        fill={VIOLET}
        stroke={VIOLET}
        strokeLinejoin="round"
      />
      <path
        d="M47 36l1 2.5 2.5 1-2.5 1-1 2.5-1-2.5-2.5-1 2.5-1z"
        fill={BLUE}
        stroke={BLUE}
        strokeLinejoin="round"
      />
    </>
  ),
  tree: (
    <>
      <rect x="28" y="45" width="8" height="10" rx="1.5" fill={BROWN} />
      <polygon
        points="32,29 13,47 51,47"
        fill={GREEN}
        stroke={GREEN}
        strokeWidth="3"
        strokeLinejoin="round"
      />
      <polygon
        points="32,21 17,37 47,37"
        fill={GREEN}
        stroke={GREEN}
        strokeWidth="3"
        strokeLinejoin="round"
      />
      <polygon
        points="32,13 21,27 43,27"
        fill={GREEN}
        stroke={GREEN}
        strokeWidth="3"
        strokeLinejoin="round"
      />
      <polygon
        points="32,5.5 33.5,9 37.2,9.3 34.4,11.7 35.3,15.3 32,13.3 28.7,15.3 29.6,11.7 26.8,9.3 30.5,9"
        fill={YELLOW}
        stroke={YELLOW}
        strokeLinejoin="round"
      />
      <circle cx="28" cy="31" r="2.2" fill={RED} />
      <circle cx="37" cy="40" r="2.2" fill={BLUE} />
      <circle cx="24" cy="43" r="2.2" fill={YELLOW} />
      <circle cx="41" cy="44" r="2.2" fill={PINK} />
    </>
  ),
  boat: (
    <>
      <path d="M32 11v29" {...line} stroke={BROWN} strokeWidth="2.5" />
      <path
        d="M34 14l14 22H34z"
        fill={YELLOW}
        stroke={YELLOW}
        strokeWidth="2"
        strokeLinejoin="round"
      />
      <path d="M30 18L18 36h12z" fill={PINK} stroke={PINK} strokeWidth="2" strokeLinejoin="round" />
      <path d="M33 11l6 2.5-6 2.5z" fill={RED} />
      <path
        d="M12 40h40l-6 10H18z"
        fill={RED}
        stroke={RED}
        strokeWidth="2.5"
        strokeLinejoin="round"
      />
      <circle cx="25" cy="45" r="2" fill="#fff" />
      <circle cx="32" cy="45" r="2" fill="#fff" />
      <circle cx="39" cy="45" r="2" fill="#fff" />
      <path
        d="M14 55c3-2.5 6-2.5 9 0s6 2.5 9 0 6-2.5 9 0 6 2.5 9 0"
        {...line}
        stroke={BLUE}
        strokeWidth="3"
      />
    </>
  ),
  kite: (
    <>
      <path d="M37 43c-2 4-8 3-10 7s-5 6-9 5" {...line} stroke={INK} strokeWidth="1.8" />
      <polygon points="37,9 23,25 37,25" fill={PINK} />
      <polygon points="37,9 51,25 37,25" fill={YELLOW} />
      <polygon points="23,25 37,43 37,25" fill={BLUE} />
      <polygon points="51,25 37,43 37,25" fill={MINT} />
      <polygon
        points="37,9 51,25 37,43 23,25"
        fill="none"
        stroke={INK}
        strokeWidth="2"
        strokeLinejoin="round"
      />
      <path d="M24 47v7l4-3.5zM32 47v7l-4-3.5z" fill={RED} strokeLinejoin="round" />
    </>
  ),
  heart: (
    <>
      <path
        d="M32 51C20 43 11 35 11 25c0-6.5 5-11.5 11-11.5 4 0 7.5 2 10 5.5 2.5-3.5 6-5.5 10-5.5 6 0 11 5 11 11.5 0 10-9 18-21 26z"
        fill={PINK}
      />
      <ellipse
        cx="20"
        cy="23"
        rx="2.6"
        ry="4.2"
        fill="#fff"
        opacity="0.7"
        transform="rotate(35 20 23)"
      />
      <circle cx="26.5" cy="30" r="2.2" fill={INK} />
      <circle cx="37.5" cy="30" r="2.2" fill={INK} />
      <path d="M28.5 35q3.5 3 7 0" {...line} stroke={INK} strokeWidth="2" />
    </>
  ),
};
