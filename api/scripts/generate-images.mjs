// Writes the shop's SVG illustrations into public/images (run: npm run images -w @metrology/api).
// Line drawings per instrument kind in each brand's colour, three views each (front, detail, in use),
// plus pictures for news, testimonials, calibration centres and brand marks. Output is committed.
// The drawings are in images/: drawing.mjs (the kit and the brands), instruments.mjs, people.mjs, scenes.mjs.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { BRANDS, rect, svg, text } from './images/drawing.mjs';
import { PRODUCT_IMAGES, productView } from './images/instruments.mjs';
import { PEOPLE, person } from './images/people.mjs';
import { SCENES } from './images/scenes.mjs';

export { BRANDS } from './images/drawing.mjs';
export { PRODUCT_IMAGES } from './images/instruments.mjs';

const OUT = fileURLToPath(new URL('../public/images/', import.meta.url));

function write(relative, content) {
  const file = path.join(OUT, relative);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, content);
  return relative;
}

export function generate() {
  for (const folder of ['products', 'news', 'testimonials', 'calibration', 'brands'])
    rmSync(path.join(OUT, folder), { recursive: true, force: true });
  const written = [];
  for (const [brand, kinds] of Object.entries(PRODUCT_IMAGES)) {
    for (const kind of kinds) {
      for (const view of ['front', 'detail', 'in-use']) {
        written.push(write(`products/${kind}-${brand}-${view}.svg`, productView(kind, brand, view)));
      }
    }
  }
  for (const [folder, scenes] of Object.entries(SCENES)) {
    for (const [name, [title, draw]] of Object.entries(scenes))
      written.push(write(`${folder}/${name}.svg`, svg(title, draw())));
  }
  for (const [name, p] of Object.entries(PEOPLE))
    written.push(write(`testimonials/${name}.svg`, svg(`Portrait of ${p.title}`, person(p))));
  for (const [key, b] of Object.entries(BRANDS)) {
    written.push(
      write(
        `brands/${key}.svg`,
        svg(
          `${b.name} logo`,
          rect(0, 0, 240, 80, { fill: '#ffffff', stroke: 'none' }) +
            rect(12, 20, 40, 40, { fill: b.colour, stroke: 'none', rx: 8 }) +
            text(148, 50, b.name, { fill: b.colour, fontWeight: 'bold', fontSize: 24, letterSpacing: 1 }),
          { w: 240, h: 80 },
        ),
      ),
    );
  }
  return written;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const written = generate();
  console.log(`Wrote ${written.length} images into ${OUT}`);
}
