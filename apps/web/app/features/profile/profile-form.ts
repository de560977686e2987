/** The profile form's values and what 'Atualizar' sends (spec section 4: only the changed fields). */
import type { AuthUser } from '~/auth/types';
import type { AuthSettings } from '~/config/auth-settings';
import type { UpdatableUserField } from '@centro/contracts';
import { formatBirthDate, personBirthDate, personPhone } from '~/lib/formatting';

export interface ProfileValues {
  displayName: string;
  birthDate: string;
  mail: string;
  mobilePhone: string;
}

export const emptyProfile: ProfileValues = {
  displayName: '',
  birthDate: '',
  mail: '',
  mobilePhone: '',
};

/** The form's values for a person's details. */
export function profileValuesOf(user: AuthUser): ProfileValues {
  // The same phone and birth date as every list and file shows (decision 078).
  const birth = personBirthDate(user) ?? '';
  const formatted = birth ? formatBirthDate(birth) : null;
  return {
    displayName: user.displayName ?? '',
    birthDate: formatted?.ok ? formatted.value : birth,
    mail: user.mail ?? '',
    mobilePhone: personPhone(user) ?? '',
  };
}

export interface ProfileChanges {
  fields: { param: UpdatableUserField; value: string }[];
  birthDate: string | null;
}

/** The fields whose value differs from the loaded one (trimmed), in the form's order. */
export function changesOf(initial: ProfileValues, current: ProfileValues): ProfileChanges {
  const fields: ProfileChanges['fields'] = [];
  for (const param of ['displayName', 'mail', 'mobilePhone'] as const) {
    const value = current[param].trim();
    if (value !== initial[param].trim()) fields.push({ param, value });
  }
  const birthDate = current.birthDate.trim();
  return { fields, birthDate: birthDate !== initial.birthDate.trim() ? birthDate : null };
}

const CONTACT = 'É o e-mail em que o centro envia avisos e a confirmação das inscrições.';

/**
 * What 'E-mail' changes, under the field: the contact address (the directory's `mail`). With the
 * built-in provider, the new address, once proven by its link, is the sign-in address too
 * (decision 078). With Microsoft Entra ID the sign-in stays the External ID account's e-mail (its
 * `identities`) or a workforce account's user name (`userPrincipalName`).
 */
export function mailHint(settings: Pick<AuthSettings, 'protocolMode' | 'authority'>): string {
  if (settings.protocolMode !== 'AAD') {
    return `${CONTACT} Depois que você confirmar o novo e-mail pelo link que enviaremos a ele, é com ele que você entra no site.`;
  }
  const externalId =
    settings.authority !== null && new URL(settings.authority).hostname.endsWith('.ciamlogin.com');
  return externalId
    ? `${CONTACT} Use um endereço sem acentos. O e-mail com que você entra no site não muda aqui.`
    : `${CONTACT} Use um endereço sem acentos. Para entrar no site, continue usando o usuário da sua conta da organização; ele não muda aqui.`;
}
