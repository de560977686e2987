/**
 * What the scenes draw with, as one namespace (`d.circle`, `d.person`): the SVG primitives and the
 * figures. The colours are their own namespace (`c.BLUE`, colours.mjs).
 */
export * from './svg.mjs';
export * from './shapes.mjs';
