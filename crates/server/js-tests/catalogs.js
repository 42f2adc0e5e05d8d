// The real compiled catalogs, when the Rust test that runs these tests wrote them
// (`TABLETOP_CATALOGS`, a folder of `<lang>.json` as the server serves them); else null.
import { readFileSync } from "node:fs";
import { join } from "node:path";

export function catalog(lang) {
  const dir = process.env.TABLETOP_CATALOGS;
  if (!dir) return null;
  return JSON.parse(readFileSync(join(dir, `${lang}.json`), "utf8"));
}
