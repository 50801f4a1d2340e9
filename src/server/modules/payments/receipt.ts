// The 54-FZ receipt lines sent with an order (orderBundle): one per purchase line, the promo discount
// spread over them so that the lines add up to the amount charged, to the kopeck.
import type { PurchaseLine, PurchaseType } from '../../db/schema/index';
import type { ReceiptItem, RegisterOrderInput } from '../../integrations/sberbank/client';

/**
 * VAT: education services for children are exempt (НК РФ ст. 149), so lines go "без НДС" (taxType 0), and the
 * school's tax system is УСН «доходы» (taxSystem 1). Both are the merchant's facts, set here in one place.
 */
export const RECEIPT_TAX_TYPE = 0;
export const RECEIPT_TAX_SYSTEM = 1;

export function receiptItems(
  type: PurchaseType,
  lines: readonly PurchaseLine[],
  discount: number,
): ReceiptItem[] {
  const amount = lines.reduce((sum, line) => sum + line.price * line.quantity, 0);
  let left = discount;
  return lines.map((line, index) => {
    const lineAmount = line.price * line.quantity;
    const last = index === lines.length - 1;
    const share = last ? left : Math.floor((discount * lineAmount) / Math.max(1, amount));
    left -= share;
    const itemAmount = lineAmount - share;
    return {
      positionId: index + 1,
      name: line.name.slice(0, 100),
      quantity: { value: line.quantity, measure: 'шт' },
      itemPrice: Math.round(itemAmount / line.quantity),
      itemAmount,
      itemCode: `${type}-${line.ref_id ?? 0}`,
      tax: { taxType: RECEIPT_TAX_TYPE },
    };
  });
}

export function orderBundle(
  type: PurchaseType,
  lines: readonly PurchaseLine[],
  discount: number,
  email: string,
): NonNullable<RegisterOrderInput['orderBundle']> {
  return {
    customerDetails: { email },
    cartItems: { items: receiptItems(type, lines, discount) },
  };
}
