/**
 * The product's messages, composed as pure functions (pt-BR, HTML and plain text, the centre's
 * frame from layout.tsx): the enrolment confirmation (with the course's calendar file), the e-mail
 * verification code, the password-reset link and the notice that someone tried to sign up with
 * the person's address (sign-up never tells whether an address has an account). Each
 * returns a `MailMessage` ready for the outbox; nothing here reads the clock, the database or the
 * environment.
 */
import {
  type Course,
  firstHeldMeeting,
  heldMeetings,
  formatFirstMeeting,
  formatMeetingCount,
  formatMeetingPlace,
  formatWeeklySlot,
  groupLinkOf,
} from '@centro/content';
import { messages } from '@centro/contracts';
import { courseCalendarAttachment } from '../calendar-attachment.js';
import type { MailMessage } from '../types.js';
import {
  Button,
  Code,
  layout,
  type MessageCentre,
  Notice,
  Paragraph,
  textLayout,
} from './layout.js';
import { httpUrl } from './links.js';
import { CHECK_IN_TEXT, CheckInCode, checkInAttachment } from './check-in-code.js';

/** How long an e-mail verification code is valid. */
export const EMAIL_CODE_TTL_MINUTES = 15;
/** How long a password-reset link is valid. */
export const PASSWORD_RESET_TTL_MINUTES = 30;

/** "Olá, Ana!" or "Olá!" when the name is unknown. */
const greeting = (name: string | undefined) => (name?.trim() ? `Olá, ${name.trim()}!` : 'Olá!');

/** The address of a button's link as text, for mail programs that do not show the button. */
function LinkFallback({ href }: { href: string }) {
  return (
    <Paragraph>
      Se o botão não funcionar, copie este endereço no navegador: <a href={href}>{href}</a>
    </Paragraph>
  );
}

export interface EnrolmentConfirmationInput {
  centre: MessageCentre;
  to: string;
  personName: string;
  course: Pick<Course, 'slug' | 'programme' | 'title' | 'inviteCode' | 'meetings'>;
  programmeName: string;
  /** Absolute address of the course page. */
  courseUrl: string;
  /** DTSTAMP of the calendar file (default: now). */
  now?: Date;
  /** The place came from the waiting list: the message says the waiting ended. */
  promoted?: boolean;
  /** The place's QR code as a PNG, base64 (decision 097); none: the message goes without it. */
  checkInPng?: string;
}

/** Right after a confirmed enrolment: the course, its first meeting, the group link, a calendar. */
export function enrolmentConfirmation(input: EnrolmentConfirmationInput): MailMessage {
  const { centre, course, programmeName, personName } = input;
  const courseUrl = httpUrl(input.courseUrl);
  // No invite yet: no button to a link that leads nowhere, a sentence instead.
  const groupLink = groupLinkOf(course.inviteCode);
  const groupUrl = groupLink === null ? null : httpUrl(groupLink);
  const first = formatFirstMeeting(firstHeldMeeting(course.meetings));
  const weekly = `${formatWeeklySlot(course.meetings)} (${formatMeetingCount(heldMeetings(course.meetings).length)})`;
  const place = formatMeetingPlace(course.meetings, centre.address);
  const { promoted = false } = input;
  const subject = promoted
    ? `Sua vaga chegou: ${course.title} (${programmeName})`
    : `Inscrição confirmada: ${course.title} (${programmeName})`;
  const reason = promoted
    ? `Você recebeu esta mensagem porque estava na lista de espera do curso ${course.title}.`
    : `Você recebeu esta mensagem porque se inscreveu no curso ${course.title} pelo nosso site.`;
  const waited =
    'Boa notícia: abriu uma vaga e a sua espera terminou. A vaga é sua, sem fazer nada.';

  const body = (
    <>
      <Paragraph>{greeting(personName)}</Paragraph>
      {promoted && <Paragraph>{waited}</Paragraph>}
      <Paragraph>
        Sua inscrição no curso <strong>{course.title}</strong>, do programa{' '}
        <strong>{programmeName}</strong>, está confirmada. Que alegria ter você conosco!
      </Paragraph>
      <Notice>
        <strong>Primeiro encontro:</strong> {first}
        <br />
        {weekly}
        <br />
        <strong>Local:</strong> {place}
      </Notice>
      {input.checkInPng && <CheckInCode />}
      {groupUrl === null ? (
        <Paragraph>
          As orientações da turma são dadas no grupo de WhatsApp do curso. {messages.groupLinkLater}
        </Paragraph>
      ) : (
        <>
          <Paragraph>
            As orientações da turma são dadas no grupo de WhatsApp do curso. Entre agora para não
            perder nenhum aviso:
          </Paragraph>
          <Button href={groupUrl}>Entre em nosso grupo de WhatsApp</Button>
        </>
      )}
      <Paragraph>
        Anexamos um arquivo de calendário (.ics) com todos os encontros: abra-o para incluí-los na
        sua agenda.
      </Paragraph>
      <Paragraph>
        Mais sobre o curso: <a href={courseUrl}>{courseUrl}</a>
      </Paragraph>
      <Paragraph>Até breve!</Paragraph>
    </>
  );

  return {
    kind: promoted ? 'waiting-list-promotion' : 'enrolment-confirmation',
    to: input.to,
    subject,
    html: layout({
      centre,
      title: subject,
      preheader: `Primeiro encontro: ${first}`,
      body,
      reason,
    }),
    text: textLayout(
      centre,
      [
        greeting(personName),
        '',
        ...(promoted ? [waited, ''] : []),
        `Sua inscrição no curso ${course.title}, do programa ${programmeName}, está confirmada. Que alegria ter você conosco!`,
        '',
        `Primeiro encontro: ${first}`,
        weekly,
        `Local: ${place}`,
        '',
        ...(input.checkInPng ? [CHECK_IN_TEXT, ''] : []),
        ...(groupUrl === null
          ? [
              `As orientações da turma são dadas no grupo de WhatsApp do curso. ${messages.groupLinkLater}`,
            ]
          : [
              'As orientações da turma são dadas no grupo de WhatsApp do curso. Entre agora para não perder nenhum aviso:',
              groupUrl,
            ]),
        '',
        'Anexamos um arquivo de calendário (.ics) com todos os encontros: abra-o para incluí-los na sua agenda.',
        '',
        `Mais sobre o curso: ${courseUrl}`,
        '',
        'Até breve!',
      ],
      reason,
    ),
    attachments: [
      courseCalendarAttachment({
        course,
        programmeName,
        centreName: centre.name,
        centreAddress: centre.address,
        courseUrl,
        ...(input.now ? { now: input.now } : {}),
      }),
      ...(input.checkInPng ? [checkInAttachment(input.checkInPng)] : []),
    ],
  };
}

export interface EmailVerificationInput {
  centre: MessageCentre;
  to: string;
  personName?: string;
  /** Six digits. */
  code: string;
}

/** After sign-up: the 6-digit code to type on 'Confirme seu e-mail', valid 15 minutes. */
export function emailVerification(input: EmailVerificationInput): MailMessage {
  const { centre, code } = input;
  if (!/^\d{6}$/.test(code)) throw new Error('A verification code has six digits');
  const subject = 'Confirme seu e-mail';
  const reason = 'Você recebeu esta mensagem porque criou uma conta em nosso site com este e-mail.';
  const validity = `O código vale por ${EMAIL_CODE_TTL_MINUTES} minutos.`;
  const ignore = 'Se não foi você quem criou a conta, ignore esta mensagem.';
  const body = (
    <>
      <Paragraph>{greeting(input.personName)}</Paragraph>
      <Paragraph>
        Para confirmar seu e-mail, digite o código abaixo na página &apos;Confirme seu e-mail&apos;:
      </Paragraph>
      <Code>{code}</Code>
      <Paragraph>{validity}</Paragraph>
      <Paragraph>{ignore}</Paragraph>
    </>
  );
  return {
    kind: 'email-verification',
    to: input.to,
    subject,
    html: layout({ centre, title: subject, preheader: `Seu código: ${code}`, body, reason }),
    text: textLayout(
      centre,
      [
        greeting(input.personName),
        '',
        "Para confirmar seu e-mail, digite o código abaixo na página 'Confirme seu e-mail':",
        '',
        code,
        '',
        validity,
        ignore,
      ],
      reason,
    ),
    attachments: [],
  };
}

export interface PasswordResetInput {
  centre: MessageCentre;
  to: string;
  personName?: string;
  /** The single-use link (its token is stored only as a hash). */
  resetUrl: string;
}

/**
 * A message whose point is one single-use link (its token stored only as a hash): the greeting,
 * what the link is for, the button, how long it is valid, the address as text and what to do if
 * the person did not ask for it.
 */
function singleUseLinkMessage(input: {
  kind: MailMessage['kind'];
  centre: MessageCentre;
  to: string;
  personName: string | undefined;
  subject: string;
  reason: string;
  /** What the link is for, above the button. */
  intro: string;
  /** The same in the plain text, with what stands before the address. */
  textIntro: readonly string[];
  url: string;
  button: string;
  validity: string;
  ignore: string;
}): MailMessage {
  const { centre, subject, reason, url, validity, ignore } = input;
  const body = (
    <>
      <Paragraph>{greeting(input.personName)}</Paragraph>
      <Paragraph>{input.intro}</Paragraph>
      <Button href={url}>{input.button}</Button>
      <Paragraph>{validity}</Paragraph>
      <LinkFallback href={url} />
      <Paragraph>{ignore}</Paragraph>
    </>
  );
  return {
    kind: input.kind,
    to: input.to,
    subject,
    html: layout({ centre, title: subject, preheader: validity, body, reason }),
    text: textLayout(
      centre,
      [greeting(input.personName), '', ...input.textIntro, url, '', validity, ignore],
      reason,
    ),
    attachments: [],
  };
}

/** 'Esqueci minha senha': the single-use link, valid 30 minutes. */
export function passwordReset(input: PasswordResetInput): MailMessage {
  const ask =
    'Recebemos um pedido para redefinir a senha da sua conta. Para escolher uma nova senha,';
  return singleUseLinkMessage({
    kind: 'password-reset',
    centre: input.centre,
    to: input.to,
    personName: input.personName,
    subject: 'Redefinição de senha',
    reason: 'Você recebeu esta mensagem porque foi pedida a redefinição da senha da sua conta.',
    intro: `${ask} use o botão abaixo:`,
    textIntro: [`${ask} abra o endereço abaixo:`],
    url: httpUrl(input.resetUrl),
    button: 'Redefinir minha senha',
    validity: `O link vale por ${PASSWORD_RESET_TTL_MINUTES} minutos e pode ser usado uma só vez.`,
    ignore: 'Se você não pediu a redefinição, ignore esta mensagem: sua senha continua a mesma.',
  });
}

export interface SignUpAttemptInput {
  centre: MessageCentre;
  to: string;
  personName?: string;
  /** The site's address that opens the sign-in, where 'Esqueci minha senha' is too. */
  signInUrl: string;
}

/**
 * Someone tried to create an account with a confirmed address: sign-up answers as if it were new
 * (the same code page: no enumeration), and the owner of the address learns it here instead, with
 * the way in that works: signing in, or 'Esqueci minha senha' on the same page.
 */
export function signUpAttempt(input: SignUpAttemptInput): MailMessage {
  const { centre } = input;
  const signInUrl = httpUrl(input.signInUrl);
  const subject = 'Tentativa de cadastro com o seu e-mail';
  const reason = 'Você recebeu esta mensagem porque este e-mail já tem uma conta em nosso site.';
  const lines = {
    what: 'Alguém tentou criar uma conta em nosso site com este e-mail, mas você já tem uma conta com ele. Nenhuma conta nova foi criada.',
    you: "Se foi você, não é preciso código: feche a página 'Confirme seu e-mail' e entre com a sua senha.",
    forgot: "Esqueceu a senha? Na página de entrada, clique em 'Esqueci minha senha'.",
    notYou: 'Se não foi você, ignore esta mensagem: sua conta continua segura.',
  };
  const body = (
    <>
      <Paragraph>{greeting(input.personName)}</Paragraph>
      <Paragraph>{lines.what}</Paragraph>
      <Paragraph>{lines.you}</Paragraph>
      <Button href={signInUrl}>Entrar</Button>
      <Paragraph>{lines.forgot}</Paragraph>
      <LinkFallback href={signInUrl} />
      <Paragraph>{lines.notYou}</Paragraph>
    </>
  );
  return {
    kind: 'sign-up-attempt',
    to: input.to,
    subject,
    html: layout({ centre, title: subject, preheader: lines.what, body, reason }),
    text: textLayout(
      centre,
      [
        greeting(input.personName),
        '',
        lines.what,
        '',
        lines.you,
        signInUrl,
        '',
        lines.forgot,
        '',
        lines.notYou,
      ],
      reason,
    ),
    attachments: [],
  };
}

export interface ContactEmailChangeInput {
  centre: MessageCentre;
  /** The new address, the one to confirm. */
  to: string;
  personName?: string;
  /** The single-use link (its token is stored only as a hash). */
  confirmUrl: string;
}

/**
 * The 'E-mail' of the profile was changed to this address: it replaces the old one only once its
 * owner opens this link (nobody claims an address they do not own).
 */
export function contactEmailChange(input: ContactEmailChangeInput): MailMessage {
  const intro =
    'Este e-mail foi informado como o novo e-mail da sua conta. Para que ele passe a valer, confirme no botão abaixo:';
  return singleUseLinkMessage({
    kind: 'contact-email-change',
    centre: input.centre,
    to: input.to,
    personName: input.personName,
    subject: 'Confirme seu novo e-mail',
    reason:
      'Você recebeu esta mensagem porque este e-mail foi informado como novo e-mail de uma conta em nosso site.',
    intro,
    textIntro: [intro, ''],
    url: httpUrl(input.confirmUrl),
    button: 'Confirmar novo e-mail',
    validity: `O link vale por ${PASSWORD_RESET_TTL_MINUTES} minutos.`,
    ignore: 'Se não foi você, ignore esta mensagem: nada muda sem a sua confirmação.',
  });
}
