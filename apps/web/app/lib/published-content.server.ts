/**
 * The content edited in the staff area (decision 054), as the pages' loaders receive it.
 * At build time the context is empty and every loader reads `packages/content`; when the server
 * publishes an edit it renders the page again with this build's server code (scripts/page-renderer.mjs),
 * the saved documents set here, so the same loaders make the same page from the new content.
 */
import {
  type Address,
  type Centre,
  centre,
  type ClassMeetings,
  type Course,
  coursePath,
  type ScheduleDay,
} from '@centro/content';
import type { AboutTexts, CourseTexts, HomeTexts, PlacedPhoto, Texts } from '@centro/contracts';
import type { ContactDetails } from '@centro/contracts/contact';
import { packagedTexts } from '@centro/contracts/packaged-texts';
import { createContext } from 'react-router';

/** The documents saved in the staff area; a missing one is packages/content's. */
export interface PublishedContent {
  schedule?: readonly ScheduleDay[];
  /** By place ('banner', 'carousel-1', 'course:/global-kardec/passe'), the photo uploaded there. */
  photos?: Readonly<Record<string, PlacedPhoto>>;
  /** The pages' texts saved (decision 064), by document: `home`, `about`, a course's path. */
  texts?: Readonly<Record<string, Texts>>;
  /** The centre's address, WhatsApp, e-mail and map (decision 068). */
  contact?: ContactDetails;
  /**
   * Each course page's classes, by the page's path, as the server reads them from the classes
   * (decision 075): those listed to visitors (open or planned), else the course's current one.
   * A page absent here shows the content's meetings (the build, a fresh install). Read with
   * `classesOf`.
   */
  classes?: Readonly<Record<string, readonly ClassMeetings[]>>;
  /** The centre's recesses not over yet, for `/horarios` (decision 092). */
  recesses?: readonly { name: string; startsOn: string; endsOn: string }[];
  /**
   * Where personal data requests go: the server's DATA_PROTECTION_EMAIL (decision 080), never
   * the contact details edited in 'Conteúdo'; missing: `packages/content`'s centre e-mail.
   */
  dataProtectionEmail?: string;
}

/** The contact details in effect: saved (decision 068), or `packages/content`'s centre. */
export type Contact = Pick<Centre, 'whatsapp' | 'email' | 'mapEmbedUrl' | 'mapTitle'> & {
  address: Address;
};

export function contactOf(content: PublishedContent): Contact {
  const saved = content.contact;
  return saved ? { ...saved, address: { ...saved.address, country: 'BR' } } : centre;
}

export const publishedContent = createContext<PublishedContent>({});

/**
 * The classes a course's page shows, with their meetings as the server read them from the classes
 * (decision 075); the build: one, the content's. The course page, its programme's card and
 * /horarios read them here, so that they say the same.
 */
export function classesOf(content: PublishedContent, course: Course): readonly ClassMeetings[] {
  return content.classes?.[coursePath(course)] ?? [{ name: '', meetings: course.meetings }];
}

/** The texts of a document in effect: saved, or packaged (the build's, a fresh install's). */
export function textsOf(content: PublishedContent, document: 'home'): HomeTexts;
export function textsOf(content: PublishedContent, document: 'about'): AboutTexts;
export function textsOf(content: PublishedContent, document: string): CourseTexts;
export function textsOf(content: PublishedContent, document: string): Texts {
  const texts = content.texts?.[document] ?? packagedTexts(document);
  if (!texts) throw new Error(`no texts for ${document}`);
  return texts;
}
