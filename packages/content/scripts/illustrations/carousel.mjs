/**
 * The carousel scenes of the 'Saiba mais' page (1200×675) and the home banner (1200×500).
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
import { bgRect, circle, g, glow, glowDef, line, path, rect, s, svg, vgrad } from './svg.mjs';
import {
  bird,
  cloud,
  fan,
  flame,
  heart,
  leaf,
  openBook,
  person,
  sparkle,
  tree,
} from './shapes.mjs';

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

export const carousel = {
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

export const banner = () =>
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
