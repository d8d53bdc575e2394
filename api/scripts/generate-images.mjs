// Writes the shop's SVG illustrations into public/images (run: npm run images -w @metrology/api).
// Line drawings per instrument kind in each brand's colour, three views each (front, detail, in use),
// plus pictures for news, testimonials, calibration centres and brand marks. Output is committed.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const OUT = fileURLToPath(new URL('../public/images/', import.meta.url));
const W = 480;
const H = 360;
const INK = '#1f2937';
const FONT = 'Arial, Helvetica, sans-serif';

export const BRANDS = {
  tespa: { name: 'TESPA', colour: '#0b7a75', light: '#d5efed' },
  inprocess: { name: 'INPROCESS', colour: '#d9621a', light: '#fbe4d3' },
  sylvac: { name: 'SYLVAC', colour: '#c8102e', light: '#f8d7dc' },
  mahr: { name: 'MAHR', colour: '#00539f', light: '#d6e4f3' },
  scantech: { name: 'SCANTECH', colour: '#1a8fd0', light: '#d4ecf8' },
};

// ---------------------------------------------------------------------------------------------- primitives
const attrs = (o = {}) =>
  Object.entries(o)
    .filter(([, v]) => v !== undefined && v !== null && v !== false)
    .map(([k, v]) => ` ${k.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}="${v}"`)
    .join('');
const line = { stroke: INK, strokeWidth: 3, strokeLinejoin: 'round', strokeLinecap: 'round' };
const rect = (x, y, w, h, o = {}) =>
  `<rect${attrs({ x, y, width: w, height: h, fill: '#f8fafc', ...line, ...o })}/>`;
const circle = (cx, cy, r, o = {}) => `<circle${attrs({ cx, cy, r, fill: '#f8fafc', ...line, ...o })}/>`;
const ellipse = (cx, cy, rx, ry, o = {}) =>
  `<ellipse${attrs({ cx, cy, rx, ry, fill: '#f8fafc', ...line, ...o })}/>`;
const path_ = (d, o = {}) => `<path${attrs({ d, fill: '#f8fafc', ...line, ...o })}/>`;
const seg = (x1, y1, x2, y2, o = {}) => `<line${attrs({ x1, y1, x2, y2, ...line, ...o })}/>`;
const text = (x, y, s, o = {}) =>
  `<text${attrs({ x, y, fontFamily: FONT, fontSize: 14, fill: INK, textAnchor: 'middle', ...o })}>${s}</text>`;
const group = (content, o = {}) => `<g${attrs(o)}>${content}</g>`;
const ticks = (x1, x2, y, step, len = 6, o = {}) => {
  let out = '';
  for (let x = x1, i = 0; x <= x2; x += step, i += 1)
    out += seg(x, y, x, y - (i % 5 === 0 ? len * 1.8 : len), { strokeWidth: 1.5, ...o });
  return out;
};
const display = (x, y, w, h, value, b) =>
  rect(x, y, w, h, { fill: '#111827', rx: 4 }) +
  text(x + w / 2, y + h / 2 + 6, value, {
    fill: '#7dd3fc',
    fontSize: Math.min(18, h - 6),
    fontFamily: 'Courier New, monospace',
    fontWeight: 'bold',
  }) +
  rect(x - 4, y - 4, w + 8, h + 8, { fill: 'none', stroke: b.colour, strokeWidth: 2, rx: 6 });
const label = (x, y, b, size = 14) =>
  text(x, y, b.name, { fill: b.colour, fontWeight: 'bold', fontSize: size, letterSpacing: 1 });
// ---------------------------------------------------------------------------------------------- drawings
// Each kind: front(b) in the 480x360 canvas; focus [x, y, w, h] for the detail view; use(b) adds the workpiece.
const KINDS = {
  'height-gauge': {
    title: 'height gauge',
    front: (b) =>
      path_('M140 312 L160 280 L320 280 L340 312 Z', { fill: b.light }) +
      label(240, 303, b) +
      rect(226, 36, 22, 246, { fill: '#e5e7eb' }) +
      Array.from({ length: 22 }, (_, i) =>
        seg(248, 50 + i * 10, i % 5 === 0 ? 258 : 254, 50 + i * 10, { strokeWidth: 1.5 }),
      ).join('') +
      rect(196, 140, 84, 66, { fill: b.light, rx: 6 }) +
      display(206, 150, 64, 24, '125.40', b) +
      circle(216, 192, 7, { fill: b.colour }) +
      circle(264, 192, 7, { fill: '#e5e7eb' }) +
      rect(280, 176, 100, 12, { fill: '#e5e7eb' }) +
      path_('M380 176 L404 182 L380 188 Z', { fill: '#6b7280' }) +
      circle(178, 172, 14, { fill: '#e5e7eb' }) +
      seg(164, 172, 192, 172, { strokeWidth: 2 }),
    focus: [176, 120, 150, 112],
    use: () =>
      rect(404, 182, 60, 98, { fill: '#cbd5e1' }) +
      seg(404, 200, 464, 200, { strokeDasharray: '6 4', strokeWidth: 1.5 }),
  },
  'video-measuring-machine': {
    title: 'video measuring machine',
    front: (b) =>
      rect(70, 236, 300, 72, { fill: b.light, rx: 6 }) +
      label(120, 280, b) +
      circle(300, 272, 12, { fill: '#e5e7eb' }) +
      circle(340, 272, 12, { fill: '#e5e7eb' }) +
      rect(96, 220, 248, 16, { fill: '#bae6fd' }) +
      rect(300, 60, 40, 160, { fill: '#e5e7eb' }) +
      rect(180, 64, 140, 32, { fill: b.light, rx: 4 }) +
      rect(196, 96, 36, 84, { fill: '#e5e7eb' }) +
      rect(190, 120, 48, 16, { fill: b.colour }) +
      ellipse(214, 186, 30, 8, { fill: '#fde68a' }) +
      rect(380, 80, 86, 66, { fill: '#111827', rx: 4 }) +
      path_('M398 126 L414 100 L432 118 L446 96', { fill: 'none', stroke: '#7dd3fc', strokeWidth: 2 }) +
      seg(423, 146, 423, 164) +
      seg(405, 164, 441, 164),
    focus: [160, 80, 120, 130],
    use: (b) =>
      rect(184, 204, 60, 16, { fill: '#9ca3af' }) +
      path_('M214 186 L204 204 M214 186 L224 204', { fill: 'none', stroke: '#f59e0b', strokeWidth: 2 }) +
      seg(423, 86, 423, 140, { stroke: b.colour, strokeWidth: 1.5 }) +
      seg(386, 113, 460, 113, { stroke: b.colour, strokeWidth: 1.5 }),
  },
  cmm: {
    title: 'coordinate measuring machine',
    front: (b) =>
      rect(50, 236, 380, 36, { fill: '#d1d5db', rx: 4 }) +
      rect(80, 272, 40, 40, { fill: '#9ca3af' }) +
      rect(360, 272, 40, 40, { fill: '#9ca3af' }) +
      rect(96, 92, 24, 144, { fill: b.light }) +
      rect(360, 92, 24, 144, { fill: b.light }) +
      rect(86, 64, 308, 30, { fill: b.light }) +
      label(150, 85, b) +
      rect(222, 52, 56, 56, { fill: '#e5e7eb', rx: 4 }) +
      rect(240, 108, 20, 90, { fill: '#e5e7eb' }) +
      rect(234, 198, 32, 16, { fill: '#374151' }) +
      seg(250, 214, 250, 232, { strokeWidth: 2 }) +
      circle(250, 232, 4, { fill: '#dc2626', strokeWidth: 1.5 }),
    focus: [190, 150, 120, 100],
    use: () =>
      path_('M180 236 L180 206 L214 206 L214 222 L300 222 L300 196 L330 196 L330 236 Z', {
        fill: '#cbd5e1',
      }) + circle(257, 222, 4, { fill: '#16a34a', stroke: 'none' }),
  },
  'in-process-gauge': {
    title: 'in-process grinding gauge',
    front: (b) =>
      circle(110, 170, 90, { fill: '#e5e7eb' }) +
      circle(110, 170, 20, { fill: '#9ca3af' }) +
      Array.from({ length: 12 }, (_, i) => {
        const a = (i * Math.PI) / 6;
        return seg(
          110 + 30 * Math.cos(a),
          170 + 30 * Math.sin(a),
          110 + 82 * Math.cos(a),
          170 + 82 * Math.sin(a),
          { strokeWidth: 1, stroke: '#9ca3af' },
        );
      }).join('') +
      circle(250, 170, 42, { fill: '#cbd5e1' }) +
      circle(250, 170, 6, { fill: INK }) +
      path_('M296 126 L340 126 L340 110 L420 110 L420 230 L340 230 L340 214 L296 214', { fill: 'none' }) +
      rect(340, 110, 80, 120, { fill: b.light, rx: 8 }) +
      path_('M340 140 L294 140 L294 150', { fill: 'none', strokeWidth: 5, stroke: b.colour }) +
      path_('M340 200 L294 200 L294 190', { fill: 'none', strokeWidth: 5, stroke: b.colour }) +
      label(380, 175, b, 10) +
      path_('M420 170 C 450 170 450 250 470 260', { fill: 'none', strokeWidth: 4 }),
    focus: [186, 90, 250, 160],
    use: () =>
      path_('M200 100 C 206 116 210 124 220 130', {
        fill: 'none',
        stroke: '#38bdf8',
        strokeWidth: 2,
        strokeDasharray: '4 5',
      }) +
      path_('M200 120 L188 132 M204 128 L196 144 M208 134 L204 150', {
        fill: 'none',
        stroke: '#f59e0b',
        strokeWidth: 2,
      }),
  },
  'measuring-station': {
    title: 'post-process measuring station',
    front: (b) =>
      rect(50, 262, 380, 40, { fill: b.light, rx: 6 }) +
      label(110, 288, b, 12) +
      rect(70, 190, 24, 72, { fill: '#e5e7eb' }) +
      rect(386, 190, 24, 72, { fill: '#e5e7eb' }) +
      path_('M94 204 L104 210 L94 216 Z', { fill: '#6b7280' }) +
      path_('M386 204 L376 210 L386 216 Z', { fill: '#6b7280' }) +
      rect(104, 196, 90, 28, { fill: '#cbd5e1' }) +
      rect(194, 188, 90, 44, { fill: '#cbd5e1' }) +
      rect(284, 198, 92, 24, { fill: '#cbd5e1' }) +
      rect(90, 60, 300, 20, { fill: '#e5e7eb' }) +
      [150, 210, 260, 330]
        .map((x, i) => rect(x - 5, 80, 10, [116, 108, 108, 118][i], { fill: b.colour, strokeWidth: 2 }))
        .join('') +
      rect(160, 14, 160, 46, { fill: '#111827', rx: 4 }) +
      [0, 1, 2, 3]
        .map((i) =>
          rect(176 + i * 36, 28 + (i % 2) * 4, 20, 22 - (i % 2) * 4, {
            fill: i === 2 ? '#f59e0b' : '#22c55e',
            stroke: 'none',
          }),
        )
        .join(''),
    focus: [130, 60, 220, 180],
    use: () => text(240, 252, 'OK', { fill: '#16a34a', fontWeight: 'bold', fontSize: 16 }),
  },
  'air-gauge': {
    title: 'air gauge',
    front: (b) =>
      rect(60, 40, 110, 250, { fill: b.light, rx: 8 }) +
      label(115, 66, b, 12) +
      rect(100, 80, 30, 160, { fill: '#111827' }) +
      Array.from({ length: 16 }, (_, i) =>
        rect(104, 84 + i * 10, 22, 6, {
          fill: i < 3 || i > 12 ? '#ef4444' : i < 5 || i > 10 ? '#f59e0b' : '#22c55e',
          stroke: 'none',
        }),
      ).join('') +
      display(82, 250, 66, 24, '+0.004', b) +
      path_('M170 250 C 240 250 240 140 300 140', { fill: 'none', strokeWidth: 5, stroke: '#6b7280' }) +
      rect(300, 124, 80, 32, { fill: '#e5e7eb', rx: 6 }) +
      rect(380, 130, 70, 20, { fill: '#cbd5e1' }) +
      circle(420, 140, 3, { fill: INK }) +
      circle(440, 140, 3, { fill: INK }),
    focus: [290, 100, 180, 90],
    use: () => rect(400, 112, 60, 56, { fill: 'none', strokeWidth: 4, stroke: '#6b7280', rx: 4 }),
  },
  caliper: {
    title: 'digital caliper',
    front: (b) =>
      rect(40, 140, 400, 30, { fill: '#e5e7eb' }) +
      ticks(120, 430, 170, 8, 7) +
      path_('M40 140 L40 290 L62 290 L78 170 L78 140 Z', { fill: '#e5e7eb' }) +
      path_('M52 140 L52 96 L72 96 L72 140', { fill: '#e5e7eb' }) +
      path_('M140 130 L250 130 L250 184 L118 184 L102 290 L84 290 L98 184 L98 140 L140 130 Z', {
        fill: b.light,
      }) +
      path_('M102 130 L102 96 L118 96 L120 130', { fill: b.light }) +
      display(148, 140, 84, 28, '12.57', b) +
      label(198, 124, b, 12) +
      circle(170, 196, 8, { fill: '#e5e7eb' }) +
      seg(440, 155, 470, 155, { strokeWidth: 4 }),
    focus: [60, 100, 200, 140],
    use: () =>
      rect(66, 200, 28, 70, { fill: '#94a3b8', rx: 10 }) + ellipse(80, 200, 14, 5, { fill: '#cbd5e1' }),
  },
  micrometer: {
    title: 'digital micrometer',
    front: (b) =>
      path_(
        'M150 110 L110 110 C 60 110 60 260 150 260 L260 260 L260 232 L160 232 C 100 232 100 138 150 138 Z',
        { fill: b.light },
      ) +
      label(160, 252, b, 12) +
      rect(142, 112, 14, 26, { fill: '#9ca3af' }) +
      rect(176, 116, 50, 18, { fill: '#d1d5db' }) +
      rect(226, 106, 90, 38, { fill: '#e5e7eb' }) +
      ticks(232, 312, 125, 6, 5) +
      seg(232, 125, 312, 125, { strokeWidth: 1.5 }) +
      rect(316, 100, 70, 50, { fill: '#e5e7eb', rx: 4 }) +
      Array.from({ length: 8 }, (_, i) => seg(324 + i * 8, 102, 324 + i * 8, 148, { strokeWidth: 1 })).join(
        '',
      ) +
      rect(386, 110, 36, 30, { fill: '#cbd5e1', rx: 4 }) +
      display(160, 186, 84, 26, '6.350', b),
    focus: [120, 80, 230, 100],
    use: () => rect(156, 114, 20, 22, { fill: '#94a3b8' }),
  },
  'dial-indicator': {
    title: 'dial indicator',
    front: (b) =>
      circle(240, 150, 96, { fill: b.light, strokeWidth: 5 }) +
      circle(240, 150, 80, { fill: '#ffffff' }) +
      Array.from({ length: 50 }, (_, i) => {
        const a = (i * 2 * Math.PI) / 50 - Math.PI / 2;
        const r2 = i % 5 === 0 ? 64 : 70;
        return seg(
          240 + 78 * Math.cos(a),
          150 + 78 * Math.sin(a),
          240 + r2 * Math.cos(a),
          150 + r2 * Math.sin(a),
          { strokeWidth: i % 5 === 0 ? 2 : 1 },
        );
      }).join('') +
      seg(240, 150, 282, 96, { stroke: '#dc2626', strokeWidth: 3 }) +
      circle(240, 150, 6, { fill: INK }) +
      circle(240, 190, 14, { fill: '#fff', strokeWidth: 1.5 }) +
      label(240, 128, b, 11) +
      rect(228, 246, 24, 40, { fill: '#e5e7eb' }) +
      rect(236, 286, 8, 30, { fill: '#d1d5db' }) +
      circle(240, 320, 5, { fill: '#6b7280' }) +
      rect(140, 138, 8, 24, { fill: '#e5e7eb' }),
    focus: [150, 60, 180, 180],
    use: () => rect(150, 325, 180, 26, { fill: '#94a3b8', rx: 13 }),
  },
  'bore-gauge': {
    title: 'bore gauge',
    front: (b) =>
      circle(240, 70, 50, { fill: b.light }) +
      circle(240, 70, 38, { fill: '#fff' }) +
      seg(240, 70, 262, 44, { stroke: '#dc2626' }) +
      label(240, 98, b, 10) +
      rect(230, 120, 20, 30, { fill: '#e5e7eb' }) +
      rect(222, 150, 36, 70, { fill: '#374151', rx: 8 }) +
      rect(234, 220, 12, 70, { fill: '#e5e7eb' }) +
      rect(218, 290, 44, 26, { fill: '#d1d5db', rx: 4 }) +
      seg(218, 303, 198, 303, { strokeWidth: 5 }) +
      seg(262, 303, 282, 303, { strokeWidth: 5 }),
    focus: [180, 250, 120, 80],
    use: () =>
      path_('M180 250 L180 340 L300 340 L300 250', { fill: 'none', strokeWidth: 8, stroke: '#94a3b8' }) +
      seg(196, 250, 196, 340, { strokeWidth: 1, strokeDasharray: '4 4' }),
  },
  probe: {
    title: 'inductive probe',
    front: (b) =>
      rect(90, 150, 200, 24, { fill: '#e5e7eb', rx: 12 }) +
      rect(290, 156, 40, 12, { fill: '#d1d5db' }) +
      circle(336, 162, 6, { fill: '#dc2626' }) +
      rect(70, 150, 24, 24, { fill: b.colour }) +
      path_('M70 162 C 30 162 40 250 120 250', { fill: 'none', strokeWidth: 4 }) +
      rect(120, 214, 140, 80, { fill: b.light, rx: 8 }) +
      display(134, 228, 112, 28, '-0.0021', b) +
      label(190, 282, b, 12),
    focus: [260, 120, 110, 90],
    use: () => rect(342, 130, 80, 90, { fill: '#94a3b8' }),
  },
  'roughness-tester': {
    title: 'surface roughness tester',
    front: (b) =>
      rect(90, 70, 200, 140, { fill: b.light, rx: 12 }) +
      rect(110, 88, 160, 80, { fill: '#111827', rx: 4 }) +
      path_(
        'M118 130 l8 -10 l6 14 l8 -18 l6 20 l8 -12 l6 8 l8 -16 l6 18 l8 -10 l6 6 l8 -14 l6 16 l8 -8 l6 4 l8 -6',
        { fill: 'none', stroke: '#7dd3fc', strokeWidth: 2 },
      ) +
      text(190, 160, 'Ra 0.812 µm', { fill: '#7dd3fc', fontSize: 12 }) +
      label(190, 196, b, 12) +
      rect(230, 230, 120, 30, { fill: '#e5e7eb', rx: 6 }) +
      rect(350, 240, 70, 8, { fill: '#9ca3af' }) +
      path_('M420 240 L428 256 L432 240 Z', { fill: INK }) +
      path_('M230 245 C 200 245 200 210 220 210', { fill: 'none', strokeWidth: 3 }),
    focus: [330, 215, 120, 70],
    use: () =>
      rect(200, 262, 270, 30, { fill: '#94a3b8' }) +
      path_('M340 262 l6 -3 l6 3 l6 -3 l6 3 l6 -3 l6 3 l6 -3 l6 3 l6 -3 l6 3 l6 -3 l6 3', {
        fill: 'none',
        strokeWidth: 1.5,
      }),
  },
  'gauge-block-set': {
    title: 'gauge block set',
    front: (b) =>
      rect(50, 80, 380, 220, { fill: '#a16207', rx: 8 }) +
      rect(66, 96, 348, 188, { fill: b.light }) +
      Array.from({ length: 30 }, (_, i) => {
        const col = i % 10;
        const row = Math.floor(i / 10);
        const h = 24 + ((i * 7) % 30);
        return rect(78 + col * 33, 108 + row * 58 + (50 - h), 22, h, { fill: '#e5e7eb', strokeWidth: 1.5 });
      }).join('') +
      label(240, 72, b, 16),
    focus: [70, 100, 170, 120],
    use: () => '',
    // Setting a micrometer against a gauge block, the set open beside it.
    scene: (b) =>
      group(KINDS['gauge-block-set'].front(b), { transform: 'translate(250 170) scale(0.45)' }) +
      group(KINDS.micrometer.front(BRANDS.sylvac), { transform: 'translate(-40 40) scale(0.9)' }) +
      rect(100, 132, 18, 36, { fill: '#cbd5e1', strokeWidth: 2 }),
  },
  'column-gauge': {
    title: 'column amplifier',
    front: (b) =>
      rect(170, 30, 140, 270, { fill: b.light, rx: 10 }) +
      label(240, 56, b, 14) +
      rect(222, 70, 36, 170, { fill: '#111827' }) +
      Array.from({ length: 20 }, (_, i) =>
        rect(226, 74 + i * 8, 28, 5, {
          fill: i < 3 || i > 16 ? '#ef4444' : i < 6 || i > 13 ? '#f59e0b' : '#22c55e',
          stroke: 'none',
        }),
      ).join('') +
      display(194, 252, 92, 28, '+1.8 µm', b) +
      rect(150, 300, 180, 14, { fill: '#9ca3af' }),
    focus: [180, 60, 120, 230],
    use: () =>
      path_('M310 260 C 380 260 390 200 430 200', { fill: 'none', strokeWidth: 4, stroke: '#6b7280' }) +
      rect(420, 190, 40, 20, { fill: '#e5e7eb' }),
  },
  '3d-scanner': {
    title: 'handheld 3D scanner',
    front: (b) =>
      path_(
        'M120 90 L360 90 C 380 90 390 100 390 120 L390 150 C 390 170 380 180 360 180 L120 180 C 100 180 90 170 90 150 L90 120 C 90 100 100 90 120 90 Z',
        { fill: b.light },
      ) +
      circle(140, 135, 22, { fill: '#111827' }) +
      circle(140, 135, 10, { fill: '#3b82f6' }) +
      circle(340, 135, 22, { fill: '#111827' }) +
      circle(340, 135, 10, { fill: '#3b82f6' }) +
      rect(222, 118, 36, 34, { fill: '#111827', rx: 4 }) +
      circle(240, 135, 7, { fill: '#60a5fa' }) +
      label(240, 172, b, 12) +
      path_('M200 180 L210 300 L270 300 L280 180', { fill: '#e5e7eb' }) +
      seg(222, 200, 258, 200, { strokeWidth: 2 }),
    focus: [100, 90, 280, 100],
    use: () =>
      path_('M240 152 L120 330 M240 152 L360 330 M240 152 L240 340', {
        fill: 'none',
        stroke: '#2563eb',
        strokeWidth: 2,
      }) +
      path_('M60 320 C 160 290 320 290 420 320 L420 350 L60 350 Z', { fill: '#cbd5e1' }) +
      [100, 170, 310, 380].map((x) => circle(x, 330, 4, { fill: '#fff', strokeWidth: 1.5 })).join(''),
  },
  'tracking-3d-scanner': {
    title: 'optical tracking 3D scanner',
    front: (b) =>
      rect(60, 60, 220, 40, { fill: b.light, rx: 8 }) +
      circle(90, 80, 14, { fill: '#111827' }) +
      circle(250, 80, 14, { fill: '#111827' }) +
      label(170, 86, b, 12) +
      seg(170, 100, 170, 200, { strokeWidth: 5 }) +
      seg(170, 200, 110, 310) +
      seg(170, 200, 230, 310) +
      seg(170, 200, 170, 310) +
      path_('M330 170 L420 170 C 440 170 440 210 420 210 L330 210 C 310 210 310 170 330 170 Z', {
        fill: '#e5e7eb',
      }) +
      [340, 372, 404].map((x) => circle(x, 190, 5, { fill: '#fff', strokeWidth: 1.5 })).join('') +
      path_('M360 210 L366 290 L394 290 L400 210', { fill: '#e5e7eb' }),
    focus: [50, 40, 240, 80],
    use: (b) =>
      seg(90, 80, 372, 190, { stroke: b.colour, strokeWidth: 1.5, strokeDasharray: '6 5' }) +
      seg(250, 80, 372, 190, { stroke: b.colour, strokeWidth: 1.5, strokeDasharray: '6 5' }) +
      path_('M300 330 L460 330 L460 300 L420 270 L300 290 Z', { fill: '#cbd5e1' }) +
      path_('M380 210 L340 290 M380 210 L420 280', { fill: 'none', stroke: '#2563eb', strokeWidth: 2 }),
  },
};

// ---------------------------------------------------------------------------------------------- views
const svg = (title, body, { w = W, h = H } = {}) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}" width="${w}" height="${h}" role="img" aria-labelledby="t"><title id="t">${title.replace(/&/g, '&amp;').replace(/</g, '&lt;')}</title>${body}</svg>\n`;

const backdrop = (b, workshop = false) =>
  `<defs><linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#ffffff"/><stop offset="1" stop-color="${b.light}"/></linearGradient></defs>` +
  rect(0, 0, W, H, { fill: 'url(#bg)', stroke: 'none' }) +
  (workshop
    ? rect(0, 0, W, 40, { fill: '#f1f5f9', stroke: 'none' }) +
      Array.from({ length: 6 }, (_, i) =>
        seg(i * 96, 0, i * 96, 40, { stroke: '#e2e8f0', strokeWidth: 2 }),
      ).join('')
    : '');

function productView(kind, brandKey, view) {
  const k = KINDS[kind];
  const b = BRANDS[brandKey];
  const name = `${b.name[0]}${b.name.slice(1).toLowerCase()} ${k.title}`;
  if (view === 'front') {
    return svg(`${name}, front view`, backdrop(b) + group(k.front(b)));
  }
  if (view === 'detail') {
    const [x, y, w, h] = k.focus;
    // The same drawing, zoomed into the part that measures, in a framed close-up.
    return svg(
      `${name}, detail`,
      backdrop(b) +
        `<svg x="20" y="20" width="${W - 40}" height="${H - 40}" viewBox="${x} ${y} ${w} ${h}" preserveAspectRatio="xMidYMid meet">${k.front(b)}</svg>` +
        rect(20, 20, W - 40, H - 40, { fill: 'none', stroke: b.colour, strokeWidth: 4, rx: 16 }) +
        rect(28, 28, 92, 26, { fill: b.colour, stroke: 'none', rx: 13 }) +
        text(74, 46, 'DETAIL', { fill: '#fff', fontWeight: 'bold', fontSize: 13 }),
    );
  }
  return svg(
    `${name} in use`,
    backdrop(b, true) +
      (k.scene ? k.scene(b) : group(k.front(b)) + group(k.use(b))) +
      text(W - 16, H - 12, 'in use', { textAnchor: 'end', fontSize: 12, fill: '#64748b' }),
  );
}

/** Which kinds each brand's catalogue uses (see src/seed/catalogue.ts). */
export const PRODUCT_IMAGES = {
  tespa: ['height-gauge', 'video-measuring-machine', 'cmm'],
  inprocess: ['in-process-gauge', 'measuring-station', 'air-gauge'],
  sylvac: ['caliper', 'micrometer', 'dial-indicator', 'height-gauge', 'bore-gauge', 'probe'],
  mahr: [
    'caliper',
    'micrometer',
    'dial-indicator',
    'bore-gauge',
    'roughness-tester',
    'gauge-block-set',
    'column-gauge',
  ],
  scantech: ['3d-scanner', 'tracking-3d-scanner'],
};

// ---------------------------------------------------------------------------------------------- people
const PEOPLE = {
  karthikeyan: {
    title: 'R. Karthikeyan',
    skin: '#a66a42',
    hair: '#1f2937',
    shirt: '#1d4ed8',
    style: 'short',
    glasses: true,
  },
  'priya-venkatesh': {
    title: 'Priya Venkatesh',
    skin: '#b97a4e',
    hair: '#111827',
    shirt: '#be185d',
    style: 'long',
  },
  'suresh-patil': {
    title: 'Suresh Patil',
    skin: '#9a5f3a',
    hair: '#4b5563',
    shirt: '#047857',
    style: 'short',
    moustache: true,
  },
  'anitha-raman': { title: 'Anitha Raman', skin: '#8d5534', hair: '#1f2937', shirt: '#7c3aed', style: 'bun' },
  'mohammed-irfan': {
    title: 'Mohammed Irfan',
    skin: '#b07850',
    hair: '#111827',
    shirt: '#0f766e',
    style: 'short',
    beard: true,
  },
  'deepa-krishnan': {
    title: 'Deepa Krishnan',
    skin: '#c08457',
    hair: '#292524',
    shirt: '#b45309',
    style: 'long',
    glasses: true,
  },
  'vikram-singh': {
    title: 'Vikram Singh',
    skin: '#a86d47',
    hair: '#1f2937',
    shirt: '#334155',
    style: 'turban',
  },
};

function person(p) {
  const hair = {
    short: path_('M168 130 C 168 80 312 80 312 130 C 300 108 180 108 168 130 Z', {
      fill: p.hair,
      stroke: 'none',
    }),
    long: path_(
      'M160 140 C 150 70 330 70 320 140 L330 250 L290 250 L300 140 C 280 110 200 110 180 140 L190 250 L150 250 Z',
      { fill: p.hair, stroke: 'none' },
    ),
    bun:
      circle(240, 74, 26, { fill: p.hair, stroke: 'none' }) +
      path_('M166 136 C 166 84 314 84 314 136 C 296 110 184 110 166 136 Z', { fill: p.hair, stroke: 'none' }),
    turban:
      path_('M160 134 C 150 60 330 60 320 134 C 300 112 180 112 160 134 Z', {
        fill: '#f59e0b',
        stroke: INK,
        strokeWidth: 2,
      }) + path_('M180 100 C 220 80 260 80 300 104', { fill: 'none', stroke: '#b45309', strokeWidth: 3 }),
  }[p.style];
  return (
    rect(0, 0, 480, 360, { fill: '#eef2f7', stroke: 'none' }) +
    circle(240, 180, 150, { fill: '#dbeafe', stroke: 'none' }) +
    path_('M110 360 C 120 270 180 250 240 250 C 300 250 360 270 370 360 Z', {
      fill: p.shirt,
      stroke: 'none',
    }) +
    path_('M215 250 L240 290 L265 250 Z', { fill: '#f8fafc', stroke: 'none' }) +
    rect(222, 210, 36, 44, { fill: p.skin, stroke: 'none' }) +
    ellipse(240, 150, 70, 82, { fill: p.skin, stroke: 'none' }) +
    hair +
    circle(214, 152, 6, { fill: '#111827', stroke: 'none' }) +
    circle(266, 152, 6, { fill: '#111827', stroke: 'none' }) +
    path_('M218 192 C 230 204 250 204 262 192', { fill: 'none', stroke: '#7f1d1d', strokeWidth: 3 }) +
    (p.glasses
      ? circle(214, 152, 16, { fill: 'none', strokeWidth: 2.5 }) +
        circle(266, 152, 16, { fill: 'none', strokeWidth: 2.5 }) +
        seg(230, 152, 250, 152, { strokeWidth: 2.5 })
      : '') +
    (p.moustache
      ? path_('M220 182 C 232 174 248 174 260 182 C 250 186 230 186 220 182 Z', {
          fill: p.hair,
          stroke: 'none',
        })
      : '') +
    (p.beard
      ? path_('M172 160 C 176 250 304 250 308 160 C 300 210 180 210 172 160 Z', {
          fill: p.hair,
          stroke: 'none',
        })
      : '')
  );
}

// ---------------------------------------------------------------------------------------------- scenes
const scene = (sky, body) => rect(0, 0, W, H, { fill: sky, stroke: 'none' }) + body;
const banner = (x, y, w, h, fill, words, size = 18) =>
  rect(x, y, w, h, { fill, stroke: 'none', rx: 4 }) +
  text(x + w / 2, y + h / 2 + size / 3, words, { fill: '#fff', fontWeight: 'bold', fontSize: size });
const visitor = (x, colour) =>
  circle(x, 232, 14, { fill: '#b07850', stroke: 'none' }) +
  path_(`M${x - 20} 310 C ${x - 20} 262 ${x + 20} 262 ${x + 20} 310 Z`, { fill: colour, stroke: 'none' });

const SCENES = {
  news: {
    'exhibition-stand': [
      'Exhibition stand with instruments on display',
      () =>
        scene(
          '#e0f2fe',
          rect(0, 290, W, 70, { fill: '#cbd5e1', stroke: 'none' }) +
            rect(60, 60, 360, 230, { fill: '#ffffff' }) +
            banner(60, 60, 360, 44, '#0b7a75', 'METROLOGY INSTRUMENTS GROUP', 16) +
            group(KINDS.cmm.front(BRANDS.tespa), { transform: 'translate(80 120) scale(0.45)' }) +
            group(KINDS['height-gauge'].front(BRANDS.tespa), {
              transform: 'translate(260 120) scale(0.45)',
            }) +
            visitor(100, '#1d4ed8') +
            visitor(380, '#be185d') +
            visitor(420, '#047857'),
        ),
    ],
    'live-demo': [
      'Engineer demonstrating a video measuring machine',
      () =>
        scene(
          '#f1f5f9',
          group(KINDS['video-measuring-machine'].front(BRANDS.tespa), {
            transform: 'translate(20 20) scale(0.8)',
          }) +
            visitor(420, '#0f766e') +
            visitor(370, '#334155') +
            banner(300, 20, 160, 34, '#d9621a', 'LIVE DEMO'),
        ),
    ],
    'nabl-accreditation': [
      'NABL accreditation certificate',
      () =>
        scene(
          '#fefce8',
          rect(110, 30, 260, 300, { fill: '#ffffff' }) +
            rect(122, 42, 236, 276, { fill: 'none', stroke: '#a16207', strokeWidth: 2 }) +
            text(240, 90, 'CERTIFICATE OF', { fontSize: 16, fontWeight: 'bold' }) +
            text(240, 112, 'ACCREDITATION', { fontSize: 16, fontWeight: 'bold' }) +
            text(240, 140, 'ISO/IEC 17025:2017', { fontSize: 13, fill: '#475569' }) +
            [170, 190, 210, 230]
              .map((y) => seg(150, y, 330, y, { stroke: '#cbd5e1', strokeWidth: 2 }))
              .join('') +
            circle(300, 280, 26, { fill: '#fbbf24' }) +
            text(300, 285, 'NABL', { fontSize: 12, fontWeight: 'bold' }),
        ),
    ],
    seminar: [
      'Seminar on GD&T for inspection engineers',
      () =>
        scene(
          '#f8fafc',
          rect(120, 30, 240, 140, { fill: '#ffffff' }) +
            text(240, 70, 'GD&amp;T', { fontSize: 26, fontWeight: 'bold', fill: '#0b7a75' }) +
            rect(170, 90, 60, 30, { fill: 'none', strokeWidth: 2 }) +
            text(200, 111, '⌀ 0.05', { fontSize: 13 }) +
            rect(230, 90, 30, 30, { fill: 'none', strokeWidth: 2 }) +
            text(245, 111, 'A', { fontSize: 13 }) +
            [60, 140, 220, 300, 380]
              .map((x, i) => visitor(x + 20, ['#1d4ed8', '#be185d', '#047857', '#7c3aed', '#b45309'][i]))
              .join(''),
        ),
    ],
    'mobile-calibration': ['Mobile calibration van at a customer plant', () => vanScene()],
    'product-launch': [
      'Launch of a new vision measuring system',
      () =>
        scene(
          '#ecfeff',
          group(KINDS['video-measuring-machine'].front(BRANDS.tespa), {
            transform: 'translate(60 50) scale(0.75)',
          }) +
            banner(300, 24, 160, 34, '#c8102e', 'NEW') +
            path_('M400 120 l10 20 l22 3 l-16 15 l4 22 l-20 -11 l-20 11 l4 -22 l-16 -15 l22 -3 Z', {
              fill: '#fbbf24',
            }),
        ),
    ],
    anniversary: [
      'Anniversary celebration: precision since 1983',
      () =>
        scene(
          '#fff7ed',
          circle(240, 160, 110, { fill: '#fde68a' }) +
            text(240, 150, 'SINCE', { fontSize: 20, fontWeight: 'bold', fill: '#92400e' }) +
            text(240, 195, '1983', { fontSize: 48, fontWeight: 'bold', fill: '#92400e' }) +
            text(240, 320, 'Precision for four decades', { fontSize: 18, fill: '#92400e' }),
        ),
    ],
  },
  calibration: {
    'chennai-lab': ['Chennai calibration laboratory', () => labScene('#0b7a75', 'CHENNAI · EST. 1995')],
    'chennai-gauges': ['Gauge calibration bench in Chennai', () => benchScene('#0b7a75')],
    'bangalore-lab': ['Bangalore calibration laboratory', () => labScene('#00539f', 'BANGALORE · EST. 2004')],
    'bangalore-gauges': ['Length measuring machine in Bangalore', () => benchScene('#00539f')],
    'coimbatore-lab': [
      'Coimbatore calibration laboratory',
      () => labScene('#d9621a', 'COIMBATORE · EST. 2007'),
    ],
    'coimbatore-gauges': ['Thread gauge calibration in Coimbatore', () => benchScene('#d9621a')],
    'mobile-van': ['Mobile calibration van', () => vanScene()],
    'mobile-onsite': [
      'On-site calibration of a CMM',
      () =>
        scene(
          '#f1f5f9',
          group(KINDS.cmm.front(BRANDS.tespa), { transform: 'translate(30 30) scale(0.8)' }) +
            visitor(420, '#0f766e') +
            banner(300, 20, 160, 34, '#0b7a75', 'ON-SITE'),
        ),
    ],
    'nabl-certificate': ['NABL accreditation certificate', () => SCENES.news['nabl-accreditation'][1]()],
  },
};

function labScene(colour, words) {
  return scene(
    '#f8fafc',
    rect(0, 250, W, 110, { fill: '#e2e8f0', stroke: 'none' }) +
      rect(40, 170, 400, 20, { fill: '#9ca3af' }) +
      seg(60, 190, 60, 300) +
      seg(420, 190, 420, 300) +
      group(KINDS['height-gauge'].front(BRANDS.tespa), { transform: 'translate(40 20) scale(0.5)' }) +
      group(KINDS['dial-indicator'].front(BRANDS.mahr), { transform: 'translate(200 60) scale(0.35)' }) +
      group(KINDS.micrometer.front(BRANDS.sylvac), { transform: 'translate(300 80) scale(0.35)' }) +
      banner(40, 20, 400, 36, colour, words, 16) +
      text(440, 240, '20 ± 1 °C', { textAnchor: 'end', fontSize: 14, fill: '#475569' }),
  );
}

function benchScene(colour) {
  return scene(
    '#f1f5f9',
    group(KINDS['gauge-block-set'].front(BRANDS.mahr), { transform: 'translate(20 60) scale(0.55)' }) +
      group(KINDS['column-gauge'].front(BRANDS.mahr), { transform: 'translate(210 20) scale(0.8)' }) +
      rect(0, 320, W, 40, { fill: colour, stroke: 'none' }),
  );
}

function vanScene() {
  return scene(
    '#e0f2fe',
    rect(0, 280, W, 80, { fill: '#94a3b8', stroke: 'none' }) +
      path_('M60 150 L320 150 L320 280 L60 280 Z', { fill: '#ffffff' }) +
      path_('M320 180 L390 180 L420 230 L420 280 L320 280 Z', { fill: '#ffffff' }) +
      path_('M330 190 L385 190 L405 226 L330 226 Z', { fill: '#bae6fd' }) +
      text(190, 205, 'MOBILE', { fontSize: 22, fontWeight: 'bold', fill: '#0b7a75' }) +
      text(190, 232, 'CALIBRATION', { fontSize: 22, fontWeight: 'bold', fill: '#0b7a75' }) +
      circle(120, 282, 24, { fill: '#374151' }) +
      circle(360, 282, 24, { fill: '#374151' }) +
      circle(120, 282, 8, { fill: '#d1d5db' }) +
      circle(360, 282, 8, { fill: '#d1d5db' }),
  );
}

// ---------------------------------------------------------------------------------------------- write
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
