/**
 * A WhatsApp group's invite code, read from what a person pastes: the code alone, or the
 * whole link as WhatsApp shares it (`https://chat.whatsapp.com/<code>`, with or without `https://`,
 * `www.`, a trailing `/`, a query string or a fragment). Shared by the staff form (which shows the
 * code it will save) and the server's contract (which stores only the code). No zod: the website's
 * staff screen imports it without the schemas.
 */

/** Said beside the field (and answered by the API) for an invite with no code in it. */
export const INVITE_CODE_ERROR =
  'Convite do grupo de WhatsApp inválido: cole o link do convite (https://chat.whatsapp.com/…) ou só o código.';

/** What a stored invite code looks like (the content's and the staff area's). */
export const WHATSAPP_INVITE_CODE = /^[A-Za-z0-9]{10,32}$/;

const LINK =
  /^(?:https?:\/\/)?(?:www\.)?chat\.whatsapp\.com\/(?:invite\/)?([A-Za-z0-9]+)\/?(?:[?#].*)?$/i;

/** The invite code in `input` (a code or a group's invite link), or null when it holds none. */
export function whatsappInviteCodeOf(input: string): string | null {
  const text = input.trim();
  const code = LINK.exec(text)?.[1] ?? text;
  return WHATSAPP_INVITE_CODE.test(code) ? code : null;
}
