/**
 * Validation of the sign-in and sign-up forms, field by field, each with its own message in pt-BR.
 * The rules are the API's (packages/contracts): display name, e-mail syntax, section 5's phone and
 * birth-date formats. Pure functions.
 */
import {
  displayNameSchema,
  formatBirthDate,
  formatPhone,
  isPlausibleBirthDate,
  mailSchema,
  messages,
} from '@centro/contracts';
import { normaliseEmail } from '../store/accounts.js';
import { isWeakPassword } from './password-strength.js';

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const NAME_MAX_LENGTH = 120;

export const signUpFields = [
  'nome',
  'email',
  'senha',
  'celular',
  'nascimento',
  'consentimento',
] as const;
export type SignUpField = (typeof signUpFields)[number];
export type SignInField = 'email' | 'senha';

/** The form as posted (every value a string; a missing field is ''). */
export type FormValues<F extends string> = Record<F, string>;
export type FieldErrors<F extends string> = Partial<Record<F, string>>;

export type Validation<F extends string, T> =
  { ok: true; value: T } | { ok: false; errors: FieldErrors<F> };

export interface SignUpData {
  displayName: string;
  email: string;
  password: string;
  celular: string;
  dataNascimento: string;
}

export const signUpMessages = {
  nameMissing: 'Informe seu nome.',
  nameTooLong: `O nome deve ter no máximo ${NAME_MAX_LENGTH} caracteres.`,
  nameInvalid: 'O nome contém caracteres não permitidos.',
  emailMissing: 'Informe seu e-mail.',
  emailInvalid: 'Informe um e-mail válido, como nome@exemplo.com.',
  emailTaken: 'Este e-mail já está cadastrado.',
  passwordMissing: 'Informe uma senha.',
  passwordTooShort: `A senha deve ter pelo menos ${PASSWORD_MIN_LENGTH} caracteres.`,
  passwordTooLong: `A senha deve ter no máximo ${PASSWORD_MAX_LENGTH} caracteres.`,
  passwordWeak:
    'Esta senha é fácil de adivinhar. Evite senhas comuns, sequências (como 12345678), letras repetidas e seu nome ou e-mail; uma frase com algumas palavras é uma boa escolha.',
  phoneMissing: 'Informe seu celular.',
  phoneInvalid: messages.phoneHint,
  birthDateMissing: 'Informe sua data de nascimento.',
  birthDateInvalid: messages.birthDateHint,
  birthDateImplausible: 'Informe uma data de nascimento válida, que não seja no futuro.',
  consentMissing: 'Para criar a conta, marque que você leu e concorda com o aviso de privacidade.',
} as const;

export const signInMessages = {
  emailMissing: 'Informe seu e-mail.',
  passwordMissing: 'Informe sua senha.',
  wrongCredentials: 'E-mail ou senha incorretos.',
  emailInvalid: signUpMessages.emailInvalid,
} as const;

/** A form field's text: the first value when a field is repeated, '' when absent or not text. */
export function formValue(body: unknown, name: string): string {
  const value = (body as Record<string, unknown> | null | undefined)?.[name];
  const first = Array.isArray(value) ? value[0] : value;
  return typeof first === 'string' ? first : '';
}

export function readForm<F extends string>(body: unknown, fields: readonly F[]): FormValues<F> {
  return Object.fromEntries(
    fields.map((field) => [field, formValue(body, field)]),
  ) as FormValues<F>;
}

/** The name as stored (NFC, trimmed), or why not: the API's rule (`displayNameSchema`). */
function validateName(input: string): string | { error: string } {
  const name = input.trim();
  if (name === '') return { error: signUpMessages.nameMissing };
  if ([...name].length > NAME_MAX_LENGTH) return { error: signUpMessages.nameTooLong };
  const parsed = displayNameSchema.safeParse(input);
  return parsed.success ? parsed.data : { error: signUpMessages.nameInvalid };
}

export function validateEmail(input: string): string | { error: string } {
  if (input.trim() === '') return { error: signUpMessages.emailMissing };
  const email = normaliseEmail(input);
  if (!mailSchema.safeParse(email).success) return { error: signUpMessages.emailInvalid };
  return email;
}

/** A new password (sign-up, password reset): long enough, not too long, not easy to guess. */
export function validatePassword(input: string, personal: string[]): string | { error: string } {
  if (input === '') return { error: signUpMessages.passwordMissing };
  const length = [...input.normalize('NFC')].length;
  if (length < PASSWORD_MIN_LENGTH) return { error: signUpMessages.passwordTooShort };
  if (length > PASSWORD_MAX_LENGTH) return { error: signUpMessages.passwordTooLong };
  if (isWeakPassword(input.normalize('NFC'), personal))
    return { error: signUpMessages.passwordWeak };
  return input;
}

function validatePhone(input: string): string | { error: string } {
  if (input.trim() === '') return { error: signUpMessages.phoneMissing };
  const phone = formatPhone(input);
  return phone.ok ? phone.value : { error: signUpMessages.phoneInvalid };
}

function validateBirthDate(input: string, today: Date): string | { error: string } {
  if (input.trim() === '') return { error: signUpMessages.birthDateMissing };
  const date = formatBirthDate(input);
  if (!date.ok) return { error: signUpMessages.birthDateInvalid };
  if (!isPlausibleBirthDate(date.value, today)) {
    return { error: signUpMessages.birthDateImplausible };
  }
  return date.value;
}

/** Checks every field of the sign-up form; all problems at once. */
export function validateSignUp(
  form: FormValues<SignUpField>,
  today: Date = new Date(),
): Validation<SignUpField, SignUpData> {
  const errors: FieldErrors<SignUpField> = {};
  const take = (field: SignUpField, result: string | { error: string }): string => {
    if (typeof result === 'string') return result;
    errors[field] = result.error;
    return '';
  };
  const value: SignUpData = {
    displayName: take('nome', validateName(form.nome)),
    email: take('email', validateEmail(form.email)),
    password: take('senha', validatePassword(form.senha, [form.nome, form.email])),
    celular: take('celular', validatePhone(form.celular)),
    dataNascimento: take('nascimento', validateBirthDate(form.nascimento, today)),
  };
  if (form.consentimento === '') errors.consentimento = signUpMessages.consentMissing;
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, value };
}

/** Checks that the sign-in form has both fields (the credentials are checked elsewhere). */
export function validateSignIn(
  form: FormValues<SignInField>,
): Validation<SignInField, { email: string; password: string }> {
  const errors: FieldErrors<SignInField> = {};
  if (form.email.trim() === '') errors.email = signInMessages.emailMissing;
  // No account has such an e-mail (sign-up checks it), and the database cannot look it up:
  // PostgreSQL refuses NUL in text.
  else if (form.email.length > 254 || /\p{Cc}/u.test(form.email.trim())) {
    errors.email = signInMessages.emailInvalid;
  }
  if (form.senha === '') errors.senha = signInMessages.passwordMissing;
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, value: { email: normaliseEmail(form.email), password: form.senha } };
}
