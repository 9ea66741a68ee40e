// Loads a TypeScript module of web/ into a Node script (the build, the tests), bundled by esbuild.
import * as esbuild from 'esbuild';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const web = path.dirname(path.dirname(fileURLToPath(import.meta.url)));

/** The module at `entry` (a path relative to web/). */
export async function load(entry) {
  const out = await esbuild.build({ entryPoints: [path.join(web, entry)], bundle: true, write: false, format: 'esm', platform: 'neutral' });
  return import(`data:text/javascript;base64,${Buffer.from(out.outputFiles[0].text).toString('base64')}`);
}
