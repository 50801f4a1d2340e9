import type { ReactElement } from 'react';
import type { StickerSlug } from '@contract/api/stickers';
import { ANIMAL_STICKERS } from './sticker-animals';
import { THING_STICKERS } from './sticker-things';

/** The soft coloured rim of each sticker's white base: a light tint of the picture's own colour. */
const RIM: Record<StickerSlug, string> = {
  sun: '#ffe7a3',
  star: '#ffe7a3',
  rainbow: '#d9d0ff',
  apple: '#ffc9ca',
  bear: '#ecd9c8',
  fox: '#ffd8bd',
  owl: '#d9d0ff',
  cat: '#ffe7a3',
  rocket: '#c9e9fc',
  flower: '#ffcfe3',
  fish: '#ffd8bd',
  butterfly: '#ffcfe3',
  car: '#ffc9ca',
  balloon: '#ffc9ca',
  cake: '#ffcfe3',
  ladybug: '#ffc9ca',
  moon: '#d9d0ff',
  tree: '#cdeed2',
  whale: '#c9e9fc',
  snail: '#bff0e5',
  turtle: '#cdeed2',
  boat: '#c9e9fc',
  kite: '#d9d0ff',
  heart: '#ffcfe3',
};

const ART: Record<StickerSlug, ReactElement> = { ...ANIMAL_STICKERS, ...THING_STICKERS };

/**
 * The pictures of a child's sticker album, one per finished lesson. They are drawn here as inline SVG
 * so the album makes no image requests, stays crisp at any size and works offline. No ids inside,
 * so the same sticker can appear twice on a page.
 */
export function StickerArt({
  slug,
  size = 64,
  label,
}: {
  slug: StickerSlug;
  size?: number;
  /** Said for the picture where it is the content (the album); without it the picture is decoration. */
  label?: string;
}) {
  const named = label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true };
  return (
    <svg viewBox="0 0 64 64" width={size} height={size} focusable="false" {...named}>
      <circle cx="32" cy="32" r="30" fill="#fff" stroke={RIM[slug]} strokeWidth="3" />
      {ART[slug]}
    </svg>
  );
}
