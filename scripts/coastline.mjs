// The coastlines the web maps draw without a tile server (apps/web/src/ui/map/basemap.tsx fetches
// it as a hashed asset): Australia and New Zealand from Natural Earth 1:50m (public domain, through
// the world-atlas package, ISC), cut out of the world file (757 kB) and written as GeoJSON with
// coordinates rounded to 0.01 degree (about 1 km; a 1:50m coastline is drawn for whole states, not
// streets) and repeated points dropped. Run again after updating world-atlas:
// `node scripts/coastline.mjs`.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as prettier from 'prettier';
import { feature } from 'topojson-client';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const OUT = path.join(ROOT, 'apps/web/src/ui/map/coastline.geojson');
/** ISO 3166 numeric ids in Natural Earth: Australia, New Zealand. */
const COUNTRIES = new Set(['036', '554']);
const DECIMALS = 2;

const require = createRequire(path.join(ROOT, 'apps/web/package.json'));
const world = JSON.parse(fs.readFileSync(require.resolve('world-atlas/countries-50m.json'), 'utf8'));
const all = feature(world, world.objects.countries);

const factor = 10 ** DECIMALS;
const round = (n) => Math.round(n * factor) / factor;
function ring(points) {
  const out = [];
  for (const [lng, lat] of points) {
    const p = [round(lng), round(lat)];
    const last = out[out.length - 1];
    if (!last || last[0] !== p[0] || last[1] !== p[1]) out.push(p);
  }
  // A ring needs 4 positions (closed); islands smaller than the rounding vanish.
  return out.length >= 4 ? out : null;
}
function polygons(geometry) {
  const list = geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;
  return list.map((rings) => rings.map(ring).filter(Boolean)).filter((rings) => rings.length > 0);
}

const features = all.features
  .filter((f) => COUNTRIES.has(String(f.id)))
  .map((f) => ({
    type: 'Feature',
    id: String(f.id),
    properties: { name: f.properties.name },
    geometry: { type: 'MultiPolygon', coordinates: polygons(f.geometry) },
  }));
const json = JSON.stringify({
  type: 'FeatureCollection',
  source: 'Natural Earth 1:50m (public domain) via world-atlas 2 (ISC); scripts/coastline.mjs',
  features,
});
// Formatted as the repository's Prettier check wants it (served compressed: 8 kB with brotli).
const text = await prettier.format(json, { parser: 'json' });
fs.writeFileSync(OUT, text);
console.log(`${path.relative(ROOT, OUT)}: ${features.length} features, ${(text.length / 1024).toFixed(1)} kB`);
