/**
 * 'Finalizar inscrição' (spec section 4): the person joins the course's group, then their phone, then
 * their birth date are written (formatted by section 5), then the confirmation page opens. The phone
 * and birth date are checked first: when either is missing or invalid the person is sent to /perfil
 * to complete it, before any place is taken. Any failure stops the sequence (spec section 8).
 */
import { confirmationPath, groupLinkOf } from '@centro/content/site';
import { messages } from '@centro/contracts/messages';
import type { AuthUser, UserWithToken } from '~/auth/types';
import type { ToastKind } from '~/components/toasts/notify';
import { updateBirthDate, updateUserField } from '~/auth/api/user-details';
import {
  birthDateDigitsOf,
  formatBirthDate,
  formatPhone,
  isPlausibleBirthDate,
} from '~/lib/formatting';
import { addToGroup, isCourseFull, isEmailNotVerified } from './api/add-to-group';
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
}

/** The phone from the registration, formatted, or null when missing or unformattable. */
export function enrolmentPhone(user: AuthUser): string | null {
  const raw = user.mobilePhone || user.extensionCelular;
  if (!raw) return null;
  const formatted = formatPhone(raw);
  return formatted.ok ? formatted.value : null;
}

/** The birth date from the registration as DD/MM/YYYY, or null when missing or not a real date. */
export function enrolmentBirthDate(user: AuthUser): string | null {
  const raw = user.birthday || user.extensionDataNascimento || user.dataNascimento;
  if (!raw) return null;
  const formatted = formatBirthDate(birthDateDigitsOf(raw));
  return formatted.ok && isPlausibleBirthDate(formatted.value) ? formatted.value : null;
}

/** Runs the sequence; never rejects (failures are shown and logged). */
export async function enrol(course: EnrolmentCourse, deps: EnrolDependencies): Promise<void> {
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
    const enrolment = await addToGroup({ group: course.groupId, user: id, token });
    await updateUserField({ id, token, param: 'mobilePhone', value: phone });
    await updateBirthDate({ id, token, data_nascimento: birthDate });
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
      },
    });
  } catch (error) {
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
}
