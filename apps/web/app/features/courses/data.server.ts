/**
 * The programme (course list) and course pages, prepared at build time from the content, or from
 * the courses' texts saved in the staff area when the server renders them again (decision 064).
 */
import {
  addMinutes,
  centre,
  classCalendarPath,
  type ClassMeetings,
  courseCalendarPath,
  coursePath,
  findCourse,
  formatDate,
  formatFirstMeeting,
  formatMeetingCount,
  formatMeetingPlace,
  formatWeeklySlot,
  getProgramme,
  MEETING_TIME_ZONE,
  firstHeldMeeting,
  formatMeetingChanges,
  heldMeetings,
  lastHeldMeeting,
  programmePath,
  programmeSlugs,
  allCourses,
  type Course,
  type ProgrammeSlug,
} from '@centro/content';
import { joinPortuguese } from '@centro/contracts/lists';
import { richTextHtml } from '@centro/contracts/rich-text';
import { data } from 'react-router';
import { courseSlot } from '@centro/contracts/photo-rules';
import { placedImage } from '~/lib/images.server';
import { courseJsonLd, itemListJsonLd } from '~/lib/json-ld';
import { absoluteUrl, buildPageMeta } from '~/lib/seo';
import {
  classesOf,
  contactOf,
  type PublishedContent,
  textsOf,
} from '~/lib/published-content.server';
import { getSite } from '~/lib/site.server';
import { firstSentence } from '~/lib/text';
import { courseShareData } from './share';
import type { CourseCardData, CourseLoaderData, ProgrammeLoaderData } from './types';

/** "/global-kardec/passe/" → ["global-kardec", "passe"] */
function segments(pathname: string): string[] {
  return pathname.split('/').filter(Boolean);
}

function programmeSlugOf(segment: string | undefined): ProgrammeSlug {
  const slug = programmeSlugs.find((p) => p === segment);
  if (!slug) throw data(null, { status: 404 });
  return slug;
}

/**
 * A course card's lines about when the course meets, from the classes its page shows (decision
 * 075): 'Toda quinta-feira, das 19h30 às 21h00, a partir de 04/03/2027', each class's under its
 * name when there are several; a concluded class says nothing (it no longer meets).
 */
export function classLines(classes: readonly ClassMeetings[]): string[] {
  const meeting = classes.filter((c) => !c.concluded);
  return meeting.map(({ name, meetings }) => {
    const line = `${formatWeeklySlot(meetings)}, a partir de ${formatDate(meetings.firstMeeting)}`;
    return meeting.length > 1 ? `${name}: ${line}` : line;
  });
}

export function getProgrammePage(
  pathname: string,
  content: PublishedContent = {},
): ProgrammeLoaderData {
  const programme = getProgramme(programmeSlugOf(segments(pathname)[0]));
  const site = getSite();
  const stages: ProgrammeLoaderData['page']['stages'] = [];
  for (const course of programme.courses) {
    const card: CourseCardData = {
      slug: course.slug,
      title: course.title,
      summary: textsOf(content, coursePath(course)).summary,
      image: placedImage(course.image, content.photos?.[courseSlot(coursePath(course))]),
      path: coursePath(course),
      meetings: classLines(classesOf(content, course)),
    };
    const stage = stages.find((s) => s.name === course.stage);
    if (stage) stage.courses.push(card);
    else stages.push({ name: course.stage, courses: [card] });
  }
  const path = programmePath(programme.slug);
  return {
    page: { name: programme.name, introduction: programme.introduction, stages },
    meta: buildPageMeta(site, {
      title: programme.name,
      description: firstSentence(programme.introduction[0] ?? programme.name),
      path,
      image: stages[0]?.courses[0]?.image,
      jsonLd: [
        itemListJsonLd(
          site.origin,
          `Cursos ${programme.name}`,
          programme.courses.map((course) => ({ name: course.title, path: coursePath(course) })),
        ),
      ],
    }),
  };
}

/** The course page's sentence about the courses to conclude first (decision 061); null: none. */
export function prerequisiteText(course: Course): string | null {
  const titles = (course.prerequisites ?? []).map(
    (slug) => allCourses().find((c) => c.slug === slug)?.title ?? slug,
  );
  return titles.length === 0 ? null : `Este curso é para quem concluiu: ${joinPortuguese(titles)}.`;
}

export function getCoursePage(pathname: string, content: PublishedContent = {}): CourseLoaderData {
  const [programmeSegment, slug] = segments(pathname);
  const programme = getProgramme(programmeSlugOf(programmeSegment));
  const course = slug ? findCourse(programme.slug, slug) : undefined;
  if (!course) throw data(null, { status: 404 });
  const site = getSite();
  const path = coursePath(course);
  const image = placedImage(course.image, content.photos?.[courseSlot(path)]);
  const texts = textsOf(content, path);
  const { address } = contactOf(content);
  // The classes' meetings as the server read them (decision 075); the build: the content's.
  const classes = classesOf(content, course);
  return {
    page: {
      programme: {
        name: programme.name,
        path: programmePath(programme.slug),
        slug: programme.slug,
      },
      slug: course.slug,
      groupId: course.groupId,
      inviteCode: course.inviteCode,
      title: course.title,
      stage: course.stage,
      welcome: texts.welcome,
      descriptionHtml: `${richTextHtml(texts.description)}\n${richTextHtml(texts.cycle)}`,
      audience: course.audience,
      image,
      meetings: classes.map(({ name, meetings }) => ({
        ...(classes.length > 1 ? { name } : {}),
        // The meetings held and the dates changed (decision 091), as every surface says them.
        firstMeeting: formatFirstMeeting(firstHeldMeeting(meetings)),
        weeklySlot: formatWeeklySlot(meetings),
        count: formatMeetingCount(heldMeetings(meetings).length),
        place: formatMeetingPlace(meetings, address),
        ...(meetings.changes?.length ? { changes: formatMeetingChanges(meetings) } : {}),
      })),
      share: courseShareData(
        course.title,
        absoluteUrl(site.origin, path),
        classes.length > 1
          ? classes.map(({ id, name }) => ({
              name,
              path: classCalendarPath(courseCalendarPath(course), id),
            }))
          : [{ path: courseCalendarPath(course) }],
      ),
      prerequisite: prerequisiteText(course),
    },
    meta: buildPageMeta(site, {
      title: `${course.title} – ${programme.name}`,
      description: texts.summary,
      path,
      image,
      jsonLd: [
        courseJsonLd(site.origin, centre, {
          name: course.title,
          description: texts.summary,
          path,
          image: image.src,
          instances: classes.map(({ name, meetings }) => ({
            ...(classes.length > 1 ? { name } : {}),
            firstMeeting: firstHeldMeeting(meetings).firstMeeting,
            lastMeeting: lastHeldMeeting(meetings)?.date ?? meetings.firstMeeting,
            weekday: meetings.weekday,
            startTime: meetings.time,
            endTime: addMinutes(meetings.time, meetings.durationMinutes),
            count: heldMeetings(meetings).length,
            durationMinutes: meetings.durationMinutes,
            timeZone: MEETING_TIME_ZONE,
            place: {
              name: meetings.room ? `${meetings.room} – ${centre.name}` : centre.name,
              address: meetings.address ?? address,
            },
          })),
        }),
      ],
    }),
  };
}
