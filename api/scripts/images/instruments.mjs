// The instruments: a line drawing per kind in a brand's colour (KINDS), and each catalogue product's three views
// (front, a framed detail of the part that measures, in use with its workpiece).
import {
  BRANDS,
  H,
  INK,
  W,
  circle,
  display,
  ellipse,
  group,
  label,
  path_,
  rect,
  seg,
  svg,
  text,
  ticks,
} from './drawing.mjs';

// Each kind: front(b) in the 480x360 canvas; focus [x, y, w, h] for the detail view; use(b) adds the workpiece.
export const KINDS = {
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

const backdrop = (b, workshop = false) =>
  `<defs><linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#ffffff"/><stop offset="1" stop-color="${b.light}"/></linearGradient></defs>` +
  rect(0, 0, W, H, { fill: 'url(#bg)', stroke: 'none' }) +
  (workshop
    ? rect(0, 0, W, 40, { fill: '#f1f5f9', stroke: 'none' }) +
      Array.from({ length: 6 }, (_, i) =>
        seg(i * 96, 0, i * 96, 40, { stroke: '#e2e8f0', strokeWidth: 2 }),
      ).join('')
    : '');

export function productView(kind, brandKey, view) {
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
