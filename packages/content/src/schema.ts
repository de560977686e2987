/**
 * The shape of the centre's content. Every value the site shows about the centre, its schedule and
 * its courses is described here and validated (zod) when the package is built and when it is loaded.
 */
import { z } from 'zod';
import type { MeetingChange } from './class-meetings.js';
import { programmeSlugs, weekdays } from './constants.js';

export { programmeSlugs, weekdays };
export const programmeSlugSchema = z.enum(programmeSlugs);
export type ProgrammeSlug = z.infer<typeof programmeSlugSchema>;

const nonEmpty = z.string().trim().min(1);
const slugSchema = z
  .string()
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'slug: lowercase words joined by -');
/** A Microsoft Entra / directory group object id. */
export const groupIdSchema = z.guid();
/** Brazilian WhatsApp number in international digits only: 55 + DDD + 8 or 9 digits. */
const whatsappDigits = z.string().regex(/^55\d{10,11}$/, 'WhatsApp: digits only, starting with 55');

export const imageSchema = z.object({
  /** File name under apps/web/app/assets/images/, e.g. "courses/passe.svg". */
  file: z.string().regex(/^[a-z0-9/-]+\.(svg|webp|avif|png|jpg)$/),
  alt: z.string(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
});
export type Image = z.infer<typeof imageSchema>;

export const addressSchema = z.object({
  street: nonEmpty,
  district: nonEmpty,
  city: nonEmpty,
  state: z.string().length(2),
  postalCode: z.string().regex(/^\d{5}-\d{3}$/),
  country: z.literal('BR'),
});
export type Address = z.infer<typeof addressSchema>;

export const centreSchema = z.object({
  /** Full legal/public name of the centre. */
  name: nonEmpty,
  /** Name of the website shown in the footer with the year ("<portalName> 2025"). */
  portalName: nonEmpty,
  /** One-sentence description used in meta descriptions and JSON-LD. */
  tagline: nonEmpty,
  /** Home page introduction, one string per paragraph. */
  introduction: z.array(nonEmpty).min(1),
  /** 'Saiba mais' page text, one string per paragraph. */
  about: z.array(nonEmpty).min(1),
  address: addressSchema,
  /** WhatsApp number shown in the footer and the contact page. */
  whatsapp: whatsappDigits,
  email: z.email(),
  /** URL of the embedded map (iframe src). */
  mapEmbedUrl: z.url(),
  /** Accessible title of the map iframe. */
  mapTitle: nonEmpty,
  /** Three carousel images of the 'Saiba mais' page. */
  carousel: z.array(imageSchema.extend({ caption: nonEmpty })).length(3),
  /** Illustration of the Global Kardec banner on the home page. */
  bannerImage: imageSchema,
});
export type Centre = z.infer<typeof centreSchema>;

export const scheduleActivitySchema = z.object({
  /** "09h", "19h30" */
  time: z.string().regex(/^\d{2}h(\d{2})?$/),
  title: nonEmpty,
  /** Extra line, e.g. who it is for. */
  note: z.string().optional(),
});
export const scheduleDaySchema = z.object({
  /** "Domingo", "Segunda-feira", ... */
  day: nonEmpty,
  activities: z.array(scheduleActivitySchema).min(1),
  /** Activity named in the prefilled WhatsApp message of this day's 'Tirar Dúvidas' link. */
  whatsappTopic: nonEmpty,
  /** The day's 'Tirar Dúvidas' link (edited in the staff area); none: the WhatsApp message above. */
  questionLink: z.string().optional(),
});
export type ScheduleDay = z.infer<typeof scheduleDaySchema>;

export const weekdaySchema = z.enum(weekdays);
export type Weekday = z.infer<typeof weekdaySchema>;

/** "YYYY-MM-DD" → day of the week, 0 = Sunday (a calendar date: no time zone involved). */
function weekdayIndexOf(isoDate: string): number {
  const [year = 0, month = 1, day = 1] = isoDate.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, day)).getUTCDay();
}

/**
 * A course's meetings: weekly, from the first meeting, at the same time (America/Sao_Paulo), for a
 * number of weeks. Where: the centre's address unless `address` says otherwise, in `room` if given.
 */
export const courseMeetingsSchema = z
  .object({
    /** Date of the first meeting, "YYYY-MM-DD"; it falls on `weekday`. */
    firstMeeting: z.iso.date(),
    weekday: weekdaySchema,
    /** Start time, "HH:MM" (24 h), in America/Sao_Paulo. */
    time: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'time: HH:MM, 24 h'),
    /** Number of weekly meetings. */
    count: z.number().int().min(1).max(104),
    /** Length of each meeting, in minutes. */
    durationMinutes: z.number().int().min(15).max(480),
    /** Room inside the centre, e.g. "Sala 2". */
    room: nonEmpty.optional(),
    /** Where the course meets when not at the centre's own address. */
    address: addressSchema.optional(),
    /**
     * A class's changes to single meetings (decision 091): the content sets none; the server
     * checks them with `meetingChangeSchema` (packages/contracts) when it reads a class.
     */
    changes: z.array(z.custom<MeetingChange>()).optional(),
  })
  .superRefine((meetings, ctx) => {
    if (weekdays[weekdayIndexOf(meetings.firstMeeting)] !== meetings.weekday) {
      ctx.addIssue({
        code: 'custom',
        path: ['firstMeeting'],
        message: `${meetings.firstMeeting} is not a ${meetings.weekday}`,
      });
    }
    const [hours = 0, minutes = 0] = meetings.time.split(':').map(Number);
    if (hours * 60 + minutes + meetings.durationMinutes > 24 * 60) {
      ctx.addIssue({
        code: 'custom',
        path: ['durationMinutes'],
        message: 'A meeting must end on the day it starts',
      });
    }
  });
export type CourseMeetings = z.infer<typeof courseMeetingsSchema>;

export const courseSchema = z.object({
  /** Last path segment of the course page. */
  slug: slugSchema,
  programme: programmeSlugSchema,
  title: nonEmpty,
  /** Cycle (Global Kardec) or degree (Escola de Médiuns) the course belongs to. */
  stage: nonEmpty,
  /** Short text for cards, meta description and JSON-LD (the list item's 'descricao'). */
  summary: z.string().trim().min(40).max(200),
  /** Course page description, one string per paragraph: what is studied, for whom, which cycle. */
  description: z.array(nonEmpty).min(2),
  /** Who the course is for, one sentence. */
  audience: nonEmpty,
  image: imageSchema,
  /** Directory group of the course: enrolling adds the person to it. */
  groupId: groupIdSchema,
  /**
   * WhatsApp group invite code: https://chat.whatsapp.com/<inviteCode>. null until the centre has
   * one (the staff area may set it): no group link is sent while a course has none.
   */
  inviteCode: z
    .string()
    .regex(/^[A-Za-z0-9]{10,32}$/)
    .nullable(),
  /** Number of places; the server never enrols more. */
  places: z.number().int().positive().max(100000),
  /** When and where the course meets. */
  meetings: courseMeetingsSchema,
  /**
   * Courses (slugs) a person must have concluded to enrol: the default, which Coordenação may change
   * (decision 061). None: anyone may enrol.
   */
  prerequisites: z.array(slugSchema).min(1).optional(),
});
export type Course = z.infer<typeof courseSchema>;

export const programmeSchema = z.object({
  slug: programmeSlugSchema,
  /** "Global Kardec", "Escola de Médiuns" */
  name: nonEmpty,
  /** Introduction of the programme's course list page, one string per paragraph. */
  introduction: z.array(nonEmpty).min(1),
  courses: z.array(courseSchema).length(10),
});
export type Programme = z.infer<typeof programmeSchema>;

export const tutorialSchema = z.object({
  title: nonEmpty,
  introduction: nonEmpty,
  steps: z.array(z.object({ title: nonEmpty, text: nonEmpty })).min(3),
});
export type Tutorial = z.infer<typeof tutorialSchema>;

export const privacyNoticeSchema = z.object({
  title: nonEmpty,
  sections: z.array(z.object({ heading: nonEmpty, paragraphs: z.array(nonEmpty).min(1) })).min(3),
});
export type PrivacyNotice = z.infer<typeof privacyNoticeSchema>;

export const contentSchema = z.object({
  centre: centreSchema,
  schedule: z.array(scheduleDaySchema).length(5),
  programmes: z.tuple([programmeSchema, programmeSchema]),
  tutorial: tutorialSchema,
  privacy: privacyNoticeSchema,
  /** Values still holding a placeholder that a centre must replace before going live. */
  placeholders: z.array(nonEmpty),
});
export type Content = z.infer<typeof contentSchema>;
