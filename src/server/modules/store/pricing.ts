// What each thing the store sells costs, read from the catalogue at the moment of purchase: the lines
// of a purchase are fixed then, so a later price change never touches a purchase already made.
import { eq } from 'drizzle-orm';
import { pluralize } from '@contract/plural';
import { CHILD_SLOT_PRICE } from '@contract/api/store-values';
import type { Database } from '../../db/client';
import {
  additionalProgramOffers,
  additionalPrograms,
  tariffs,
  type PurchaseLine,
  type PurchaseType,
} from '../../db/schema/index';
import { invalidField } from '../../plugins/errors';

export const TARIFF_NOT_FOR_SALE = 'Этот тариф сейчас не продаётся — выберите другой';
export const OFFER_NOT_FOR_SALE = 'Эта программа сейчас не продаётся';

/** "для 1 ребёнка", "для 2 детей": the genitive a receipt line needs. */
const FOR_CHILDREN = { one: 'ребёнка', few: 'детей', many: 'детей' };
const forChildrenText = (n: number) => `для ${pluralize(n, FOR_CHILDREN)}`;

export interface PricedItem {
  lines: PurchaseLine[];
  tariffId: number | null;
  /** How many children the thing is for (tariff or offer); null when it does not say. */
  amountChildren: number | null;
}

async function tariffLine(
  db: Database,
  id: number | undefined,
  kind: 'subscription' | 'gift',
): Promise<PricedItem> {
  const [tariff] =
    id === undefined ? [] : await db.select().from(tariffs).where(eq(tariffs.id, id));
  if (!tariff || !tariff.isActive || tariff.kind !== kind || tariff.isFree || tariff.price <= 0) {
    throw invalidField('ids', TARIFF_NOT_FOR_SALE);
  }
  return {
    lines: [
      {
        ref_id: tariff.id,
        name: tariff.title,
        quantity: 1,
        price: tariff.price,
      },
    ],
    tariffId: tariff.id,
    amountChildren: tariff.amountChildren,
  };
}

async function offerLine(db: Database, id: number | undefined): Promise<PricedItem> {
  const [row] =
    id === undefined
      ? []
      : await db
          .select({ offer: additionalProgramOffers, program: additionalPrograms })
          .from(additionalProgramOffers)
          .innerJoin(
            additionalPrograms,
            eq(additionalPrograms.id, additionalProgramOffers.additionalProgramId),
          )
          .where(eq(additionalProgramOffers.id, id));
  if (
    !row ||
    !row.offer.isActive ||
    !row.program.isActive ||
    row.program.locked ||
    row.offer.price <= 0
  ) {
    throw invalidField('ids', OFFER_NOT_FOR_SALE);
  }
  return {
    lines: [
      {
        ref_id: row.offer.id,
        name: `Программа «${row.program.title}» ${forChildrenText(row.offer.amountChildren)}`,
        quantity: 1,
        price: row.offer.price,
      },
    ],
    tariffId: null,
    amountChildren: row.offer.amountChildren,
  };
}

/** The lines of a purchase of one type from the ids the parent chose (the catalogue decides prices). */
export async function priceItems(
  db: Database,
  type: Exclude<PurchaseType, 'weeks'>,
  ids: readonly number[],
): Promise<PricedItem> {
  switch (type) {
    case 'subscription':
    case 'gift':
      return tariffLine(db, ids[0], type);
    case 'additional-program':
      return offerLine(db, ids[0]);
    case 'child-slot':
      return {
        lines: [
          {
            ref_id: null,
            name: 'Место для ещё одного ребёнка',
            quantity: 1,
            price: CHILD_SLOT_PRICE,
          },
        ],
        tariffId: null,
        amountChildren: 1,
      };
  }
}

export const linesAmount = (lines: readonly PurchaseLine[]) =>
  lines.reduce((sum, line) => sum + line.price * line.quantity, 0);
