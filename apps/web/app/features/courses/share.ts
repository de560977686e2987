/**
 * What 'Compartilhar' on a course page shares, prepared at build time with the page's
 * data (data.server.ts): the page's scripts carry neither the text nor the making of the WhatsApp
 * link (the public pages' JavaScript budget).
 */
import type { CourseShareData } from './types';

/** The text WhatsApp and the share sheet receive. */
export function shareText(title: string, url: string): string {
  return `Curso ${title}, gratuito: ${url}`;
}

export function whatsAppShareUrl(title: string, url: string): string {
  return `https://wa.me/?text=${encodeURIComponent(shareText(title, url))}`;
}

/**
 * The share data of a course page at `url`, whose classes' meetings are in `calendars` (one file
 * per class shown: decision 076).
 */
export function courseShareData(
  title: string,
  url: string,
  calendars: CourseShareData['calendars'],
): CourseShareData {
  return {
    url,
    calendars,
    text: shareText(title, url),
    whatsappHref: whatsAppShareUrl(title, url),
  };
}
