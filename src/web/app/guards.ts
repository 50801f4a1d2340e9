import { redirect, type LoaderFunctionArgs } from 'react-router';
import { exchangeUsertoken } from '../api/auth';
import { isLoggedIn } from '../api/session';
import { isLandingModal, pathTo, type RouteName } from '../lib/routes';
import { readStorage, STORAGE_KEYS } from '../lib/storage-keys';
import { clearPayAfter, readPayAfter } from '../features/checkout/pay-after';
import {
  CODE_PARAM,
  codeQuery,
  pendingCertificateCode,
  rememberCertificateCode,
} from '../features/gifts/certificate-code';

export const USERTOKEN_PARAM = 'usertoken';

// One exchange per code: the code is single-use, and several loaders of one navigation may ask at once.
const exchanges = new Map<string, Promise<void>>();

function exchangeOnce(code: string): Promise<void> {
  let pending = exchanges.get(code);
  if (!pending) {
    // A failed exchange leaves the visitor as they were; the error modal has told them why.
    pending = exchangeUsertoken(code).catch(() => undefined);
    exchanges.set(code, pending);
  }
  return pending;
}

/**
 * Waits for a social sign-in code in the URL, if any, to become a login token. A parent already logged in
 * stays who they are: the code is not exchanged, so an address pushed at this browser cannot switch it to
 * another account.
 */
export async function settleAuth(request: Request): Promise<void> {
  const code = new URL(request.url).searchParams.get(USERTOKEN_PARAM);
  if (code && !isLoggedIn()) await exchangeOnce(code);
}

/**
 * Root loader. docs/ARCHITECTURE.md: `?usertoken=` is a one-time code; it is exchanged for a token (unless a
 * parent is logged in already), and the navigation proceeds to the same address without it (so it never
 * stays in history or gets shared).
 */
let opened = false;

export async function rootLoader({ request }: LoaderFunctionArgs) {
  // docs/PRODUCT.md «Product rules»: a choice kept from an earlier visit is dropped when the page opens without a login; within
  // this visit a guest's choice waits for the registration it leads to.
  if (!opened) {
    opened = true;
    if (!isLoggedIn() && !new URL(request.url).searchParams.has(USERTOKEN_PARAM)) clearPayAfter();
  }
  const url = new URL(request.url);
  if (!url.searchParams.has(USERTOKEN_PARAM)) return null;
  await settleAuth(request);
  url.searchParams.delete(USERTOKEN_PARAM);
  throw redirect(`${url.pathname}${url.search}${url.hash}`);
}

/** docs/PRODUCT.md «Screens and routes» auth guard: a logged-in parent proceeds, anyone else goes to the landing. */
export async function requireLogin({ request }: LoaderFunctionArgs) {
  await settleAuth(request);
  if (!isLoggedIn()) throw redirect(pathTo('index'));
  return null;
}

/**
 * A logged-in parent is sent elsewhere (subscribe → tariffs, subscribe-gift → gift, certificate → activation).
 * `keepCode`: a gift certificate's `?code=` goes along, so the activation form is filled in.
 */
export function redirectLoggedIn(to: RouteName, { keepCode = false }: { keepCode?: boolean } = {}) {
  return async ({ request }: LoaderFunctionArgs) => {
    await settleAuth(request);
    if (!isLoggedIn()) return null;
    const code = keepCode ? new URL(request.url).searchParams.get(CODE_PARAM) : null;
    throw redirect(pathTo(to, undefined, codeQuery(code)));
  };
}

/** A plain redirect, e.g. a section to its first child. */
export function redirectTo(to: RouteName, params?: Record<string, string>) {
  return () => redirect(pathTo(to, params));
}

/**
 * `/personal`: the profile, unless a choice made before registering waits to be paid (docs/PRODUCT.md «Product rules»
 * pay_after) — then the page where it is paid.
 */
export function personalIndexLoader() {
  const waiting = readPayAfter();
  throw redirect(pathTo(waiting ? (waiting.kind === 'gift' ? 'gift' : 'tariffs') : 'profile'));
}

/**
 * `/gift`: a logged-in parent activates a certificate; a guest registers first. The mail's `?code=` goes
 * along and is remembered for the tab, so it survives the register or login modal.
 */
export async function certificateLoader({ request }: LoaderFunctionArgs) {
  await settleAuth(request);
  const code = pendingCertificateCode(new URL(request.url).search);
  rememberCertificateCode(code);
  const to = isLoggedIn() ? 'activate-certificate' : 'certificate-register';
  throw redirect(pathTo(to, undefined, codeQuery(code)));
}

/**
 * `/:modal?`: only the six values docs/PRODUCT.md «Screens and routes» lists open a modal, anything else is a 404. While a chosen
 * subscription waits to be paid (pay_after), a logged-in parent is sent to the personal area (docs/PRODUCT.md «Product rules»).
 */
export async function indexLoader({ request, params }: LoaderFunctionArgs) {
  if (params.modal !== undefined && !isLandingModal(params.modal)) {
    throw redirect(pathTo('not-found-error'));
  }
  await settleAuth(request);
  if (params.modal === undefined && isLoggedIn() && readStorage(STORAGE_KEYS.payAfter)) {
    // A gift waiting to be paid is paid where gifts are bought.
    throw redirect(pathTo(readPayAfter()?.kind === 'gift' ? 'gift' : 'personal'));
  }
  return null;
}
