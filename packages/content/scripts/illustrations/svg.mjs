/**
 * SVG primitives of the illustrations: elements with their numbers rounded, gradients, glows.
 */
import { GOLD2 } from './colours.mjs';

/** Rounds to one decimal to keep the files small. */
export const r = (v) => Math.round(v * 10) / 10;
/** Template tag that rounds every interpolated number. */
export const s = (strings, ...values) =>
  strings.reduce((out, str, i) => {
    const v = values[i - 1];
    return out + (typeof v === 'number' ? r(v) : v) + str;
  });

export const svg = (w, h, defs, body) =>
  s`<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">` +
  (defs ? `<defs>${defs}</defs>` : '') +
  body +
  '</svg>\n';

export const rect = (x, y, w, h, fill, rx = 0, extra = '') =>
  s`<rect x="${x}" y="${y}" width="${w}" height="${h}"${rx ? s` rx="${rx}"` : ''} fill="${fill}"${extra}/>`;
export const circle = (cx, cy, rad, fill, extra = '') =>
  s`<circle cx="${cx}" cy="${cy}" r="${rad}" fill="${fill}"${extra}/>`;
export const ellipse = (cx, cy, rx, ry, fill, extra = '') =>
  s`<ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${ry}" fill="${fill}"${extra}/>`;
export const path = (d, fill, extra = '') => `<path d="${d}" fill="${fill}"${extra}/>`;
export const line = (d, stroke, width, extra = '') =>
  `<path d="${d}" fill="none" stroke="${stroke}" stroke-width="${width}" stroke-linecap="round"${extra}/>`;
export const g = (transform, body, extra = '') => `<g transform="${transform}"${extra}>${body}</g>`;

/** Radial glow definition: gold at the centre fading out. */
export const glowDef = (id = 'gl', color = GOLD2) =>
  `<radialGradient id="${id}"><stop offset="0" stop-color="${color}"/><stop offset="1" stop-color="${color}" stop-opacity="0"/></radialGradient>`;
export const glow = (cx, cy, rad, id = 'gl') => circle(cx, cy, rad, `url(#${id})`);
/** Vertical gradient definition. */
export const vgrad = (id, top, bottom) =>
  `<linearGradient id="${id}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></linearGradient>`;

export const bgRect = (w, h, fill) => rect(0, 0, w, h, fill);
