// The stickers of a child's album: one for every finished lesson, in the order they were finished
// (docs/PRODUCT.md «A child's own screen»). Plain values, free of zod: the video page imports them.
export const STICKERS = [
  'sun',
  'star',
  'rainbow',
  'apple',
  'bear',
  'fox',
  'owl',
  'cat',
  'rocket',
  'flower',
  'fish',
  'butterfly',
  'car',
  'balloon',
  'cake',
  'ladybug',
  'moon',
  'tree',
  'whale',
  'snail',
  'turtle',
  'boat',
  'kite',
  'heart',
] as const;
export type StickerSlug = (typeof STICKERS)[number];

/** What a grown-up (or a screen reader) hears for each sticker. */
export const STICKER_NAMES: Record<StickerSlug, string> = {
  sun: 'Солнышко',
  star: 'Звёздочка',
  rainbow: 'Радуга',
  apple: 'Яблоко',
  bear: 'Мишка',
  fox: 'Лисичка',
  owl: 'Совёнок',
  cat: 'Котик',
  rocket: 'Ракета',
  flower: 'Цветок',
  fish: 'Рыбка',
  butterfly: 'Бабочка',
  car: 'Машинка',
  balloon: 'Воздушный шарик',
  cake: 'Тортик',
  ladybug: 'Божья коровка',
  moon: 'Месяц',
  tree: 'Ёлочка',
  whale: 'Кит',
  snail: 'Улитка',
  turtle: 'Черепаха',
  boat: 'Кораблик',
  kite: 'Воздушный змей',
  heart: 'Сердечко',
};

/** The sticker of the n-th finished lesson (0-based): the set goes round again after the last. */
export const stickerOf = (index: number): StickerSlug =>
  STICKERS[index % STICKERS.length] ?? 'star';

/** An album page holds this many places: a child sees how many are filled and how many wait. */
export const ALBUM_PAGE = 12;
