// The bank as this app is configured to reach it: the sandbox of the demo or SBERBANK_API_URL.
import type { Config } from '../../config';
import { createSberbankClient, type SberbankClient } from '../../integrations/sberbank/client';

const clients = new WeakMap<Config['sberbank'], SberbankClient>();

export function bankFor(config: Config): SberbankClient {
  let client = clients.get(config.sberbank);
  if (!client) {
    client = createSberbankClient({
      apiUrl: config.sberbank.apiUrl,
      username: config.sberbank.username,
      password: config.sberbank.password,
      timeoutMs: config.sberbank.timeoutMs,
    });
    clients.set(config.sberbank, client);
  }
  return client;
}
