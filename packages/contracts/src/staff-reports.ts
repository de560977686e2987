/**
 * 'Relatórios': how a year's classes went, for Coordenação, under /api/staff/reports. Every figure
 * is a count read from the database when asked; none holds personal data (no names, no ids of
 * people), so a view is not a staff action on anyone's data.
 */
import { z } from 'zod';

/** `?ano=`: the year whose classes are reported (a class's year is its first meeting's). */
export const staffReportsQuerySchema = z
  .object({ ano: z.coerce.number().int().min(2000).max(2100).optional() })
  .strict();

export const reportClassSchema = z.object({
  id: z.string(),
  courseSlug: z.string(),
  courseTitle: z.string(),
  /** 'Global Kardec' or 'Escola de Médiuns'. */
  programme: z.string(),
  name: z.string(),
  state: z.enum(['planned', 'open', 'running', 'concluded']),
  /** The places the class offers. */
  places: z.number().int(),
  /** Places held now (confirmed or being confirmed). */
  taken: z.number().int(),
  /** People waiting now. */
  waiting: z.number().int(),
  /** UTC ISO-8601, when enrolment opened (or opens); null: open since the class was created. */
  opensAt: z.string().nullable(),
});
export type ReportClass = z.infer<typeof reportClassSchema>;

/** Enrolments made in each hour after a class's opening (hour 0: the first hour). */
export const reportOpeningSchema = z.object({
  classId: z.string(),
  opensAt: z.string(),
  /** 24 counts, one an hour from the opening. */
  perHour: z.array(z.number().int()),
  /** Enrolments after the first 24 hours. */
  later: z.number().int(),
});

/** Attendance at each meeting of a class that has marks. */
export const reportAttendanceSchema = z.object({
  classId: z.string(),
  meetings: z.array(
    z.object({
      meeting: z.number().int().min(1),
      /** "YYYY-MM-DD" when the class's first meeting is set; null otherwise. */
      date: z.string().nullable(),
      present: z.number().int(),
      absent: z.number().int(),
    }),
  ),
});

/** Completions of concluded classes: 'Concluído' against 'Não concluído'. */
export const reportCompletionSchema = z.object({
  /** A class id, a course slug or a year, by `by`. */
  key: z.string(),
  label: z.string(),
  completed: z.number().int(),
  notCompleted: z.number().int(),
});

/** The waiting list's length at the end of each day it changed. */
export const reportWaitingSchema = z.object({
  classId: z.string(),
  days: z.array(z.object({ date: z.string(), length: z.number().int() })),
});

export const staffReportsResponseSchema = z.object({
  data: z.object({
    year: z.number().int(),
    /** The years that have classes, newest first (the year menu). */
    years: z.array(z.number().int()),
    classes: z.array(reportClassSchema),
    openings: z.array(reportOpeningSchema),
    attendance: z.array(reportAttendanceSchema),
    completion: z.object({
      byClass: z.array(reportCompletionSchema),
      byCourse: z.array(reportCompletionSchema),
      byYear: z.array(reportCompletionSchema),
    }),
    waiting: z.array(reportWaitingSchema),
  }),
});
export type StaffReports = z.infer<typeof staffReportsResponseSchema>['data'];
