// The files under deploy/ that docs/OPERATIONS.md tells an operator to install are valid for the programs
// that read them (Debian 12's HAProxy, nginx and systemd), with a throwaway certificate in place of theirs.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { localHaproxyConfig } from '../../scripts/drill/haproxy';

const ROOT = join(__dirname, '..', '..');
const dir = mkdtempSync(join(tmpdir(), 'school-deploy-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const key = join(dir, 'privkey.pem');
const cert = join(dir, 'fullchain.pem');
execFileSync(
  'openssl',
  [
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-days',
    '1',
    '-subj',
    '/CN=school.example.ru',
    '-keyout',
    key,
    '-out',
    cert,
  ],
  { stdio: 'ignore' },
);

const deployed = (path: string) => readFileSync(join(ROOT, 'deploy', path), 'utf8');
const check = (command: string, args: string[]) =>
  execFileSync(command, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });

describe('deploy/', () => {
  it('haproxy.cfg passes haproxy -c', () => {
    const bundle = join(dir, 'school.pem');
    writeFileSync(bundle, readFileSync(cert, 'utf8') + readFileSync(key, 'utf8'));
    const cfg = join(dir, 'haproxy.cfg');
    writeFileSync(cfg, localHaproxyConfig({ certificate: bundle }));
    expect(check('haproxy', ['-c', '-f', cfg])).toContain('Configuration file is valid');
  });

  it('the nginx site passes nginx -t', () => {
    const site = join(dir, 'school.conf');
    writeFileSync(
      site,
      deployed('nginx/school.conf').replaceAll('/etc/letsencrypt/live/school.example.ru', dir),
    );
    const main = join(dir, 'nginx.conf');
    writeFileSync(main, `pid ${join(dir, 'nginx.pid')};\nevents {}\nhttp { include ${site}; }\n`);
    // nginx -t reports on stderr; a failure throws with it.
    execFileSync('nginx', ['-t', '-c', main, '-e', join(dir, 'error.log')], { stdio: 'ignore' });
  });

  it('the systemd units pass systemd-analyze verify', () => {
    const units = ['school.service', 'school-backup.service', 'school-backup.timer'].map((unit) =>
      join(ROOT, 'deploy', 'systemd', unit),
    );
    const run = spawnSync('systemd-analyze', ['verify', ...units], { encoding: 'utf8' });
    expect(run.status).toBe(0);
    expect(run.stderr + run.stdout).toBe('');
  });

  it('env.example names every variable production requires', () => {
    const example = deployed('env.example');
    const source = readFileSync(join(ROOT, 'src', 'server', 'config-production.ts'), 'utf8');
    // Facebook's pair is needed only with FB_ENABLED, which the example leaves off.
    const required = [...source.matchAll(/need\('([A-Z_]+)'/g)]
      .map((m) => m[1] ?? '')
      .filter((name) => !name.startsWith('FB_'));
    expect(required.length).toBeGreaterThan(10);
    for (const name of [...required, 'TRUST_PROXY', 'MEDIA_SIGNING_SECRET', 'METRICS_TOKEN']) {
      expect(example).toMatch(new RegExp(`^${name}=`, 'm'));
    }
  });
});
