// Builds web/dist/ from web/src/ and web/art/: the bundles (esbuild), the piece art for each side,
// and the cafeteria art; and src/ui/api-types.ts from openapi.json, the server's OpenAPI document
// (a server test keeps that file equal to what the server generates). `--check` builds into a
// temporary folder and fails if the committed dist/ or api-types.ts differs from what it builds (CI
// uses this: the bundle is committed so that a clone needs no npm).
import * as esbuild from 'esbuild';
import { parse as parseToml } from 'smol-toml';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { load } from './tools/load-ts.mjs';
import openapiTS, { astToString } from 'openapi-typescript';

const web = path.dirname(fileURLToPath(import.meta.url));
const repo = path.dirname(web);
const check = process.argv.includes('--check');

function fail(message) {
  console.error(`web build: ${message}`);
  process.exit(1);
}

// The games the gallery shows, read from the variant files of the Rust catalog and the examples.
function readVariants() {
  const files = [
    ...['chess', 'calorie', 'foodfight', 'pieceeater', 'friendly'].map(n => `crates/games/catalog/variants/${n}.toml`),
    ...['drops-king-capture', 'court-powers', 'grand-food'].map(n => `examples/variants/${n}.toml`),
  ];
  return files.map(file => {
    let v;
    try {
      v = parseToml(fs.readFileSync(path.join(repo, file), 'utf8'));
    } catch (e) {
      fail(`${file}: ${e.message.split('\n')[0]}`);
    }
    const names = {};
    for (const p of v.piece ?? []) names[p.letter] = p.name;
    return { name: v.name, description: v.description ?? '', files: v.files, ranks: v.ranks, start: v.start, names, builtIn: file.startsWith('crates/') };
  });
}

function readCafeteria() {
  const dir = path.join(repo, 'crates/games/cafeteria/data');
  const legend = parseToml(fs.readFileSync(path.join(dir, 'legend.toml'), 'utf8'));
  const map = fs.readFileSync(path.join(dir, 'cafeteria.map'), 'utf8').trimEnd();
  return { map, legend };
}

// Every art file is named in the tables, every table entry has its file, and every piece letter of
// every built-in game has art.
function checkArt(pieces, cafeteriaArt, variants) {
  const problems = [];
  for (const [id, art] of Object.entries(pieces.ART)) {
    if (!fs.existsSync(path.join(web, 'art', art.set, `${id}.svg`))) problems.push(`art/${art.set}/${id}.svg is missing (ART.${id})`);
  }
  for (const set of ['fide', 'food', 'friendly', 'neutral']) {
    for (const f of fs.readdirSync(path.join(web, 'art', set))) {
      const id = f.replace(/\.svg$/, '');
      if (pieces.ART[id]?.set !== set) problems.push(`art/${set}/${f} is not in ART of src/pieces.ts`);
    }
  }
  for (const f of fs.readdirSync(path.join(web, 'art', 'cafeteria'))) {
    if (!(f.replace(/\.svg$/, '') in cafeteriaArt.CAFETERIA_ART)) problems.push(`art/cafeteria/${f} is not in CAFETERIA_ART`);
  }
  for (const id of Object.keys(cafeteriaArt.CAFETERIA_ART)) {
    if (!fs.existsSync(path.join(web, 'art', 'cafeteria', `${id}.svg`))) problems.push(`art/cafeteria/${id}.svg is missing`);
  }
  for (const [variant, table] of Object.entries(pieces.VARIANT_ART)) {
    for (const [letter, id] of Object.entries(table)) if (!(id in pieces.ART)) problems.push(`${variant} ${letter}: no art "${id}"`);
  }
  for (const v of variants.filter(v => v.builtIn)) {
    for (const letter of Object.keys(v.names)) {
      if (!pieces.VARIANT_ART[v.name]?.[letter]) problems.push(`${v.name}: ${letter} (${v.names[letter]}) has no art`);
    }
  }
  for (const file of walk(path.join(web, 'art'))) {
    const text = fs.readFileSync(file, 'utf8');
    if (/<image|data:|href="http/.test(text)) problems.push(`${path.relative(web, file)}: art is hand-drawn SVG, no embedded images or links`);
  }
  if (problems.length) fail(`the art does not match its tables:\n  ${problems.join('\n  ')}`);
}

function* walk(dir) {
  for (const e of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) yield* walk(p);
    else yield p;
  }
}

// A sided drawing gets its side's colours as a <style> right after the <svg ...> tag.
function writeArt(out, pieces, palette) {
  for (const [id, art] of Object.entries(pieces.ART)) {
    const svg = fs.readFileSync(path.join(web, 'art', art.set, `${id}.svg`), 'utf8').trim();
    const open = svg.indexOf('>') + 1;
    const sides = art.kind === 'sided' ? ['white', 'black'] : ['neutral'];
    for (const side of sides) {
      const styled = art.kind === 'sided' ? svg.slice(0, open) + palette.sideStyle(palette.PALETTES[side]) + svg.slice(open) : svg;
      fs.mkdirSync(path.join(out, 'pieces', side), { recursive: true });
      fs.writeFileSync(path.join(out, 'pieces', side, `${id}.svg`), styled + '\n');
    }
  }
  writeSprite(out, pieces, palette);
  fs.mkdirSync(path.join(out, 'cafeteria'), { recursive: true });
  for (const f of fs.readdirSync(path.join(web, 'art', 'cafeteria'))) {
    fs.copyFileSync(path.join(web, 'art', 'cafeteria', f), path.join(out, 'cafeteria', f));
  }
}

// Every drawing of both sides in one file, so a page fetches its pieces in one request: a column
// of 100x100 cells, each a nested <svg> of its side's class (the side's colours are rules scoped
// to it) with a <view> whose id names it (`white-pancake`), which `pieces/sprite.svg#white-pancake`
// shows alone.
function writeSprite(out, pieces, palette) {
  const cells = [];
  const styles = [];
  for (const side of ['white', 'black']) {
    const rules = palette.sideStyle(palette.PALETTES[side]).replace(/<\/?style>/g, '');
    styles.push(rules.replace(/\.([a-z])\{/g, `.${side} .$1{`));
  }
  for (const [id, art] of Object.entries(pieces.ART)) {
    const svg = fs.readFileSync(path.join(web, 'art', art.set, `${id}.svg`), 'utf8').trim();
    const inner = svg.slice(svg.indexOf('>') + 1, svg.lastIndexOf('</svg>'));
    const viewBox = /viewBox="([^"]*)"/.exec(svg)?.[1] ?? '0 0 100 100';
    for (const side of art.kind === 'sided' ? ['white', 'black'] : ['neutral']) {
      const y = cells.length * 100;
      cells.push(`<svg class="${side}" x="0" y="${y}" width="100" height="100" viewBox="${viewBox}">${inner}</svg><view id="${side}-${id}" viewBox="0 ${y} 100 100"/>`);
    }
  }
  const sprite = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 ${cells.length * 100}"><style>${styles.join('')}</style>${cells.join('')}</svg>\n`;
  fs.writeFileSync(path.join(out, 'pieces', 'sprite.svg'), sprite);
}

async function build(out) {
  fs.rmSync(out, { recursive: true, force: true });
  fs.mkdirSync(out, { recursive: true });
  const [pieces, palette, cafeteriaArt] = await Promise.all(['src/pieces.ts', 'src/palette.ts', 'src/cafeteria-art.ts'].map(load));
  const variants = readVariants();
  checkArt(pieces, cafeteriaArt, variants);
  writeArt(out, pieces, palette);
  const catalog = JSON.stringify({ variants, cafeteria: readCafeteria() });
  // The UI's one page: the server answers every route of the UI with it.
  fs.copyFileSync(path.join(web, 'src/ui/index.html'), path.join(out, 'index.html'));
  await esbuild.build({
    entryPoints: { gallery: path.join(web, 'src/gallery.ts'), app: path.join(web, 'src/ui/app.ts') },
    bundle: true,
    minify: true,
    format: 'iife',
    target: 'es2022',
    outdir: out,
    legalComments: 'none',
    logLevel: 'warning',
    plugins: [{
      name: 'messhall-catalog',
      setup(b) {
        b.onResolve({ filter: /^messhall:catalog$/ }, a => ({ path: a.path, namespace: 'messhall' }));
        b.onLoad({ filter: /.*/, namespace: 'messhall' }, () => ({ contents: catalog, loader: 'json' }));
      },
    }],
  });
}

// The API's types, generated from the server's document.
async function apiTypes() {
  const doc = JSON.parse(fs.readFileSync(path.join(web, 'openapi.json'), 'utf8'));
  const ast = await openapiTS(doc);
  return '// Generated by `npm run build` in web/ from openapi.json, the server\'s OpenAPI document: do not edit.\n' + astToString(ast);
}

const typesFile = path.join(web, 'src/ui/api-types.ts');
const types = await apiTypes();
if (!check) fs.writeFileSync(typesFile, types);
else if (!fs.existsSync(typesFile) || fs.readFileSync(typesFile, 'utf8') !== types) {
  fail('src/ui/api-types.ts is not what openapi.json generates (run npm run build in web/)');
}

try {
  execFileSync(path.join(web, 'node_modules/.bin/tsc'), ['--noEmit', '-p', web], { stdio: 'inherit' });
} catch {
  fail('TypeScript found errors (above)');
}

if (check) {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'messhall-web-'));
  await build(tmp);
  const list = dir => (fs.existsSync(dir) ? [...walk(dir)].map(f => path.relative(dir, f)) : []);
  const built = list(tmp);
  const committed = list(path.join(web, 'dist'));
  const differ = [...new Set([...built, ...committed])].filter(f => {
    const a = path.join(tmp, f);
    const b = path.join(web, 'dist', f);
    return !fs.existsSync(a) || !fs.existsSync(b) || !fs.readFileSync(a).equals(fs.readFileSync(b));
  });
  fs.rmSync(tmp, { recursive: true, force: true });
  if (differ.length) fail(`web/dist is not what its sources build (run npm run build in web/): ${differ.join(', ')}`);
  console.log(`web/dist is up to date (${built.length} files)`);
} else {
  await build(path.join(web, 'dist'));
  console.log('web/dist built');
}
