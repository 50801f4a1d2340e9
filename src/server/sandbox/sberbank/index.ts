// The sandbox of Sberbank internet acquiring (classic REST API) for the demo: the REST methods at
// /sandbox/sberbank/payment/rest/<method>.do, the hosted payment page of formUrl, the 3-D Secure page, and
// callbacks to the school. The production client (integrations/sberbank/client.ts) talks to it unchanged.
// Register with the prefix '/sandbox/sberbank', and only when config.sandboxes.
import type { FastifyPluginAsync } from 'fastify';
import type { ModuleDeps } from '../../deps';
import { acceptForms } from '../../shared/form';
import { sendPage } from '../index-pages';
import { sberbankSandboxPage } from './about-page';
import { createNotifier } from './callbacks';
import type { SberbankSandboxOptions } from './options';
import type { Gateway } from './orders';
import { registerPaymentPages } from './pages';
import { SANDBOX_PREFIX } from './paths';
import { registerRestMethods } from './rest';

/** orderBundle travels inside the form; a receipt of many lines is larger than the OAuth forms. */
const FORM_LIMIT = 65_536;

export function sberbankSandbox(
  deps: Pick<ModuleDeps, 'db' | 'clock' | 'config'> & { options?: SberbankSandboxOptions },
): FastifyPluginAsync {
  const { db, clock, config, options = {} } = deps;
  return async (app) => {
    // A stand-in for an outside service, not our API: kept out of the OpenAPI document.
    app.addHook('onRoute', (route) => {
      route.schema = { ...route.schema, hide: true };
    });
    acceptForms(app, FORM_LIMIT);
    const gw: Gateway = {
      db,
      clock,
      base: `${config.publicUrl}${SANDBOX_PREFIX}`,
      notify: createNotifier({
        publicUrl: config.publicUrl,
        callbackKey: config.sberbank.callbackKey,
        log: app.log,
        callbacks: options.callbacks,
      }),
      hangMs: Math.max(0, options.timeoutCardHangMs ?? 0),
    };
    registerRestMethods(app, gw, config.sberbank);
    registerPaymentPages(app, gw);
    app.get('/', async (_request, reply) => sendPage(reply, sberbankSandboxPage(config)));
  };
}
