/**
 * The frame of every message: the centre's name on its blue band with the gold rule, the body, and
 * a footer with the centre's address and contact e-mail. Inline styles and tables only (what mail
 * programs render); no remote images, no web fonts, nothing fetched. Colours are the website's
 * (apps/web/app/styles/global.css).
 */
import { type Centre, formatAddress } from '@centro/content';
import { html, type SafeHtml } from './html.js';

export const COLOURS = {
  blue: '#1f3a5f',
  gold: '#e0a526',
  goldSoft: '#fdf3dc',
  skySoft: '#f2f7fc',
  greenStrong: '#3d6e55',
  text: '#1c2633',
  muted: '#4a5566',
  line: '#c9d8ea',
} as const;

const FONT = 'font-family:Arial,Helvetica,sans-serif;';

/** The centre as the messages need it. */
export type MessageCentre = Pick<Centre, 'name' | 'email' | 'address'>;

export interface LayoutInput {
  centre: MessageCentre;
  /** The message's subject (the document's title). */
  title: string;
  /** A line mail programs show next to the subject. */
  preheader: string;
  body: SafeHtml;
  /** Why the person receives this message (footer). */
  reason: string;
}

/** A paragraph of body text. */
export const paragraph = (content: SafeHtml | string) =>
  html`<p style="margin:0 0 16px;${FONT}font-size:16px;line-height:1.5;color:${COLOURS.text};">
    ${content}
  </p>`;

/** A call-to-action link styled as a button (the website's green). */
export const button = (href: string, label: string) =>
  html`<table
    role="presentation"
    cellspacing="0"
    cellpadding="0"
    border="0"
    style="margin:8px 0 24px;"
  >
    <tr>
      <td style="border-radius:8px;background:${COLOURS.greenStrong};">
        <a
          href="${href}"
          style="display:inline-block;padding:12px 22px;${FONT}font-size:16px;font-weight:bold;color:#ffffff;text-decoration:none;border-radius:8px;"
          >${label}</a
        >
      </td>
    </tr>
  </table>`;

/** A highlighted box (the website's gold notice). */
export const notice = (content: SafeHtml | string) =>
  html`<div
    style="margin:0 0 16px;padding:12px 16px;border-left:4px solid ${COLOURS.gold};background:${COLOURS.goldSoft};${FONT}font-size:16px;line-height:1.5;color:${COLOURS.text};"
  >
    ${content}
  </div>`;

/** The whole HTML document of a message. */
export function layout({ centre, title, preheader, body, reason }: LayoutInput): string {
  return html`<!doctype html>
    <html lang="pt-BR">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light" />
        <title>${title}</title>
      </head>
      <body style="margin:0;padding:0;background:${COLOURS.skySoft};">
        <div style="display:none;max-height:0;overflow:hidden;">${preheader}</div>
        <table
          role="presentation"
          width="100%"
          cellspacing="0"
          cellpadding="0"
          border="0"
          style="background:${COLOURS.skySoft};"
        >
          <tr>
            <td align="center" style="padding:24px 12px;">
              <table
                role="presentation"
                width="100%"
                cellspacing="0"
                cellpadding="0"
                border="0"
                style="max-width:600px;background:#ffffff;border:1px solid ${COLOURS.line};border-radius:12px;"
              >
                <tr>
                  <td
                    style="padding:20px 24px;background:${COLOURS.blue};border-bottom:6px solid ${COLOURS.gold};border-radius:12px 12px 0 0;${FONT}font-size:20px;font-weight:bold;color:#ffffff;"
                  >
                    ${centre.name}
                  </td>
                </tr>
                <tr>
                  <td style="padding:24px;">${body}</td>
                </tr>
                <tr>
                  <td
                    style="padding:16px 24px;border-top:1px solid ${COLOURS.line};${FONT}font-size:13px;line-height:1.5;color:${COLOURS.muted};"
                  >
                    ${reason}<br />${centre.name} · ${formatAddress(centre.address)}<br />Dúvidas:
                    <a href="mailto:${centre.email}" style="color:${COLOURS.blue};"
                      >${centre.email}</a
                    >
                  </td>
                </tr>
              </table>
            </td>
          </tr>
        </table>
      </body>
    </html> `.value;
}

/** The plain-text part: the body's lines, then the same footer. */
export function textLayout(
  centre: MessageCentre,
  lines: readonly string[],
  reason: string,
): string {
  return [
    ...lines,
    '',
    '--',
    reason,
    `${centre.name} · ${formatAddress(centre.address)}`,
    `Dúvidas: ${centre.email}`,
    '',
  ].join('\n');
}
