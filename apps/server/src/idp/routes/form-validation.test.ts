import { messages } from '@centro/contracts';
import { describe, expect, it } from 'vitest';
import {
  readForm,
  signInMessages,
  signUpFields,
  signUpMessages,
  validateSignIn,
  validateSignUp,
  type FormValues,
  type SignUpField,
} from './form-validation.js';

const TODAY = new Date(2025, 5, 15);

const valid: FormValues<SignUpField> = {
  nome: '  Ana Maria da Silva ',
  email: ' Ana.Maria@Example.ORG ',
  senha: 'segredo-forte',
  celular: '(11) 91234-5678',
  nascimento: '25/12/1990',
  consentimento: 'sim',
};

function errorsOf(changes: Partial<FormValues<SignUpField>>) {
  const result = validateSignUp({ ...valid, ...changes }, TODAY);
  if (result.ok) throw new Error('expected errors');
  return result.errors;
}

describe('sign-up validation', () => {
  it('normalises a valid form: trimmed name, lower-cased e-mail, section 5 formats', () => {
    expect(validateSignUp(valid, TODAY)).toEqual({
      ok: true,
      value: {
        displayName: 'Ana Maria da Silva',
        email: 'ana.maria@example.org',
        password: 'segredo-forte',
        celular: '+55 11 91234-5678',
        dataNascimento: '25/12/1990',
      },
    });
    const international = validateSignUp(
      { ...valid, celular: '+55 (21) 98765-4321', nascimento: '01021980' },
      TODAY,
    );
    expect(international.ok && international.value.celular).toBe('+55 21 98765-4321');
    expect(international.ok && international.value.dataNascimento).toBe('01/02/1980');
  });

  it('gives every field its own message, all at once', () => {
    const errors = errorsOf({
      nome: '',
      email: '',
      senha: '',
      celular: '',
      nascimento: '',
      consentimento: '',
    });
    expect(errors).toEqual({
      nome: signUpMessages.nameMissing,
      email: signUpMessages.emailMissing,
      senha: signUpMessages.passwordMissing,
      celular: signUpMessages.phoneMissing,
      nascimento: signUpMessages.birthDateMissing,
      consentimento: signUpMessages.consentMissing,
    });
    expect(Object.values(errors).every((m) => /^[A-ZÀ-Ú]/.test(m))).toBe(true);
  });

  it('checks the name: at most 120 characters, no control characters', () => {
    expect(errorsOf({ nome: 'a'.repeat(121) }).nome).toBe(signUpMessages.nameTooLong);
    expect(errorsOf({ nome: 'Ana\u0007' }).nome).toBe(signUpMessages.nameInvalid);
    expect(validateSignUp({ ...valid, nome: 'á'.repeat(120) }, TODAY).ok).toBe(true);
  });

  it('checks the e-mail syntax', () => {
    for (const email of ['ana', 'ana@', '@example.org', 'ana maria@example.org']) {
      expect(errorsOf({ email }).email).toBe(signUpMessages.emailInvalid);
    }
  });

  it('checks the password length: 8 to 128 characters', () => {
    expect(errorsOf({ senha: '1234567' }).senha).toBe(signUpMessages.passwordTooShort);
    expect(errorsOf({ senha: 'x'.repeat(129) }).senha).toBe(signUpMessages.passwordTooLong);
    expect(validateSignUp({ ...valid, senha: 'mar-azul' }, TODAY).ok).toBe(true);
  });

  it('refuses passwords a guesser tries first', () => {
    for (const senha of [
      '12345678',
      'aaaaaaaa',
      'senha123',
      'p4ssw0rd',
      'qwertyuiop',
      'flamengo',
    ]) {
      expect(errorsOf({ senha }).senha, senha).toBe(signUpMessages.passwordWeak);
    }
    // Built from the person's own name or e-mail.
    expect(errorsOf({ nome: 'Joaquina Mendes', senha: 'joaquina2024' }).senha).toBe(
      signUpMessages.passwordWeak,
    );
    // A long hostile password is judged quickly (only its start is).
    const started = performance.now();
    expect(errorsOf({ senha: 'aB3$'.repeat(32) }).senha).toBe(signUpMessages.passwordWeak);
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('refuses names with hidden or direction characters, and stores them composed', () => {
    for (const nome of [
      'Ana \u202Eavlis',
      'Ana\u200BSilva',
      'Ana\uFFFD',
      'Ana\u0000',
      '\ud800Ana',
    ]) {
      expect(errorsOf({ nome }).nome, JSON.stringify(nome)).toBe(signUpMessages.nameInvalid);
    }
    const checked = validateSignUp({ ...valid, nome: ' Jose\u0301 ' }, TODAY);
    expect(checked.ok && checked.value.displayName).toBe('José');
  });

  it("applies section 5's phone rule (11 or 13 digits) with its message", () => {
    expect(errorsOf({ celular: '1234-5678' }).celular).toBe(messages.phoneHint);
    expect(errorsOf({ celular: '119123456789' }).celular).toBe(messages.phoneHint);
  });

  it("applies section 5's birth-date rule, then refuses impossible or future dates", () => {
    expect(errorsOf({ nascimento: '25/12/90' }).nascimento).toBe(messages.birthDateHint);
    expect(errorsOf({ nascimento: '31/02/1990' }).nascimento).toBe(
      signUpMessages.birthDateImplausible,
    );
    expect(errorsOf({ nascimento: '16/06/2025' }).nascimento).toBe(
      signUpMessages.birthDateImplausible,
    );
    expect(validateSignUp({ ...valid, nascimento: '15/06/2025' }, TODAY).ok).toBe(true);
  });

  it('requires the consent', () => {
    expect(errorsOf({ consentimento: '' }).consentimento).toBe(signUpMessages.consentMissing);
  });

  it('reads a posted form: repeated fields give their first value, anything else is empty', () => {
    expect(readForm({ nome: ['Ana', 'Bia'], email: 3, senha: undefined }, signUpFields)).toEqual({
      nome: 'Ana',
      email: '',
      senha: '',
      celular: '',
      nascimento: '',
      consentimento: '',
    });
    expect(readForm(null, ['email'] as const)).toEqual({ email: '' });
  });
});

describe('sign-in validation', () => {
  it('needs both fields and normalises the e-mail', () => {
    expect(validateSignIn({ email: '', senha: '' })).toEqual({
      ok: false,
      errors: { email: signInMessages.emailMissing, senha: signInMessages.passwordMissing },
    });
    expect(validateSignIn({ email: ' Ana@Example.org', senha: 'x' })).toEqual({
      ok: true,
      value: { email: 'ana@example.org', password: 'x' },
    });
  });
});
