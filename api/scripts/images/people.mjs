// The testimonials' portraits: one person each, drawn from a few traits (skin, hair and its style, shirt, glasses,
// moustache, beard).
import { INK, circle, ellipse, path_, rect, seg } from './drawing.mjs';

export const PEOPLE = {
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

export function person(p) {
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
