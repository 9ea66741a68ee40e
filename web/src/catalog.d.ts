// The games' data the build reads from the Rust catalog's variant files and the cafeteria's data
// folder, so the gallery shows exactly what the engine plays.
declare module 'messhall:catalog' {
  import type { LegendEntry } from './cafeteria-map.js';
  export interface CatalogVariant {
    name: string;
    description: string;
    files: number;
    ranks: number;
    start: string;
    /** Piece names by upper-case letter. */
    names: Record<string, string>;
    builtIn: boolean;
  }
  export const variants: CatalogVariant[];
  export const cafeteria: { map: string; legend: Record<string, LegendEntry> };
}
