/**
 * Course illustrations of the Escola de Médiuns programme, 640×400, by course slug.
 */
import * as c from './colours.mjs';
import * as d from './drawing.mjs';

const W = 640;
const H = 400;

export const escolaDeMediuns = {
  'estudando-andre-luiz-i': () =>
    d.svg(
      W,
      H,
      '',
      d.bgRect(W, H, c.SKY) +
        d.path('M270 0L370 0L470 360L170 360Z', c.GOLD2, ' opacity=".5"') +
        d.rect(0, 350, W, 50, c.SKY2) +
        d.lyingBook(200, 318, 240, 34, c.BLUE) +
        d.lyingBook(214, 284, 210, 34, c.GREEN) +
        d.lyingBook(226, 250, 190, 34, c.BLUE2) +
        d.lyingBook(240, 216, 160, 34, c.GOLD) +
        d.path('M410 210Q470 120 500 90Q480 150 420 214Z', c.WHITE) +
        d.line('M420 214L498 92', c.SKY2, 2) +
        d.sparkle(320, 150, 12) +
        d.sparkle(280, 90, 7) +
        d.sparkle(360, 70, 6),
    ),

  'estudando-andre-luiz-ii': () =>
    d.svg(
      W,
      H,
      d.vgrad('bg', c.SKY, c.BLUE) + d.glowDef(),
      d.bgRect(W, H, 'url(#bg)') +
        d.glow(530, 60, 150) +
        d.path('M0 320Q120 260 240 330T500 320 640 340V400H0Z', c.BLUE) +
        d.path('M0 360Q160 320 300 370T640 360V400H0Z', '#16304f') +
        [0, 1, 2, 3, 4, 5, 6, 7]
          .map((i) => d.rect(120 + i * 50, 340 - i * 38, 70, 12, i > 4 ? c.GOLD2 : c.GOLD, 4))
          .join('') +
        d.circle(530, 60, 36, c.WHITE) +
        d.sparkle(420, 60, 8) +
        d.sparkle(600, 150, 6),
    ),

  'o-livro-dos-mediuns-i': () =>
    d.svg(
      W,
      H,
      d.glowDef(),
      d.bgRect(W, H, c.CREAM) +
        d.rect(0, 320, W, 80, c.BLUE2) +
        d.rect(0, 320, W, 10, c.BLUE) +
        d.glow(320, 190, 170) +
        d.closedBook(240, 110, 160, 210, c.BLUE, c.GOLD) +
        d.star(324, 200, 40, 17, c.GOLD) +
        d.rect(268, 140, 104, 6, c.GOLD2, 3) +
        d.rect(268, 260, 104, 6, c.GOLD2, 3) +
        d.path('M470 320q-6-50 10-60h40q16 10 10 60z', c.GREEN) +
        d.leaf(500, 260, 1.4, -120) +
        d.leaf(500, 260, 1.4, -60, c.GREEN2) +
        d.leaf(500, 250, 1.1, -90),
    ),

  'o-livro-dos-mediuns-ii': () =>
    d.svg(
      W,
      H,
      d.glowDef(),
      d.bgRect(W, H, c.BLUE) +
        d.rect(0, 310, W, 90, c.BLUE2) +
        d.glow(460, 210, 160) +
        d.openBook(260, 230, 300, 90, c.BLUE, c.CREAM, c.GOLD2) +
        d.lamp(470, 310, 1.1) +
        d.sparkle(120, 80, 8) +
        d.sparkle(560, 70, 6),
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
    return d.svg(
      W,
      H,
      d.glowDef(),
      d.bgRect(W, H, c.SKY) +
        seats
          .map(([x, y], i) =>
            d.g(
              d.s`translate(${x} ${y}) rotate(${y > 200 ? 180 : 0})`,
              d.ellipse(0, -6, 40, 18, [c.BLUE2, c.GREEN, c.ROSE][i % 3]) +
                d.circle(0, -10, 15, c.HAIR[i % 4]),
            ),
          )
          .join('') +
        d.rect(150, 130, 340, 140, c.WHITE, 24) +
        d.rect(160, 140, 320, 120, c.CREAM, 18) +
        d.glow(320, 200, 120) +
        d.rect(300, 170, 22, 40, c.SKY2, 6) +
        d.circle(336, 204, 10, c.SKY2) +
        [200, 320, 440]
          .flatMap((x) => [
            d.circle(x - 16, 146, 7, c.SKIN[1]),
            d.circle(x + 16, 146, 7, c.SKIN[2]),
          ])
          .join('') +
        [200, 320, 440]
          .flatMap((x) => [
            d.circle(x - 16, 254, 7, c.SKIN[0]),
            d.circle(x + 16, 254, 7, c.SKIN[3]),
          ])
          .join(''),
    );
  },

  'nos-dominios-da-mediunidade-ii': () =>
    d.svg(
      W,
      H,
      d.glowDef(),
      d.bgRect(W, H, c.BLUE) +
        d.glow(320, 200, 220) +
        [170, 130, 95]
          .map((rad, i) =>
            d.circle(
              320,
              200,
              rad,
              'none',
              ` stroke="${i % 2 ? c.SKY2 : c.GOLD}" stroke-width="3" opacity=".7"`,
            ),
          )
          .join('') +
        d.path('M200 200Q320 100 440 200Q320 300 200 200Z', c.WHITE) +
        d.circle(320, 200, 44, c.BLUE2) +
        d.circle(320, 200, 20, c.BLUE) +
        d.circle(308, 188, 8, c.WHITE) +
        d.rays(320, 200, 190, 210, 24, c.GOLD2, 3),
    ),

  'compreendendo-a-dor-humana-i': () =>
    d.svg(
      W,
      H,
      '',
      d.bgRect(W, H, c.SKY) +
        d.path('M0 0L160 0L420 330L300 330Z', c.GOLD2, ' opacity=".55"') +
        d.rect(0, 340, W, 60, c.GREEN2) +
        d.path('M170 350Q180 250 300 240Q420 230 470 350Z', c.STONE) +
        d.line('M320 240L300 280L330 300L310 350', '#6f8196', 5) +
        d.line('M318 250Q300 190 326 150', c.GREEN, 6) +
        d.leaf(316, 215, 1.4, -150) +
        d.leaf(320, 200, 1.3, -20, c.GREEN2) +
        [0, 72, 144, 216, 288]
          .map((a) => d.ellipse(326, 130, 12, 22, c.GOLD, d.s` transform="rotate(${a} 326 150)"`))
          .join('') +
        d.circle(326, 150, 12, c.ROSE) +
        d.sparkle(460, 120, 8, c.WHITE),
    ),

  'compreendendo-a-dor-humana-ii': () =>
    d.svg(
      W,
      H,
      d.glowDef(),
      d.bgRect(W, H, c.CREAM) +
        d.circle(320, 200, 150, c.SKY) +
        d.glow(320, 200, 170) +
        d.hand(300, 250, 1.7, 80, c.SKIN[1], c.BLUE2) +
        d.hand(350, 170, 1.5, -100, c.SKIN[3], c.GREEN) +
        d.sparkle(180, 90, 8, c.GOLD) +
        d.sparkle(470, 300, 8, c.GOLD) +
        d.sparkle(480, 110, 5, c.GOLD),
    ),

  'desenvolvimento-mediunico-vibracao': () =>
    d.svg(
      W,
      H,
      d.glowDef(),
      d.bgRect(W, H, c.BLUE) +
        d.glow(320, 220, 210) +
        [80, 130, 180, 230]
          .map((rad, i) =>
            d.circle(
              320,
              230,
              rad,
              'none',
              ` stroke="${c.GOLD}" stroke-width="${5 - i}" opacity="${1 - i * 0.2}"`,
            ),
          )
          .join('') +
        d.ellipse(320, 330, 90, 26, c.BLUE2) +
        d.path('M262 330Q320 300 378 330Q380 350 320 350Q260 350 262 330Z', c.SKY) +
        d.person(320, 320, 1.6, c.SKIN[2], c.SKY, c.HAIR[2]) +
        d.sparkle(100, 80, 7) +
        d.sparkle(540, 70, 9),
    ),

  'desenvolvimento-mediunico-fase-i': () =>
    d.svg(
      W,
      H,
      '',
      d.bgRect(W, H, c.SKY) +
        d.path('M250 0L390 0L560 400L80 400Z', c.GOLD2, ' opacity=".5"') +
        d.path('M300 0L340 0L420 400L220 400Z', c.WHITE, ' opacity=".5"') +
        d.rect(0, 330, W, 70, c.BLUE2) +
        d.person(200, 340, 1.5, c.SKIN[0], c.GREEN, c.HAIR[1]) +
        d.person(320, 340, 1.6, c.SKIN[2], c.ROSE, c.HAIR[0]) +
        d.person(440, 340, 1.5, c.SKIN[3], c.BLUE, c.HAIR[2]) +
        d.sparkle(320, 90, 12) +
        d.sparkle(270, 150, 7) +
        d.sparkle(370, 160, 7),
    ),
};
