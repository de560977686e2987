/**
 * What the desk's screens and the server share without zod (decision 095): the consent's wording
 * and the claim code's shape.
 */

/**
 * What the volunteer reads aloud to a person enrolled without an account; the person's yes is
 * recorded with this exact wording, who recorded it and when. The form sends it back, so the
 * wording kept is the one the screen showed (a changed text refuses an old page).
 */
export const DESK_CONSENT_TEXT =
  'O centro vai guardar o seu nome, o seu telefone e o seu e-mail, se tiver dado, para a sua ' +
  'inscrição neste curso e para avisar você sobre ele, como explica o aviso de privacidade do ' +
  'site. Você pode pedir para ver ou apagar esses dados quando quiser. Você concorda?';

/** What the form hears when the consent text it showed is not the current one. */
export const DESK_CONSENT_CHANGED = 'O texto do consentimento mudou. Recarregue a página.';

/**
 * A claim code: eight letters and digits of an alphabet without look-alikes (no 0/O, 1/I/L),
 * shown as 'ABCD-EFGH'. People may type it with spaces, a dash, in any case.
 */
export const CLAIM_CODE_PATTERN = /^[A-HJKMNP-Z2-9]{8}$/;

/** A claim code as typed, without spaces or dashes, in capitals. */
export function normaliseClaimCode(input: string): string {
  return input.replace(/[\s-]/g, '').toUpperCase();
}

/** 'ABCDEFGH' as 'ABCD-EFGH'. */
export function showClaimCode(code: string): string {
  return `${code.slice(0, 4)}-${code.slice(4)}`;
}
