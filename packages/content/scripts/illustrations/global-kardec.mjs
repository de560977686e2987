/**
 * Course illustrations of the Global Kardec programme, 640×400, by course slug.
 */
import * as c from './colours.mjs';
import * as d from './drawing.mjs';

const W = 640;
const H = 400;

export const globalKardec = {
  'conheca-o-espiritismo': () =>
    d.svg(
      W,
      H,
      d.glowDef(),
      d.bgRect(W, H, c.SKY) +
        d.circle(320, 170, 150, c.WHITE, ' opacity=".55"') +
        d.ellipse(320, 372, 250, 22, c.SKY2) +
        d.glow(320, 150, 120) +
        d.openBook(320, 235, 320, 110) +
        d.flame(320, 175, 2.3) +
        d.sparkle(230, 120, 10) +
        d.sparkle(420, 96, 8) +
        d.sparkle(452, 180, 6, c.GOLD) +
        d.sparkle(180, 190, 6, c.GOLD),
    ),

  'nosso-lar': () =>
    d.svg(
      W,
      H,
      d.vgrad('bg', c.GOLD2, c.CREAM) + d.glowDef('gl', c.WHITE),
      d.bgRect(W, H, 'url(#bg)') +
        d.glow(320, 150, 200) +
        // towers
        d.rect(190, 170, 50, 150, c.WHITE) +
        d.path('M190 170Q215 130 240 170Z', c.WHITE) +
        d.rect(260, 120, 60, 200, c.SKY) +
        d.path('M260 120Q290 70 320 120Z', c.SKY) +
        d.rect(286, 60, 8, 30, c.GOLD) +
        d.rect(335, 150, 56, 170, c.WHITE) +
        d.path('M335 150Q363 110 391 150Z', c.WHITE) +
        d.rect(405, 190, 46, 130, c.SKY) +
        [200, 214, 228].map((x) => d.rect(x - 3, 200, 6, 16, c.SKY2, 3)).join('') +
        [275, 290, 305].map((x) => d.rect(x - 3, 160, 6, 20, c.GOLD2, 3)).join('') +
        [352, 372].map((x) => d.rect(x - 3, 185, 6, 18, c.SKY2, 3)).join('') +
        d.tree(170, 320, 0.8, c.GREEN2) +
        d.tree(470, 320, 0.9, c.GREEN) +
        // clouds carrying the city
        d.cloud(150, 352, 1.1) +
        d.cloud(330, 356, 1.3) +
        d.cloud(500, 350, 1.1) +
        d.rect(0, 348, W, 52, c.WHITE) +
        d.cloud(110, 110, 0.9, c.WHITE) +
        d.cloud(540, 80, 0.8, c.WHITE),
    ),

  passe: () =>
    d.svg(
      W,
      H,
      d.glowDef(),
      d.bgRect(W, H, c.BLUE) +
        d.glow(320, 200, 200) +
        d.person(320, 420, 2.4, c.SKIN[1], c.SKY, c.HAIR[0]) +
        d.hand(255, 150, 1.2, 205, c.SKIN[2], c.GREEN, true) +
        d.hand(385, 150, 1.2, 155, c.SKIN[2], c.GREEN) +
        [
          [290, 210],
          [320, 196],
          [350, 210],
          [305, 176],
          [336, 176],
          [270, 186],
          [370, 186],
        ]
          .map(([x, y]) => d.circle(x, y, 4, c.GOLD2))
          .join('') +
        d.sparkle(120, 80, 8) +
        d.sparkle(530, 110, 10) +
        d.sparkle(560, 300, 6, c.GOLD2) +
        d.sparkle(90, 260, 6, c.GOLD2),
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
      people += d.g(
        d.s`translate(${x} ${y}) rotate(${deg})`,
        d.ellipse(0, 6, 34, 16, [c.BLUE2, c.GREEN, c.ROSE, c.GOLD][i % 4]) +
          d.circle(0, 8, 13, c.HAIR[i % 4]),
      );
      const b = a + Math.PI / n;
      hands += d.circle(cx + 112 * Math.cos(b), cy + 112 * Math.sin(b), 8, c.SKIN[i % 4]);
    }
    return d.svg(
      W,
      H,
      d.glowDef(),
      d.bgRect(W, H, c.SKY) +
        d.glow(cx, cy, 190) +
        d.circle(cx, cy, 112, 'none', ` stroke="${c.GOLD}" stroke-width="10"`) +
        d.circle(cx, cy, 112, 'none', ` stroke="${c.GOLD2}" stroke-width="3"`) +
        people +
        hands +
        d.rays(cx, cy, 20, 60, 12, c.GOLD, 4) +
        d.circle(cx, cy, 14, c.GOLD2),
    );
  },

  vibracao: () =>
    d.svg(
      W,
      H,
      d.glowDef(),
      d.bgRect(W, H, c.BLUE) +
        [
          [60, 60],
          [560, 50],
          [600, 180],
          [40, 300],
          [250, 40],
          [470, 120],
        ]
          .map(([x, y], i) => d.sparkle(x, y, i % 2 ? 5 : 8))
          .join('') +
        d.glow(170, 120, 150) +
        d.rays(170, 120, 62, 90, 16, c.GOLD, 5) +
        d.circle(170, 120, 52, c.GOLD) +
        d.line(
          'M250 170Q330 150 380 220M240 210Q310 200 350 260M270 130Q360 110 420 190',
          c.GOLD2,
          5,
          ' opacity=".8"',
        ) +
        d.circle(470, 300, 120, c.BLUE2) +
        d.circle(470, 300, 120, 'none', ` stroke="${c.SKY2}" stroke-width="4" opacity=".6"`) +
        d.path(
          'M390 250q30-30 60-10t40 30-30 40-50 0-20-60zM480 200q40-10 60 20t-10 40-40-20-10-40zM500 330q30-10 50 10t-20 40-40-10 10-40z',
          c.GREEN2,
        ),
    ),

  'instituto-da-caridade': () =>
    d.svg(
      W,
      H,
      d.glowDef(),
      d.bgRect(W, H, c.CREAM) +
        d.glow(320, 170, 170) +
        d.heart(320, 160, 2.6, c.GOLD) +
        d.heart(300, 140, 0.8, c.GOLD2) +
        d.hand(210, 290, 1.5, 70, c.SKIN[1], c.BLUE2) +
        d.hand(430, 290, 1.5, -70, c.SKIN[3], c.GREEN, true) +
        d.sparkle(220, 90, 10, c.GOLD) +
        d.sparkle(430, 80, 8, c.GOLD) +
        d.sparkle(470, 170, 6, c.GOLD),
    ),

  'instituto-da-crianca': () =>
    d.svg(
      W,
      H,
      d.glowDef(),
      d.bgRect(W, H, c.SKY) +
        d.glow(540, 70, 110) +
        d.circle(540, 70, 40, c.GOLD) +
        d.cloud(140, 100, 0.9) +
        d.ellipse(320, 420, 420, 120, c.GREEN2) +
        d.ellipse(320, 340, 60, 12, '#8a6242') +
        d.rect(316, 270, 8, 70, c.GREEN) +
        d.leaf(320, 290, 1.4, -30) +
        d.leaf(320, 280, 1.4, 210) +
        d.leaf(320, 268, 1.2, -70, c.GREEN2) +
        d.person(200, 380, 1.6, c.SKIN[0], c.ROSE, c.HAIR[3], { child: true }) +
        d.person(440, 380, 1.6, c.SKIN[2], c.BLUE2, c.HAIR[2], { child: true }) +
        d.path('M470 300l40-12 6 20-40 12z', c.SKY2) +
        d.line('M512 300q18 10 14 30M516 308q16 12 10 34', c.SKY2, 3) +
        [330, 340, 350].map((y, i) => d.circle(492 + i * 8, y - 10, 3, c.SKY2)).join(''),
    ),

  'instituto-da-divulgacao': () =>
    d.svg(
      W,
      H,
      '',
      d.bgRect(W, H, c.SKY) +
        d.circle(480, 110, 90, c.WHITE, ' opacity=".6"') +
        d.openBook(230, 250, 280, 100) +
        d.line('M230 250Q300 150 560 70', c.WHITE, 3, ' stroke-dasharray="2 12" opacity=".9"') +
        d.bird(330, 170, 1.6) +
        d.bird(400, 130, 1.3) +
        d.bird(470, 100, 1.1, c.BLUE2) +
        d.bird(540, 70, 0.9, c.BLUE2) +
        d.leaf(290, 200, 1.2, -40) +
        d.leaf(370, 185, 1, 20, c.GREEN2) +
        d.leaf(440, 150, 1, -20) +
        d.leaf(510, 130, 0.8, 30, c.GREEN2),
    ),

  'instituto-do-esclarecimento-e-familia': () =>
    d.svg(
      W,
      H,
      d.glowDef(),
      d.bgRect(W, H, c.BLUE) +
        d.sparkle(80, 70, 7) +
        d.sparkle(560, 60, 9) +
        d.sparkle(600, 170, 5) +
        d.ellipse(320, 400, 360, 60, c.BLUE2) +
        d.path('M170 190L320 80L470 190Z', c.GOLD) +
        d.rect(190, 185, 260, 175, c.CREAM) +
        d.glow(320, 250, 160) +
        d.rect(395, 215, 40, 40, c.GOLD2, 4) +
        d.rect(205, 215, 40, 40, c.GOLD2, 4) +
        d.person(262, 362, 1.4, c.SKIN[1], c.GREEN, c.HAIR[0]) +
        d.person(378, 362, 1.4, c.SKIN[2], c.ROSE, c.HAIR[2]) +
        d.person(320, 362, 1.05, c.SKIN[1], c.GOLD, c.HAIR[1], { child: true }) +
        d.path(
          'M240 320q80-40 160 0',
          'none',
          ` stroke="${c.SKIN[1]}" stroke-width="10" stroke-linecap="round"`,
        ),
    ),

  'instituto-do-jovem': () =>
    d.svg(
      W,
      H,
      d.vgrad('bg', c.SKY, c.GOLD2) + d.glowDef('gl', c.WHITE),
      d.bgRect(W, H, 'url(#bg)') +
        d.glow(320, 230, 150) +
        d.circle(320, 230, 60, c.GOLD) +
        d.path('M0 230Q160 190 320 230T640 220V400H0Z', c.GREEN2) +
        d.path('M0 270Q200 240 380 270T640 260V400H0Z', c.GREEN) +
        d.path('M300 232L340 232L470 400L170 400Z', c.CREAM) +
        d.person(255, 390, 1.3, '', c.BLUE2, c.HAIR[0], { back: true }) +
        d.person(320, 380, 1.2, '', c.GOLD, c.HAIR[3], { back: true }) +
        d.person(385, 390, 1.3, '', c.ROSE, c.HAIR[2], { back: true }) +
        d.bird(440, 110, 1) +
        d.bird(480, 90, 0.8),
    ),
};
