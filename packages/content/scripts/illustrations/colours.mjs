/**
 * The illustrations' colours: the brand's from brand.css, the other shades their own.
 */
import { readPalette } from '../../palette.mjs';

export const palette = readPalette();
export const BLUE = palette.blue;
export const BLUE2 = '#2f5580';
export const GOLD = palette.gold;
export const GOLD2 = '#f3d27a';
export const SKY = palette.sky;
export const SKY2 = '#b7d0ea';
export const WHITE = '#fff';
export const GREEN = palette.green;
export const GREEN2 = '#8dbf9d';
export const CREAM = '#fbf3e2';
export const STONE = '#9fb0c4';
export const ROSE = '#d9826f';
export const SKIN = ['#f2cba8', '#dba47c', '#b07650', '#7d4d33'];
export const HAIR = ['#3b2a20', '#6b4a2f', '#1c1c24', '#a7743f'];
