// What production refuses to start without: every sandbox is off there, and no demo value may pass.
import { DEMO, isTrue, type Env } from './config-env';

const MIN_PRODUCTION_ADMIN_PASSWORD = 12;

/** In production every sandbox is off, so everything a sandbox would have stood in for must be given. */
export function productionProblems(env: Env): string[] {
  const problems: string[] = [];
  const need = (name: keyof Env, why: string) => {
    if (env[name] === undefined) problems.push(`${name} is required in production (${why})`);
  };
  need('DATABASE_URL', 'the embedded database is for the demo; use PostgreSQL');
  need('PUBLIC_URL', 'links in mail and payment return URLs must point at the real site');
  need('SMTP_URL', 'the mail outbox sandbox is off in production');
  need('MAIL_FROM', 'the sender of the school’s mail');
  need('SBERBANK_API_URL', 'the payment sandbox is off in production');
  need('SBERBANK_USERNAME', 'merchant credentials');
  need('SBERBANK_PASSWORD', 'merchant credentials');
  need('SBERBANK_CALLBACK_KEY', 'checksum key of the gateway callbacks');
  need('VK_CLIENT_ID', 'the VK ID sandbox is off in production');
  need('VK_CLIENT_SECRET', 'the VK ID sandbox is off in production');
  need('ADMIN_EMAIL', 'the first administrator');
  need('ADMIN_PASSWORD', 'the first administrator');
  need('SUPPORT_EMAIL', 'where support requests are mailed');
  // Where the client's address comes from decides what every per-address limit counts: in production
  // the operator says it rather than the server guessing.
  need(
    'TRUST_PROXY',
    'the load balancer’s addresses/CIDRs or its hop count, or none when clients connect directly',
  );
  // The bucket's keys sign every link and the videos travel to parents' pages: never over plain http.
  if (env.S3_ENDPOINT !== undefined && !env.S3_ENDPOINT.toLowerCase().startsWith('https:')) {
    problems.push('S3_ENDPOINT must be an https:// address in production');
  }
  // Local video links must outlive a restart and be honoured by every instance; a bucket signs its own.
  if (env.S3_BUCKET === undefined) {
    need(
      'MEDIA_SIGNING_SECRET',
      'the key of the video links, shared by every instance (or use S3_*)',
    );
  }
  if (isTrue(env.FB_ENABLED)) {
    need('FB_CLIENT_ID', 'FB_ENABLED is on and the Facebook sandbox is off in production');
    need('FB_CLIENT_SECRET', 'FB_ENABLED is on and the Facebook sandbox is off in production');
  }
  // Sessions, passwords and the Secure cookies travel only over https on a real site.
  if (env.PUBLIC_URL !== undefined && !env.PUBLIC_URL.toLowerCase().startsWith('https:')) {
    problems.push('PUBLIC_URL must be an https:// address in production');
  }
  const password = env.ADMIN_PASSWORD;
  if (password !== undefined) {
    if (password === DEMO.adminPassword) {
      problems.push('ADMIN_PASSWORD must not be the demo password in production');
    } else if (password.length < MIN_PRODUCTION_ADMIN_PASSWORD) {
      problems.push(
        `ADMIN_PASSWORD must be at least ${MIN_PRODUCTION_ADMIN_PASSWORD} characters in production`,
      );
    }
  }
  const demoValues: [keyof Env, string][] = [
    ['SBERBANK_USERNAME', DEMO.sberbankUsername],
    ['SBERBANK_PASSWORD', DEMO.sberbankPassword],
    ['SBERBANK_CALLBACK_KEY', DEMO.sberbankCallbackKey],
    // The sandbox providers' values are public: a real provider never issues them, and a callback or
    // a signed_request checked with them proves nothing.
    ['VK_CLIENT_ID', DEMO.vkClientId],
    ['VK_CLIENT_SECRET', DEMO.vkClientSecret],
    ['FB_CLIENT_ID', DEMO.fbClientId],
    ['FB_CLIENT_SECRET', DEMO.fbClientSecret],
  ];
  for (const [name, demo] of demoValues) {
    if (env[name] === demo) problems.push(`${name} must not be the sandbox value in production`);
  }
  return problems;
}
