// `messhall serve` for the browser tests: the binary found or built, started on a free loopback
// port with a temporary SQLite database, stopped at the end.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = path.dirname(path.dirname(path.dirname(fileURLToPath(import.meta.url))));

/** Debian's chromium, or $CHROMIUM. */
export const chromiumPath = process.env.CHROMIUM ?? '/usr/bin/chromium';

/** How long a browser test waits for what a page should show. */
export const WAIT = { timeout: 20000 };

/**
 * The messhall binary for browser test `suite`, found or built ahead of the test so that its
 * bounded wait does not count against the test's time; null when chromium is missing too.
 */
export async function browserBinary() {
  return fs.existsSync(chromiumPath) ? messhallBinary() : null;
}

/**
 * Whether browser test `t` can run with `bin`: where chromium or the binary is missing it is
 * skipped with a loud line, or fails in CI (where both must be there).
 */
export function browserReady(t, suite, bin) {
  const why = !fs.existsSync(chromiumPath)
    ? `${chromiumPath} is missing (apt-get install -y chromium)`
    : bin === null ? 'no messhall binary (cargo build -p messhall, or set MESSHALL_BIN)' : null;
  if (why === null) return true;
  if (process.env.CI) throw new Error(`CI: ${suite}: ${why}`);
  console.error(`\n*** SKIPPED: ${suite}: ${why} ***\n`);
  t.skip(why);
  return false;
}

/**
 * The messhall binary: $MESSHALL_BIN, else target/debug/messhall after `cargo build -p messhall`
 * (a no-op when it is up to date, and it embeds the current web/dist). Resolves to null when there
 * is neither a binary nor cargo.
 *
 * The build runs in the background, so a test's own timeout still fires, and is bounded by
 * $MESSHALL_BUILD_TIMEOUT seconds (default 900: a cold debug build on a busy machine). When
 * another cargo process holds the build lock and the binary there is newer than every source it
 * is built from, that binary is used at once; otherwise the wait ends at the bound with an error
 * that names the lock.
 */
export async function messhallBinary() {
  if (process.env.MESSHALL_BIN) return process.env.MESSHALL_BIN;
  const bin = path.join(repo, 'target', 'debug', 'messhall');
  const seconds = Number(process.env.MESSHALL_BUILD_TIMEOUT ?? 900);
  if (!(seconds > 0)) throw new Error(`MESSHALL_BUILD_TIMEOUT="${process.env.MESSHALL_BUILD_TIMEOUT}" is not a number of seconds`);
  const built = await cargoBuild(bin, seconds * 1000);
  if (built.error === 'no cargo') return fs.existsSync(bin) ? bin : null;
  if (built.error) {
    if (!fs.existsSync(bin)) throw new Error(built.error);
    console.error(`${built.error}; using the binary there is`);
  }
  return fs.existsSync(bin) ? bin : null;
}

// `cargo build -p messhall`, its stderr passed on (not --quiet, which hides cargo's "Blocking
// waiting for file lock"): resolves to {} when it succeeded, or to { error } saying why not;
// rejects when it ran out of time.
function cargoBuild(bin, ms) {
  return new Promise((resolve, reject) => {
    const child = spawn('cargo', ['build', '-p', 'messhall'], { cwd: repo, stdio: ['ignore', 'inherit', 'pipe'] });
    let locked = false;
    let done = false;
    const finish = (f, v) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      f(v);
    };
    const timer = setTimeout(() => {
      child.kill('SIGTERM');
      const why = locked ? ': it was waiting for the lock on target/ that another cargo process holds' : '';
      finish(reject, new Error(`cargo build -p messhall did not finish in ${ms / 1000} s${why} (set MESSHALL_BIN, or MESSHALL_BUILD_TIMEOUT in seconds)`));
    }, ms);
    child.stderr.on('data', d => {
      process.stderr.write(d);
      if (!locked && /Blocking waiting for file lock/.test(String(d))) {
        locked = true;
        if (newerThanSources(bin)) {
          console.error('another cargo process holds the build lock; target/debug/messhall is newer than its sources, so it is used');
          child.kill('SIGTERM');
          finish(resolve, {});
        }
      }
    });
    child.on('error', e => finish(resolve, { error: e.code === 'ENOENT' ? 'no cargo' : `cargo build -p messhall: ${e.message}` }));
    child.on('exit', (code, signal) => finish(resolve, code === 0 ? {} : { error: `cargo build -p messhall failed (${signal ?? `exit ${code}`})` }));
  });
}

// Whether `bin` exists and is newer than everything it is built from: the crates, the workspace's
// manifest and lock file, and the bundle it embeds.
function newerThanSources(bin) {
  let built;
  try {
    built = fs.statSync(bin).mtimeMs;
  } catch {
    return false;
  }
  const newer = p => {
    const st = fs.statSync(p);
    if (!st.isDirectory()) return st.mtimeMs > built;
    return fs.readdirSync(p).some(name => newer(path.join(p, name)));
  };
  return !['crates', 'web/dist', 'Cargo.toml', 'Cargo.lock'].some(p => newer(path.join(repo, p)));
}

/** Starts the server (with `flags` of `messhall serve` added); resolves to `{ base, stop, log }`
 * once it answers: the address read from the whole "listening on" line (a pipe may hand over half
 * a line on a busy machine), then `/health` and the UI's `/api/variants` answered over HTTP.
 * `log()` is what it wrote to stderr. */
export async function startServer(bin, flags = []) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'messhall-ui-'));
  const child = spawn(bin, ['serve', '--addr', '127.0.0.1:0', '--db', `sqlite:${path.join(dir, 'ui.db')}`, '--ai-time', '0.1', ...flags], {
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

/** The API of the server at `base`, called from a test itself (outside the browsers: its requests
 * are not the pages'): `call(method, route, token, body)` answers the JSON, or throws for a refusal. */
export function api(base) {
  return async (method, route, token, body) => {
    const headers = { 'Content-Type': 'application/json' };
    if (token) headers.Authorization = `Bearer ${token}`;
    const r = await fetch(`${base}${route}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    const v = await r.json();
    if (!r.ok) throw new Error(`${method} ${route}: ${r.status} ${JSON.stringify(v)}`);
    return v;
  };
}

/** Debian's chromium (or the one at `executable`), headless, as the browser tests run it
 * (playwright-core). */
export async function launchChromium(executable = chromiumPath) {
  const { chromium } = await import('playwright-core');
  return chromium.launch({
    executablePath: executable,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

/** `messhall serve` from `bin` and a page of Debian's chromium at `viewport`, both closed after
 * test `t`; `problems` gathers the page's errors (uncaught, and logged to the console). */
export async function servedPage(t, bin, viewport) {
  const server = await startServer(bin);
  const browser = await launchChromium(chromiumPath);
  t.after(async () => {
    await browser.close();
    await server.stop();
  });
  const page = await browser.newPage({ viewport });
  const problems = [];
  page.on('pageerror', e => problems.push(e.message));
  page.on('console', m => m.type() === 'error' && problems.push(m.text()));
  return { server, page, problems };
}

/** A page in a browser context of its own (a player of its own: its own cookies and storage),
 * 1280x800, its uncaught errors pushed to `errors` and its dialogs (the resign button's) accepted. */
export async function playerPage(browser, errors) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  context.setDefaultTimeout(WAIT.timeout);
  const page = await context.newPage();
  page.on('pageerror', e => errors.push(`${page.url()}: ${e.message}`));
  page.on('dialog', d => void d.accept());
  return page;
}
