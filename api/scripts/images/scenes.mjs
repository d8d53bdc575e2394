// The pictures of news items and calibration centres: scenes built from the instruments' drawings, visitors,
// banners, a lab, a bench and a van.
import { BRANDS, H, W, circle, group, path_, rect, seg, text } from './drawing.mjs';
import { KINDS } from './instruments.mjs';

const scene = (sky, body) => rect(0, 0, W, H, { fill: sky, stroke: 'none' }) + body;
const banner = (x, y, w, h, fill, words, size = 18) =>
  rect(x, y, w, h, { fill, stroke: 'none', rx: 4 }) +
  text(x + w / 2, y + h / 2 + size / 3, words, { fill: '#fff', fontWeight: 'bold', fontSize: size });
const visitor = (x, colour) =>
  circle(x, 232, 14, { fill: '#b07850', stroke: 'none' }) +
  path_(`M${x - 20} 310 C ${x - 20} 262 ${x + 20} 262 ${x + 20} 310 Z`, { fill: colour, stroke: 'none' });

export const SCENES = {
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
