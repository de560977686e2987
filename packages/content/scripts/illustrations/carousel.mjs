/**
 * The carousel scenes of the 'Saiba mais' page (1200×675) and the home banner (1200×500).
 */
import * as c from './colours.mjs';
import * as d from './drawing.mjs';

const CW = 1200;
const CH = 675;

function chairRow(y, xs, k, people) {
  return xs
    .map((x, i) => {
      const who = people[i];
      const chair =
        d.rect(x - 34 * k, y - 60 * k, 68 * k, 70 * k, c.BLUE2, 10 * k) +
        d.rect(x - 30 * k, y + 10 * k, 6 * k, 30 * k, c.BLUE) +
        d.rect(x + 24 * k, y + 10 * k, 6 * k, 30 * k, c.BLUE);
      return who
        ? chair + d.person(x, y - 20 * k, k * 1.25, '', who[0], who[1], { back: true })
        : chair;
    })
    .join('');
}

const window_ = (x, y, w, h) =>
  d.path(
    d.s`M${x} ${y + h}V${y + w / 2}A${w / 2} ${w / 2} 0 0 1 ${x + w} ${y + w / 2}V${y + h}Z`,
    c.WHITE,
  ) +
  d.path(
    d.s`M${x + 10} ${y + h - 10}V${y + w / 2}A${w / 2 - 10} ${w / 2 - 10} 0 0 1 ${x + w - 10} ${y + w / 2}V${y + h - 10}Z`,
    c.SKY,
  ) +
  d.line(
    d.s`M${x + w / 2} ${y + 12}V${y + h - 10}M${x + 10} ${y + h * 0.55}H${x + w - 10}`,
    c.WHITE,
    6,
  );

export const carousel = {
  1: () =>
    d.svg(
      CW,
      CH,
      d.glowDef(),
      d.bgRect(CW, CH, c.CREAM) +
        d.rect(0, 440, CW, 235, c.SKY2) +
        [170, 500, 830]
          .map((x) =>
            d.path(
              d.s`M${x} 370L${x + 200} 370L${x + 320} 675L${x - 60} 675Z`,
              c.WHITE,
              ' opacity=".35"',
            ),
          )
          .join('') +
        [170, 500, 830].map((x) => window_(x, 80, 200, 290)).join('') +
        d.glow(600, 400, 220) +
        d.rect(440, 380, 320, 90, c.WHITE, 8) +
        d.rect(440, 380, 320, 16, c.SKY, 8) +
        d.path('M585 380q-6-34 15-40q21 6 15 40z', c.SKY2) +
        d.circle(586, 330, 16, c.GOLD) +
        d.circle(614, 326, 16, c.ROSE) +
        d.circle(600, 306, 16, c.GOLD2) +
        d.leaf(600, 345, 1.4, 200) +
        d.leaf(600, 345, 1.4, -20) +
        chairRow(520, [240, 380, 520, 680, 820, 960], 1, [
          null,
          [c.GREEN, c.HAIR[0]],
          null,
          [c.ROSE, c.HAIR[3]],
          [c.BLUE, c.HAIR[2]],
          null,
        ]) +
        chairRow(640, [170, 330, 490, 710, 870, 1030], 1.2, [
          [c.GOLD, c.HAIR[1]],
          null,
          [c.BLUE, c.HAIR[0]],
          [c.GREEN, c.HAIR[2]],
          null,
          [c.ROSE, c.HAIR[1]],
        ]),
    ),

  2: () => {
    const shelf = [0, 1, 2]
      .map(
        (row) =>
          [0, 1, 2, 3, 4, 5, 6, 7, 8]
            .map((i) =>
              d.rect(
                70 + i * 26,
                96 + row * 110 + (i % 3) * 10,
                20,
                80 - (i % 3) * 10,
                [c.BLUE, c.GOLD, c.GREEN, c.ROSE, c.BLUE2][(i + row) % 5],
                3,
              ),
            )
            .join('') + d.rect(60, 176 + row * 110, 250, 10, '#8a6242'),
      )
      .join('');
    const seated = [
      [360, c.SKIN[0], c.GREEN, c.HAIR[3]],
      [520, c.SKIN[2], c.ROSE, c.HAIR[0]],
      [680, c.SKIN[3], c.GOLD, c.HAIR[2]],
      [840, c.SKIN[1], c.BLUE2, c.HAIR[1]],
    ]
      .map(([x, skin, shirt, hair]) => d.person(x, 470, 2, skin, shirt, hair))
      .join('');
    return d.svg(
      CW,
      CH,
      d.glowDef(),
      d.bgRect(CW, CH, c.SKY) +
        d.rect(60, 80, 250, 340, '#c79a6a', 6) +
        shelf +
        window_(900, 90, 200, 260) +
        d.line('M600 0V110', c.BLUE, 4) +
        d.path('M540 150Q600 90 660 150Z', c.BLUE) +
        d.rect(0, 560, CW, 115, c.SKY2) +
        d.glow(600, 220, 260) +
        seated +
        d.rect(240, 460, 720, 30, c.CREAM, 8) +
        d.rect(270, 490, 660, 185, '#c79a6a') +
        d.rect(240, 460, 720, 10, c.WHITE, 5, ' opacity=".6"') +
        [360, 520, 680, 840]
          .map((x) =>
            d.g(
              d.s`translate(${x} 442) scale(.42)`,
              d.openBook(0, 0, 200, 40, c.BLUE, c.WHITE, c.SKY2),
            ),
          )
          .join(''),
    );
  },

  3: () => {
    const basket = (x, y) =>
      d.path(d.s`M${x - 40} ${y}h80l-10 50h-60z`, c.GOLD) +
      d.line(d.s`M${x - 30} ${y}Q${x} ${y - 50} ${x + 30} ${y}`, '#b07b16', 6) +
      d.circle(x - 18, y - 4, 12, c.GREEN) +
      d.circle(x + 4, y - 8, 12, c.ROSE) +
      d.circle(x + 22, y - 2, 10, c.GREEN2);
    return d.svg(
      CW,
      CH,
      d.glowDef(),
      d.bgRect(CW, CH, c.SKY) +
        d.glow(1040, 110, 170) +
        d.circle(1040, 110, 60, c.GOLD) +
        d.cloud(260, 130, 1.4) +
        d.cloud(700, 90, 1) +
        d.rect(0, 470, CW, 205, c.GREEN2) +
        // awning
        d.rect(150, 120, 14, 360, c.BLUE) +
        d.rect(746, 120, 14, 360, c.BLUE) +
        [0, 1, 2, 3, 4, 5, 6]
          .map((i) =>
            d.path(d.s`M${150 + i * 87} 110h87v70q-43 30-87 0z`, i % 2 ? c.WHITE : c.BLUE2),
          )
          .join('') +
        d.person(320, 430, 2.2, c.SKIN[1], c.GREEN, c.HAIR[0]) +
        d.person(520, 430, 2.2, c.SKIN[3], c.GREEN, c.HAIR[2]) +
        d.rect(190, 400, 540, 24, c.CREAM, 6) +
        d.rect(210, 424, 500, 120, c.WHITE) +
        basket(290, 380) +
        basket(420, 380) +
        basket(560, 380) +
        d.rect(640, 330, 70, 70, c.GOLD2, 6) +
        d.rect(650, 360, 50, 8, c.GOLD, 2) +
        // family receiving
        d.person(920, 600, 2.4, c.SKIN[2], c.ROSE, c.HAIR[1]) +
        d.person(1050, 600, 1.7, c.SKIN[2], c.BLUE2, c.HAIR[0], { child: true }) +
        basket(920, 560) +
        d.tree(1120, 520, 1.6) +
        d.heart(1000, 420, 0.7, c.ROSE),
    );
  },
};

export const banner = () =>
  d.svg(
    1200,
    500,
    d.vgrad('bg', c.SKY, c.WHITE) + d.glowDef(),
    d.bgRect(1200, 500, 'url(#bg)') +
      d.cloud(200, 130, 1.2) +
      d.cloud(520, 90, 0.8) +
      d.path('M0 380Q300 320 600 380T1200 360V500H0Z', c.GREEN2) +
      d.path('M0 430Q360 390 720 440T1200 420V500H0Z', c.GREEN) +
      d.glow(880, 250, 260) +
      d.fan(880, 290, 110, 210, 9, c.GOLD, 6) +
      d.openBook(880, 300, 360, 110) +
      d.flame(880, 240, 1.6) +
      d.bird(330, 200, 1.4) +
      d.bird(380, 170, 1.1) +
      d.sparkle(1080, 90, 10) +
      d.sparkle(700, 110, 8),
  );
