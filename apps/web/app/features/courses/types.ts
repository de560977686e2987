import type { ProgrammeSlug } from '@centro/content';
import type { MetaDescriptor } from 'react-router';
import type { PageImage } from '~/lib/page-image';

export interface CourseCardData {
  slug: string;
  title: string;
  summary: string;
  image: PageImage;
  path: string;
  /** When the course meets, one line per class its page shows (decision 075); none: concluded. */
  meetings: string[];
}

export interface ProgrammePageData {
  name: string;
  introduction: string[];
  /** The courses grouped by cycle (Global Kardec) or degree (Escola de Médiuns), in order. */
  stages: { name: string; courses: CourseCardData[] }[];
}

/** A course's meetings as the course page shows them: pt-BR texts, prepared at build time. */
export interface CourseMeetingsData {
  /** The class's name ('Turma 2027/1'), when the page shows several classes. */
  name?: string;
  /** "sábado, 06/03/2027, às 17h30" */
  firstMeeting: string;
  /** "Todo sábado, das 17h30 às 19h00" */
  weeklySlot: string;
  /** The dates changed ('Sem encontro em …', '… cancelado: …'), decision 091; none: the rule holds. */
  changes?: string[];
  /** "12 encontros" */
  count: string;
  /** "Sala 2 – Rua …, CEP …" */
  place: string;
}

export interface CoursePageData {
  programme: { name: string; path: string; slug: ProgrammeSlug };
  /** The course's slug (the key of its classes in /api/courses/classes). */
  slug: string;
  /** The directory group that enrolment adds the person to. */
  groupId: string;
  /** The WhatsApp group's invite code, shown on the confirmation page (null: none yet). */
  inviteCode: string | null;
  title: string;
  stage: string;
  /** What the course page says first: 'Seja bem-vindo(a) ao curso …!' unless edited. */
  welcome: string;
  /** The description then the cycle's text, as HTML made from them when rendered (decision 064). */
  descriptionHtml: string;
  audience: string;
  image: PageImage;
  /** Each class's meetings (decision 075): one, unless several are listed to visitors. */
  meetings: CourseMeetingsData[];
  /** What the share links give, prepared at build time (share.ts). */
  share: CourseShareData;
  /**
   * 'Este curso é para quem concluiu: A e B.' from the content's default prerequisites (decision
   * 061; Coordenação may change them, and the enrolment says the list in effect); null: none.
   */
  prerequisite: string | null;
}

export interface CourseShareData {
  /** Absolute address of the page. */
  url: string;
  /**
   * 'Adicionar à minha agenda': the root-relative address of each shown class's .ics file, named
   * when the page shows several (decision 076: each its own event).
   */
  calendars: { name?: string; path: string }[];
  /** The text the share sheet receives (and WhatsApp, inside `whatsappHref`). */
  text: string;
  /** 'Compartilhar no WhatsApp': `wa.me/?text=` with the text. */
  whatsappHref: string;
}

export interface ProgrammeLoaderData {
  page: ProgrammePageData;
  meta: MetaDescriptor[];
}

export interface CourseLoaderData {
  page: CoursePageData;
  meta: MetaDescriptor[];
}

/** What the course's action needs to know of the availability. */
export interface EnrolmentSituation {
  /** Enrolment is open at the server's clock, or not known yet. */
  open: boolean;
  /** No place is left (known). */
  full: boolean;
  /** Told by the signed-in action: the person holds, awaits or held a place (its line says so). */
  report?: (own: boolean) => void;
  /** Enrolment has not opened yet (known): 'Avise-me quando abrir' is offered. */
  notYetOpen?: boolean;
  /** The class this action enrols in, when the person picks one of several. */
  turma?: string;
}
