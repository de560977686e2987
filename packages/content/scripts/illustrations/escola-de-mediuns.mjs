/**
 * Course illustrations of the Escola de Médiuns programme, 640×400, by course slug.
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
  STONE,
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
  closedBook,
  hand,
  lamp,
  leaf,
  lyingBook,
  openBook,
  person,
  rays,
  sparkle,
  star,
} from './shapes.mjs';

const W = 640;
const H = 400;

export const escolaDeMediuns = {
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
