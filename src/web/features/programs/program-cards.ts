import type { AdditionalProgramItem } from '@contract/api/catalog';

export interface ProgramOffer {
  /** additionalProgramItem id: what a purchase names. */
  id: number;
  amount_children: number;
  /** Kopecks. */
  price: number;
}

/** One card of the additional programs page: a program and its offers by number of children. */
export interface ProgramCard {
  key: string;
  title: string;
  description: string;
  icon: string;
  locked: boolean;
  /** Ascending by number of children; empty for the static fallback. */
  offers: ProgramOffer[];
}

/** Offers of one program arrive as separate items; the page shows one card per program. */
export function toProgramCards(items: AdditionalProgramItem[]): ProgramCard[] {
  const cards = new Map<number, ProgramCard>();
  for (const item of items) {
    let card = cards.get(item.additional_program_id);
    if (!card) {
      card = {
        key: item.program.slug,
        title: item.program.title,
        description: item.program.description,
        icon: item.program.icon,
        locked: item.program.locked,
        offers: [],
      };
      cards.set(item.additional_program_id, card);
    }
    card.offers.push({ id: item.id, amount_children: item.amount_children, price: item.price });
  }
  const list = [...cards.values()];
  for (const card of list) card.offers.sort((a, b) => a.amount_children - b.amount_children);
  // Programs on sale first; the locked ones («Скоро») close the list.
  return list.sort((a, b) => Number(a.locked) - Number(b.locked));
}

/** The lowest price of a card: «от 1 490 ₽». */
export function lowestPrice(card: ProgramCard): number | null {
  return card.offers.reduce<number | null>(
    (min, offer) => (min === null || offer.price < min ? offer.price : min),
    null,
  );
}

/** docs/PRODUCT.md «Product rules»: shown when the catalogue call fails, so the page is never empty. */
export const FALLBACK_PROGRAMS: ProgramCard[] = [
  {
    key: 'english',
    title: 'Английский для малышей',
    description:
      'Песенки, игры и мультфильмы на английском: первые слова и фразы без зубрёжки и оценок.',
    icon: 'english',
    locked: false,
    offers: [],
  },
  {
    key: 'origami',
    title: 'Оригами',
    description:
      'Кораблики, зверята и открытки из бумаги: каждый шаг крупным планом, в темпе ребёнка.',
    icon: 'origami',
    locked: false,
    offers: [],
  },
  {
    key: 'road-alphabet',
    title: 'Дорожная азбука',
    description:
      'Правила дорожного движения в историях с героями: светофор, знаки, переход через дорогу.',
    icon: 'road',
    locked: true,
    offers: [],
  },
  {
    key: 'other',
    title: 'Другие программы',
    description: 'Творчество, логика и развитие речи\u00a0— новые курсы появляются регулярно.',
    icon: 'other',
    locked: false,
    offers: [],
  },
];
