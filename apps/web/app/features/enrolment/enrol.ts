/**
 * 'Finalizar inscrição' (spec section 4): the person's phone and birth date are written (formatted
 * by section 5) when they differ from what the directory holds, then the person joins the course's
 * group, then the confirmation page opens. The phone and birth date are checked first: when either
 * is missing or invalid the person is sent to /perfil to complete it, before any place is taken.
 *
 * The writes come before the place is taken, so that a failure leaves nothing taken, and only what
 * changed is written: most enrolments make one directory write (the group). A write the directory
 * refuses for this account (`protected_account`: a privileged administrator's or an on-premises
 * synced user's phone in a workforce tenant) does not stop the enrolment: the confirmation
 * page says the registration could not be updated. Any other failure stops the sequence (spec
 * section 8).
 */
import {
  classCalendarPath,
  confirmationPath,
  courseCalendarPath,
  groupLinkOf,
} from '@centro/content/site';
import { messages } from '@centro/contracts/messages';
import type { AuthUser, UserWithToken } from '~/auth/types';
import type { ToastKind } from '~/components/toasts/notify';
import { updateBirthDate, updateUserField } from '~/auth/api/user-details';
import {
  formatBirthDate,
  formatPhone,
  isPlausibleBirthDate,
  personBirthDate,
  personPhone,
} from '~/lib/formatting';
import { ErrorCode } from '@centro/contracts/error-codes';
import { ApiError } from '~/lib/api-error';
import {
  addToGroup,
  isCourseFull,
  isEmailNotVerified,
  prerequisiteMessageOf,
} from './api/add-to-group';
import type { ConfirmationState, EnrolmentCourse } from './types';

export const PROFILE_PATH = '/perfil';

/** Told to a person whose registration lacks what enrolment needs (then taken to /perfil). */
export const incompleteMessages = {
  phone: 'Seu celular está ausente ou inválido. Complete seu cadastro para finalizar a inscrição.',
  birthDate:
    'Sua data de nascimento está ausente ou inválida. Complete seu cadastro para finalizar a inscrição.',
} as const;

export interface EnrolDependencies {
  /** The product's user state, if loaded (preferred to the provider's view of the person). */
  authUser: AuthUser | null;
  getUser: () => Promise<UserWithToken | null>;
  navigate: (to: string, options?: { state?: ConfirmationState }) => void | Promise<void>;
  notify: (kind: ToastKind, message: string) => unknown;
  /** Keeps the product's user state in step with what was written. */
  setAuthUser?: (user: AuthUser) => void;
}

/** Said when the API's refusal came without its message. */
const PROTECTED_ACCOUNT_NOTICE =
  'Os dados desta conta não podem ser alterados pelo site. Procure a secretaria do centro.';

/** The directory's refusal to change this account's data (403 protected_account). */
function isProtectedAccount(error: unknown): error is ApiError {
  return error instanceof ApiError && error.code === ErrorCode.ProtectedAccount;
}

/**
 * Runs one profile write; resolves to the refusal's message when the directory will not change
 * this account's data (the enrolment goes on), rejects on any other failure.
 */
async function writeUnlessProtected(
  write: () => Promise<AuthUser>,
  setAuthUser: ((user: AuthUser) => void) | undefined,
): Promise<string | null> {
  try {
    setAuthUser?.(await write());
    return null;
  } catch (error) {
    if (!isProtectedAccount(error)) throw error;
    return error.apiMessage ?? PROTECTED_ACCOUNT_NOTICE;
  }
}

/** The phone from the registration, formatted, or null when missing or unformattable. */
export function enrolmentPhone(user: AuthUser): string | null {
  const raw = personPhone(user);
  if (!raw) return null;
  const formatted = formatPhone(raw);
  return formatted.ok ? formatted.value : null;
}

/** The birth date from the registration as DD/MM/YYYY, or null when missing or not a real date. */
export function enrolmentBirthDate(user: AuthUser): string | null {
  // The value Perfil wrote first, as every list and file reads it (decision 078).
  const raw = personBirthDate(user);
  if (!raw) return null;
  const formatted = formatBirthDate(raw);
  return formatted.ok && isPlausibleBirthDate(formatted.value) ? formatted.value : null;
}

/**
 * What the enrolment box keeps showing after the sequence: the refusal for the course's
 * prerequisites, which does not change by pressing again (the button is then disabled).
 */
export interface EnrolOutcome {
  refusal: string;
}

/**
 * Runs the sequence; never rejects (failures are shown and logged). Resolves to the refusal the
 * enrolment box shows (a prerequisite missing), else undefined.
 */
export async function enrol(
  course: EnrolmentCourse,
  deps: EnrolDependencies,
): Promise<EnrolOutcome | undefined> {
  try {
    const session = await deps.getUser();
    if (!session) throw new Error('Enrolment: no signed-in user');
    const user = deps.authUser ?? session.user;
    const phone = enrolmentPhone(user);
    const birthDate = enrolmentBirthDate(user);
    if (phone === null || birthDate === null) {
      void deps.notify(
        'info',
        phone === null ? incompleteMessages.phone : incompleteMessages.birthDate,
      );
      await deps.navigate(PROFILE_PATH);
      return;
    }
    const id = session.user.id;
    const { token } = session;
    // Only what differs from the directory's record is written (the record is what authUser
    // holds; without it both are written, as before).
    const notices: (string | null)[] = [];
    if (!deps.authUser || deps.authUser.mobilePhone !== phone) {
      notices.push(
        await writeUnlessProtected(
          () => updateUserField({ id, token, param: 'mobilePhone', value: phone }),
          deps.setAuthUser,
        ),
      );
    }
    if (!deps.authUser || deps.authUser.dataNascimento !== birthDate) {
      notices.push(
        await writeUnlessProtected(
          () => updateBirthDate({ id, token, data_nascimento: birthDate }),
          deps.setAuthUser,
        ),
      );
    }
    const profileNotice = notices.find((notice) => notice !== null);
    const enrolment = await addToGroup({
      group: course.groupId,
      user: id,
      token,
      ...(course.turma ? { turma: course.turma } : {}),
    });
    await deps.navigate(confirmationPath(course.programme.slug), {
      state: {
        user: { id, displayName: user.displayName },
        course: {
          slug: course.slug,
          title: course.title,
          programme: { name: course.programme.name, path: course.programme.path },
        },
        // The link in effect (staff may have changed the invite code since the page was built).
        groupLink:
          enrolment.groupLink === undefined ? groupLinkOf(course.inviteCode) : enrolment.groupLink,
        ...(profileNotice ? { profileNotice } : {}),
        ...(enrolment.meetings
          ? {
              meetings: {
                firstMeeting: enrolment.meetings.firstMeeting,
                time: enrolment.meetings.time,
                place: enrolment.meetings.place,
                // The person's class's own file (decision 076), not the page's first class's.
                calendarPath: classCalendarPath(
                  courseCalendarPath({ programme: course.programme.slug, slug: course.slug }),
                  enrolment.meetings.classId,
                ),
              },
            }
          : {}),
      },
    });
  } catch (error) {
    // A refusal for the prerequisites is the person's situation, not a failure: it stays in the
    // enrolment box, which a toast gone after a few seconds would not (decision 077).
    const refusal = prerequisiteMessageOf(error);
    if (refusal !== null) return { refusal };
    console.error('Enrolment failed', error);
    void deps.notify(
      'warning',
      isCourseFull(error)
        ? messages.courseFull
        : isEmailNotVerified(error)
          ? messages.emailNotVerified
          : messages.enrolmentFailed,
    );
  }
  return undefined;
}
