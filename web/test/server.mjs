// `messhall serve` for the browser tests: the binary found or built, started on a free loopback
// port with a temporary SQLite database, stopped at the end.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = path.dirname(path.dirname(path.dirname(fileURLToPath(import.meta.url))));

/**
 * The messhall binary: $MESSHALL_BIN, else target/debug/messhall after `cargo build -p messhall`
 * (a no-op when it is up to date, and it embeds the current web/dist). Null when there is neither
 * a binary nor cargo.
 */
export function messhallBinary() {
  if (process.env.MESSHALL_BIN) return process.env.MESSHALL_BIN;
  const bin = path.join(repo, 'target', 'debug', 'messhall');
  try {
    execFileSync('cargo', ['build', '--quiet', '-p', 'messhall'], { cwd: repo, stdio: 'inherit' });
  } catch (e) {
    if (!fs.existsSync(bin)) return null;
    console.error(`cargo build -p messhall failed (${e.message}); using the binary there is`);
  }
  return fs.existsSync(bin) ? bin : null;
}

/** Starts the server; resolves to `{ base, stop, log }` once it answers: the address read from
 * the whole "listening on" line (a pipe may hand over half a line on a busy machine), then
 * `/health` and the UI's `/api/variants` answered over HTTP. `log()` is what it wrote to stderr. */
export async function startServer(bin) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'messhall-ui-'));
  const child = spawn(bin, ['serve', '--addr', '127.0.0.1:0', '--db', `sqlite:${path.join(dir, 'ui.db')}`, '--ai-time', '0.1'], {
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...process.env, RUST_LOG: 'warn' },
  });
  let log = '';
  const started = Date.now();
  const base = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`messhall serve did not start in 60 s: ${log}`)), 60000);
    child.stderr.on('data', d => {
      log += d;
      // Only a complete line: "listening on http://127.0.0.1:4" is not yet the address.
      const m = /listening on (http:\/\/[0-9.]+:[0-9]+)\r?\n/.exec(log);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]);
      }
    });
    child.on('exit', code => reject(new Error(`messhall serve exited (${code}): ${log}`)));
  });
  for (const route of ['/health', '/api/variants']) {
    for (;;) {
      try {
        const r = await fetch(`${base}${route}`, { signal: AbortSignal.timeout(10000) });
        if (r.ok) break;
        throw new Error(`${r.status} ${await r.text()}`);
      } catch (e) {
        if (Date.now() - started > 60000) throw new Error(`messhall serve at ${base} does not answer ${route}: ${e.message}\n${log}`);
        await new Promise(r => setTimeout(r, 250));
      }
    }
  }
  const stop = async () => {
    child.kill('SIGTERM');
    await new Promise(r => (child.exitCode !== null ? r() : child.on('exit', r)));
    fs.rmSync(dir, { recursive: true, force: true });
  };
  return { base, stop, log: () => log };
}
