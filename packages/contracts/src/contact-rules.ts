/**
 * The contact details' rules without zod (decision 068), for the staff area's form and the schema
 * alike (`@centro/contracts/contact-rules`): the number as WhatsApp links take it, the map's
 * origin and how it follows the address, the lengths and the pt-BR problems, each naming its field.
 */
import { textProblem } from './text-rules.js';

/** The origins a map may be embedded from (the pages' CSP allows exactly these frames). */
export const MAP_ORIGINS: readonly string[] = ['https://www.google.com'];

export const CONTACT_LIMITS = { street: 120, district: 80, city: 80, mapTitle: 120, mapUrl: 2000 };

export const STATES =
  'AC AL AP AM BA CE DF ES GO MA MT MS MG PA PB PR PE PI RJ RN RS RO RR SC SP SE TO'.split(' ');

export const CONTACT_PROBLEMS = {
  state: 'Estado: informe a sigla, como SP.',
  postalCode: 'CEP: informe no formato 00000-000.',
  whatsapp: 'WhatsApp: informe DDD e número, como (11) 91234-5678.',
  email: 'E-mail: informe um endereço, como contato@exemplo.org.',
  map: 'Mapa: cole o endereço de um mapa do Google Maps, que começa com https://www.google.com/maps/embed (em Compartilhar › Incorporar um mapa), ou deixe o mapa que acompanha o endereço.',
} as const;

/**
 * A Brazilian number as WhatsApp links take it (55, the DDD, the number), from what a person types:
 * `(11) 91234-5678`, `11912345678` or `+55 11 91234-5678`; null when it is not one.
 */
export function whatsappDigitsOf(typed: string): string | null {
  const digits = typed.replace(/\D/g, '');
  const national = digits.length >= 12 && digits.startsWith('55') ? digits.slice(2) : digits;
  // DDD 11–99, then a mobile (9 and eight digits) or a landline (2–5 and seven digits).
  return /^[1-9]{2}(9\d{8}|[2-5]\d{7})$/.test(national) ? `55${national}` : null;
}

/** Whether `url` is a map embed from an allowed origin. */
export function isMapEmbed(url: string): boolean {
  if (!URL.canParse(url)) return false;
  const parsed = new URL(url);
  if (!MAP_ORIGINS.includes(parsed.origin)) return false;
  return (
    parsed.pathname.startsWith('/maps/embed') ||
    (parsed.pathname.startsWith('/maps') && parsed.searchParams.get('output') === 'embed')
  );
}

/** The address part of the contact details. */
export interface ContactAddress {
  street: string;
  district: string;
  city: string;
  state: string;
  postalCode: string;
}

/** The Google Maps embed showing `address` (the packaged details' map is made the same way). */
export function mapEmbedUrlOf(address: ContactAddress): string {
  const { street, district, city, state, postalCode } = address;
  const line = `${street} - ${district}, ${city} - ${state}, ${postalCode}`;
  return `https://www.google.com/maps?q=${encodeURIComponent(line)}&output=embed`;
}

const sameAddress = (a: ContactAddress, b: ContactAddress) =>
  a.street === b.street &&
  a.district === b.district &&
  a.city === b.city &&
  a.state === b.state &&
  a.postalCode === b.postalCode;

/**
 * The map to save when the details go from `before` to `after`: when the address changed and the
 * map was left as it was, the map follows the new address (a map on the old place would send
 * people there); a map the person changed is theirs to keep.
 */
export function mapFollowingAddress(
  before: { address: ContactAddress; mapEmbedUrl: string },
  after: { address: ContactAddress; mapEmbedUrl: string },
): string {
  const moved = !sameAddress(before.address, after.address);
  return moved && after.mapEmbedUrl === before.mapEmbedUrl
    ? mapEmbedUrlOf(after.address)
    : after.mapEmbedUrl;
}

/** The details as a form holds them: every field a string. */
export interface ContactForm {
  street: string;
  district: string;
  city: string;
  state: string;
  postalCode: string;
  whatsapp: string;
  email: string;
  mapEmbedUrl: string;
  mapTitle: string;
}

/** A first look at the form's fields (the server's schema has the last word), by field key. */
export function contactProblems(form: ContactForm): Map<keyof ContactForm, string> {
  const problems = new Map<keyof ContactForm, string>();
  const length = (key: keyof ContactForm, label: string, max: number) => {
    const problem = textProblem(label, form[key], max);
    if (problem) problems.set(key, problem);
  };
  length('street', 'Endereço', CONTACT_LIMITS.street);
  length('district', 'Bairro', CONTACT_LIMITS.district);
  length('city', 'Cidade', CONTACT_LIMITS.city);
  if (!STATES.includes(form.state.trim().toUpperCase()))
    problems.set('state', CONTACT_PROBLEMS.state);
  if (!/^\d{5}-?\d{3}$/.test(form.postalCode.trim())) {
    problems.set('postalCode', CONTACT_PROBLEMS.postalCode);
  }
  if (whatsappDigitsOf(form.whatsapp) === null) problems.set('whatsapp', CONTACT_PROBLEMS.whatsapp);
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(form.email.trim())) {
    problems.set('email', CONTACT_PROBLEMS.email);
  }
  if (!isMapEmbed(form.mapEmbedUrl.trim())) problems.set('mapEmbedUrl', CONTACT_PROBLEMS.map);
  length('mapTitle', 'Título do mapa', CONTACT_LIMITS.mapTitle);
  return problems;
}
