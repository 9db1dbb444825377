/**
 * scripts/setup/install-test-packages.sh, the one installer every test runner asks for its Debian packages:
 * runs started side by side take turns (one apt-get at a time, nothing installed twice), a run's
 * children never try again, and what cannot be had stops the caller with the packages named. The
 * machine is played by commands on PATH in front of the real ones: `id` (root), `nginx` (its
 * `--modules-path` in a temporary folder) and `apt-get`, which logs each call and "installs" the
 * brotli_static module by writing its file there, as the real package does.
 */
import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const INSTALLER = resolve('scripts/setup/install-test-packages.sh');
const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A machine whose nginx lacks brotli_static; `aptWorks: false` plays a package apt-get cannot get. */
function machine({ aptWorks = true } = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'installer-'));
  dirs.push(dir);
  const bin = join(dir, 'bin');
  const modules = join(dir, 'modules');
  const log = join(dir, 'apt.log');
  mkdirSync(bin);
  mkdirSync(modules);
  const command = (name: string, body: string) => {
    writeFileSync(join(bin, name), `#!/usr/bin/env bash\n${body}\n`);
    chmodSync(join(bin, name), 0o755);
  };
  command('id', 'echo 0');
  command('nginx', `echo "configure arguments: --modules-path=${modules}" >&2`);
  // Each call logs its start and end; an install takes a moment, as a real one does, so that a run
  // started beside it would overlap it if nothing kept them apart.
  command(
    'apt-get',
    `echo "start $*" >> ${log}
case " $* " in
  *" install "*)
    sleep 0.3
    ${aptWorks ? `touch ${join(modules, 'ngx_http_brotli_static_module.so')}` : 'echo "E: Unable to locate package" >&2; echo "end $*" >> ' + log + '; exit 100'}
    ;;
esac
echo "end $*" >> ${log}`,
  );
  const env = {
    ...process.env,
    PATH: `${bin}:${process.env.PATH}`,
    PET_BALL_INSTALL_LOCK: join(dir, 'install.lock'),
    PET_BALL_PACKAGES_CHECKED: '',
  };
  const run = (extraEnv: Record<string, string> = {}) =>
    new Promise<{ code: number | null; stderr: string }>((done) => {
      const child = spawn('bash', [INSTALLER, 'nginx'], { env: { ...env, ...extraEnv } });
      let stderr = '';
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      child.on('close', (code) => done({ code, stderr }));
    });
  const aptCalls = () => (existsSync(log) ? readFileSync(log, 'utf8').trim().split('\n') : []);
  return { run, aptCalls };
}

describe('install-test-packages.sh', () => {
  it('installs what is missing in one apt-get run, and a run started beside it waits, then installs nothing', async () => {
    const { run, aptCalls } = machine();

    const [first, second] = await Promise.all([run(), run()]);

    expect([first.code, second.code]).toEqual([0, 0]);
    const calls = aptCalls();
    expect(calls.filter((call) => call.startsWith('start') && call.includes(' install '))).toHaveLength(1);
    expect(calls.filter((call) => call.startsWith('start') && call.includes('update'))).toHaveLength(1);
    // Never two at once: every start is followed by its own end.
    calls.forEach((call, index) => {
      if (call.startsWith('start')) expect(calls[index + 1]).toBe(call.replace(/^start/, 'end'));
    });
    expect(calls.at(-2)).toMatch(/install -y libnginx-mod-http-brotli-static$/);
  });

  it('stops with the missing package named when apt-get cannot get it', async () => {
    const { run, aptCalls } = machine({ aptWorks: false });

    const { code, stderr } = await run();

    expect(code).toBe(1);
    expect(stderr).toContain('sudo apt-get install libnginx-mod-http-brotli-static');
    expect(aptCalls().filter((call) => call.startsWith('start') && call.includes(' install '))).toHaveLength(
      1,
    );
  });

  it('never calls apt-get again below a run that already tried (PET_BALL_PACKAGES_CHECKED)', async () => {
    const { run, aptCalls } = machine();

    const { code, stderr } = await run({ PET_BALL_PACKAGES_CHECKED: '1' });

    expect(code).toBe(1);
    expect(stderr).toContain("Debian's libnginx-mod-http-brotli-static");
    expect(aptCalls()).toEqual([]);
  });
});
