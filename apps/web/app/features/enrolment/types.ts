import type { ProgrammeSlug } from '@centro/content';
import type { AuthUser } from '~/auth/types';

/** What the enrol action needs to know of the course page's course. */
export interface EnrolmentCourse {
  programme: { name: string; path: string; slug: ProgrammeSlug };
  slug: string;
  title: string;
  groupId: string;
  /** null: no invite yet (the confirmation says the link comes later). */
  inviteCode: string | null;
  /** The class picked among several open; absent: the course's only open class. */
  turma?: string;
}

/** Navigation state of the confirmation page (spec section 2): the user, the course, the group link. */
export interface ConfirmationState {
  user: Pick<AuthUser, 'id' | 'displayName'>;
  course: { slug: string; title: string; programme: { name: string; path: string } };
  /** null: the course has no WhatsApp invite yet. */
  groupLink: string | null;
  /**
   * Why the registration could not be updated while enrolling (the directory refused to change this
   * account's data); the enrolment itself is confirmed.
   */
  profileNotice?: string;
  /**
   * When and where the person's class meets, as the enrolment's answer gave them, and the class's
   * calendar file (absent: the page shows neither).
   */
  meetings?: { firstMeeting: string; time: string; place: string; calendarPath: string };
}
