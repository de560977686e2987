// The day enrolment opens: thousands of people press 'Finalizar inscrição' at once.
//
// For each database target (the embedded default: SQLite, one instance; PostgreSQL: two instances
// on one DATABASE_URL) and each repetition, it
//   1. seeds the people as accounts of the built-in provider (the local directory's users), with the
//      server's own code (apps/server/dist/db/database.js opens and migrates the database);
//   2. starts the built server (apps/server/dist/main.js) with a known API_TOKEN_SECRET, the /api
//      rate limit at 60,000 requests per minute and address (every request of the bench comes from
//      127.0.0.1: the warm-up and both scenarios are 12,000 in well under a minute; the limit is
//      checked on every request as with the default 10,000) and the default settings otherwise
//      (built-in provider, local directory, LOG_LEVEL info; NODE_ENV=production and one SITE_URL for
//      every instance, as deployed);
//   3. sets the courses' places in each course's class (`classes` row): places come from the
//      content and are synchronised into that row at start-up, and the enrolment reads them from
//      there on each request, so the bench changes them after the start (as an operator editing
//      the row would);
//   4. warms the server up (8,000 enrolments into a third course of 4,000 places, same settings:
//      V8 goes on optimizing the request's code over its first few thousand requests; after 2,000
//      it still compiled the hot path during the measured rush, see decision 036);
//   5. sends every person's enrolment (POST /api/group/add {group, user, token}, a valid API token
//      bound to that person) at once: autocannon, 200 connections, one request per person;
//   6. checks the database: rows of the course = `taken` = accepted = the places; no person twice;
//      every accepted person confirmed and a member of the course's group, nobody else a member.
// The ceiling is a bare Fastify hello-world (hello-server.mjs) under the same load, in the same run.
//
// The waiting list (--waiting-list): on each target, 100 people hold the 100 places of a
// course (the 40 places cannot give 100 cancellations), then 2,000 others all join its
// waiting list at once (POST /api/me/waiting-list/join, Bearer token): each answer's position must
// be a different one of 1..2,000 and the database's list in that order; then the 100 holders cancel
// at once (POST /api/me/enrolments/cancel): exactly the first 100 positions must be promoted
// (confirmed, in the group, nobody else), the other 1,900 still waiting in the same order.
// Throughput and p99 of both phases go between the bench:rush-waiting markers.
//
// Exits non-zero when an answer is a 5xx, when the places taken differ from the places, or when the
// database disagrees with the answers. Results go between the bench:rush markers of
// docs/benchmarks.md. Options: --sqlite-only, --postgres-only, --scenario=a|b (one scenario: for
// short runs while developing), --no-write, --waiting-list (only the waiting-list scenario);
// RUSH_RUNS (3), RUSH_CEILING_ROUNDS (5: hello-world rounds per run, see measureCeiling),
// RUSH_WARM_UP (8000: warm-up requests before each measured rush, the hello-world's too),
// RUSH_PEOPLE (2000), RUSH_CONNECTIONS (200), ACCEPT_DESCRIPTORS (passed to the servers; their
// default 16 when unset, decision 037), RUSH_DATABASE_URL (an administrative connection to the
// PostgreSQL server, default postgres://postgres@127.0.0.1:5432/postgres), RUSH_CPU_PROF (a
// directory: the servers run with --cpu-prof and write their profiles there, and each measured rush
// follows 1.5 s of idle time, so that `cpu-profile.mjs --timeline` shows where it starts).
//
// Modules: settings.mjs (options, targets, scenarios), load.mjs (autocannon and CPU readings),
// statistics.mjs, servers.mjs (the hello-world ceiling, the server instances), enrolment-rush.mjs and
// waiting-list.mjs (the two benchmarks and their reports).
import { args } from './settings.mjs';
import { enrolmentRush } from './enrolment-rush.mjs';
import { journeyBenchmark } from './journey.mjs';
import { waitingListBenchmark } from './waiting-list.mjs';

if (args.has('--waiting-list')) await waitingListBenchmark();
else if (args.has('--journey')) await journeyBenchmark();
else await enrolmentRush();
