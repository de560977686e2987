#!/usr/bin/env node
/**
 * Generates the site's original flat illustrations (SVG) into apps/web/app/assets/images/:
 * courses/<slug>.svg (640×400), carousel/1-3.svg (1200×675) and banner-global-kardec.svg (1200×500).
 * Run from anywhere: `node packages/content/scripts/generate-illustrations.mjs`. The output is committed.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readPalette } from '../palette.mjs';

const OUT = join(dirname(fileURLToPath(import.meta.url)), '../../../apps/web/app/assets/images');

// The brand's colours come from brand.css; the shades below are the illustrations' own.
const palette = readPalette();
const BLUE = palette.blue;
const BLUE2 = '#2f5580';
const GOLD = palette.gold;
const GOLD2 = '#f3d27a';
const SKY = palette.sky;
const SKY2 = '#b7d0ea';
const WHITE = '#fff';
const GREEN = palette.green;
const GREEN2 = '#8dbf9d';
const CREAM = '#fbf3e2';
const STONE = '#9fb0c4';
const ROSE = '#d9826f';
const SKIN = ['#f2cba8', '#dba47c', '#b07650', '#7d4d33'];
const HAIR = ['#3b2a20', '#6b4a2f', '#1c1c24', '#a7743f'];

/** Rounds to one decimal to keep the files small. */
const r = (v) => Math.round(v * 10) / 10;
/** Template tag that rounds every interpolated number. */
const s = (strings, ...values) =>
  strings.reduce((out, str, i) => {
    const v = values[i - 1];
    return out + (typeof v === 'number' ? r(v) : v) + str;
  });

const svg = (w, h, defs, body) =>
  s`<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">` +
  (defs ? `<defs>${defs}</defs>` : '') +
  body +
  '</svg>\n';

const rect = (x, y, w, h, fill, rx = 0, extra = '') =>
  s`<rect x="${x}" y="${y}" width="${w}" height="${h}"${rx ? s` rx="${rx}"` : ''} fill="${fill}"${extra}/>`;
const circle = (cx, cy, rad, fill, extra = '') =>
  s`<circle cx="${cx}" cy="${cy}" r="${rad}" fill="${fill}"${extra}/>`;
const ellipse = (cx, cy, rx, ry, fill, extra = '') =>
  s`<ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${ry}" fill="${fill}"${extra}/>`;
const path = (d, fill, extra = '') => `<path d="${d}" fill="${fill}"${extra}/>`;
const line = (d, stroke, width, extra = '') =>
  `<path d="${d}" fill="none" stroke="${stroke}" stroke-width="${width}" stroke-linecap="round"${extra}/>`;
const g = (transform, body, extra = '') => `<g transform="${transform}"${extra}>${body}</g>`;

/** Radial glow definition: gold at the centre fading out. */
const glowDef = (id = 'gl', color = GOLD2) =>
  `<radialGradient id="${id}"><stop offset="0" stop-color="${color}"/><stop offset="1" stop-color="${color}" stop-opacity="0"/></radialGradient>`;
const glow = (cx, cy, rad, id = 'gl') => circle(cx, cy, rad, `url(#${id})`);
/** Vertical gradient definition. */
const vgrad = (id, top, bottom) =>
  `<linearGradient id="${id}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></linearGradient>`;

/** Straight rays around a centre. */
function rays(cx, cy, r1, r2, n, color, width, offset = 0) {
  let d = '';
  for (let i = 0; i < n; i++) {
    const a = offset + (i / n) * Math.PI * 2;
    d += s`M${cx + r1 * Math.cos(a)} ${cy + r1 * Math.sin(a)}L${cx + r2 * Math.cos(a)} ${cy + r2 * Math.sin(a)}`;
  }
  return line(d, color, width);
}

/** Rays fanning over the upper half-circle only. */
function fan(cx, cy, r1, r2, n, color, width) {
  let d = '';
  for (let i = 0; i < n; i++) {
    const a = Math.PI + ((i + 0.5) / n) * Math.PI;
    d += s`M${cx + r1 * Math.cos(a)} ${cy + r1 * Math.sin(a)}L${cx + r2 * Math.cos(a)} ${cy + r2 * Math.sin(a)}`;
  }
  return line(d, color, width);
}

/** Five-pointed star. */
function star(cx, cy, ro, ri, fill) {
  let d = '';
  for (let i = 0; i < 10; i++) {
    const a = -Math.PI / 2 + (i * Math.PI) / 5;
    const rad = i % 2 ? ri : ro;
    d += `${i ? 'L' : 'M'}${r(cx + rad * Math.cos(a))} ${r(cy + rad * Math.sin(a))}`;
  }
  return path(d + 'Z', fill);
}

/** Small four-pointed sparkle. */
const sparkle = (cx, cy, k, fill = WHITE) =>
  path(
    s`M${cx} ${cy - k}Q${cx} ${cy} ${cx + k} ${cy}Q${cx} ${cy} ${cx} ${cy + k}Q${cx} ${cy} ${cx - k} ${cy}Q${cx} ${cy} ${cx} ${cy - k}Z`,
    fill,
  );

const heart = (cx, cy, k, fill) =>
  path(
    s`M${cx} ${cy + 34 * k}C${cx - 6 * k} ${cy + 26 * k} ${cx - 30 * k} ${cy + 12 * k} ${cx - 30 * k} ${cy - 6 * k}C${cx - 30 * k} ${cy - 24 * k} ${cx - 8 * k} ${cy - 30 * k} ${cx} ${cy - 12 * k}C${cx + 8 * k} ${cy - 30 * k} ${cx + 30 * k} ${cy - 24 * k} ${cx + 30 * k} ${cy - 6 * k}C${cx + 30 * k} ${cy + 12 * k} ${cx + 6 * k} ${cy + 26 * k} ${cx} ${cy + 34 * k}Z`,
    fill,
  );

const flame = (cx, cy, k, fill = GOLD, inner = GOLD2) =>
  path(
    s`M${cx} ${cy - 34 * k}C${cx + 16 * k} ${cy - 14 * k} ${cx + 16 * k} ${cy + 6 * k} ${cx} ${cy + 10 * k}C${cx - 16 * k} ${cy + 6 * k} ${cx - 16 * k} ${cy - 14 * k} ${cx} ${cy - 34 * k}Z`,
    fill,
  ) +
  path(
    s`M${cx} ${cy - 14 * k}C${cx + 7 * k} ${cy - 5 * k} ${cx + 7 * k} ${cy + 4 * k} ${cx} ${cy + 6 * k}C${cx - 7 * k} ${cy + 4 * k} ${cx - 7 * k} ${cy - 5 * k} ${cx} ${cy - 14 * k}Z`,
    inner,
  );

const cloud = (x, y, k, fill = WHITE) =>
  path(
    s`M${x - 60 * k} ${y}a${26 * k} ${26 * k} 0 0 1 ${26 * k} ${-26 * k}a${34 * k} ${34 * k} 0 0 1 ${62 * k} ${-10 * k}a${24 * k} ${24 * k} 0 0 1 ${32 * k} ${36 * k}Z`,
    fill,
  );

const tree = (x, y, k, crown = GREEN) =>
  rect(x - 5 * k, y - 40 * k, 10 * k, 40 * k, '#8a6242', 3 * k) +
  circle(x, y - 58 * k, 30 * k, crown) +
  circle(x - 18 * k, y - 44 * k, 18 * k, crown) +
  circle(x + 18 * k, y - 44 * k, 18 * k, crown);

const bird = (x, y, k, color = BLUE) =>
  line(
    s`M${x - 14 * k} ${y}Q${x - 7 * k} ${y - 9 * k} ${x} ${y}Q${x + 7 * k} ${y - 9 * k} ${x + 14 * k} ${y}`,
    color,
    3 * k,
  );

const leaf = (x, y, k, angle, fill = GREEN) =>
  g(s`translate(${x} ${y}) rotate(${angle}) scale(${k})`, path('M0 0Q12-12 26 0Q12 12 0 0Z', fill));

/**
 * A person seen from the front (head and torso), bottom of the torso at (x, y).
 * `back` draws the back of the head (hair only).
 */
function person(x, y, k, skin, shirt, hair, { back = false, child = false } = {}) {
  const hr = (child ? 17 : 15) * k;
  const hy = y - (child ? 50 : 58) * k;
  const w = (child ? 20 : 28) * k;
  const top = y - (child ? 32 : 40) * k;
  const body = path(
    s`M${x - w} ${y}C${x - w} ${top} ${x - w * 0.6} ${top} ${x} ${top}C${x + w * 0.6} ${top} ${x + w} ${top} ${x + w} ${y}Z`,
    shirt,
  );
  if (back) return body + circle(x, hy, hr, hair);
  return (
    body +
    circle(x, hy, hr, skin) +
    path(
      s`M${x - hr} ${hy + 2 * k}A${hr} ${hr} 0 0 1 ${x + hr} ${hy + 2 * k}Q${x} ${hy - hr * 0.5} ${x - hr} ${hy + 2 * k}Z`,
      hair,
    )
  );
}

/** An open hand, fingers up, palm centre at the origin; place it with a transform. */
const handShape = (skin, sleeve) =>
  `<g fill="${skin}">` +
  '<rect x="-20" y="-8" width="40" height="40" rx="14"/>' +
  '<rect x="-20" y="-38" width="9" height="40" rx="4.5"/>' +
  '<rect x="-9.5" y="-45" width="9" height="46" rx="4.5"/>' +
  '<rect x="1" y="-43" width="9" height="44" rx="4.5"/>' +
  '<rect x="11.5" y="-33" width="8.5" height="34" rx="4.2"/>' +
  '<rect x="-26" y="-4" width="10" height="30" rx="5" transform="rotate(-40 -21 22)"/>' +
  '</g>' +
  (sleeve ? `<rect x="-18" y="28" width="36" height="60" rx="6" fill="${sleeve}"/>` : '');
const hand = (x, y, k, angle, skin, sleeve, flip = false) =>
  g(s`translate(${x} ${y}) rotate(${angle}) scale(${flip ? -k : k} ${k})`, handShape(skin, sleeve));

/** Open book: spine at (cx, top); `w` is the total width of both pages. */
function openBook(cx, top, w, h, cover = BLUE, page = WHITE, lines = SKY2) {
  const hw = w / 2;
  const coverPath = s`M${cx} ${top + 14}Q${cx - hw * 0.5} ${top - 4} ${cx - hw - 10} ${top + 8}L${cx - hw - 10} ${top + h + 10}Q${cx - hw * 0.5} ${top + h} ${cx} ${top + h + 18}Q${cx + hw * 0.5} ${top + h} ${cx + hw + 10} ${top + h + 10}L${cx + hw + 10} ${top + 8}Q${cx + hw * 0.5} ${top - 4} ${cx} ${top + 14}Z`;
  const left = s`M${cx} ${top + 8}Q${cx - hw * 0.5} ${top - 10} ${cx - hw} ${top}L${cx - hw} ${top + h}Q${cx - hw * 0.5} ${top + h - 12} ${cx} ${top + h + 8}Z`;
  const right = s`M${cx} ${top + 8}Q${cx + hw * 0.5} ${top - 10} ${cx + hw} ${top}L${cx + hw} ${top + h}Q${cx + hw * 0.5} ${top + h - 12} ${cx} ${top + h + 8}Z`;
  let ls = '';
  const n = Math.max(3, Math.floor(h / 22));
  for (let i = 1; i <= n; i++) {
    const y = top + (i * h) / (n + 1);
    ls += s`M${cx - hw * 0.85} ${y}Q${cx - hw * 0.45} ${y - 8} ${cx - hw * 0.12} ${y + 4}M${cx + hw * 0.12} ${y + 4}Q${cx + hw * 0.45} ${y - 8} ${cx + hw * 0.85} ${y}`;
  }
  return (
    path(coverPath, cover) +
    path(left, page) +
    path(right, page) +
    line(ls, lines, Math.max(2, w / 120))
  );
}

/** Closed book seen from the front, standing. */
const closedBook = (x, y, w, h, cover, accent) =>
  rect(x, y, w, h, cover, 6) +
  rect(x + w - 10, y + 4, 6, h - 8, accent, 2) +
  rect(x + 8, y, 8, h, accent, 0, ' opacity=".35"');

/** Book lying flat, seen from the side (for stacks). */
const lyingBook = (x, y, w, h, cover) =>
  rect(x, y, w, h, cover, 4) +
  rect(x + 6, y + h * 0.25, w - 12, h * 0.5, WHITE, 2, ' opacity=".8"');

/** Oil lamp (lamparina) with its flame, base centre at (x, y). */
const lamp = (x, y, k) =>
  glow(x, y - 70 * k, 90 * k) +
  ellipse(x, y - 4 * k, 46 * k, 8 * k, BLUE2) +
  path(
    s`M${x - 40 * k} ${y - 30 * k}Q${x} ${y + 6 * k} ${x + 40 * k} ${y - 30 * k}Q${x + 58 * k} ${y - 34 * k} ${x + 64 * k} ${y - 48 * k}Q${x + 44 * k} ${y - 40 * k} ${x + 30 * k} ${y - 42 * k}L${x - 30 * k} ${y - 42 * k}Z`,
    GOLD,
  ) +
  ellipse(x, y - 42 * k, 30 * k, 6 * k, '#c48a14') +
  flame(x + 60 * k, y - 72 * k, 0.9 * k);

const bgRect = (w, h, fill) => rect(0, 0, w, h, fill);

// ---------------------------------------------------------------------------------------------
// Course illustrations, 640×400
// ---------------------------------------------------------------------------------------------
const W = 640;
const H = 400;

const courses = {
  'conheca-o-espiritismo': () =>
    svg(
      W,
      H,
      glowDef(),
      bgRect(W, H, SKY) +
        circle(320, 170, 150, WHITE, ' opacity=".55"') +
        ellipse(320, 372, 250, 22, SKY2) +
        glow(320, 150, 120) +
        openBook(320, 235, 320, 110) +
        flame(320, 175, 2.3) +
        sparkle(230, 120, 10) +
        sparkle(420, 96, 8) +
        sparkle(452, 180, 6, GOLD) +
        sparkle(180, 190, 6, GOLD),
    ),

  'nosso-lar': () =>
    svg(
      W,
      H,
      vgrad('bg', GOLD2, CREAM) + glowDef('gl', WHITE),
      bgRect(W, H, 'url(#bg)') +
        glow(320, 150, 200) +
        // towers
        rect(190, 170, 50, 150, WHITE) +
        path('M190 170Q215 130 240 170Z', WHITE) +
        rect(260, 120, 60, 200, SKY) +
        path('M260 120Q290 70 320 120Z', SKY) +
        rect(286, 60, 8, 30, GOLD) +
        rect(335, 150, 56, 170, WHITE) +
        path('M335 150Q363 110 391 150Z', WHITE) +
        rect(405, 190, 46, 130, SKY) +
        [200, 214, 228].map((x) => rect(x - 3, 200, 6, 16, SKY2, 3)).join('') +
        [275, 290, 305].map((x) => rect(x - 3, 160, 6, 20, GOLD2, 3)).join('') +
        [352, 372].map((x) => rect(x - 3, 185, 6, 18, SKY2, 3)).join('') +
        tree(170, 320, 0.8, GREEN2) +
        tree(470, 320, 0.9, GREEN) +
        // clouds carrying the city
        cloud(150, 352, 1.1) +
        cloud(330, 356, 1.3) +
        cloud(500, 350, 1.1) +
        rect(0, 348, W, 52, WHITE) +
        cloud(110, 110, 0.9, WHITE) +
        cloud(540, 80, 0.8, WHITE),
    ),

  passe: () =>
    svg(
      W,
      H,
      glowDef(),
      bgRect(W, H, BLUE) +
        glow(320, 200, 200) +
        person(320, 420, 2.4, SKIN[1], SKY, HAIR[0]) +
        hand(255, 150, 1.2, 205, SKIN[2], GREEN, true) +
        hand(385, 150, 1.2, 155, SKIN[2], GREEN) +
        [
          [290, 210],
          [320, 196],
          [350, 210],
          [305, 176],
          [336, 176],
          [270, 186],
          [370, 186],
        ]
          .map(([x, y]) => circle(x, y, 4, GOLD2))
          .join('') +
        sparkle(120, 80, 8) +
        sparkle(530, 110, 10) +
        sparkle(560, 300, 6, GOLD2) +
        sparkle(90, 260, 6, GOLD2),
    ),

  corrente: () => {
    const cx = 320;
    const cy = 210;
    const n = 8;
    let people = '';
    let hands = '';
    for (let i = 0; i < n; i++) {
      const a = (i / n) * Math.PI * 2 - Math.PI / 2;
      const x = cx + 120 * Math.cos(a);
      const y = cy + 120 * Math.sin(a);
      const deg = (a * 180) / Math.PI + 90;
      people += g(
        s`translate(${x} ${y}) rotate(${deg})`,
        ellipse(0, 6, 34, 16, [BLUE2, GREEN, ROSE, GOLD][i % 4]) + circle(0, 8, 13, HAIR[i % 4]),
      );
      const b = a + Math.PI / n;
      hands += circle(cx + 112 * Math.cos(b), cy + 112 * Math.sin(b), 8, SKIN[i % 4]);
    }
    return svg(
      W,
      H,
      glowDef(),
      bgRect(W, H, SKY) +
        glow(cx, cy, 190) +
        circle(cx, cy, 112, 'none', ` stroke="${GOLD}" stroke-width="10"`) +
        circle(cx, cy, 112, 'none', ` stroke="${GOLD2}" stroke-width="3"`) +
        people +
        hands +
        rays(cx, cy, 20, 60, 12, GOLD, 4) +
        circle(cx, cy, 14, GOLD2),
    );
  },

  vibracao: () =>
    svg(
      W,
      H,
      glowDef(),
      bgRect(W, H, BLUE) +
        [
          [60, 60],
          [560, 50],
          [600, 180],
          [40, 300],
          [250, 40],
          [470, 120],
        ]
          .map(([x, y], i) => sparkle(x, y, i % 2 ? 5 : 8))
          .join('') +
        glow(170, 120, 150) +
        rays(170, 120, 62, 90, 16, GOLD, 5) +
        circle(170, 120, 52, GOLD) +
        line(
          'M250 170Q330 150 380 220M240 210Q310 200 350 260M270 130Q360 110 420 190',
          GOLD2,
          5,
          ' opacity=".8"',
        ) +
        circle(470, 300, 120, BLUE2) +
        circle(470, 300, 120, 'none', ` stroke="${SKY2}" stroke-width="4" opacity=".6"`) +
        path(
          'M390 250q30-30 60-10t40 30-30 40-50 0-20-60zM480 200q40-10 60 20t-10 40-40-20-10-40zM500 330q30-10 50 10t-20 40-40-10 10-40z',
          GREEN2,
        ),
    ),

  'instituto-da-caridade': () =>
    svg(
      W,
      H,
      glowDef(),
      bgRect(W, H, CREAM) +
        glow(320, 170, 170) +
        heart(320, 160, 2.6, GOLD) +
        heart(300, 140, 0.8, GOLD2) +
        hand(210, 290, 1.5, 70, SKIN[1], BLUE2) +
        hand(430, 290, 1.5, -70, SKIN[3], GREEN, true) +
        sparkle(220, 90, 10, GOLD) +
        sparkle(430, 80, 8, GOLD) +
        sparkle(470, 170, 6, GOLD),
    ),

  'instituto-da-crianca': () =>
    svg(
      W,
      H,
      glowDef(),
      bgRect(W, H, SKY) +
        glow(540, 70, 110) +
        circle(540, 70, 40, GOLD) +
        cloud(140, 100, 0.9) +
        ellipse(320, 420, 420, 120, GREEN2) +
        ellipse(320, 340, 60, 12, '#8a6242') +
        rect(316, 270, 8, 70, GREEN) +
        leaf(320, 290, 1.4, -30) +
        leaf(320, 280, 1.4, 210) +
        leaf(320, 268, 1.2, -70, GREEN2) +
        person(200, 380, 1.6, SKIN[0], ROSE, HAIR[3], { child: true }) +
        person(440, 380, 1.6, SKIN[2], BLUE2, HAIR[2], { child: true }) +
        path('M470 300l40-12 6 20-40 12z', SKY2) +
        line('M512 300q18 10 14 30M516 308q16 12 10 34', SKY2, 3) +
        [330, 340, 350].map((y, i) => circle(492 + i * 8, y - 10, 3, SKY2)).join(''),
    ),

  'instituto-da-divulgacao': () =>
    svg(
      W,
      H,
      '',
      bgRect(W, H, SKY) +
        circle(480, 110, 90, WHITE, ' opacity=".6"') +
        openBook(230, 250, 280, 100) +
        line('M230 250Q300 150 560 70', WHITE, 3, ' stroke-dasharray="2 12" opacity=".9"') +
        bird(330, 170, 1.6) +
        bird(400, 130, 1.3) +
        bird(470, 100, 1.1, BLUE2) +
        bird(540, 70, 0.9, BLUE2) +
        leaf(290, 200, 1.2, -40) +
        leaf(370, 185, 1, 20, GREEN2) +
        leaf(440, 150, 1, -20) +
        leaf(510, 130, 0.8, 30, GREEN2),
    ),

  'instituto-do-esclarecimento-e-familia': () =>
    svg(
      W,
      H,
      glowDef(),
      bgRect(W, H, BLUE) +
        sparkle(80, 70, 7) +
        sparkle(560, 60, 9) +
        sparkle(600, 170, 5) +
        ellipse(320, 400, 360, 60, BLUE2) +
        path('M170 190L320 80L470 190Z', GOLD) +
        rect(190, 185, 260, 175, CREAM) +
        glow(320, 250, 160) +
        rect(395, 215, 40, 40, GOLD2, 4) +
        rect(205, 215, 40, 40, GOLD2, 4) +
        person(262, 362, 1.4, SKIN[1], GREEN, HAIR[0]) +
        person(378, 362, 1.4, SKIN[2], ROSE, HAIR[2]) +
        person(320, 362, 1.05, SKIN[1], GOLD, HAIR[1], { child: true }) +
        path(
          'M240 320q80-40 160 0',
          'none',
          ` stroke="${SKIN[1]}" stroke-width="10" stroke-linecap="round"`,
        ),
    ),

  'instituto-do-jovem': () =>
    svg(
      W,
      H,
      vgrad('bg', SKY, GOLD2) + glowDef('gl', WHITE),
      bgRect(W, H, 'url(#bg)') +
        glow(320, 230, 150) +
        circle(320, 230, 60, GOLD) +
        path('M0 230Q160 190 320 230T640 220V400H0Z', GREEN2) +
        path('M0 270Q200 240 380 270T640 260V400H0Z', GREEN) +
        path('M300 232L340 232L470 400L170 400Z', CREAM) +
        person(255, 390, 1.3, '', BLUE2, HAIR[0], { back: true }) +
        person(320, 380, 1.2, '', GOLD, HAIR[3], { back: true }) +
        person(385, 390, 1.3, '', ROSE, HAIR[2], { back: true }) +
        bird(440, 110, 1) +
        bird(480, 90, 0.8),
    ),

  'estudando-andre-luiz-i': () =>
    svg(
      W,
      H,
      '',
      bgRect(W, H, SKY) +
        path('M270 0L370 0L470 360L170 360Z', GOLD2, ' opacity=".5"') +
        rect(0, 350, W, 50, SKY2) +
        lyingBook(200, 318, 240, 34, BLUE) +
        lyingBook(214, 284, 210, 34, GREEN) +
        lyingBook(226, 250, 190, 34, BLUE2) +
        lyingBook(240, 216, 160, 34, GOLD) +
        path('M410 210Q470 120 500 90Q480 150 420 214Z', WHITE) +
        line('M420 214L498 92', SKY2, 2) +
        sparkle(320, 150, 12) +
        sparkle(280, 90, 7) +
        sparkle(360, 70, 6),
    ),

  'estudando-andre-luiz-ii': () =>
    svg(
      W,
      H,
      vgrad('bg', SKY, BLUE) + glowDef(),
      bgRect(W, H, 'url(#bg)') +
        glow(530, 60, 150) +
        path('M0 320Q120 260 240 330T500 320 640 340V400H0Z', BLUE) +
        path('M0 360Q160 320 300 370T640 360V400H0Z', '#16304f') +
        [0, 1, 2, 3, 4, 5, 6, 7]
          .map((i) => rect(120 + i * 50, 340 - i * 38, 70, 12, i > 4 ? GOLD2 : GOLD, 4))
          .join('') +
        circle(530, 60, 36, WHITE) +
        sparkle(420, 60, 8) +
        sparkle(600, 150, 6),
    ),

  'o-livro-dos-mediuns-i': () =>
    svg(
      W,
      H,
      glowDef(),
      bgRect(W, H, CREAM) +
        rect(0, 320, W, 80, BLUE2) +
        rect(0, 320, W, 10, BLUE) +
        glow(320, 190, 170) +
        closedBook(240, 110, 160, 210, BLUE, GOLD) +
        star(324, 200, 40, 17, GOLD) +
        rect(268, 140, 104, 6, GOLD2, 3) +
        rect(268, 260, 104, 6, GOLD2, 3) +
        path('M470 320q-6-50 10-60h40q16 10 10 60z', GREEN) +
        leaf(500, 260, 1.4, -120) +
        leaf(500, 260, 1.4, -60, GREEN2) +
        leaf(500, 250, 1.1, -90),
    ),

  'o-livro-dos-mediuns-ii': () =>
    svg(
      W,
      H,
      glowDef(),
      bgRect(W, H, BLUE) +
        rect(0, 310, W, 90, BLUE2) +
        glow(460, 210, 160) +
        openBook(260, 230, 300, 90, BLUE, CREAM, GOLD2) +
        lamp(470, 310, 1.1) +
        sparkle(120, 80, 8) +
        sparkle(560, 70, 6),
    ),

  'nos-dominios-da-mediunidade-i': () => {
    const seats = [
      [200, 110],
      [320, 90],
      [440, 110],
      [200, 290],
      [320, 310],
      [440, 290],
    ];
    return svg(
      W,
      H,
      glowDef(),
      bgRect(W, H, SKY) +
        seats
          .map(([x, y], i) =>
            g(
              s`translate(${x} ${y}) rotate(${y > 200 ? 180 : 0})`,
              ellipse(0, -6, 40, 18, [BLUE2, GREEN, ROSE][i % 3]) + circle(0, -10, 15, HAIR[i % 4]),
            ),
          )
          .join('') +
        rect(150, 130, 340, 140, WHITE, 24) +
        rect(160, 140, 320, 120, CREAM, 18) +
        glow(320, 200, 120) +
        rect(300, 170, 22, 40, SKY2, 6) +
        circle(336, 204, 10, SKY2) +
        [200, 320, 440]
          .flatMap((x) => [circle(x - 16, 146, 7, SKIN[1]), circle(x + 16, 146, 7, SKIN[2])])
          .join('') +
        [200, 320, 440]
          .flatMap((x) => [circle(x - 16, 254, 7, SKIN[0]), circle(x + 16, 254, 7, SKIN[3])])
          .join(''),
    );
  },

  'nos-dominios-da-mediunidade-ii': () =>
    svg(
      W,
      H,
      glowDef(),
      bgRect(W, H, BLUE) +
        glow(320, 200, 220) +
        [170, 130, 95]
          .map((rad, i) =>
            circle(
              320,
              200,
              rad,
              'none',
              ` stroke="${i % 2 ? SKY2 : GOLD}" stroke-width="3" opacity=".7"`,
            ),
          )
          .join('') +
        path('M200 200Q320 100 440 200Q320 300 200 200Z', WHITE) +
        circle(320, 200, 44, BLUE2) +
        circle(320, 200, 20, BLUE) +
        circle(308, 188, 8, WHITE) +
        rays(320, 200, 190, 210, 24, GOLD2, 3),
    ),

  'compreendendo-a-dor-humana-i': () =>
    svg(
      W,
      H,
      '',
      bgRect(W, H, SKY) +
        path('M0 0L160 0L420 330L300 330Z', GOLD2, ' opacity=".55"') +
        rect(0, 340, W, 60, GREEN2) +
        path('M170 350Q180 250 300 240Q420 230 470 350Z', STONE) +
        line('M320 240L300 280L330 300L310 350', '#6f8196', 5) +
        line('M318 250Q300 190 326 150', GREEN, 6) +
        leaf(316, 215, 1.4, -150) +
        leaf(320, 200, 1.3, -20, GREEN2) +
        [0, 72, 144, 216, 288]
          .map((a) => ellipse(326, 130, 12, 22, GOLD, s` transform="rotate(${a} 326 150)"`))
          .join('') +
        circle(326, 150, 12, ROSE) +
        sparkle(460, 120, 8, WHITE),
    ),

  'compreendendo-a-dor-humana-ii': () =>
    svg(
      W,
      H,
      glowDef(),
      bgRect(W, H, CREAM) +
        circle(320, 200, 150, SKY) +
        glow(320, 200, 170) +
        hand(300, 250, 1.7, 80, SKIN[1], BLUE2) +
        hand(350, 170, 1.5, -100, SKIN[3], GREEN) +
        sparkle(180, 90, 8, GOLD) +
        sparkle(470, 300, 8, GOLD) +
        sparkle(480, 110, 5, GOLD),
    ),

  'desenvolvimento-mediunico-vibracao': () =>
    svg(
      W,
      H,
      glowDef(),
      bgRect(W, H, BLUE) +
        glow(320, 220, 210) +
        [80, 130, 180, 230]
          .map((rad, i) =>
            circle(
              320,
              230,
              rad,
              'none',
              ` stroke="${GOLD}" stroke-width="${5 - i}" opacity="${1 - i * 0.2}"`,
            ),
          )
          .join('') +
        ellipse(320, 330, 90, 26, BLUE2) +
        path('M262 330Q320 300 378 330Q380 350 320 350Q260 350 262 330Z', SKY) +
        person(320, 320, 1.6, SKIN[2], SKY, HAIR[2]) +
        sparkle(100, 80, 7) +
        sparkle(540, 70, 9),
    ),

  'desenvolvimento-mediunico-fase-i': () =>
    svg(
      W,
      H,
      '',
      bgRect(W, H, SKY) +
        path('M250 0L390 0L560 400L80 400Z', GOLD2, ' opacity=".5"') +
        path('M300 0L340 0L420 400L220 400Z', WHITE, ' opacity=".5"') +
        rect(0, 330, W, 70, BLUE2) +
        person(200, 340, 1.5, SKIN[0], GREEN, HAIR[1]) +
        person(320, 340, 1.6, SKIN[2], ROSE, HAIR[0]) +
        person(440, 340, 1.5, SKIN[3], BLUE, HAIR[2]) +
        sparkle(320, 90, 12) +
        sparkle(270, 150, 7) +
        sparkle(370, 160, 7),
    ),
};

// ---------------------------------------------------------------------------------------------
// Carousel scenes of the 'Saiba mais' page, 1200×675, and the home banner, 1200×500
// ---------------------------------------------------------------------------------------------
const CW = 1200;
const CH = 675;

function chairRow(y, xs, k, people) {
  return xs
    .map((x, i) => {
      const who = people[i];
      const chair =
        rect(x - 34 * k, y - 60 * k, 68 * k, 70 * k, BLUE2, 10 * k) +
        rect(x - 30 * k, y + 10 * k, 6 * k, 30 * k, BLUE) +
        rect(x + 24 * k, y + 10 * k, 6 * k, 30 * k, BLUE);
      return who
        ? chair + person(x, y - 20 * k, k * 1.25, '', who[0], who[1], { back: true })
        : chair;
    })
    .join('');
}

const window_ = (x, y, w, h) =>
  path(
    s`M${x} ${y + h}V${y + w / 2}A${w / 2} ${w / 2} 0 0 1 ${x + w} ${y + w / 2}V${y + h}Z`,
    WHITE,
  ) +
  path(
    s`M${x + 10} ${y + h - 10}V${y + w / 2}A${w / 2 - 10} ${w / 2 - 10} 0 0 1 ${x + w - 10} ${y + w / 2}V${y + h - 10}Z`,
    SKY,
  ) +
  line(s`M${x + w / 2} ${y + 12}V${y + h - 10}M${x + 10} ${y + h * 0.55}H${x + w - 10}`, WHITE, 6);

const carousel = {
  1: () =>
    svg(
      CW,
      CH,
      glowDef(),
      bgRect(CW, CH, CREAM) +
        rect(0, 440, CW, 235, SKY2) +
        [170, 500, 830]
          .map((x) =>
            path(
              s`M${x} 370L${x + 200} 370L${x + 320} 675L${x - 60} 675Z`,
              WHITE,
              ' opacity=".35"',
            ),
          )
          .join('') +
        [170, 500, 830].map((x) => window_(x, 80, 200, 290)).join('') +
        glow(600, 400, 220) +
        rect(440, 380, 320, 90, WHITE, 8) +
        rect(440, 380, 320, 16, SKY, 8) +
        path('M585 380q-6-34 15-40q21 6 15 40z', SKY2) +
        circle(586, 330, 16, GOLD) +
        circle(614, 326, 16, ROSE) +
        circle(600, 306, 16, GOLD2) +
        leaf(600, 345, 1.4, 200) +
        leaf(600, 345, 1.4, -20) +
        chairRow(520, [240, 380, 520, 680, 820, 960], 1, [
          null,
          [GREEN, HAIR[0]],
          null,
          [ROSE, HAIR[3]],
          [BLUE, HAIR[2]],
          null,
        ]) +
        chairRow(640, [170, 330, 490, 710, 870, 1030], 1.2, [
          [GOLD, HAIR[1]],
          null,
          [BLUE, HAIR[0]],
          [GREEN, HAIR[2]],
          null,
          [ROSE, HAIR[1]],
        ]),
    ),

  2: () => {
    const shelf = [0, 1, 2]
      .map(
        (row) =>
          [0, 1, 2, 3, 4, 5, 6, 7, 8]
            .map((i) =>
              rect(
                70 + i * 26,
                96 + row * 110 + (i % 3) * 10,
                20,
                80 - (i % 3) * 10,
                [BLUE, GOLD, GREEN, ROSE, BLUE2][(i + row) % 5],
                3,
              ),
            )
            .join('') + rect(60, 176 + row * 110, 250, 10, '#8a6242'),
      )
      .join('');
    const seated = [
      [360, SKIN[0], GREEN, HAIR[3]],
      [520, SKIN[2], ROSE, HAIR[0]],
      [680, SKIN[3], GOLD, HAIR[2]],
      [840, SKIN[1], BLUE2, HAIR[1]],
    ]
      .map(([x, skin, shirt, hair]) => person(x, 470, 2, skin, shirt, hair))
      .join('');
    return svg(
      CW,
      CH,
      glowDef(),
      bgRect(CW, CH, SKY) +
        rect(60, 80, 250, 340, '#c79a6a', 6) +
        shelf +
        window_(900, 90, 200, 260) +
        line('M600 0V110', BLUE, 4) +
        path('M540 150Q600 90 660 150Z', BLUE) +
        rect(0, 560, CW, 115, SKY2) +
        glow(600, 220, 260) +
        seated +
        rect(240, 460, 720, 30, CREAM, 8) +
        rect(270, 490, 660, 185, '#c79a6a') +
        rect(240, 460, 720, 10, WHITE, 5, ' opacity=".6"') +
        [360, 520, 680, 840]
          .map((x) =>
            g(s`translate(${x} 442) scale(.42)`, openBook(0, 0, 200, 40, BLUE, WHITE, SKY2)),
          )
          .join(''),
    );
  },

  3: () => {
    const basket = (x, y) =>
      path(s`M${x - 40} ${y}h80l-10 50h-60z`, GOLD) +
      line(s`M${x - 30} ${y}Q${x} ${y - 50} ${x + 30} ${y}`, '#b07b16', 6) +
      circle(x - 18, y - 4, 12, GREEN) +
      circle(x + 4, y - 8, 12, ROSE) +
      circle(x + 22, y - 2, 10, GREEN2);
    return svg(
      CW,
      CH,
      glowDef(),
      bgRect(CW, CH, SKY) +
        glow(1040, 110, 170) +
        circle(1040, 110, 60, GOLD) +
        cloud(260, 130, 1.4) +
        cloud(700, 90, 1) +
        rect(0, 470, CW, 205, GREEN2) +
        // awning
        rect(150, 120, 14, 360, BLUE) +
        rect(746, 120, 14, 360, BLUE) +
        [0, 1, 2, 3, 4, 5, 6]
          .map((i) => path(s`M${150 + i * 87} 110h87v70q-43 30-87 0z`, i % 2 ? WHITE : BLUE2))
          .join('') +
        person(320, 430, 2.2, SKIN[1], GREEN, HAIR[0]) +
        person(520, 430, 2.2, SKIN[3], GREEN, HAIR[2]) +
        rect(190, 400, 540, 24, CREAM, 6) +
        rect(210, 424, 500, 120, WHITE) +
        basket(290, 380) +
        basket(420, 380) +
        basket(560, 380) +
        rect(640, 330, 70, 70, GOLD2, 6) +
        rect(650, 360, 50, 8, GOLD, 2) +
        // family receiving
        person(920, 600, 2.4, SKIN[2], ROSE, HAIR[1]) +
        person(1050, 600, 1.7, SKIN[2], BLUE2, HAIR[0], { child: true }) +
        basket(920, 560) +
        tree(1120, 520, 1.6) +
        heart(1000, 420, 0.7, ROSE),
    );
  },
};

const banner = () =>
  svg(
    1200,
    500,
    vgrad('bg', SKY, WHITE) + glowDef(),
    bgRect(1200, 500, 'url(#bg)') +
      cloud(200, 130, 1.2) +
      cloud(520, 90, 0.8) +
      path('M0 380Q300 320 600 380T1200 360V500H0Z', GREEN2) +
      path('M0 430Q360 390 720 440T1200 420V500H0Z', GREEN) +
      glow(880, 250, 260) +
      fan(880, 290, 110, 210, 9, GOLD, 6) +
      openBook(880, 300, 360, 110) +
      flame(880, 240, 1.6) +
      bird(330, 200, 1.4) +
      bird(380, 170, 1.1) +
      sparkle(1080, 90, 10) +
      sparkle(700, 110, 8),
  );

const images = [
  ...Object.entries(courses).map(([slug, draw]) => [`courses/${slug}.svg`, draw()]),
  ...Object.entries(carousel).map(([n, draw]) => [`carousel/${n}.svg`, draw()]),
  ['banner-global-kardec.svg', banner()],
];

for (const [file, content] of images) {
  const target = join(OUT, file);
  mkdirSync(dirname(target), { recursive: true });
  writeFileSync(target, content);
  console.log(`${file}  ${content.length} bytes`);
}
