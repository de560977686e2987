/**
 * The figures the scenes are drawn with: rays, stars, clouds, trees, people, hands, books, lamps.
 */
import { BLUE, BLUE2, GOLD, GOLD2, GREEN, SKY2, WHITE } from './colours.mjs';
import { circle, ellipse, g, glow, line, path, r, rect, s } from './svg.mjs';

/** Straight rays around a centre. */
export function rays(cx, cy, r1, r2, n, color, width, offset = 0) {
  let d = '';
  for (let i = 0; i < n; i++) {
    const a = offset + (i / n) * Math.PI * 2;
    d += s`M${cx + r1 * Math.cos(a)} ${cy + r1 * Math.sin(a)}L${cx + r2 * Math.cos(a)} ${cy + r2 * Math.sin(a)}`;
  }
  return line(d, color, width);
}

/** Rays fanning over the upper half-circle only. */
export function fan(cx, cy, r1, r2, n, color, width) {
  let d = '';
  for (let i = 0; i < n; i++) {
    const a = Math.PI + ((i + 0.5) / n) * Math.PI;
    d += s`M${cx + r1 * Math.cos(a)} ${cy + r1 * Math.sin(a)}L${cx + r2 * Math.cos(a)} ${cy + r2 * Math.sin(a)}`;
  }
  return line(d, color, width);
}

/** Five-pointed star. */
export function star(cx, cy, ro, ri, fill) {
  let d = '';
  for (let i = 0; i < 10; i++) {
    const a = -Math.PI / 2 + (i * Math.PI) / 5;
    const rad = i % 2 ? ri : ro;
    d += `${i ? 'L' : 'M'}${r(cx + rad * Math.cos(a))} ${r(cy + rad * Math.sin(a))}`;
  }
  return path(d + 'Z', fill);
}

/** Small four-pointed sparkle. */
export const sparkle = (cx, cy, k, fill = WHITE) =>
  path(
    s`M${cx} ${cy - k}Q${cx} ${cy} ${cx + k} ${cy}Q${cx} ${cy} ${cx} ${cy + k}Q${cx} ${cy} ${cx - k} ${cy}Q${cx} ${cy} ${cx} ${cy - k}Z`,
    fill,
  );

export const heart = (cx, cy, k, fill) =>
  path(
    s`M${cx} ${cy + 34 * k}C${cx - 6 * k} ${cy + 26 * k} ${cx - 30 * k} ${cy + 12 * k} ${cx - 30 * k} ${cy - 6 * k}C${cx - 30 * k} ${cy - 24 * k} ${cx - 8 * k} ${cy - 30 * k} ${cx} ${cy - 12 * k}C${cx + 8 * k} ${cy - 30 * k} ${cx + 30 * k} ${cy - 24 * k} ${cx + 30 * k} ${cy - 6 * k}C${cx + 30 * k} ${cy + 12 * k} ${cx + 6 * k} ${cy + 26 * k} ${cx} ${cy + 34 * k}Z`,
    fill,
  );

export const flame = (cx, cy, k, fill = GOLD, inner = GOLD2) =>
  path(
    s`M${cx} ${cy - 34 * k}C${cx + 16 * k} ${cy - 14 * k} ${cx + 16 * k} ${cy + 6 * k} ${cx} ${cy + 10 * k}C${cx - 16 * k} ${cy + 6 * k} ${cx - 16 * k} ${cy - 14 * k} ${cx} ${cy - 34 * k}Z`,
    fill,
  ) +
  path(
    s`M${cx} ${cy - 14 * k}C${cx + 7 * k} ${cy - 5 * k} ${cx + 7 * k} ${cy + 4 * k} ${cx} ${cy + 6 * k}C${cx - 7 * k} ${cy + 4 * k} ${cx - 7 * k} ${cy - 5 * k} ${cx} ${cy - 14 * k}Z`,
    inner,
  );

export const cloud = (x, y, k, fill = WHITE) =>
  path(
    s`M${x - 60 * k} ${y}a${26 * k} ${26 * k} 0 0 1 ${26 * k} ${-26 * k}a${34 * k} ${34 * k} 0 0 1 ${62 * k} ${-10 * k}a${24 * k} ${24 * k} 0 0 1 ${32 * k} ${36 * k}Z`,
    fill,
  );

export const tree = (x, y, k, crown = GREEN) =>
  rect(x - 5 * k, y - 40 * k, 10 * k, 40 * k, '#8a6242', 3 * k) +
  circle(x, y - 58 * k, 30 * k, crown) +
  circle(x - 18 * k, y - 44 * k, 18 * k, crown) +
  circle(x + 18 * k, y - 44 * k, 18 * k, crown);

export const bird = (x, y, k, color = BLUE) =>
  line(
    s`M${x - 14 * k} ${y}Q${x - 7 * k} ${y - 9 * k} ${x} ${y}Q${x + 7 * k} ${y - 9 * k} ${x + 14 * k} ${y}`,
    color,
    3 * k,
  );

export const leaf = (x, y, k, angle, fill = GREEN) =>
  g(s`translate(${x} ${y}) rotate(${angle}) scale(${k})`, path('M0 0Q12-12 26 0Q12 12 0 0Z', fill));

/**
 * A person seen from the front (head and torso), bottom of the torso at (x, y).
 * `back` draws the back of the head (hair only).
 */
export function person(x, y, k, skin, shirt, hair, { back = false, child = false } = {}) {
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
export const handShape = (skin, sleeve) =>
  `<g fill="${skin}">` +
  '<rect x="-20" y="-8" width="40" height="40" rx="14"/>' +
  '<rect x="-20" y="-38" width="9" height="40" rx="4.5"/>' +
  '<rect x="-9.5" y="-45" width="9" height="46" rx="4.5"/>' +
  '<rect x="1" y="-43" width="9" height="44" rx="4.5"/>' +
  '<rect x="11.5" y="-33" width="8.5" height="34" rx="4.2"/>' +
  '<rect x="-26" y="-4" width="10" height="30" rx="5" transform="rotate(-40 -21 22)"/>' +
  '</g>' +
  (sleeve ? `<rect x="-18" y="28" width="36" height="60" rx="6" fill="${sleeve}"/>` : '');
export const hand = (x, y, k, angle, skin, sleeve, flip = false) =>
  g(s`translate(${x} ${y}) rotate(${angle}) scale(${flip ? -k : k} ${k})`, handShape(skin, sleeve));

/** Open book: spine at (cx, top); `w` is the total width of both pages. */
export function openBook(cx, top, w, h, cover = BLUE, page = WHITE, lines = SKY2) {
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
export const closedBook = (x, y, w, h, cover, accent) =>
  rect(x, y, w, h, cover, 6) +
  rect(x + w - 10, y + 4, 6, h - 8, accent, 2) +
  rect(x + 8, y, 8, h, accent, 0, ' opacity=".35"');

/** Book lying flat, seen from the side (for stacks). */
export const lyingBook = (x, y, w, h, cover) =>
  rect(x, y, w, h, cover, 4) +
  rect(x + 6, y + h * 0.25, w - 12, h * 0.5, WHITE, 2, ' opacity=".8"');

/** Oil lamp (lamparina) with its flame, base centre at (x, y). */
export const lamp = (x, y, k) =>
  glow(x, y - 70 * k, 90 * k) +
  ellipse(x, y - 4 * k, 46 * k, 8 * k, BLUE2) +
  path(
    s`M${x - 40 * k} ${y - 30 * k}Q${x} ${y + 6 * k} ${x + 40 * k} ${y - 30 * k}Q${x + 58 * k} ${y - 34 * k} ${x + 64 * k} ${y - 48 * k}Q${x + 44 * k} ${y - 40 * k} ${x + 30 * k} ${y - 42 * k}L${x - 30 * k} ${y - 42 * k}Z`,
    GOLD,
  ) +
  ellipse(x, y - 42 * k, 30 * k, 6 * k, '#c48a14') +
  flame(x + 60 * k, y - 72 * k, 0.9 * k);
