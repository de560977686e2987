/**
 * Course illustrations of the Global Kardec programme, 640×400, by course slug.
 */
import {
  BLUE,
  BLUE2,
  CREAM,
  GOLD,
  GOLD2,
  GREEN,
  GREEN2,
  HAIR,
  ROSE,
  SKIN,
  SKY,
  SKY2,
  WHITE,
} from './colours.mjs';
import {
  bgRect,
  circle,
  ellipse,
  g,
  glow,
  glowDef,
  line,
  path,
  rect,
  s,
  svg,
  vgrad,
} from './svg.mjs';
import {
  bird,
  cloud,
  flame,
  hand,
  heart,
  leaf,
  openBook,
  person,
  rays,
  sparkle,
  tree,
} from './shapes.mjs';

const W = 640;
const H = 400;

export const globalKardec = {
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
};
