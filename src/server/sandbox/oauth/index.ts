// The OAuth sandbox providers of the demo (docs/ARCHITECTURE.md): VK ID at /sandbox/oauth/vk, Facebook at
// /sandbox/oauth/fb, test people's avatars at /sandbox/oauth/avatars. Register with the prefix
// '/sandbox/oauth', and only when config.sandboxes.
import type { FastifyPluginAsync } from 'fastify';
import type { ModuleDeps } from '../../deps';
import { errorBody } from '../../plugins/errors';
import { acceptForms } from '../../shared/form';
import { providerPage, sandboxListPage, sendPage } from '../index-pages';
import { facebookSandbox } from './fb';
import { avatarSvg, findPerson } from './people';
import { vkIdSandbox } from './vk';

export function oauthSandbox(
  deps: Pick<ModuleDeps, 'db' | 'clock' | 'config'>,
): FastifyPluginAsync {
  return async (app) => {
    // Stand-ins for outside services, not our API: kept out of the OpenAPI document.
    app.addHook('onRoute', (route) => {
      route.schema = { ...route.schema, hide: true };
    });
    acceptForms(app);
    await app.register(vkIdSandbox(deps), { prefix: '/vk' });
    await app.register(facebookSandbox(deps), { prefix: '/fb' });
    // Opened directly, each provider and the folder explain themselves instead of a 404.
    app.get('/', async (_request, reply) => sendPage(reply, sandboxListPage(deps.config)));
    app.get('/vk', async (_request, reply) => sendPage(reply, providerPage('vk', deps.config)));
    if (deps.config.fb.enabled) {
      app.get('/fb', async (_request, reply) => sendPage(reply, providerPage('fb', deps.config)));
    }
    app.get('/avatars/:file', async (request, reply) => {
      const { file } = request.params as { file: string };
      const person = findPerson(file.replace(/\.svg$/, ''));
      if (!person) return reply.status(404).send(errorBody(404, 'Нет такого аватара'));
      return reply
        .type('image/svg+xml')
        .header('cache-control', 'public, max-age=86400')
        .send(avatarSvg(person));
    });
  };
}
