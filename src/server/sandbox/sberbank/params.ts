// register.do's parameters that need more than a length check: kopecks, URLs, and the two JSON strings
// (jsonParams, orderBundle). Each check gives the value or a Russian reason for errorCode 4, never throws.

export type Checked<T> = { ok: true; value: T } | { ok: false; message: string };

const ok = <T>(value: T): Checked<T> => ({ ok: true, value });
const fail = (message: string): Checked<never> => ({ ok: false, message });

/** The database keeps amounts in a 32-bit integer. */
const MAX_KOPECKS = 2_147_483_647;

/** A positive whole number of kopecks written as digits; null otherwise. */
export function kopecks(value: string): number | null {
  if (!/^\d{1,10}$/.test(value)) return null;
  const n = Number(value);
  return n > 0 && n <= MAX_KOPECKS ? n : null;
}

/** An absolute http(s) address the browser can be sent to. */
export function isBrowserUrl(value: string): boolean {
  if (value.length > 2048) return false;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

function parseJson(raw: string): unknown {
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return undefined;
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** jsonParams: a flat object; numbers and booleans become text, as the bank keeps them. */
export function checkJsonParams(raw: string): Checked<Record<string, string>> {
  const parsed = parseJson(raw);
  if (!isRecord(parsed)) return fail('jsonParams должен быть JSON-объектом');
  const entries = Object.entries(parsed);
  if (entries.length > 50) return fail('В jsonParams больше 50 параметров');
  const out: [string, string][] = [];
  for (const [name, value] of entries) {
    if (name === '' || name.length > 255) return fail('Неверное имя параметра в jsonParams');
    if (typeof value === 'string') out.push([name, value]);
    else if (typeof value === 'number' || typeof value === 'boolean')
      out.push([name, String(value)]);
    else return fail(`Параметр jsonParams «${name.slice(0, 40)}» должен быть строкой`);
  }
  return ok(Object.fromEntries(out));
}

const wholeNumber = (value: unknown): number | null => {
  const n = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
  return typeof n === 'number' && Number.isSafeInteger(n) && n >= 0 ? n : null;
};

const positiveNumber = (value: unknown): number | null => {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) && n > 0 ? n : null;
};

const text = (value: unknown, max: number): string | null =>
  typeof value === 'string' && value.trim() !== '' && value.length <= max ? value : null;

/** One receipt line; the reason names the line so the school can find it. */
function checkItem(item: unknown, index: number): Checked<number> {
  const where = `orderBundle: позиция ${index + 1}`;
  if (!isRecord(item)) return fail(`${where} — не объект`);
  if (wholeNumber(item.positionId) === null) return fail(`${where}: неверный positionId`);
  if (text(item.name, 100) === null) return fail(`${where}: пустое или слишком длинное name`);
  const quantity = isRecord(item.quantity) ? item.quantity : {};
  const count = positiveNumber(quantity.value);
  if (count === null || text(quantity.measure, 20) === null) {
    return fail(`${where}: quantity должно быть {value, measure} с value больше нуля`);
  }
  const itemAmount = wholeNumber(item.itemAmount);
  if (itemAmount === null) return fail(`${where}: itemAmount — целое число копеек`);
  if (item.itemPrice !== undefined) {
    const itemPrice = wholeNumber(item.itemPrice);
    if (itemPrice === null) return fail(`${where}: itemPrice — целое число копеек`);
    if (Math.round(itemPrice * count) !== itemAmount) {
      return fail(`${where}: itemAmount (${itemAmount}) не равен itemPrice × quantity`);
    }
  }
  if (text(item.itemCode, 100) === null) return fail(`${where}: пустой itemCode`);
  if (item.tax !== undefined) {
    const taxType = isRecord(item.tax) ? wholeNumber(item.tax.taxType) : null;
    if (taxType === null || taxType > 10) return fail(`${where}: неверный tax.taxType`);
  }
  return ok(itemAmount);
}

/** orderBundle (the 54-FZ receipt): well-formed lines whose itemAmount add up to the order's amount. */
export function checkOrderBundle(raw: string, amount: number): Checked<Record<string, unknown>> {
  const bundle = parseJson(raw);
  if (!isRecord(bundle)) return fail('orderBundle должен быть JSON-объектом');
  const items = isRecord(bundle.cartItems) ? bundle.cartItems.items : undefined;
  if (!Array.isArray(items) || items.length === 0) {
    return fail('В orderBundle нет позиций (cartItems.items)');
  }
  if (items.length > 100) return fail('В orderBundle больше 100 позиций');
  let total = 0;
  for (const [index, item] of items.entries()) {
    const line = checkItem(item, index);
    if (!line.ok) return line;
    total += line.value;
  }
  if (total !== amount) {
    return fail(
      `Сумма позиций orderBundle (${total} коп.) не совпадает с суммой заказа (${amount} коп.)`,
    );
  }
  return ok(bundle);
}
