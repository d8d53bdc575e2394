// The drawing kit of the shop's illustrations: the canvas (480x360), the brands' colours, and SVG primitives in a
// line-drawing style (ink strokes on a light fill). Each returns SVG text; attributes are written in kebab-case.
export const W = 480;
export const H = 360;
export const INK = '#1f2937';
const FONT = 'Arial, Helvetica, sans-serif';

export const BRANDS = {
  tespa: { name: 'TESPA', colour: '#0b7a75', light: '#d5efed' },
  inprocess: { name: 'INPROCESS', colour: '#d9621a', light: '#fbe4d3' },
  sylvac: { name: 'SYLVAC', colour: '#c8102e', light: '#f8d7dc' },
  mahr: { name: 'MAHR', colour: '#00539f', light: '#d6e4f3' },
  scantech: { name: 'SCANTECH', colour: '#1a8fd0', light: '#d4ecf8' },
};

const attrs = (o = {}) =>
  Object.entries(o)
    .filter(([, v]) => v !== undefined && v !== null && v !== false)
    .map(([k, v]) => ` ${k.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}="${v}"`)
    .join('');
const line = { stroke: INK, strokeWidth: 3, strokeLinejoin: 'round', strokeLinecap: 'round' };
export const rect = (x, y, w, h, o = {}) =>
  `<rect${attrs({ x, y, width: w, height: h, fill: '#f8fafc', ...line, ...o })}/>`;
export const circle = (cx, cy, r, o = {}) =>
  `<circle${attrs({ cx, cy, r, fill: '#f8fafc', ...line, ...o })}/>`;
export const ellipse = (cx, cy, rx, ry, o = {}) =>
  `<ellipse${attrs({ cx, cy, rx, ry, fill: '#f8fafc', ...line, ...o })}/>`;
export const path_ = (d, o = {}) => `<path${attrs({ d, fill: '#f8fafc', ...line, ...o })}/>`;
export const seg = (x1, y1, x2, y2, o = {}) => `<line${attrs({ x1, y1, x2, y2, ...line, ...o })}/>`;
export const text = (x, y, s, o = {}) =>
  `<text${attrs({ x, y, fontFamily: FONT, fontSize: 14, fill: INK, textAnchor: 'middle', ...o })}>${s}</text>`;
export const group = (content, o = {}) => `<g${attrs(o)}>${content}</g>`;
export const ticks = (x1, x2, y, step, len = 6, o = {}) => {
  let out = '';
  for (let x = x1, i = 0; x <= x2; x += step, i += 1)
    out += seg(x, y, x, y - (i % 5 === 0 ? len * 1.8 : len), { strokeWidth: 1.5, ...o });
  return out;
};
export const display = (x, y, w, h, value, b) =>
  rect(x, y, w, h, { fill: '#111827', rx: 4 }) +
  text(x + w / 2, y + h / 2 + 6, value, {
    fill: '#7dd3fc',
    fontSize: Math.min(18, h - 6),
    fontFamily: 'Courier New, monospace',
    fontWeight: 'bold',
  }) +
  rect(x - 4, y - 4, w + 8, h + 8, { fill: 'none', stroke: b.colour, strokeWidth: 2, rx: 6 });
export const label = (x, y, b, size = 14) =>
  text(x, y, b.name, { fill: b.colour, fontWeight: 'bold', fontSize: size, letterSpacing: 1 });

/** A whole SVG document with its accessible title. */
export const svg = (title, body, { w = W, h = H } = {}) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}" width="${w}" height="${h}" role="img" aria-labelledby="t"><title id="t">${title.replace(/&/g, '&amp;').replace(/</g, '&lt;')}</title>${body}</svg>\n`;
