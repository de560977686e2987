// The floor's side of the rush: the same warm-up and scenarios as the product's, against
// floor-server.mjs on the same kind of database and number of instances, with the same must-hold
// checks, so that each run compares the product with its floor measured right after it.
import { load, summarise } from './load.mjs';
import { startFloor } from './servers.mjs';
import {
  bodiesFor,
  peopleFor,
  scenarios as allScenarios,
  WARM_UP,
  warmCourse,
} from './settings.mjs';

/** The floor knows no classes: the scenarios of one class. */
const scenarios = allScenarios.filter((s) => !s.classes);

/** What the floor's database and answers say against the scenario; the problems found. */
async function checkFloor(floor, scenario, summary) {
  const { places, taken, enrolled, members, queued } = await floor.check(scenario.course);
  const accepted = summary.accepted;
  const problems = [];
  const expect = (ok, message) => {
    if (!ok) problems.push(`floor: ${message}`);
  };
  expect(accepted.size === scenario.places, `${accepted.size} accepted of ${places} places`);
  expect(
    taken === accepted.size && enrolled.length === taken,
    `taken ${taken}, ${enrolled.length} rows`,
  );
  expect(
    enrolled.every((id) => accepted.has(id)) && members.every((id) => accepted.has(id)),
    'rows or members are not the accepted people',
  );
  expect(members.length === accepted.size && queued === accepted.size, 'members or mails missing');
  expect(summary.serverErrors === 0 && summary.missing === 0, 'a 5xx or a missing answer');
  return problems;
}

/** One repetition of the floor on one target: warm-up, then every scenario (like runTarget). */
export async function runFloor(target) {
  const places = new Map([
    [warmCourse, WARM_UP / 2],
    ...scenarios.map((s) => [s.course, s.places]),
  ]);
  const floor = await startFloor(target, places);
  const outcomes = [];
  try {
    await load(floor.urls, bodiesFor(peopleFor(WARM_UP), warmCourse));
    for (const scenario of scenarios) {
      const people = peopleFor(scenario.people);
      const summary = summarise(
        await load(floor.urls, bodiesFor(people, scenario.course), floor.pids),
        people,
      );
      const problems = await checkFloor(floor, scenario, summary);
      console.info(
        `  ${target.id} ${scenario.id} floor: ${summary.accepted.size} accepted, p99 ${summary.p99} ms, server CPU ${summary.serverCpuPerRequest.toFixed(3)} ms/request${problems.length ? `; PROBLEMS: ${problems.join('; ')}` : ''}`,
      );
      outcomes.push({ scenario, summary, problems });
    }
  } finally {
    await floor.stop();
  }
  return outcomes;
}
